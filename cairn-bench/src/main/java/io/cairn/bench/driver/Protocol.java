package io.cairn.bench.driver;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Set;

/**
 * A wire protocol and data model that benchmarks can drive: RESP (Cairn, Redis), the Memcached
 * text protocol, Tarantool's IPROTO. One implementation per protocol, so that two systems speaking
 * the same protocol are measured by the very same client code. Implementations are immutable and
 * thread-safe.
 */
public interface Protocol {

    /** A short name for reports, such as {@code "resp"}. */
    String name();

    /** What the protocol can do beyond reading and writing whole records. */
    Set<Capability> capabilities();

    /** Opens a connection with TCP_NODELAY; fails within {@code timeoutMillis} when nobody answers. */
    Connection connect(InetSocketAddress address, int timeoutMillis) throws IOException;
}
