package io.cairn.bench.peer;

import io.cairn.bench.driver.Protocol;
import java.net.InetSocketAddress;
import java.util.Map;

/**
 * A server the user started and named by host and port ({@code --cairn-address host:port}); the
 * bench measures it and leaves it running. Its durability is what the user says it is.
 */
public record ExternalPeer(String system, Durability durability, InetSocketAddress address,
        Protocol protocol, String version) implements Peer {

    @Override
    public Map<String, String> settings() {
        return Map.of("address", address.getHostString() + ":" + address.getPort(), "started", "externally");
    }

    @Override
    public long pid() {
        return -1;
    }

    @Override
    public void close() {
        // not ours to stop
    }
}
