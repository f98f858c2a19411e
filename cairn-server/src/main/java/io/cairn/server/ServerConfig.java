package io.cairn.server;

import io.cairn.common.Checks;
import io.cairn.storage.engine.Encodings;
import io.cairn.storage.engine.EvictionPolicy;
import io.cairn.storage.engine.MemoryLimit;
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
 * The server's settings. {@link Key} is their one table: each key's name, type (with the rule its
 * values keep), default and meaning. The same names work in a config file ({@code key value} per
 * line, {@code #} comments, as redis.conf) and on the command line ({@code --key value}, which
 * {@code cairn server} builds from this table); a value from the command line overrides the file.
 * Values are validated against the table, both when read as text ({@link Builder}) and when the
 * record is built directly; a bad value is rejected with the key, the value and the rule, never
 * replaced. The bounds of the small collection layouts ({@link Encodings}) keep Redis's names,
 * older aliases ({@code hash-max-ziplist-entries}...) and rules, and CONFIG SET changes them while
 * the server runs; this record holds the values it started with.
 */
public record ServerConfig(int port, String bind, Path dir, WalMode wal, String requirepass, int maxclients,
                           long timeoutSeconds, long protoMaxBulkLen, int maxArgs, int inlineMax,
                           OutputBufferLimits clientOutputBufferLimits, int ioThreads, long checkpointLogBytes,
                           long checkpointIntervalSeconds, int checkpointsToKeep, long walSegmentBytes,
                           long checkpointRate, long jsonMaxBytes, int httpPort, int databases,
                           long busyReplyThreshold, long scriptMaxMemory, String notifyKeyspaceEvents,
                           long slowlogLogSlowerThan, long slowlogMaxLen, long latencyMonitorThreshold,
                           MemoryLimit memory, int heapGuardPercent, long trackingTableMaxKeys, Encodings encodings,
                           String aclfile, TlsSettings tls, int memcachedPort, int memcachedDatabase,
                           long memcachedItemSizeMax, String nodeId, int raftPort, String peers,
                           long raftSnapshotEntries, String groupName, String storage, String diskDatabases,
                           long diskCacheSize, long diskStageSize) {

    /** Each setting: name, type, default, meaning. */
    public enum Key {
        PORT("port", integer(0, 65535), "6379", "TCP port; 0 picks a free one, or, with tls-port set, means no plain port (as Redis)"),
        BIND("bind", TEXT, "127.0.0.1", "address to listen on"),
        DIR("dir", TEXT, "./data", "data directory (WAL segments, snapshots)"),
        WAL("wal", new SettingType.Choice(List.of("none", "write", "fsync")), "fsync",
                "when a write is acknowledged: none, write or fsync"),
        REQUIREPASS("requirepass", TEXT, "", "password for AUTH; empty means none"),
        ACLFILE("aclfile", TEXT, "", "ACL users file in Redis's format (relative to dir); ACL LOAD and SAVE use it"),
        MAXCLIENTS("maxclients", integer(1, 1_000_000), "10000", "most connections at once"),
        TIMEOUT("timeout", integer(0, Long.MAX_VALUE), "0", "seconds before an idle client is closed; 0 never"),
        PROTO_MAX_BULK_LEN("proto-max-bulk-len", bytes(1024, Integer.MAX_VALUE - 64), "512mb",
                "largest bulk string in a request"),
        MAX_ARGS("max-args", integer(1, 1 << 30), "1048576", "most arguments in one request"),
        INLINE_MAX("inline-max", bytes(64, 1 << 30), "64kb", "longest inline (telnet) command line"),
        CLIENT_OUTPUT_BUFFER_LIMIT("client-output-buffer-limit", new SettingType.BufferLimits(),
                OutputBufferLimits.DEFAULT_TEXT,
                "bytes waiting for a client that does not read, per class (normal, replica, pubsub: hard limit,"
                        + " soft limit, seconds over the soft limit); past them the client is closed. Redis's format;"
                        + " a single size is the normal class's hard limit"),
        IO_THREADS("io-threads", integer(0, 1024), "0", "network event loops; 0 means one per two cores (one on 2 cores)"),
        CHECKPOINT_LOG_BYTES("checkpoint-log-bytes", bytes(0, Long.MAX_VALUE), "256mb",
                "log written since the last checkpoint that starts one; 0 never"),
        CHECKPOINT_INTERVAL("checkpoint-interval", integer(0, Long.MAX_VALUE), "3600",
                "seconds between checkpoints when anything changed; 0 never"),
        CHECKPOINTS_TO_KEEP("checkpoints-to-keep", integer(1, 100), "2", "snapshots kept"),
        WAL_SEGMENT_BYTES("wal-segment-bytes", bytes(4096, 1L << 40), "64mb", "size at which the log starts a new file"),
        CHECKPOINT_RATE("checkpoint-rate", bytes(0, Long.MAX_VALUE), "0",
                "bytes per second a checkpoint may write; 0 unlimited"),
        JSON_MAX_BYTES("json-max-bytes", bytes(1024, Integer.MAX_VALUE - 64), "64mb",
                "largest JSON document, as JSON text in a command and once stored; refused before it is parsed"),
        HTTP_PORT("http-port", integer(0, 65535), "0",
                "TCP port of the HTTP/JSON API, on the same bind address; 0 means off"),
        MEMCACHED_PORT("memcached-port", integer(0, 65535), "0",
                "TCP port of the memcached protocol (text and meta commands), on the same bind address; 0 means off"),
        MEMCACHED_DATABASE("memcached-database", integer(0, io.cairn.storage.engine.StoreConfig.MAX_DATABASES - 1), "0",
                "the database the memcached protocol serves (flush_all empties this one only)"),
        MEMCACHED_ITEM_SIZE_MAX("memcached-item-size-max", bytes(1024, 1 << 30), "1mb",
                "largest memcached item value, memcached's item_size_max (-I); a larger one is refused before it is read"),
        NODE_ID("node-id", TEXT, "", "this node's id in its replicated group (one of the ids in peers); empty: a single node"),
        RAFT_PORT("raft-port", integer(0, 65535), "0",
                "TCP port of this node's Raft traffic; 0 takes it from this node's entry in peers"),
        PEERS("peers", TEXT, "",
                "the replicated group, every node as id=host:raftport:clientport, comma-separated (this one"
                        + " included); empty: a single node with its own write-ahead log"),
        GROUP_NAME("group-name", TEXT, "mymaster",
                "in a group: the master name Sentinel clients ask for (SENTINEL GET-MASTER-ADDR-BY-NAME) and that"
                        + " +switch-master names"),
        RAFT_SNAPSHOT_ENTRIES("raft-snapshot-entries", integer(1, Long.MAX_VALUE), "100000",
                "in a group: Raft log entries applied since the last snapshot that trigger the next (the log before"
                        + " it is then purged, in whole wal-segment-bytes segments)"),
        STORAGE("storage", new SettingType.Choice(List.of("memory", "disk")), "memory",
                "where every database keeps its data: memory, or disk (RocksDB in dir/disk: in memory only its block"
                        + " cache, disk-cache-size, and each database's stage, disk-stage-size; the log stays the log of record)"),
        DISK_DATABASES("disk-databases", TEXT, "",
                "the databases on disk, comma-separated (1,2), the others in memory; empty: as storage says"),
        DISK_CACHE_SIZE("disk-cache-size", bytes(0, Long.MAX_VALUE), "256mb",
                "the disk engine's memory (RocksDB's block cache, with its memtables charged to it, at most half),"
                        + " shared by the disk databases"),
        DISK_STAGE_SIZE("disk-stage-size", bytes(4096, Long.MAX_VALUE), "16mb",
                "estimated bytes of entries the disk databases hold in memory (changed since their last save, or read"
                        + " since) before they are saved to the engine and let go"),
        DATABASES("databases", integer(1, io.cairn.storage.engine.StoreConfig.MAX_DATABASES), "16",
                "numbered databases (SELECT 0 to databases - 1); search indexes cover database 0"),
        BUSY_REPLY_THRESHOLD("busy-reply-threshold", "lua-time-limit", integer(0, Long.MAX_VALUE), "5000",
                "milliseconds a script runs before other clients are answered BUSY and SCRIPT KILL may stop it"),
        SCRIPT_MAX_MEMORY("script-max-memory", bytes(0, Long.MAX_VALUE), "1gb",
                "bytes one script may allocate in all (tables, strings, replies); past it the script fails with"
                        + " 'not enough memory' and the server goes on; 0 no bound"),
        NOTIFY_KEYSPACE_EVENTS("notify-keyspace-events", TEXT, "",
                "keyspace notifications published: classes g$lshzxetdmn (A for g$lshzxetd) and K and/or E; empty means none"),
        SLOWLOG_LOG_SLOWER_THAN("slowlog-log-slower-than", integer(Long.MIN_VALUE, Long.MAX_VALUE), "10000",
                "microseconds a command runs before SLOWLOG keeps it; 0 keeps every command, a negative value none"),
        SLOWLOG_MAX_LEN("slowlog-max-len", integer(0, Long.MAX_VALUE), "128", "most entries SLOWLOG keeps"),
        LATENCY_MONITOR_THRESHOLD("latency-monitor-threshold", null, new SettingType.RedisNumber(0, Long.MAX_VALUE, false, false), "0",
                "milliseconds at or past which the latency monitor (LATENCY) keeps an event's sample; 0 keeps none"),
        MAXMEMORY("maxmemory", null, size(), "0",
                "bytes the keys may hold (MEMORY USAGE's estimate summed, used_memory) before maxmemory-policy"
                        + " applies; 0 means no bound but the heap's (heap-guard-percent)"),
        MAXMEMORY_POLICY("maxmemory-policy", null, new SettingType.Choice(policyNames()), "noeviction",
                "what goes past maxmemory: noeviction refuses writes with -OOM; allkeys-* or volatile-* (keys with an"
                        + " expiry) evict by lru, lfu, random, or volatile-ttl the nearest expiry"),
        MAXMEMORY_SAMPLES("maxmemory-samples", null, new SettingType.RedisNumber(1, Integer.MAX_VALUE, false, false), "5",
                "keys each database samples per eviction (more is closer to true LRU/LFU, and slower)"),
        LFU_LOG_FACTOR("lfu-log-factor", null, new SettingType.RedisNumber(0, Integer.MAX_VALUE, false, false), "10",
                "how slowly the LFU counter grows: an access increments it with probability 1/((counter-5)*factor+1)"),
        LFU_DECAY_TIME("lfu-decay-time", null, new SettingType.RedisNumber(0, Integer.MAX_VALUE, false, false), "1",
                "minutes for the LFU counter of an idle key to fall by one; 0 never"),
        HEAP_GUARD_PERCENT("heap-guard-percent", integer(0, 99), "90",
                "percent of the JVM's maximum heap in use after a collection past which the data's bound drops below"
                        + " what it holds (writes refused with -OOM, or keys evicted by maxmemory-policy) until collections"
                        + " free room; 0 off"),
        TRACKING_TABLE_MAX_KEYS("tracking-table-max-keys", null, count(), "1000000",
                "most keys CLIENT TRACKING remembers for its clients; past it the oldest is forgotten and its clients"
                        + " told to drop it (an invalidation); 0 no bound"),
        // TLS (TlsSettings), as Redis names them, and Cairn's tls-provider and http-tls.
        TLS_PORT("tls-port", integer(0, 65535), "0",
                "TCP port for RESP over TLS, on the same bind address; 0 = off. With it set, port 0 turns the plain port off"),
        TLS_CERT_FILE("tls-cert-file", TEXT, "", "the server's certificate (chain), PEM"),
        TLS_KEY_FILE("tls-key-file", TEXT, "", "the private key of tls-cert-file, PEM (PKCS#8)"),
        TLS_KEY_FILE_PASS("tls-key-file-pass", TEXT, "", "the password of an encrypted tls-key-file"),
        TLS_CA_CERT_FILE("tls-ca-cert-file", TEXT, "", "CA certificates (PEM) that client certificates must be signed by"),
        TLS_CA_CERT_DIR("tls-ca-cert-dir", TEXT, "", "a directory whose files (PEM) are CA certificates, as tls-ca-cert-file"),
        TLS_AUTH_CLIENTS("tls-auth-clients", new SettingType.Choice(List.of("yes", "no", "optional")), "yes",
                "client certificates: yes requires one signed by a CA of tls-ca-cert-file/dir, optional checks one if"
                        + " sent, no asks for none"),
        TLS_PROTOCOLS("tls-protocols", TEXT, "", "protocols offered: TLSv1.2 and/or TLSv1.3, space-separated; empty means both"),
        TLS_CIPHERS("tls-ciphers", TEXT, "",
                "TLS 1.2 cipher suites, colon-separated (IANA names; OpenSSL's too with the openssl provider); empty means"
                        + " the provider's defaults"),
        TLS_CIPHERSUITES("tls-ciphersuites", TEXT, "",
                "TLS 1.3 cipher suites, colon-separated (TLS_AES_128_GCM_SHA256...); empty means the provider's defaults."
                        + " BoringSSL cannot restrict them, so setting it picks the JDK provider under auto"),
        TLS_PROVIDER("tls-provider", new SettingType.Choice(List.of("auto", "openssl", "jdk")), "auto",
                "TLS engine: auto is openssl (BoringSSL, netty-tcnative) when it loads, else the JDK's; the start logs"
                        + " which; openssl fails the start when it cannot serve"),
        HTTP_TLS("http-tls", new SettingType.Choice(List.of("no", "yes")), "no",
                "yes serves HTTPS on http-port, with tls-cert-file, tls-key-file and tls-auth-clients as RESP over TLS"),
        // The bounds of the small layouts (Encodings), from here to the end of the table: see EncodingSettings.
        HASH_MAX_LISTPACK_ENTRIES("hash-max-listpack-entries", "hash-max-ziplist-entries", count(), "512",
                "most fields of a hash kept in the small layout (listpack)"),
        HASH_MAX_LISTPACK_VALUE("hash-max-listpack-value", "hash-max-ziplist-value", size(), "64",
                "longest field or value, in bytes, of a hash kept in the small layout"),
        SET_MAX_INTSET_ENTRIES("set-max-intset-entries", null, count(), "512",
                "most members of a set of integers kept packed (intset)"),
        SET_MAX_LISTPACK_ENTRIES("set-max-listpack-entries", null, count(), "128",
                "most members of another set kept in the small layout (listpack)"),
        SET_MAX_LISTPACK_VALUE("set-max-listpack-value", null, size(), "64",
                "longest member, in bytes, of a set kept in the small layout"),
        ZSET_MAX_LISTPACK_ENTRIES("zset-max-listpack-entries", "zset-max-ziplist-entries", count(), "128",
                "most members of a sorted set kept in the small layout (listpack)"),
        ZSET_MAX_LISTPACK_VALUE("zset-max-listpack-value", "zset-max-ziplist-value", size(), "64",
                "longest member, in bytes, of a sorted set kept in the small layout"),
        LIST_MAX_LISTPACK_SIZE("list-max-listpack-size", "list-max-ziplist-size",
                new SettingType.RedisNumber(Integer.MIN_VALUE, Integer.MAX_VALUE, false, false), "-2",
                "bound of one list chunk: entries when positive, -1..-5 for 4, 8, 16, 32 or 64 KiB"),
        LIST_COMPRESS_DEPTH("list-compress-depth", null, new SettingType.RedisNumber(0, Integer.MAX_VALUE, false, false), "0",
                "list chunks at each end kept uncompressed; 0 compresses none"),
        HLL_SPARSE_MAX_BYTES("hll-sparse-max-bytes", null, size(), "3000",
                "largest sparse HyperLogLog (header included), in bytes; past it one turns dense");

        public final String name;
        /** The older name Redis still accepts for this setting ({@code ziplist} for {@code listpack}), or null. */
        public final String alias;
        public final SettingType type;
        public final String defaultValue;
        public final String doc;

        Key(String name, SettingType type, String defaultValue, String doc) {
            this(name, null, type, defaultValue, doc);
        }

        Key(String name, String alias, SettingType type, String defaultValue, String doc) {
            this.name = name;
            this.alias = alias;
            this.type = type;
            this.defaultValue = defaultValue;
            this.doc = doc;
        }

        /** The key named {@code name} or its alias (case-insensitive, as redis.conf), or null. */
        public static Key of(String name) {
            for (Key k : values()) {
                if (k.name.equalsIgnoreCase(name) || k.alias != null && k.alias.equalsIgnoreCase(name)) {
                    return k;
                }
            }
            return null;
        }

        /** Whether CONFIG SET may change this setting while the server runs. */
        public boolean mutable() {
            return memory() || this == REQUIREPASS || this == MAXCLIENTS || this == TIMEOUT || this == CLIENT_OUTPUT_BUFFER_LIMIT
                    || this == BUSY_REPLY_THRESHOLD || this == NOTIFY_KEYSPACE_EVENTS || this == SLOWLOG_LOG_SLOWER_THAN
                    || this == SLOWLOG_MAX_LEN || this == LATENCY_MONITOR_THRESHOLD || this == TRACKING_TABLE_MAX_KEYS
                    || EncodingSettings.covers(this);
        }

        /** Whether this is one of the memory limit's settings ({@link MemoryLimit}). */
        public boolean memory() {
            return this == MAXMEMORY || this == MAXMEMORY_POLICY || this == MAXMEMORY_SAMPLES || this == LFU_LOG_FACTOR
                    || this == LFU_DECAY_TIME;
        }

        /** Reads {@code text} as this key's type and checks its rule. */
        public Object parse(String text) {
            return type.parse(name, text);
        }

        /** Checks a number against this key's rule (the key is numeric). */
        long check(long value) {
            return switch (type) {
                case SettingType.IntegerRange r -> r.check(name, value);
                case SettingType.ByteSize b -> b.check(name, value);
                case SettingType.RedisNumber n -> (Long) n.parse(name, Long.toString(value));
                default -> throw new IllegalStateException(name + " is not a number");
            };
        }
    }

    private static final SettingType TEXT = new SettingType.Text();

    private static List<String> policyNames() {
        List<String> names = new ArrayList<>();
        for (EvictionPolicy p : EvictionPolicy.values()) {
            names.add(p.redisName());
        }
        return names;
    }

    private static SettingType integer(long min, long max) {
        return new SettingType.IntegerRange(min, max);
    }

    private static SettingType bytes(long min, long max) {
        return new SettingType.ByteSize(min, max);
    }

    /** A Redis {@code size_t} count setting: 0 to 2^63 - 1. */
    private static SettingType count() {
        return new SettingType.RedisNumber(0, Long.MAX_VALUE, false, true);
    }

    /** A Redis {@code size_t} memory setting: 0 to 2^63 - 1 bytes, with units. */
    private static SettingType size() {
        return new SettingType.RedisNumber(0, Long.MAX_VALUE, true, true);
    }

    public ServerConfig {
        Key.PORT.check(port);
        Checks.notNull("bind", bind);
        Checks.notNull("dir", dir);
        Checks.notNull("wal", wal);
        Checks.notNull("requirepass", requirepass);
        Checks.notNull("aclfile", aclfile);
        Key.MAXCLIENTS.check(maxclients);
        Key.TIMEOUT.check(timeoutSeconds);
        Key.PROTO_MAX_BULK_LEN.check(protoMaxBulkLen);
        Key.MAX_ARGS.check(maxArgs);
        Key.INLINE_MAX.check(inlineMax);
        Checks.notNull("clientOutputBufferLimits", clientOutputBufferLimits);
        Key.IO_THREADS.check(ioThreads);
        Key.CHECKPOINT_LOG_BYTES.check(checkpointLogBytes);
        Key.CHECKPOINT_INTERVAL.check(checkpointIntervalSeconds);
        Key.CHECKPOINTS_TO_KEEP.check(checkpointsToKeep);
        Key.WAL_SEGMENT_BYTES.check(walSegmentBytes);
        Key.CHECKPOINT_RATE.check(checkpointRate);
        Key.JSON_MAX_BYTES.check(jsonMaxBytes);
        Key.HTTP_PORT.check(httpPort);
        Key.DATABASES.check(databases);
        Key.BUSY_REPLY_THRESHOLD.check(busyReplyThreshold);
        Key.SCRIPT_MAX_MEMORY.check(scriptMaxMemory);
        Key.LATENCY_MONITOR_THRESHOLD.check(latencyMonitorThreshold);
        Checks.notNull("notifyKeyspaceEvents", notifyKeyspaceEvents);
        try {
            io.cairn.server.command.notify.NotifyFlags.parse(notifyKeyspaceEvents);
        } catch (io.cairn.common.InvalidRequestException e) {
            throw new IllegalArgumentException("notify-keyspace-events: " + notifyKeyspaceEvents + " (" + e.getMessage() + ")");
        }
        Checks.notNull("memory", memory);
        Key.HEAP_GUARD_PERCENT.check(heapGuardPercent);
        Key.TRACKING_TABLE_MAX_KEYS.check(trackingTableMaxKeys);
        Checks.notNull("encodings", encodings);
        Checks.notNull("tls", tls);
        if (tls.port() != 0 && (tls.port() == port || tls.port() == httpPort)) {
            throw new IllegalArgumentException("tls-port: " + tls.port() + " (expected: another port than port and http-port)");
        }
        if (tls.http() && httpPort == 0) {
            throw new IllegalArgumentException("http-tls: yes (expected: no while http-port is 0)");
        }
        Key.MEMCACHED_PORT.check(memcachedPort);
        Key.MEMCACHED_DATABASE.check(memcachedDatabase);
        Key.MEMCACHED_ITEM_SIZE_MAX.check(memcachedItemSizeMax);
        if (memcachedDatabase >= databases) {
            throw new IllegalArgumentException("memcached-database: " + memcachedDatabase + " (expected: < databases " + databases + ")");
        }
        if (memcachedPort != 0 && (memcachedPort == port || memcachedPort == httpPort || memcachedPort == tls.port())) {
            throw new IllegalArgumentException("memcached-port: " + memcachedPort
                    + " (expected: another port than port " + port + ", http-port " + httpPort + " and tls-port " + tls.port() + ")");
        }
        if (httpPort != 0 && httpPort == port) {
            throw new IllegalArgumentException("http-port: " + httpPort + " (expected: another port than port " + port + ")");
        }
        Key.STORAGE.parse(storage);
        Key.DISK_CACHE_SIZE.check(diskCacheSize);
        Key.DISK_STAGE_SIZE.check(diskStageSize);
        java.util.Set<Integer> onDisk = diskDatabaseSet(storage, diskDatabases, databases);
        if (!onDisk.isEmpty() && !peers.isEmpty()) {
            throw new IllegalArgumentException("storage: disk databases do not replicate yet (expected: every database"
                    + " in memory when peers is set)");
        }
        Checks.notNull("nodeId", nodeId);
        Checks.notNull("peers", peers);
        Key.RAFT_PORT.check(raftPort);
        Key.RAFT_SNAPSHOT_ENTRIES.check(raftSnapshotEntries);
        Checks.notNull("groupName", groupName);
        if (groupName.isEmpty() || groupName.chars().anyMatch(c -> c <= ' ')) {
            throw new IllegalArgumentException("group-name: '" + groupName + "' (expected: a name without spaces)");
        }
        if (!peers.isEmpty()) {
            var self = replicaSelf(nodeId, peers);
            if (raftPort != 0 && raftPort != self.raftPort()) {
                throw new IllegalArgumentException("raft-port: " + raftPort + " (expected: " + self.raftPort()
                        + ", this node's Raft port in peers)");
            }
            if (port != self.clientPort()) {
                throw new IllegalArgumentException("port: " + port + " (expected: " + self.clientPort()
                        + ", this node's client port in peers)");
            }
        } else if (!nodeId.isEmpty() || raftPort != 0) {
            throw new IllegalArgumentException((nodeId.isEmpty() ? "raft-port" : "node-id")
                    + " is set but peers is empty (expected: peers listing every node of the group)");
        }
    }

    /** This node's member of {@code peers}, checked: the list parses and names {@code nodeId}. */
    private static io.cairn.storage.engine.ReplicaGroup.Member replicaSelf(String nodeId, String peers) {
        List<io.cairn.storage.engine.ReplicaGroup.Member> members;
        try {
            members = io.cairn.storage.engine.ReplicaGroup.Member.parseAll(peers);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("peers: " + e.getMessage());
        }
        if (nodeId.isEmpty()) {
            throw new IllegalArgumentException("node-id is empty (expected: one of the ids in peers)");
        }
        return members.stream().filter(m -> m.id().equals(nodeId)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("node-id: " + nodeId + " is not in peers (expected one of: "
                        + String.join(", ", members.stream().map(io.cairn.storage.engine.ReplicaGroup.Member::id).toList()) + ")"));
    }

    /** Whether this node is one copy of a replicated group ({@code peers} set). */
    public boolean replicated() {
        return !peers.isEmpty();
    }

    /** The group's members, parsed from {@code peers}; empty for a single node. */
    public List<io.cairn.storage.engine.ReplicaGroup.Member> members() {
        return peers.isEmpty() ? List.of() : io.cairn.storage.engine.ReplicaGroup.Member.parseAll(peers);
    }

    /** The settings as strings, keyed by name: defaults overlaid by a file and then arguments. */
    public static final class Builder {
        private final Map<Key, String> values = new LinkedHashMap<>();

        public Builder() {
            for (Key k : Key.values()) {
                values.put(k, k.defaultValue);
            }
        }

        /** Sets one key by name; throws for an unknown name or a value its type refuses. */
        public Builder set(String name, String value) {
            Key k = Key.of(name);
            if (k == null) {
                throw new IllegalArgumentException("unknown setting: " + name + " (expected one of: " + names() + ")");
            }
            k.parse(value);
            values.put(k, value);
            return this;
        }

        /**
         * Reads a redis.conf-style file: one {@code key value} per line, {@code #} comments. A bad
         * line is refused as {@code "file:line: message"}.
         */
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

        /** Reads every value as its key's type; the first bad one is refused with its rule. */
        public ServerConfig build() {
            return new ServerConfig(
                    (int) number(Key.PORT),
                    text(Key.BIND),
                    Path.of(text(Key.DIR)),
                    WalMode.parse(text(Key.WAL)),
                    text(Key.REQUIREPASS),
                    (int) number(Key.MAXCLIENTS),
                    number(Key.TIMEOUT),
                    number(Key.PROTO_MAX_BULK_LEN),
                    (int) number(Key.MAX_ARGS),
                    (int) number(Key.INLINE_MAX),
                    (OutputBufferLimits) Key.CLIENT_OUTPUT_BUFFER_LIMIT.parse(values.get(Key.CLIENT_OUTPUT_BUFFER_LIMIT)),
                    (int) number(Key.IO_THREADS),
                    number(Key.CHECKPOINT_LOG_BYTES),
                    number(Key.CHECKPOINT_INTERVAL),
                    (int) number(Key.CHECKPOINTS_TO_KEEP),
                    number(Key.WAL_SEGMENT_BYTES),
                    number(Key.CHECKPOINT_RATE),
                    number(Key.JSON_MAX_BYTES),
                    (int) number(Key.HTTP_PORT),
                    (int) number(Key.DATABASES),
                    number(Key.BUSY_REPLY_THRESHOLD),
                    number(Key.SCRIPT_MAX_MEMORY),
                    text(Key.NOTIFY_KEYSPACE_EVENTS),
                    number(Key.SLOWLOG_LOG_SLOWER_THAN),
                    number(Key.SLOWLOG_MAX_LEN),
                    number(Key.LATENCY_MONITOR_THRESHOLD),
                    memory(),
                    (int) number(Key.HEAP_GUARD_PERCENT),
                    number(Key.TRACKING_TABLE_MAX_KEYS),
                    encodings(),
                    text(Key.ACLFILE),
                    TlsSettings.read(k -> k.parse(values.get(k))),
                    (int) number(Key.MEMCACHED_PORT),
                    (int) number(Key.MEMCACHED_DATABASE),
                    number(Key.MEMCACHED_ITEM_SIZE_MAX),
                    text(Key.NODE_ID),
                    (int) number(Key.RAFT_PORT),
                    text(Key.PEERS),
                    number(Key.RAFT_SNAPSHOT_ENTRIES),
                    text(Key.GROUP_NAME),
                    text(Key.STORAGE),
                    text(Key.DISK_DATABASES),
                    number(Key.DISK_CACHE_SIZE),
                    number(Key.DISK_STAGE_SIZE));
        }

        private MemoryLimit memory() {
            return new MemoryLimit(number(Key.MAXMEMORY), EvictionPolicy.byName(text(Key.MAXMEMORY_POLICY)),
                    (int) number(Key.MAXMEMORY_SAMPLES), (int) number(Key.LFU_LOG_FACTOR), (int) number(Key.LFU_DECAY_TIME));
        }

        private Encodings encodings() {
            return new Encodings(number(Key.HASH_MAX_LISTPACK_ENTRIES), number(Key.HASH_MAX_LISTPACK_VALUE),
                    number(Key.SET_MAX_INTSET_ENTRIES), number(Key.SET_MAX_LISTPACK_ENTRIES),
                    number(Key.SET_MAX_LISTPACK_VALUE), number(Key.ZSET_MAX_LISTPACK_ENTRIES),
                    number(Key.ZSET_MAX_LISTPACK_VALUE), (int) number(Key.LIST_MAX_LISTPACK_SIZE),
                    (int) number(Key.LIST_COMPRESS_DEPTH), number(Key.HLL_SPARSE_MAX_BYTES));
        }

        private String text(Key k) {
            return (String) k.parse(values.get(k));
        }

        private long number(Key k) {
            return (Long) k.parse(values.get(k));
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
        return SettingType.parseBytes(name, value);
    }

    /** One of the memory limit's settings, as CONFIG GET shows it. */
    public static String memorySetting(MemoryLimit m, Key k) {
        return switch (k) {
            case MAXMEMORY -> Long.toString(m.maxBytes());
            case MAXMEMORY_POLICY -> m.policy().redisName();
            case MAXMEMORY_SAMPLES -> Integer.toString(m.samples());
            case LFU_LOG_FACTOR -> Integer.toString(m.lfuLogFactor());
            case LFU_DECAY_TIME -> Integer.toString(m.lfuDecayMinutes());
            default -> throw new IllegalArgumentException(k.name + " is not a memory setting");
        };
    }

    /** {@code m} with the memory setting {@code k} set to {@code value} (as {@link Key#parse} read it). */
    public static MemoryLimit withMemorySetting(MemoryLimit m, Key k, Object value) {
        return switch (k) {
            case MAXMEMORY -> new MemoryLimit((Long) value, m.policy(), m.samples(), m.lfuLogFactor(), m.lfuDecayMinutes());
            case MAXMEMORY_POLICY -> new MemoryLimit(m.maxBytes(), EvictionPolicy.byName((String) value), m.samples(),
                    m.lfuLogFactor(), m.lfuDecayMinutes());
            case MAXMEMORY_SAMPLES -> new MemoryLimit(m.maxBytes(), m.policy(), ((Long) value).intValue(), m.lfuLogFactor(),
                    m.lfuDecayMinutes());
            case LFU_LOG_FACTOR -> new MemoryLimit(m.maxBytes(), m.policy(), m.samples(), ((Long) value).intValue(),
                    m.lfuDecayMinutes());
            case LFU_DECAY_TIME -> new MemoryLimit(m.maxBytes(), m.policy(), m.samples(), m.lfuLogFactor(),
                    ((Long) value).intValue());
            default -> throw new IllegalArgumentException(k.name + " is not a memory setting");
        };
    }

    /** The current value of a setting as CONFIG GET shows it. */
    public String get(Key k) {
        return switch (k) {
            case PORT -> Integer.toString(port);
            case BIND -> bind;
            case DIR -> dir.toString();
            case WAL -> wal.name().toLowerCase(Locale.ROOT);
            case REQUIREPASS -> requirepass;
            case ACLFILE -> aclfile;
            case MAXCLIENTS -> Integer.toString(maxclients);
            case TIMEOUT -> Long.toString(timeoutSeconds);
            case PROTO_MAX_BULK_LEN -> Long.toString(protoMaxBulkLen);
            case MAX_ARGS -> Integer.toString(maxArgs);
            case INLINE_MAX -> Integer.toString(inlineMax);
            case CLIENT_OUTPUT_BUFFER_LIMIT -> clientOutputBufferLimits.toString();
            case IO_THREADS -> Integer.toString(ioThreads);
            case CHECKPOINT_LOG_BYTES -> Long.toString(checkpointLogBytes);
            case CHECKPOINT_INTERVAL -> Long.toString(checkpointIntervalSeconds);
            case CHECKPOINTS_TO_KEEP -> Integer.toString(checkpointsToKeep);
            case WAL_SEGMENT_BYTES -> Long.toString(walSegmentBytes);
            case CHECKPOINT_RATE -> Long.toString(checkpointRate);
            case JSON_MAX_BYTES -> Long.toString(jsonMaxBytes);
            case HTTP_PORT -> Integer.toString(httpPort);
            case DATABASES -> Integer.toString(databases);
            case BUSY_REPLY_THRESHOLD -> Long.toString(busyReplyThreshold);
            case SCRIPT_MAX_MEMORY -> Long.toString(scriptMaxMemory);
            case SLOWLOG_LOG_SLOWER_THAN -> Long.toString(slowlogLogSlowerThan);
            case SLOWLOG_MAX_LEN -> Long.toString(slowlogMaxLen);
            case LATENCY_MONITOR_THRESHOLD -> Long.toString(latencyMonitorThreshold);
            case NOTIFY_KEYSPACE_EVENTS -> io.cairn.server.command.notify.NotifyFlags.parse(notifyKeyspaceEvents).toString();
            case MAXMEMORY, MAXMEMORY_POLICY, MAXMEMORY_SAMPLES, LFU_LOG_FACTOR, LFU_DECAY_TIME -> memorySetting(memory, k);
            case HEAP_GUARD_PERCENT -> Integer.toString(heapGuardPercent);
            case TRACKING_TABLE_MAX_KEYS -> Long.toString(trackingTableMaxKeys);
            case MEMCACHED_PORT -> Integer.toString(memcachedPort);
            case MEMCACHED_DATABASE -> Integer.toString(memcachedDatabase);
            case MEMCACHED_ITEM_SIZE_MAX -> Long.toString(memcachedItemSizeMax);
            case NODE_ID -> nodeId;
            case RAFT_PORT -> Integer.toString(raftPort != 0 || peers.isEmpty() ? raftPort : replicaSelf(nodeId, peers).raftPort());
            case PEERS -> peers;
            case RAFT_SNAPSHOT_ENTRIES -> Long.toString(raftSnapshotEntries);
            case GROUP_NAME -> groupName;
            case STORAGE -> storage;
            case DISK_DATABASES -> diskDatabases;
            case DISK_CACHE_SIZE -> Long.toString(diskCacheSize);
            case DISK_STAGE_SIZE -> Long.toString(diskStageSize);
            default -> TlsSettings.covers(k) ? tls.get(k) : EncodingSettings.get(encodings, k);
        };
    }

    /** The disk databases these settings name: every one with storage disk, else disk-databases's. */
    public java.util.Set<Integer> diskDatabaseSet() {
        return diskDatabaseSet(storage, diskDatabases, databases);
    }

    private static java.util.Set<Integer> diskDatabaseSet(String storage, String list, int databases) {
        Checks.notNull("diskDatabases", list);
        java.util.Set<Integer> out = new java.util.TreeSet<>();
        if (list.isBlank()) {
            if ("disk".equals(storage)) {
                for (int db = 0; db < databases; db++) {
                    out.add(db);
                }
            }
            return out;
        }
        if ("disk".equals(storage)) {
            throw new IllegalArgumentException("disk-databases: " + list
                    + " (expected: empty with storage disk, which puts every database on disk)");
        }
        for (String part : list.split(",", -1)) {
            int db;
            try {
                db = Integer.parseInt(part.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("disk-databases: " + list
                        + " (expected: database numbers, comma-separated, e.g. 1,2)");
            }
            if (db < 0 || db >= databases) {
                throw new IllegalArgumentException("disk-databases: " + list + " (expected: databases 0.."
                        + (databases - 1) + ")");
            }
            if (!out.add(db)) {
                throw new IllegalArgumentException("disk-databases: " + list + " (expected: each database once)");
            }
        }
        return out;
    }
}
