package io.cairn.server;

import io.cairn.server.command.notify.KeyspaceNotifier;
import io.cairn.server.command.notify.NotifyFlags;
import io.cairn.server.command.script.ScriptEngine;
import io.cairn.document.json.JsonLimits;
import io.cairn.search.SearchService;
import io.cairn.server.command.Dispatcher;
import io.cairn.server.command.pubsub.SubscriptionRegistry;
import io.cairn.server.command.connection.ClientPause;
import io.cairn.server.command.connection.Monitors;
import io.cairn.server.command.tracking.ClientTracking;
import io.cairn.storage.engine.Store;
import java.util.Collection;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/**
 * What command handlers may reach of the server: the store, the settings (some changeable at run
 * time by CONFIG SET), the connected sessions, counters, SCAN cursors, WATCH bookkeeping, the
 * blocked clients, the pub/sub subscriptions and the shutdown switch. Thread-safe.
 */
public final class ServerContext {
    public static final String VERSION = "0.1.0";
    /** The Redis version Cairn answers to in HELLO and INFO, for clients that check it. */
    public static final String REDIS_COMPAT_VERSION = "7.2.0";

    private final ServerConfig config;
    private final Store store;
    private final SearchService search;
    private final JsonLimits jsonLimits;
    private final ServerStats stats = new ServerStats();
    private final Map<Long, Session> sessions = new ConcurrentHashMap<>();
    private final AtomicLong nextSessionId = new AtomicLong(1);
    private final CursorRegistry cursors = new CursorRegistry();
    private final WatchRegistry watches = new WatchRegistry();
    private final BlockedClients blocked;
    private final SubscriptionRegistry pubsub = new SubscriptionRegistry();
    private volatile OutputBufferLimits outputBufferLimits;
    private final long startMillis = System.currentTimeMillis();
    private final java.util.function.Consumer<Boolean> shutdown;
    private volatile String requirepass;
    private volatile int maxclients;
    private volatile long timeoutSeconds;
    private volatile long busyReplyThreshold;
    private volatile int boundPort;
    private volatile Dispatcher dispatcher;
    private final ScriptEngine scripts = new ScriptEngine(this);
    private final KeyspaceNotifier notifier;
    private final SlowLog slowLog;
    private final LatencyMonitor latency;
    private final CommandStats commandStats = new CommandStats();
    private final ServerIdentity identity = ServerIdentity.create();
    private final Map<RedisParameters, String> redisParameters = new ConcurrentHashMap<>();
    private final ClientTracking tracking = new ClientTracking(sessions::get);
    private final ClientPause pause = new ClientPause();
    private final Monitors monitors = new Monitors();
    private final io.cairn.server.acl.Acl acl;
    /** This node's replicated group, or null for a single node. */
    private final io.cairn.storage.engine.ReplicaGroup replication;

    /** The highest {@code used_memory} seen (INFO's {@code used_memory_peak}), sampled each second and at each INFO. */
    private final java.util.concurrent.atomic.AtomicLong usedMemoryPeak = new java.util.concurrent.atomic.AtomicLong();

    /** Notes {@code used} and returns the peak so far. */
    public long usedMemoryPeak(long used) {
        return usedMemoryPeak.accumulateAndGet(used, Math::max);
    }

    /** CONFIG RESETSTAT: the peak starts again from what the keys hold now. */
    public void resetUsedMemoryPeak() {
        usedMemoryPeak.set(store.usedMemory());
    }

    ServerContext(ServerConfig config, Store store, SearchService search, java.util.function.Consumer<Boolean> shutdown) {
        this(config, store, null, search, shutdown);
    }

