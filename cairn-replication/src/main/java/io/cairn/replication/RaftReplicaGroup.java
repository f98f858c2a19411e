package io.cairn.replication;

import io.cairn.common.CairnException;
import io.cairn.common.NotLeaderException;
import io.cairn.common.StorageIOException;
import io.cairn.storage.engine.ReplicaGroup;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.WalMode;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.ratis.RaftConfigKeys;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.grpc.GrpcConfigKeys;
import org.apache.ratis.proto.RaftProtos.RaftPeerRole;
import org.apache.ratis.proto.RaftProtos.RoleInfoProto;
import org.apache.ratis.proto.RaftProtos.ServerRpcProto;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftClientRequest;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.rpc.SupportedRpcType;
import org.apache.ratis.server.DivisionInfo;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.apache.ratis.util.SizeInBytes;
import org.apache.ratis.util.TimeDuration;

/*
 * ============================================================================================
 * One copy of a Cairn group on Apache Ratis (gRPC transport).
 *
 *   leader:   Store.execute --lock--> Txn applies the batch --> append(lsn, batch)  [queued]
 *             proposer thread: every batch queued meanwhile --> one Raft entry (group commit)
 *                 --> RaftServer.submitClientRequestAsync to this very server (never forwarded:
 *                     this copy already applied the batches, so only its own log may order them)
 *                 --> committed by a majority, applied (skipped: the entry is this incarnation's)
 *                 --> each batch's future completes, in order: the replies leave
 *   follower: Ratis apply thread --> CairnStateMachine --> Store.applyReplicated (the one apply path)
 *
 * A copy that ran writes the group did not take (a proposal failed, or it stepped down with
 * proposals outstanding, or an entry of another proposer arrived first) is "diverged": it
 * refuses everything, and a rebuild closes its Ratis server, empties the store, takes a new
 * incarnation and starts the server again, which applies the whole log (slice 1 keeps no
 * snapshot; see docs/ARCHITECTURE.md).
 * ============================================================================================
 */

/** A copy of a replicated group on Apache Ratis: see the comment above. Thread-safe. */
final class RaftReplicaGroup implements ReplicaGroup {
    private static final System.Logger LOG = System.getLogger(RaftReplicaGroup.class.getName());
    /** Every Cairn group has this id; a directory holding another group's log is refused. */
    static final RaftGroupId GROUP_ID = RaftGroupId.valueOf(UUID.nameUUIDFromBytes("cairn".getBytes(StandardCharsets.UTF_8)));
    private static final int MAX_ENTRY_BYTES = 4 << 20;
    /**
     * Ratis logs every election at INFO and every failed connection to a stopped peer as a warning
     * with its stack (through SLF4J to java.util.logging): only its errors, and this class logs the
     * leader changes. Held so the setting stays.
     */
    private static final java.util.logging.Logger RATIS_LOG = java.util.logging.Logger.getLogger("org.apache.ratis");

    static {
        if (System.getProperty("java.util.logging.config.file") == null) {
            RATIS_LOG.setLevel(java.util.logging.Level.parse(System.getProperty("cairn.raft.log", "SEVERE")));
        }
        // Ratis's own (relocated) Netty would warn on Java 25 that it calls sun.misc.Unsafe; its Raft
        // traffic does not need it. Set before any of its classes load.
        if (System.getProperty("org.apache.ratis.thirdparty.io.netty.noUnsafe") == null) {
            System.setProperty("org.apache.ratis.thirdparty.io.netty.noUnsafe", "true");
        }
    }
    /** Entries proposed and not yet committed: few, so what arrives meanwhile groups into the next entry. */
    private static final int MAX_IN_FLIGHT = 2;

