package io.cairn.server;

import java.util.concurrent.CompletableFuture;
import io.cairn.resp.RespValue;
import io.cairn.server.command.pubsub.ClientSubscriptions;
import io.cairn.server.command.tracking.TrackingState;
import java.util.function.Consumer;
import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One client connection's state: identity, protocol version, authentication, the MULTI
 * queue and WATCHed keys, and its pub/sub subscriptions. Used by the connection's event-loop thread only, except
 * {@link #markWatchedKeyChanged()}, which the change stream calls from any thread.
 */
public final class Session {
    private final long id;
    private final Channel channel;
    private final long createdMillis;
    private volatile String name = "";
    private volatile int protocol = 2;
    private volatile boolean authenticated;
    /** The ACL user it runs as; null for the server's own sessions, which may run anything. */
    private volatile io.cairn.server.acl.AclUser user;
    private volatile long lastCommandMillis;
    private volatile String lastCommand = "NULL";
    private volatile String libName = "";
    private volatile String libVersion = "";
    private volatile int db;
    private volatile CompletableFuture<?> pendingScript;

    private List<byte[][]> multiQueue;
    private boolean multiError;
    private final Set<WatchRegistry.Watched> watched = new HashSet<>();
    private volatile boolean watchedKeyChanged;
    private boolean executingQueued;
    private final ClientSubscriptions subscriptions = new ClientSubscriptions();
    private final TrackingState tracking = new TrackingState();
    private volatile Consumer<RespValue> pushes = v -> {
    };
    private volatile boolean monitoring;
    private volatile boolean postponed;
    /** READONLY: reads may run on a replica that follows, answered from its possibly stale copy. */
    private volatile boolean replicaReads;
    // CLIENT REPLY: event loop only
    private boolean replyOff;
    private boolean skipThisReply;
    private boolean skipNextReply;

    public Session(long id, Channel channel, long now, boolean authenticated) {
        this.id = id;
        this.channel = channel;
        this.createdMillis = now;
        this.lastCommandMillis = now;
        this.authenticated = authenticated;
    }

    /** Whether READONLY let this connection read a follower's copy (READWRITE and RESET end it). */
    public boolean replicaReads() {
        return replicaReads;
    }

    public void replicaReads(boolean on) {
        replicaReads = on;
    }

    public long id() {
        return id;
    }

    public Channel channel() {
        return channel;
    }

    public String name() {
        return name;
    }

    public void name(String name) {
        this.name = name;
    }

    /** The selected database (SELECT). */
    public int db() {
        return db;
    }

    public void db(int db) {
        this.db = db;
    }

    public int protocol() {
        return protocol;
    }

    public void protocol(int protocol) {
        this.protocol = protocol;
    }

    public boolean authenticated() {
        return authenticated;
    }

    public void authenticated(boolean v) {
        this.authenticated = v;
    }

    /** The ACL user its commands run as, or null (no checks: the server's own sessions). */
    public io.cairn.server.acl.AclUser user() {
        return user;
    }

    public void user(io.cairn.server.acl.AclUser u) {
        this.user = u;
    }

    /** The user's name as CLIENT LIST and the ACL log show it. */
    public String userName() {
        io.cairn.server.acl.AclUser u = user;
        return u == null ? "default" : u.name();
    }

    public long createdMillis() {
        return createdMillis;
    }

    public long lastCommandMillis() {
        return lastCommandMillis;
    }

    public String lastCommand() {
        return lastCommand;
    }

    public void touched(String command, long now) {
        this.lastCommand = command;
        this.lastCommandMillis = now;
    }

    public void libInfo(String name, String version) {
        if (name != null) {
            this.libName = name;
        }
        if (version != null) {
            this.libVersion = version;
        }
    }

    public String libName() {
        return libName;
    }

    public String libVersion() {
        return libVersion;
    }

    // ----------------------------------------------------------------- MULTI / WATCH

    public boolean inMulti() {
        return multiQueue != null;
    }

    public void beginMulti() {
        multiQueue = new ArrayList<>();
        multiError = false;
    }

    public void queue(byte[][] args) {
        multiQueue.add(args);
    }

    public void flagMultiError() {
        multiError = true;
    }

    public boolean multiError() {
        return multiError;
    }

    /** The last script this connection sent to the script thread: done once it ran (null if none). */
    public CompletableFuture<?> pendingScript() {
        return pendingScript;
    }

    public void pendingScript(CompletableFuture<?> ran) {
        pendingScript = ran;
    }

    /** Whether a command queued since MULTI is one {@code test} picks (EXEC of a queue with a script runs off the event loop). */
    public boolean queuedAny(java.util.function.Predicate<byte[][]> test) {
        List<byte[][]> q = multiQueue;
        return q != null && q.stream().anyMatch(test);
    }

    /** Ends MULTI and returns the queued commands. */
    public List<byte[][]> endMulti() {
        List<byte[][]> q = multiQueue;
        multiQueue = null;
        multiError = false;
        return q == null ? List.of() : q;
    }

    Set<WatchRegistry.Watched> watched() {
        return watched;
    }

    public boolean watchedKeyChanged() {
        return watchedKeyChanged;
    }

    /** Called (from any thread) when a watched key was written. */
    public void markWatchedKeyChanged() {
        watchedKeyChanged = true;
    }

    public void clearWatchState() {
        watched.clear();
        watchedKeyChanged = false;
    }

    private volatile boolean closeAfterReply;

    /** Asks the connection to close once this command's reply is written (QUIT). */
    public void closeAfterReply() {
        closeAfterReply = true;
    }

    public boolean shouldCloseAfterReply() {
        return closeAfterReply;
    }

    /** Whether EXEC is running this client's queued commands now (Redis's "deny blocking" state). */
    public boolean executingQueued() {
        return executingQueued;
    }

    public void executingQueued(boolean v) {
        executingQueued = v;
    }

    // ----------------------------------------------------------------- pub/sub

    /** The client's channels, patterns and shard channels (SUBSCRIBE ...), and where its messages go. */
    public ClientSubscriptions subscriptions() {
        return subscriptions;
    }

    public String multiState() {
        return multiQueue == null ? "-1" : Integer.toString(multiQueue.size());
    }

    // ----------------------------------------------------------------- pushes, tracking, MONITOR, CLIENT REPLY

    /**
     * Sends the server's own pushes for this client (invalidations, MONITOR lines) to {@code sink}:
     * its connection, which takes them from any thread without waiting and writes them on its event
     * loop after whatever it is writing now.
     */
    public void pushesTo(Consumer<RespValue> sink) {
        this.pushes = sink;
    }

    /** Hands one push to this client's connection, from any thread, without waiting. */
    public void push(RespValue message) {
        pushes.accept(message);
    }

    /** CLIENT TRACKING's state of this client. */
    public TrackingState tracking() {
        return tracking;
    }

    /** Whether this client ran MONITOR (Redis's monitor client). */
    public boolean monitoring() {
        return monitoring;
    }

    public void monitoring(boolean v) {
        monitoring = v;
    }

    /** Whether a command of this client is held by CLIENT PAUSE now. */
    public boolean postponed() {
        return postponed;
    }

    public void postponed(boolean v) {
        postponed = v;
    }

    /** CLIENT REPLY ON (true) or OFF (false). */
    public void replies(boolean on) {
        replyOff = !on;
        if (on) {
            skipThisReply = false;
            skipNextReply = false;
        }
    }

    /** CLIENT REPLY SKIP: no reply to it nor to the next command (nothing changes while replies are off). */
    public void skipReplies() {
        if (!replyOff) {
            skipThisReply = true;
            skipNextReply = true;
        }
    }

    /** This command gets no reply (MONITOR called twice, as in Redis). */
    public void skipThisReply() {
        skipThisReply = true;
    }

    /**
     * Called once after each command ran: whether its reply is dropped (CLIENT REPLY OFF, or SKIP
     * just before), as Redis's {@code resetClient} moves the skip flags on.
     */
    public boolean replySilenced() {
        boolean silenced = replyOff || skipThisReply;
        skipThisReply = skipNextReply;
        skipNextReply = false;
        return silenced;
    }
}