    ServerContext(ServerConfig config, Store store, io.cairn.storage.engine.ReplicaGroup replication, SearchService search,
                  java.util.function.Consumer<Boolean> shutdown) {
        this.config = config;
        this.store = store;
        this.replication = replication;
        this.search = search;
        this.jsonLimits = new JsonLimits(JsonLimits.DEFAULT_MAX_DEPTH, config.jsonMaxBytes());
        this.shutdown = shutdown;
        this.requirepass = config.requirepass();
        this.acl = new io.cairn.server.acl.Acl(new io.cairn.server.acl.AclCommandTable(io.cairn.resp.CommandTable.all()),
                config.aclfile().isEmpty() ? null : config.dir().resolve(config.aclfile()), config.aclfile());
        acl.defaultPassword(requirepass);
        try {
            acl.loadAtStart();
        } catch (java.io.IOException e) {
            throw new io.cairn.common.StorageIOException("reading the aclfile " + config.aclfile(), e);
        }
        this.maxclients = config.maxclients();
        this.timeoutSeconds = config.timeoutSeconds();
        this.busyReplyThreshold = config.busyReplyThreshold();
        this.outputBufferLimits = config.clientOutputBufferLimits();
        store.memoryLimit(config.memory());
        // CLIENT PAUSE stops expiry and eviction, as Redis's; in a group only the leader expires and evicts (and logs it).
        store.holdExpiryWhile(replication == null ? pause::mayHold : () -> pause.mayHold() || !replication.writable());
        store.subscribe(watches);
        this.blocked = new BlockedClients(store);
        store.subscribe(blocked);
        this.slowLog = new SlowLog(config.slowlogLogSlowerThan(), config.slowlogMaxLen());
        this.latency = new LatencyMonitor(config.latencyMonitorThreshold(), () -> System.currentTimeMillis() / 1000);
        this.notifier = new KeyspaceNotifier(NotifyFlags.parse(config.notifyKeyspaceEvents()));
        notifier.publisher(pubsub::publish);
        store.subscribe(notifier);
        store.subscribe(tracking);
        tracking.maxKeys(config.trackingTableMaxKeys());
        scripts.functions().restoreFromStore(); // the function libraries the log and snapshot kept
        if (replication != null) { // as a Sentinel announces a failover: +switch-master <name> <old ip> <old port> <new ip> <new port>
            replication.onLeaderChange((from, to) -> pubsub.publish(
                    "+switch-master".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    (config.groupName() + " " + (from == null ? to.host() : from.host()) + " "
                            + (from == null ? to.clientPort() : from.clientPort()) + " " + to.host() + " " + to.clientPort())
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
        if (replication != null) { // a follower loads the libraries the leader's batches set, so a failover keeps them
            store.subscribe((lsn, mutations) -> {
                if (!replication.writable() && mutations.stream().anyMatch(m -> m instanceof io.cairn.storage.engine.Mutation.SetFunctions)) {
                    scripts.functions().reloadFromStore();
                }
            });
        }
    }

    public ServerConfig config() {
        return config;
    }

    public Store store() {
        return store;
    }

    /** This node's replicated group, or null when it is a single node. */
    public io.cairn.storage.engine.ReplicaGroup replication() {
        return replication;
    }

    /** The search indexes (FT.*). */
    public SearchService search() {
        return search;
    }

    /** Limits of JSON documents: RedisJSON's nesting depth, {@code json-max-bytes} in size. */
    public JsonLimits jsonLimits() {
        return jsonLimits;
    }

    public ServerStats stats() {
        return stats;
    }

    public Dispatcher dispatcher() {
        return dispatcher;
    }

    /** The latency monitor (LATENCY, {@code latency-monitor-threshold}). */
    public LatencyMonitor latency() {
        return latency;
    }

    /** This run's ids and its heap at start (INFO server, replication, memory). */
    public ServerIdentity identity() {
        return identity;
    }

    /** Per-command and per-error counters (INFO commandstats, errorstats, latencystats; LATENCY HISTOGRAM). */
    public CommandStats commandStats() {
        return commandStats;
    }

    /** A Redis parameter Cairn does not implement: its Redis default, or what CONFIG SET stored when harmless. */
    public String redisParameter(RedisParameters p) {
        return redisParameters.getOrDefault(p, p.redisDefault);
    }

    public void redisParameter(RedisParameters p, String value) {
        redisParameters.put(p, value);
    }

    /** SLOWLOG ({@code slowlog-log-slower-than}, {@code slowlog-max-len}). */
    public SlowLog slowLog() {
        return slowLog;
    }

    /** Keyspace notifications ({@code notify-keyspace-events}). */
    public KeyspaceNotifier notifier() {
        return notifier;
    }

    /** The script cache and the Lua environment EVAL and EVALSHA run in. */
    public ScriptEngine scripts() {
        return scripts;
    }

    void dispatcher(Dispatcher d) {
        this.dispatcher = d;
    }

    public long startMillis() {
        return startMillis;
    }

    public int port() {
        return boundPort;
    }

    void port(int port) {
        this.boundPort = port;
    }

    public RandomGenerator random() {
        return new SplittableRandom(System.nanoTime());
    }

    // ---------------------------------------------------------------- run-time settings

    public String requirepass() {
        return requirepass;
    }

    /** CONFIG SET requirepass: also the default user's one password (none: nopass), as in Redis. */
    public void requirepass(String v) {
        requirepass = v;
        acl.defaultPassword(v);
    }

    /** The ACL users, the ACL log and the aclfile. */
    public io.cairn.server.acl.Acl acl() {
        return acl;
    }

    public int maxclients() {
        return maxclients;
    }

    public void maxclients(int v) {
        maxclients = v;
    }

    public long timeoutSeconds() {
        return timeoutSeconds;
    }

    public void timeoutSeconds(long v) {
        timeoutSeconds = v;
    }

    /** {@code busy-reply-threshold} ({@code lua-time-limit}): milliseconds a script runs before others get BUSY. */
    public long busyReplyThreshold() {
        return busyReplyThreshold;
    }

    public void busyReplyThreshold(long millis) {
        busyReplyThreshold = millis;
    }

    /** {@code client-output-buffer-limit} now (CONFIG SET changes it). */
    public OutputBufferLimits outputBufferLimits() {
        return outputBufferLimits;
    }

    public void outputBufferLimits(OutputBufferLimits v) {
        outputBufferLimits = v;
    }

    /**
     * {@code hll-sparse-max-bytes}: the largest sparse HyperLogLog before it turns dense, as the
     * store's {@link io.cairn.storage.engine.Encodings} hold it now (CONFIG SET changes it there).
     */
    public long hllSparseMaxBytes() {
        return store.encodings().hllSparseMaxBytes();
    }

    // ---------------------------------------------------------------- sessions

    public Session newSession(io.netty.channel.Channel channel) {
        Session s = new Session(nextSessionId.getAndIncrement(), channel, System.currentTimeMillis(),
                !acl.authRequired());
        s.user(acl.defaultUser());
        sessions.put(s.id(), s);
        return s;
    }

    public void sessionClosed(Session s) {
        sessions.remove(s.id());
        watches.unwatchAll(s);
        blocked.cancel(s);
        pubsub.dropAll(s.subscriptions());
        tracking.disable(s);
        monitors.remove(s);
    }

    /** Client-side caching: who tracks which keys, and the invalidations (CLIENT TRACKING). */
    public ClientTracking tracking() {
        return tracking;
    }

    /** CLIENT PAUSE's state. */
    public ClientPause pause() {
        return pause;
    }

    /** The clients in MONITOR mode, and the feeding of them. */
    public Monitors monitors() {
        return monitors;
    }

    /** Who is subscribed to which channels and patterns, and the fan-out of PUBLISH. */
    public SubscriptionRegistry pubsub() {
        return pubsub;
    }

    /** The clients waiting in blocking commands (BLPOP ...), and the serving of them after writes. */
    public BlockedClients blocked() {
        return blocked;
    }

    public Collection<Session> sessions() {
        return sessions.values();
    }

    public Session session(long id) {
        return sessions.get(id);
    }

    public int sessionCount() {
        return sessions.size();
    }

    // ---------------------------------------------------------------- SCAN and WATCH

    public long issueCursor(byte[] lastKey) {
        return cursors.issue(lastKey);
    }

    public byte[] resumeCursor(long cursor) {
        return cursors.resume(cursor);
    }

    /** Registers a WATCH; call under the store's lock (inside a query) so no write slips between. */
    public void watch(Session s, int db, byte[] key) {
        watches.watch(s, db, key);
    }

    /**
     * Before FLUSHDB (all false) or FLUSHALL (all true), inside its transaction: marks watchers of
     * keys that exist (Redis's rule).
     */
    public void beforeFlush(io.cairn.storage.engine.Txn t, boolean all) {
        int selected = t.db();
        watches.beforeDatabaseChange(db -> all || db == selected, (db, key) -> exists(t, db, key));
        t.select(selected);
    }

    /** Before SWAPDB a b, inside its transaction: marks watchers of keys that exist in either database. */
    public void beforeSwap(io.cairn.storage.engine.Txn t, int a, int b) {
        int selected = t.db();
        watches.beforeDatabaseChange(db -> db == a || db == b,
                (db, key) -> exists(t, a, key) || exists(t, b, key));
        t.select(selected);
    }

    private static boolean exists(io.cairn.storage.engine.Txn t, int db, byte[] key) {
        t.select(db);
        return t.exists(key);
    }

    public void unwatchAll(Session s) {
        watches.unwatchAll(s);
    }

    /**
     * Stops the server from another thread: closes the listener and the connections, takes a
     * checkpoint when {@code save} and anything changed, flushes the log and closes the store.
     */
    public void shutdown(boolean save) {
        shutdown.accept(save);
    }
}