    private final Settings settings;
    private final RaftPeerId selfId;
    private final RaftGroup raftGroup;
    private final RaftProperties properties;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("cairn-raft-timer").daemon(true).factory());
    private final Thread proposerThread;
    private final AtomicLong callIds = new AtomicLong();

    private volatile Store store;
    private volatile RaftServer server;
    /** This server's division of the group, looked up once per start: asked on every command (writable). */
    private volatile RaftServer.Division division;
    private volatile CairnStateMachine stateMachine;
    private volatile UUID incarnation = UUID.randomUUID();
    private volatile ClientId clientId = ClientId.randomId();
    /** The term whose entry this copy applied last while leading it; writes need it to be the current one. */
    private volatile long readyTerm = -1;
    private volatile long lastAppliedIndex = -1;
    private volatile long snapshotIndex = -1;
    private volatile org.apache.ratis.server.protocol.TermIndex preloaded;
    private volatile RaftPeerId leaderId;
    /** The last leader this copy knew of (not reset while none is known), for +switch-master's "from". */
    private volatile RaftPeerId lastKnownLeader;
    private final List<java.util.function.BiConsumer<Member, Member>> leaderListeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile String divergence;
    private volatile boolean closed;

    // Guarded by this: batches waiting for the proposer, and proposals waiting for their commit.
    private final ArrayDeque<Batch> queued = new ArrayDeque<>();
    private final ArrayDeque<Proposal> inFlight = new ArrayDeque<>();
    /** Futures of the batches not yet committed, by LSN. */
    private final ConcurrentSkipListMap<Long, CompletableFuture<Void>> uncommitted = new ConcurrentSkipListMap<>();
    private volatile long committedLsn;

    private final ReadRounds reads = new ReadRounds(this::readIndexRound, () -> new NotLeaderException(leaderAddress()));
    private final ClientId readClientId = ClientId.randomId();

    private record Batch(long lsn, byte[] bytes, CompletableFuture<Void> done) {
    }

    private record Proposal(List<Batch> batches, CompletableFuture<RaftClientReply> reply) {
    }

    RaftReplicaGroup(Settings settings) {
        this.settings = settings;
        this.selfId = RaftPeerId.valueOf(settings.nodeId());
        List<RaftPeer> peers = new ArrayList<>();
        for (Member m : settings.members()) {
            peers.add(RaftPeer.newBuilder().setId(m.id()).setAddress(m.host() + ":" + m.raftPort())
                    .setClientAddress(m.clientAddress()).build());
        }
        this.raftGroup = RaftGroup.valueOf(GROUP_ID, peers);
        this.properties = properties(settings);
        this.proposerThread = Thread.ofPlatform().name("cairn-raft-proposer").daemon(true).unstarted(this::proposeLoop);
    }

    private static RaftProperties properties(Settings s) {
        RaftProperties p = new RaftProperties();
        // gRPC: it pipelines appends to each follower and serves ReadIndex between servers (Ratis's
        // Netty transport does one request at a time per connection and neither).
        RaftConfigKeys.Rpc.setType(p, SupportedRpcType.GRPC);
        Member self = s.self();
        GrpcConfigKeys.Server.setHost(p, self.host());
        GrpcConfigKeys.Server.setPort(p, self.raftPort());
        RaftServerConfigKeys.setStorageDir(p, List.of(s.dir().toFile()));
        RaftServerConfigKeys.Rpc.setTimeoutMin(p, TimeDuration.valueOf(600, TimeUnit.MILLISECONDS));
        RaftServerConfigKeys.Rpc.setTimeoutMax(p, TimeDuration.valueOf(1200, TimeUnit.MILLISECONDS));
        RaftServerConfigKeys.Rpc.setRequestTimeout(p, TimeDuration.valueOf(3, TimeUnit.SECONDS));
        RaftServerConfigKeys.Read.setOption(p, RaftServerConfigKeys.Read.Option.LINEARIZABLE);
        RaftServerConfigKeys.Log.setSegmentSizeMax(p, SizeInBytes.valueOf(s.logSegmentBytes()));
        RaftServerConfigKeys.Log.setPurgeUptoSnapshotIndex(p, true);
        RaftServerConfigKeys.Log.setPurgeGap(p, 1);
        // wal=fsync: an entry counts toward the majority once synced; write/none: once written.
        RaftServerConfigKeys.Log.setUnsafeFlushEnabled(p, s.walMode() != WalMode.FSYNC);
        RaftServerConfigKeys.Snapshot.setAutoTriggerEnabled(p, true);
        RaftServerConfigKeys.Snapshot.setAutoTriggerThreshold(p, s.snapshotEntries());
        RaftServerConfigKeys.Snapshot.setCreationGap(p, 1);
        // Not when the server stops: a copy rebuilding stops its server with a store the group may not have.
        RaftServerConfigKeys.Snapshot.setTriggerWhenStopEnabled(p, false);
        return p;
    }

    UUID incarnation() {
        return incarnation;
    }

    /** The snapshot {@link #recover} loaded before the server started, or null. */
    org.apache.ratis.server.protocol.TermIndex preloaded() {
        return preloaded;
    }

    void snapshotTaken(long index) {
        snapshotIndex = index;
    }

    /** A snapshot from the leader replaced this copy's state. */
    void snapshotInstalled(org.apache.ratis.server.protocol.TermIndex at) {
        snapshotIndex = at.getIndex();
        LOG.log(Level.INFO, "node " + settings.nodeId() + " installed the leader's snapshot at " + at);
    }

    /** The first index the log still holds (after purges), for tests. */
    long logStartIndex() {
        try {
            return division.getRaftLog().getStartIndex();
        } catch (RuntimeException e) {
            throw new IllegalStateException("no raft log", e);
        }
    }

    long snapshotIndex() {
        return snapshotIndex;
    }

    @Override
    public void recover(Store store) {
        try {
            GroupDirectory.checkGroupFile(settings);
        } catch (IOException e) {
            throw new StorageIOException("cannot read or write " + settings.dir().resolve("cairn-group"), e);
        }
        GroupDirectory.Snapshot newest = GroupDirectory.newestSnapshot(settings.dir().resolve(GROUP_ID.getUuid().toString()).resolve("sm"));
        if (newest == null) {
            return;
        }
        store.loadReplicaSnapshot(newest.file());
        preloaded = newest.at();
        snapshotIndex = newest.at().getIndex();
    }

    // ------------------------------------------------------------------ lifecycle

    /** After {@link #recover}, which checked this directory's {@code cairn-group}. */
    @Override
    public void start(Store store) {
        this.store = store;
        try {
            Files.createDirectories(settings.dir());
            startServer();
        } catch (IOException e) {
            throw new StorageIOException("cannot start the raft server in " + settings.dir(), e);
        }
        proposerThread.start();
    }

    private void startServer() throws IOException {
        CairnStateMachine sm = new CairnStateMachine(this);
        sm.store(store);
        // RECOVER formats a directory that holds no group yet, and opens the one that does.
        RaftServer s = RaftServer.newBuilder().setServerId(selfId).setGroup(raftGroup).setStateMachine(sm)
                .setProperties(properties).setOption(RaftStorage.StartupOption.RECOVER).build();
        s.start();
        this.stateMachine = sm;
        this.division = s.getDivision(GROUP_ID);
        this.server = s;
    }

    @Override
    public void close() {
        closed = true;
        proposerThread.interrupt();
        timer.shutdownNow();
        reads.close();
        RaftServer s = server;
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                LOG.log(Level.WARNING, "raft server close: " + e);
            }
        }
        failAll(new NotLeaderException(null));
    }

    // ------------------------------------------------------------------ the log of record

    @Override
    public CompletableFuture<Void> append(long lsn, ByteBuffer batch) {
        byte[] bytes = new byte[batch.remaining()];
        batch.duplicate().get(bytes);
        CompletableFuture<Void> done = new CompletableFuture<>();
        uncommitted.put(lsn, done);
        synchronized (this) {
            queued.add(new Batch(lsn, bytes, done));
            notifyAll();
        }
        return done;
    }

    @Override
    public CompletableFuture<Void> whenDurable(long lsn) {
        var e = uncommitted.floorEntry(lsn);
        return e == null ? CompletableFuture.completedFuture(null) : e.getValue();
    }

    @Override
    public CompletableFuture<Void> whenReadable(long lsn) {
        return writable() ? whenDurable(lsn).thenCombine(readBarrier(), (a, b) -> null) : whenDurable(lsn);
    }

    @Override
    public long durableLsn() {
        return committedLsn;
    }

    @Override
    public Throwable failure() {
        if (closed) {
            return new NotLeaderException(null);
        }
        if (divergence != null || !writable()) {
            return new NotLeaderException(leaderAddress());
        }
        return null;
    }

    @Override
    public boolean writable() {
        if (divergence != null || closed) {
            return false;
        }
        DivisionInfo info = info();
        return info != null && info.isLeader() && info.isLeaderReady() && readyTerm == info.getCurrentTerm();
    }

    /** Whether batches of this copy wait for their commit (or to be proposed). */
    synchronized boolean hasOutstandingProposals() {
        return !queued.isEmpty() || !inFlight.isEmpty();
    }

    /**
     * Whether the store holds exactly what the log applied, as a snapshot must: no batch of this
     * copy waits for its commit, and the copy is not diverged (a rebuild empties those queues first).
     */
    boolean storeMatchesLog() {
        return divergence == null && !hasOutstandingProposals();
    }

    private void proposeLoop() {
        while (!closed) {
            List<Batch> batches = new ArrayList<>();
            UUID proposer;
            Proposal p;
            try {
                synchronized (this) {
                    while (!closed && (queued.isEmpty() || inFlight.size() >= MAX_IN_FLIGHT)) {
                        wait();
                    }
                    int bytes = 0;
                    while (!queued.isEmpty() && (batches.isEmpty() || bytes + queued.peek().bytes().length <= MAX_ENTRY_BYTES)) {
                        Batch b = queued.poll();
                        bytes += b.bytes().length;
                        batches.add(b);
                    }
                    // Taken with the batches, in one step: they were run by this incarnation, and a
                    // rebuild that starts meanwhile finds them in flight and fails them.
                    proposer = incarnation;
                    p = new Proposal(batches, new CompletableFuture<>());
                    inFlight.add(p);
                }
            } catch (InterruptedException e) {
                return;
            }
            propose(proposer, p);
        }
    }

    private void propose(UUID proposer, Proposal p) {
        List<byte[]> payloads = new ArrayList<>(p.batches().size());
        p.batches().forEach(b -> payloads.add(b.bytes()));
        Message message = Message.valueOf(ByteString.copyFrom(EntryCodec.encode(proposer, payloads)));
        RaftClientRequest request = RaftClientRequest.newBuilder().setClientId(clientId).setServerId(selfId)
                .setGroupId(GROUP_ID).setCallId(callIds.incrementAndGet()).setMessage(message)
                .setType(RaftClientRequest.writeRequestType()).build();
        CompletableFuture<RaftClientReply> reply;
        RaftServer s = server;
        try {
            // Submitted one after another from this one thread, so the log takes them in LSN order.
            reply = s == null ? CompletableFuture.failedFuture(new NotLeaderException(null)) : s.submitClientRequestAsync(request);
        } catch (IOException | RuntimeException e) {
            reply = CompletableFuture.failedFuture(e);
        }
        reply.whenComplete((r, e) -> {
            if (e != null) {
                p.reply().completeExceptionally(e);
            } else {
                p.reply().complete(r);
            }
            completeInOrder();
        });
    }

    /** Completes the batches of the proposals at the head whose replies came, in proposal order. */
    private void completeInOrder() {
        List<Batch> ok = new ArrayList<>();
        Throwable failed = null;
        synchronized (this) {
            while (!inFlight.isEmpty() && inFlight.peek().reply().isDone()) {
                Proposal p = inFlight.poll();
                RaftClientReply r = p.reply().isCompletedExceptionally() ? null : p.reply().resultNow();
                if (r != null && r.isSuccess()) {
                    ok.addAll(p.batches());
                } else {
                    failed = r == null ? p.reply().exceptionNow() : r.getException();
                    inFlight.addFirst(p);
                    break;
                }
            }
            notifyAll();
        }
        for (Batch b : ok) {
            committedLsn = Math.max(committedLsn, b.lsn());
            uncommitted.remove(b.lsn());
            b.done().complete(null);
        }
        if (failed != null) {
            diverged("a proposal failed: " + failed);
        }
    }

    /**
     * Fails every batch not committed yet: those never proposed with {@code why} (they are in no
     * log, so a READONLY reply is true), those proposed with {@link #outcomeUnknown}: their entry may
     * have reached a majority, and a later leader then commits it, so the reply must not say
     * "not applied" (the replication fault suite's pause-leader scenario saw such writes present).
     */
    private void failAll(RuntimeException why) {
        List<Batch>[] drained;
        synchronized (this) {
            drained = drain();
        }
        fail(drained, why);
    }

    /** Under this: takes every batch waiting, {proposed, never proposed}. */
    @SuppressWarnings("unchecked")
    private List<Batch>[] drain() {
        List<Batch> proposed = new ArrayList<>();
        for (Proposal p : inFlight) {
            proposed.addAll(p.batches());
        }
        inFlight.clear();
        List<Batch> never = new ArrayList<>(queued);
        queued.clear();
        notifyAll();
        return new List[] {proposed, never};
    }

    private void fail(List<Batch>[] drained, RuntimeException why) {
        for (Batch b : drained[0]) {
            uncommitted.remove(b.lsn());
            b.done().completeExceptionally(outcomeUnknown());
        }
        for (Batch b : drained[1]) {
            uncommitted.remove(b.lsn());
            b.done().completeExceptionally(why);
        }
    }

    /** The failure of a batch whose entry was proposed and not seen committed: it may still be. */
    private static CairnException outcomeUnknown() {
        return new CairnException("the write's outcome is unknown: this node stopped leading before the group"
                + " committed it, and a later leader may still apply it");
    }

    // ------------------------------------------------------------------ divergence and rebuild

    /** This copy's store holds writes the group may not have: refuse everything and rebuild it. */
    void diverged(String why) {
        synchronized (this) {
            if (divergence != null || closed) {
                return;
            }
            divergence = why;
        }
        LOG.log(Level.WARNING, "node " + settings.nodeId() + " rebuilds its store from the group's log: " + why);
        Thread.ofPlatform().name("cairn-raft-rebuild").daemon(true).start(this::rebuild);
    }

    private void rebuild() {
        try {
            RaftServer old = server;
            server = null;
            division = null;
            old.close();
            // Under the store's lock (appends are made under it): no batch run on the old state can
            // be queued after the drain and proposed under the new incarnation, whose entries this
            // copy skips as its own.
            List<Batch>[][] drained = new List[1][];
            store.clearReplica(() -> {
                synchronized (this) {
                    drained[0] = drain();
                    incarnation = UUID.randomUUID();
                    clientId = ClientId.randomId();
                    readyTerm = -1;
                }
            });
            fail(drained[0], new NotLeaderException(leaderAddress()));
            preloaded = null;
            if (closed) {
                return;
            }
            recover(store); // the newest snapshot, then the log after it
            startServer();
            divergence = null;
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.ERROR, "node " + settings.nodeId() + " cannot rebuild its store", e);
        }
    }

    // ------------------------------------------------------------------ state machine callbacks

    /** An entry (of any kind) was applied; under Ratis's apply thread. */
    void applied(long term, long index) {
        lastAppliedIndex = index;
        DivisionInfo info = info();
        if (info != null && info.isLeader() && term == info.getCurrentTerm()) {
            readyTerm = term;
        }
    }

    @Override
    public void onLeaderChange(java.util.function.BiConsumer<Member, Member> listener) {
        leaderListeners.add(listener);
    }

    void leaderChanged(RaftPeerId leader) {
        if (leader != null && !leader.equals(lastKnownLeader)) {
            LOG.log(Level.INFO, "node " + settings.nodeId() + ": the leader is " + leader);
            Member from = member(lastKnownLeader);
            Member to = member(leader);
            lastKnownLeader = leader;
            for (var l : leaderListeners) {
                try {
                    l.accept(from, to);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "leader change listener failed", e);
                }
            }
        }
        leaderId = leader;
        if (leader == null || !leader.equals(selfId)) {
            if (hasOutstandingProposals()) {
                diverged("leadership moved to " + leader + " with proposals outstanding");
            }
        }
    }

    // ------------------------------------------------------------------ reads and WAIT

    @Override
    public CompletableFuture<Void> readBarrier() {
        return reads.next();
    }

    /** One ReadIndex request to this server: true once the group's leader confirmed it and it was applied here. */
    private CompletableFuture<Boolean> readIndexRound() {
        RaftServer s = server;
        if (s == null) {
            return CompletableFuture.completedFuture(false);
        }
        RaftClientRequest request = RaftClientRequest.newBuilder().setClientId(readClientId).setServerId(selfId)
                .setGroupId(GROUP_ID).setCallId(callIds.incrementAndGet()).setMessage(Message.EMPTY)
                .setType(RaftClientRequest.readRequestType()).build();
        try {
            return s.submitClientRequestAsync(request).thenApply(RaftClientReply::isSuccess);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletableFuture<Integer> waitForReplicas(int replicas, long timeoutMillis) {
        CompletableFuture<Integer> answer = new CompletableFuture<>();
        DivisionInfo info = info();
        if (info == null || !info.isLeader()) {
            answer.complete(0);
            return answer;
        }
        long target = lastAppliedIndex;
        long deadline = timeoutMillis == 0 ? Long.MAX_VALUE : System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        Runnable[] check = new Runnable[1];
        check[0] = () -> {
            int count = replicasAt(target);
            if (count >= replicas || System.nanoTime() >= deadline || closed) {
                answer.complete(count);
            } else {
                timer.schedule(check[0], 5, TimeUnit.MILLISECONDS);
            }
        };
        check[0].run();
        return answer;
    }

    private int replicasAt(long index) {
        DivisionInfo info = info();
        if (info == null || !info.isLeader()) {
            return 0;
        }
        int count = 0;
        for (long match : info.getFollowerMatchIndices()) {
            if (match >= index) {
                count++;
            }
        }
        return count;
    }

    // ------------------------------------------------------------------ status

    private String leaderAddress() {
        Member m = member(leaderId);
        return m == null ? null : m.clientAddress();
    }

    private Member member(RaftPeerId id) {
        if (id == null) {
            return null;
        }
        for (Member m : settings.members()) {
            if (m.id().equals(id.toString())) {
                return m;
            }
        }
        return null;
    }

    /** The division's view of the group, or null while the server is stopped (rebuilding, closed). */
    private DivisionInfo info() {
        RaftServer.Division d = division;
        return d == null ? null : d.getInfo();
    }

    @Override
    public Status status() {
        DivisionInfo info = info();
        Member self = settings.self();
        if (info == null) {
            return new Status(self, "starting", null, 0, 0, lastAppliedIndex, settings.members(), List.of());
        }
        RaftPeerRole role = info.getCurrentRole();
        String name = switch (role) {
            case LEADER -> "leader";
            case FOLLOWER -> "follower";
            case CANDIDATE -> "candidate";
            default -> role.name().toLowerCase(java.util.Locale.ROOT);
        };
        RaftServer.Division d = division;
        long commit = d == null ? 0 : d.getRaftLog().getLastCommittedIndex();
        List<Follower> followers = new ArrayList<>();
        if (info.isLeader()) {
            RoleInfoProto roleInfo = info.getRoleInfoProto();
            long[] matches = info.getFollowerMatchIndices();
            List<ServerRpcProto> rpcs = roleInfo.getLeaderInfo().getFollowerInfoList();
            for (int i = 0; i < rpcs.size() && i < matches.length; i++) {
                Member m = member(RaftPeerId.valueOf(rpcs.get(i).getId().getId()));
                if (m != null) {
                    followers.add(new Follower(m, matches[i], rpcs.get(i).getLastRpcElapsedTimeMs()));
                }
            }
        }
        Member leader = member(info.getLeaderId());
        return new Status(self, name, leader, info.getCurrentTerm(), commit, info.getLastAppliedIndex(),
                settings.members(), followers);
    }
}
