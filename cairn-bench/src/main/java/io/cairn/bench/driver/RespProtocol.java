package io.cairn.bench.driver;

import io.cairn.resp.client.RespClient;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * The Redis protocol (RESP2), for Cairn and Redis alike: the same requests, the same reply parsing,
 * so the two are measured by the very same code. A record is a hash (HSET all fields / HGETALL);
 * any other Redis command goes as it is ({@link Command.Call}).
 * Only scans differ, by {@link ScanStyle}, because Redis has no ordered key space.
 */
public final class RespProtocol implements Protocol {

    /** How {@link Command.Scan} finds keys in order. */
    public enum ScanStyle {
        /**
         * Cairn's ordered key space, keys only: {@code KEYRANGE start count}; the caller then reads
         * each record (two round trips, as with Redis).
         */
        KEYRANGE,
        /**
         * Cairn's ordered key space with the records: {@code KEYRANGE start count WITHVALUES}, one
         * round trip, as a Tarantool {@code SELECT} on a TREE index.
         */
        KEYRANGE_WITH_VALUES,
        /**
         * A sorted set of every record key, kept beside the records as YCSB's Redis binding does:
         * inserts also {@code ZADD} the key (score 0) to {@value #KEY_INDEX}, and a scan is
         * {@code ZRANGE key-index [start + BYLEX LIMIT 0 count}.
         */
        SORTED_SET_INDEX,
        /** No scans. */
        NONE
    }

    /** The sorted set that holds record keys in {@link ScanStyle#SORTED_SET_INDEX}. */
    public static final String KEY_INDEX = "cairn-bench:keys";

    private final ScanStyle scanStyle;
    private final String password;

    /** @param password sent with AUTH on connect, or {@code null} */
    public RespProtocol(ScanStyle scanStyle, String password) {
        this.scanStyle = Objects.requireNonNull(scanStyle, "scanStyle");
        this.password = password;
    }

    public RespProtocol(ScanStyle scanStyle) {
        this(scanStyle, null);
    }

    @Override
    public String name() {
        return "resp";
    }

    public ScanStyle scanStyle() {
        return scanStyle;
    }

    @Override
    public Set<Capability> capabilities() {
        EnumSet<Capability> caps = EnumSet.of(Capability.FIELD_UPDATE, Capability.SET_FIELD,
                Capability.INCREMENT, Capability.RESP_COMMANDS);
        if (scanStyle != ScanStyle.NONE) {
            caps.add(Capability.SCAN);
        }
        return caps;
    }

    @Override
    public Connection connect(InetSocketAddress address, int timeoutMillis) throws IOException {
        RespConnection c = new RespConnection(RespClient.connect(address,
                RespClient.Options.DEFAULT.withConnectTimeoutMillis(timeoutMillis)
                        .withReadTimeoutMillis(Wire.READ_TIMEOUT_MILLIS)), scanStyle);
        if (password != null) {
            c.authenticate(password);
        }
        return c;
    }

    @Override
    public String toString() {
        return "resp(scan=" + scanStyle.name().toLowerCase(java.util.Locale.ROOT) + ")";
    }
}
