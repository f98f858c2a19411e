package io.cairn.bench.cli;

import io.cairn.bench.driver.RespProtocol;
import io.cairn.bench.driver.TarantoolProtocol;
import io.cairn.bench.peer.CairnPeer;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.ExternalPeer;
import io.cairn.bench.peer.MemcachedPeer;
import io.cairn.bench.peer.Peer;
import io.cairn.bench.peer.RedisPeer;
import io.cairn.bench.peer.TarantoolPeer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The systems a scenario can measure, how each is started for a durability, and which durabilities
 * it has. A system given an address ({@code --cairn-address host:port}) is measured where it runs
 * instead of being started. {@code cairn-disk} is Cairn with every database on disk
 * ({@code --storage disk}), {@code tarantool-vinyl} Tarantool with its spaces on vinyl: the two that
 * hold more data than memory.
 */
enum Systems {
    CAIRN(EnumSet.allOf(Durability.class)),
    CAIRN_DISK(EnumSet.allOf(Durability.class)),
    REDIS(EnumSet.allOf(Durability.class)),
    TARANTOOL(EnumSet.allOf(Durability.class)),
    TARANTOOL_VINYL(EnumSet.allOf(Durability.class)),
    MEMCACHED(EnumSet.of(Durability.NONE));

    /** Every system's name, as {@code --systems} takes it. */
    static final String NAMES = "cairn, cairn-disk, redis, tarantool, tarantool-vinyl or memcached";

    private final Set<Durability> durabilities;

    Systems(Set<Durability> durabilities) {
        this.durabilities = durabilities;
    }

    String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Why this system cannot run at {@code d}, or {@code null} when it can. */
    String unsupported(Durability d) {
        return durabilities.contains(d) ? null : label() + " has no " + d.label() + " durability (it keeps nothing on disk)";
    }

    static List<Systems> parse(List<String> names) {
        return names.stream().map(n -> {
            for (Systems s : values()) {
                if (s.label().equals(n)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("system: " + n + " (expected: " + NAMES + ")");
        }).toList();
    }

    /** Whether this is Cairn, on memory or on disk: a JVM that answers INFO as Cairn does. */
    boolean isCairn() {
        return this == CAIRN || this == CAIRN_DISK;
    }

    /**
     * Settings that say how peers are started, shared by every scenario.
     *
     * @param cairnDiskCacheBytes cairn-disk's block cache ({@code --disk-cache-size})
     * @param tarantoolMemoryBytes memtx's {@code memtx_memory}, and tarantool-vinyl's {@code vinyl_memory}
     * @param tarantoolVinylCacheBytes tarantool-vinyl's {@code vinyl_cache}
     */
    record PeerOptions(String cairnJvm, long cairnDiskCacheBytes, boolean tarantoolHashIndex,
            long tarantoolMemoryBytes, long tarantoolVinylCacheBytes, int memcachedMemoryMb, int memcachedThreads,
            InetSocketAddress cairnAddress, InetSocketAddress redisAddress) {
    }

    /**
     * Starts (or, when given an address, connects to) this system.
     *
     * @param scans whether the workload scans; Redis then keeps a sorted set of its keys
     */
    Peer start(Durability d, boolean scans, PeerOptions o) throws IOException {
        return switch (this) {
            case CAIRN -> o.cairnAddress() != null
                    ? new ExternalPeer("cairn", d, o.cairnAddress(),
                            new RespProtocol(RespProtocol.ScanStyle.KEYRANGE_WITH_VALUES), "external")
                    : CairnPeer.start(d, o.cairnJvm());
            case CAIRN_DISK -> CairnPeer.startOnDisk(d, o.cairnJvm(), o.cairnDiskCacheBytes());
            case REDIS -> {
                RespProtocol.ScanStyle style = scans ? RespProtocol.ScanStyle.SORTED_SET_INDEX
                        : RespProtocol.ScanStyle.NONE;
                yield o.redisAddress() != null
                        ? new ExternalPeer("redis", d, o.redisAddress(), new RespProtocol(style), "external")
                        : RedisPeer.start(d, style);
            }
            case TARANTOOL -> TarantoolPeer.start(d, o.tarantoolHashIndex(), o.tarantoolMemoryBytes());
            case TARANTOOL_VINYL -> TarantoolPeer.start(label(), d, TarantoolProtocol.PrimaryIndex.TREE,
                    TarantoolPeer.Engine.vinyl(o.tarantoolMemoryBytes(), o.tarantoolVinylCacheBytes()));
            case MEMCACHED -> MemcachedPeer.start(d, o.memcachedMemoryMb(), o.memcachedThreads());
        };
    }
}
