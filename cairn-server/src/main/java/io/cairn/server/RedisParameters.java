package io.cairn.server;

import java.util.Locale;

/**
 * The Redis 7.2 parameters that clients, exporters and test suites read with CONFIG GET but that
 * Cairn does not implement: each with the value Redis starts with, which CONFIG GET answers, and
 * what CONFIG SET does with it. The settings Cairn has are {@link ServerConfig.Key}'s; a name is
 * in one table or the other, never both ({@code RedisParametersTest} holds that).
 *
 * <p>CONFIG SET rules, by {@link SetRule}: {@code IMMUTABLE} as Redis (it cannot change them
 * either); {@code NO_EFFECT} accepted and remembered for CONFIG GET, for settings whose every
 * value is harmless in Cairn (they tune what Cairn does another way, or not at all: rehashing,
 * lazy freeing, hz); {@code UNSUPPORTED} refused, saying Cairn does not change it, unless the value
 * given is the one it has (a suite that sets the default goes on).
 */
public enum RedisParameters {
    SAVE("save", "", SetRule.NO_EFFECT), // Cairn checkpoints by its own settings, never RDB snapshots
    APPENDFILENAME("appendfilename", "appendonly.aof", SetRule.IMMUTABLE),
    APPENDDIRNAME("appenddirname", "appendonlydir", SetRule.IMMUTABLE),
    DBFILENAME("dbfilename", "dump.rdb", SetRule.UNSUPPORTED),
    MAXMEMORY_EVICTION_TENACITY("maxmemory-eviction-tenacity", "10", SetRule.UNSUPPORTED),
    MAXMEMORY_CLIENTS("maxmemory-clients", "0", SetRule.UNSUPPORTED),
    TCP_KEEPALIVE("tcp-keepalive", "300", SetRule.UNSUPPORTED),
    TCP_BACKLOG("tcp-backlog", "511", SetRule.IMMUTABLE),
    HZ("hz", "10", SetRule.NO_EFFECT),
    DYNAMIC_HZ("dynamic-hz", "yes", SetRule.NO_EFFECT),
    PROTECTED_MODE("protected-mode", "yes", SetRule.UNSUPPORTED),
    STREAM_NODE_MAX_BYTES("stream-node-max-bytes", "4096", SetRule.UNSUPPORTED),
    STREAM_NODE_MAX_ENTRIES("stream-node-max-entries", "100", SetRule.UNSUPPORTED),
    ACTIVEREHASHING("activerehashing", "yes", SetRule.NO_EFFECT),
    ACTIVEDEFRAG("activedefrag", "no", SetRule.NO_EFFECT),
    LAZYFREE_LAZY_EVICTION("lazyfree-lazy-eviction", "no", SetRule.NO_EFFECT),
    LAZYFREE_LAZY_EXPIRE("lazyfree-lazy-expire", "no", SetRule.NO_EFFECT),
    LAZYFREE_LAZY_SERVER_DEL("lazyfree-lazy-server-del", "no", SetRule.NO_EFFECT),
    LAZYFREE_LAZY_USER_DEL("lazyfree-lazy-user-del", "no", SetRule.NO_EFFECT),
    LAZYFREE_LAZY_USER_FLUSH("lazyfree-lazy-user-flush", "no", SetRule.NO_EFFECT),
    LATENCY_TRACKING("latency-tracking", "yes", SetRule.UNSUPPORTED),
    LATENCY_TRACKING_INFO_PERCENTILES("latency-tracking-info-percentiles", "50 99 99.9", SetRule.UNSUPPORTED),
    ACTIVE_EXPIRE_EFFORT("active-expire-effort", "1", SetRule.UNSUPPORTED),
    ACLLOG_MAX_LEN("acllog-max-len", "128", SetRule.UNSUPPORTED),
    CLIENT_QUERY_BUFFER_LIMIT("client-query-buffer-limit", "1073741824", SetRule.UNSUPPORTED),
    LOGLEVEL("loglevel", "notice", SetRule.UNSUPPORTED),
    LOGFILE("logfile", "", SetRule.IMMUTABLE),
    SYSLOG_ENABLED("syslog-enabled", "no", SetRule.IMMUTABLE),
    DAEMONIZE("daemonize", "no", SetRule.IMMUTABLE),
    SUPERVISED("supervised", "no", SetRule.IMMUTABLE),
    PIDFILE("pidfile", "", SetRule.IMMUTABLE),
    UNIXSOCKET("unixsocket", "", SetRule.IMMUTABLE),
    CLUSTER_ENABLED("cluster-enabled", "no", SetRule.IMMUTABLE),
    REPLICAOF("replicaof", "", SetRule.IMMUTABLE),
    MASTERAUTH("masterauth", "", SetRule.UNSUPPORTED),
    REPLICA_READ_ONLY("replica-read-only", "yes", SetRule.NO_EFFECT),
    REPLICA_SERVE_STALE_DATA("replica-serve-stale-data", "yes", SetRule.NO_EFFECT),
    REPLICA_PRIORITY("replica-priority", "100", SetRule.NO_EFFECT),
    REPL_BACKLOG_SIZE("repl-backlog-size", "1048576", SetRule.UNSUPPORTED),
    REPL_TIMEOUT("repl-timeout", "60", SetRule.UNSUPPORTED),
    REPL_DISKLESS_SYNC("repl-diskless-sync", "yes", SetRule.UNSUPPORTED),
    MIN_REPLICAS_TO_WRITE("min-replicas-to-write", "0", SetRule.UNSUPPORTED),
    MIN_REPLICAS_MAX_LAG("min-replicas-max-lag", "10", SetRule.UNSUPPORTED),
    RDBCOMPRESSION("rdbcompression", "yes", SetRule.UNSUPPORTED),
    RDBCHECKSUM("rdbchecksum", "yes", SetRule.IMMUTABLE),
    STOP_WRITES_ON_BGSAVE_ERROR("stop-writes-on-bgsave-error", "yes", SetRule.UNSUPPORTED),
    AOF_USE_RDB_PREAMBLE("aof-use-rdb-preamble", "yes", SetRule.UNSUPPORTED),
    AOF_LOAD_TRUNCATED("aof-load-truncated", "yes", SetRule.UNSUPPORTED),
    NO_APPENDFSYNC_ON_REWRITE("no-appendfsync-on-rewrite", "no", SetRule.UNSUPPORTED),
    AUTO_AOF_REWRITE_PERCENTAGE("auto-aof-rewrite-percentage", "100", SetRule.UNSUPPORTED),
    AUTO_AOF_REWRITE_MIN_SIZE("auto-aof-rewrite-min-size", "67108864", SetRule.UNSUPPORTED),
    SHUTDOWN_TIMEOUT("shutdown-timeout", "10", SetRule.UNSUPPORTED),
    ENABLE_DEBUG_COMMAND("enable-debug-command", "no", SetRule.IMMUTABLE),
    CRASH_LOG_ENABLED("crash-log-enabled", "yes", SetRule.NO_EFFECT),
    OOM_SCORE_ADJ("oom-score-adj", "no", SetRule.UNSUPPORTED);

    /** What CONFIG SET does with a parameter. */
    public enum SetRule { IMMUTABLE, NO_EFFECT, UNSUPPORTED }

    public final String name;
    public final String redisDefault;
    public final SetRule rule;

    RedisParameters(String name, String redisDefault, SetRule rule) {
        this.name = name;
        this.redisDefault = redisDefault;
        this.rule = rule;
    }

    /** The parameter named {@code name} (case-insensitive), or null. */
    public static RedisParameters of(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (RedisParameters p : values()) {
            if (p.name.equals(n)) {
                return p;
            }
        }
        return null;
    }
}
