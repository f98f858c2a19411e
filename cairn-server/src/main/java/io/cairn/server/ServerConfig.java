package io.cairn.server;

import io.cairn.common.Checks;
import io.cairn.storage.engine.WalMode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The server's settings. Every key has its name, default and meaning in {@link Key}; the same
 * names work in a config file ({@code key value} per line, {@code #} comments, as redis.conf) and
 * on the command line ({@code --key value}). Values are validated when built; a bad value is
 * rejected with the key, the value and the rule, never replaced.
 */
public record ServerConfig(int port, String bind, Path dir, WalMode wal, String requirepass, int maxclients,
                           long timeoutSeconds, long protoMaxBulkLen, int maxArgs, int inlineMax,
                           long clientOutputBufferLimit, int ioThreads, long checkpointLogBytes,
                           long checkpointIntervalSeconds, int checkpointsToKeep, long walSegmentBytes,
                           long checkpointRate, long jsonMaxBytes, int httpPort) {

    /** Each setting: name, default, description. */
    public enum Key {
        PORT("port", "6379", "TCP port; 0 picks a free one"),
        BIND("bind", "127.0.0.1", "address to listen on"),
        DIR("dir", "./data", "data directory (WAL segments, snapshots)"),
        WAL("wal", "fsync", "none | write | fsync: when a write is acknowledged"),
        REQUIREPASS("requirepass", "", "password for AUTH; empty means none"),
        MAXCLIENTS("maxclients", "10000", "most connections at once"),
        TIMEOUT("timeout", "0", "seconds before an idle client is closed; 0 never"),
        PROTO_MAX_BULK_LEN("proto-max-bulk-len", "512mb", "largest bulk string in a request"),
        MAX_ARGS("max-args", "1048576", "most arguments in one request"),
        INLINE_MAX("inline-max", "64kb", "longest inline (telnet) command line"),
        CLIENT_OUTPUT_BUFFER_LIMIT("client-output-buffer-limit", "1gb",
                "replies waiting for a client that does not read; past it the client is closed"),
        IO_THREADS("io-threads", "0", "network event loops; 0 means one per core"),
        CHECKPOINT_LOG_BYTES("checkpoint-log-bytes", "256mb", "log written since the last checkpoint that starts one; 0 never"),
        CHECKPOINT_INTERVAL("checkpoint-interval", "3600", "seconds between checkpoints when anything changed; 0 never"),
        CHECKPOINTS_TO_KEEP("checkpoints-to-keep", "2", "snapshots kept"),
        WAL_SEGMENT_BYTES("wal-segment-bytes", "64mb", "size at which the log starts a new file"),
        CHECKPOINT_RATE("checkpoint-rate", "0", "bytes per second a checkpoint may write; 0 unlimited"),
        JSON_MAX_BYTES("json-max-bytes", "64mb",
                "largest JSON document, as JSON text in a command and once stored; refused before it is parsed"),
        HTTP_PORT("http-port", "0", "TCP port of the HTTP/JSON API, on the same bind address; 0 means off");

        public final String name;
        public final String defaultValue;
        public final String doc;

        Key(String name, String defaultValue, String doc) {
            this.name = name;
            this.defaultValue = defaultValue;
            this.doc = doc;
        }

        public static Key of(String name) {
            for (Key k : values()) {
                if (k.name.equalsIgnoreCase(name)) {
                    return k;
                }
            }
            return null;
        }
    }

    public ServerConfig {
        Checks.inRange("port", port, 0, 65535);
        Checks.notNull("dir", dir);
        Checks.inRange("maxclients", maxclients, 1, 1_000_000);
        Checks.nonNegative("timeout", timeoutSeconds);
        Checks.inRange("proto-max-bulk-len", protoMaxBulkLen, 1024, Integer.MAX_VALUE - 64);
        Checks.inRange("max-args", maxArgs, 1, 1 << 30);
        Checks.inRange("inline-max", inlineMax, 64, 1 << 30);
        Checks.inRange("client-output-buffer-limit", clientOutputBufferLimit, 1 << 16, Long.MAX_VALUE);
        Checks.inRange("io-threads", ioThreads, 0, 1024);
        Checks.nonNegative("checkpoint-log-bytes", checkpointLogBytes);
        Checks.nonNegative("checkpoint-interval", checkpointIntervalSeconds);
        Checks.inRange("checkpoints-to-keep", checkpointsToKeep, 1, 100);
        Checks.nonNegative("checkpoint-rate", checkpointRate);
        Checks.inRange("json-max-bytes", jsonMaxBytes, 1024, Integer.MAX_VALUE - 64);
        Checks.inRange("http-port", httpPort, 0, 65535);
        if (httpPort != 0 && httpPort == port) {
            throw new IllegalArgumentException("http-port: " + httpPort + " (expected: another port than port " + port + ")");
        }
    }

    /** The settings as strings, keyed by name: defaults overlaid by a file and then arguments. */
    public static final class Builder {
        private final Map<Key, String> values = new LinkedHashMap<>();

        public Builder() {
            for (Key k : Key.values()) {
                values.put(k, k.defaultValue);
            }
        }

        /** Sets one key by name; throws for an unknown name. */
        public Builder set(String name, String value) {
            Key k = Key.of(name);
            if (k == null) {
                throw new IllegalArgumentException("unknown setting: " + name + " (expected one of: " + names() + ")");
            }
            values.put(k, value);
            return this;
        }

        /** Reads a redis.conf-style file: one {@code key value} per line, {@code #} comments. */
        public Builder file(Path path) throws IOException {
            int lineNo = 0;
            for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
                lineNo++;
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                String[] kv = t.split("\\s+", 2);
                String value = kv.length > 1 ? unquote(kv[1].strip()) : "";
                try {
                    set(kv[0], value);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(path + ":" + lineNo + ": " + e.getMessage(), e);
                }
            }
            return this;
        }

        public ServerConfig build() {
            return new ServerConfig(
                    (int) integer(Key.PORT),
                    get(Key.BIND),
                    Path.of(get(Key.DIR)),
                    WalMode.parse(get(Key.WAL)),
                    get(Key.REQUIREPASS),
                    (int) integer(Key.MAXCLIENTS),
                    integer(Key.TIMEOUT),
                    memory(Key.PROTO_MAX_BULK_LEN),
                    (int) integer(Key.MAX_ARGS),
                    (int) memory(Key.INLINE_MAX),
                    memory(Key.CLIENT_OUTPUT_BUFFER_LIMIT),
                    (int) integer(Key.IO_THREADS),
                    memory(Key.CHECKPOINT_LOG_BYTES),
                    integer(Key.CHECKPOINT_INTERVAL),
                    (int) integer(Key.CHECKPOINTS_TO_KEEP),
                    memory(Key.WAL_SEGMENT_BYTES),
                    memory(Key.CHECKPOINT_RATE),
                    memory(Key.JSON_MAX_BYTES),
                    (int) integer(Key.HTTP_PORT));
        }

        private String get(Key k) {
            return values.get(k);
        }

        private long integer(Key k) {
            try {
                return Long.parseLong(get(k).strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(k.name + ": " + get(k) + " (expected: an integer)");
            }
        }

        private long memory(Key k) {
            return parseMemory(k.name, get(k));
        }

        private static String names() {
            List<String> n = new ArrayList<>();
            for (Key k : Key.values()) {
                n.add(k.name);
            }
            return String.join(", ", n);
        }

        private static String unquote(String v) {
            if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
                return v.substring(1, v.length() - 1);
            }
            return v;
        }
    }

    /** Parses {@code 123}, {@code 64kb}, {@code 512mb}, {@code 1gb} (and k, m, g: powers of 1000, as redis.conf). */
    public static long parseMemory(String name, String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        long mul = 1;
        String[][] units = {{"kb", "1024"}, {"mb", "1048576"}, {"gb", "1073741824"}, {"k", "1000"}, {"m", "1000000"}, {"g", "1000000000"}, {"b", "1"}};
        for (String[] u : units) {
            if (v.endsWith(u[0])) {
                mul = Long.parseLong(u[1]);
                v = v.substring(0, v.length() - u[0].length());
                break;
            }
        }
        try {
            return Math.multiplyExact(Long.parseLong(v), mul);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: bytes, e.g. 1048576, 64kb, 512mb, 1gb)");
        }
    }

    /** The current value of a setting as CONFIG GET shows it. */
    public String get(Key k) {
        return switch (k) {
            case PORT -> Integer.toString(port);
            case BIND -> bind;
            case DIR -> dir.toString();
            case WAL -> wal.name().toLowerCase(Locale.ROOT);
            case REQUIREPASS -> requirepass;
            case MAXCLIENTS -> Integer.toString(maxclients);
            case TIMEOUT -> Long.toString(timeoutSeconds);
            case PROTO_MAX_BULK_LEN -> Long.toString(protoMaxBulkLen);
            case MAX_ARGS -> Integer.toString(maxArgs);
            case INLINE_MAX -> Integer.toString(inlineMax);
            case CLIENT_OUTPUT_BUFFER_LIMIT -> Long.toString(clientOutputBufferLimit);
            case IO_THREADS -> Integer.toString(ioThreads);
            case CHECKPOINT_LOG_BYTES -> Long.toString(checkpointLogBytes);
            case CHECKPOINT_INTERVAL -> Long.toString(checkpointIntervalSeconds);
            case CHECKPOINTS_TO_KEEP -> Integer.toString(checkpointsToKeep);
            case WAL_SEGMENT_BYTES -> Long.toString(walSegmentBytes);
            case CHECKPOINT_RATE -> Long.toString(checkpointRate);
            case JSON_MAX_BYTES -> Long.toString(jsonMaxBytes);
            case HTTP_PORT -> Integer.toString(httpPort);
        };
    }
}
