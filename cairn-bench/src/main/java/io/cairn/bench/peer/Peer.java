package io.cairn.bench.peer;

import io.cairn.bench.driver.Protocol;
import java.net.InetSocketAddress;
import java.util.Map;

/**
 * A running system to measure: started by the bench on a free loopback port in its own temporary
 * directory (and stopped, with the directory removed, by {@link #close}), or one already running
 * that the user named by host and port (then {@link #close} leaves it alone).
 *
 * <p>Thread-safe for reads; {@link #close} once.
 */
public interface Peer extends AutoCloseable {

    /** {@code cairn}, {@code redis}, {@code tarantool} or {@code memcached}. */
    String system();

    Durability durability();

    InetSocketAddress address();

    Protocol protocol();

    /** The server's own version string, as it reports it. */
    String version();

    /** Every setting the peer was started with, for the report. */
    Map<String, String> settings();

    /** The process id when the bench started the peer, else -1 (for memory readings). */
    long pid();

    @Override
    void close();
}
