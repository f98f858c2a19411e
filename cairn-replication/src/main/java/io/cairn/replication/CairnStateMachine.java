package io.cairn.replication;

import io.cairn.storage.engine.ReadView;
import io.cairn.storage.engine.Store;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.proto.RaftProtos.RaftConfigurationProto;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftGroupMemberId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.io.MD5Hash;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.raftlog.RaftLog;
import org.apache.ratis.server.storage.FileInfo;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.statemachine.SnapshotRetentionPolicy;
import org.apache.ratis.statemachine.StateMachineStorage;
import org.apache.ratis.statemachine.TransactionContext;
import org.apache.ratis.statemachine.impl.BaseStateMachine;
import org.apache.ratis.statemachine.impl.SimpleStateMachineStorage;
import org.apache.ratis.statemachine.impl.SingleFileSnapshotInfo;
import org.apache.ratis.util.LifeCycle;
import org.apache.ratis.util.MD5FileUtil;

/**
 * The Ratis state machine of one copy: applies each committed entry's store batches through
 * {@link Store#applyReplicated}, the store's one apply path, unless this copy ran them itself
 * (the entry names the incarnation that proposed it; the leader applied its batches as it ran
 * them, before proposing). Entries are applied one at a time in log order on Ratis's apply thread.
 *
 * <p>It tells its {@link RaftReplicaGroup} when an entry of the current term has been applied
 * (from then on a leader has applied everything committed before it, and may take writes), when
 * leadership moves, and when an entry of another proposer arrives while this copy still has
 * proposals of its own outstanding (its store then holds writes the group did not take: it must
 * be rebuilt).
 */
final class CairnStateMachine extends BaseStateMachine {
    private static final System.Logger LOG = System.getLogger(CairnStateMachine.class.getName());
    /** Snapshots kept: the newest, and the one before it while a follower may still be installing it. */
    private static final SnapshotRetentionPolicy KEEP_TWO = new SnapshotRetentionPolicy() {
        @Override
        public int getNumSnapshotsRetained() {
            return 2;
        }
    };

    private final RaftReplicaGroup group;
    private final SimpleStateMachineStorage storage = new SimpleStateMachineStorage();
    private volatile Store store;

    CairnStateMachine(RaftReplicaGroup group) {
        this.group = group;
    }

    void store(Store store) {
        this.store = store;
    }

    // ------------------------------------------------------------------ snapshots

    @Override
    public void initialize(RaftServer server, RaftGroupId groupId, RaftStorage raftStorage) throws IOException {
        super.initialize(server, groupId, raftStorage);
        storage.init(raftStorage);
        getLifeCycle().startAndTransition(() -> {
            SingleFileSnapshotInfo latest = storage.loadLatestSnapshot();
            if (latest != null) {
                TermIndex preloaded = group.preloaded();
                if (preloaded == null || preloaded.getIndex() != latest.getIndex() || preloaded.getTerm() != latest.getTerm()) {
                    store.loadReplicaSnapshot(latest.getFile().getPath());
                }
                setLastAppliedTermIndex(latest.getTermIndex());
            }
        });
    }

    @Override
    public StateMachineStorage getStateMachineStorage() {
        return storage;
    }

    /**
     * Writes the store as it stands after the last applied entry, as the snapshot at that index,
     * and returns the index (Ratis then purges the log before it). On Ratis's apply thread, so no
     * entry is applied meanwhile; on the leader only at a moment when none of its own batches
     * waits for its commit, else the store holds more than the applied entries and this returns
     * the previous snapshot's index (the trigger asks again after the next entries).
     */
    @Override
    public long takeSnapshot() throws IOException {
        TermIndex last = getLastAppliedTermIndex();
        SingleFileSnapshotInfo previous = storage.getLatestSnapshot();
        long previousIndex = previous == null ? RaftLog.INVALID_LOG_INDEX : previous.getIndex();
        if (last == null || last.getIndex() <= previousIndex) {
            return previousIndex;
        }
        Store s = store;
        ReadView view = s.openReplicaView(group::storeMatchesLog);
        if (view == null) {
            return previousIndex;
        }
        long t0 = System.nanoTime();
        Path written;
        try {
            written = s.writeSnapshot(view, storage.getSnapshotFile(last.getTerm(), last.getIndex()).toPath().resolveSibling("tmp"));
        } finally {
            view.close();
        }
        File target = storage.getSnapshotFile(last.getTerm(), last.getIndex());
        Files.move(written, target.toPath(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        MD5Hash md5 = MD5FileUtil.computeAndSaveMd5ForFile(target);
        storage.updateLatestSnapshot(new SingleFileSnapshotInfo(new FileInfo(target.toPath(), md5), last));
        storage.cleanupOldSnapshots(KEEP_TWO);
        LOG.log(System.Logger.Level.INFO, "snapshot at " + last + ": " + target.length() + " bytes in "
                + (System.nanoTime() - t0) / 1_000_000 + " ms");
        group.snapshotTaken(last.getIndex());
        return last.getIndex();
    }

    /** Before a snapshot from the leader is installed in place of this copy's state. */
    @Override
    public void pause() {
        getLifeCycle().transition(LifeCycle.State.PAUSING);
        getLifeCycle().transition(LifeCycle.State.PAUSED);
    }

    /** After a snapshot from the leader was installed: the store becomes that snapshot. */
    @Override
    public void reinitialize() throws IOException {
        SingleFileSnapshotInfo latest = storage.loadLatestSnapshot();
        if (latest != null) {
            store.loadReplicaSnapshot(latest.getFile().getPath());
            setLastAppliedTermIndex(latest.getTermIndex());
            group.snapshotInstalled(latest.getTermIndex());
        }
        getLifeCycle().transition(LifeCycle.State.STARTING);
        getLifeCycle().transition(LifeCycle.State.RUNNING);
    }

    // ------------------------------------------------------------------ entries

    @Override
    public CompletableFuture<Message> applyTransaction(TransactionContext trx) {
        LogEntryProto e = trx.getLogEntry();
        EntryCodec.Entry entry = EntryCodec.decode(
                e.getStateMachineLogEntry().getLogData().asReadOnlyByteBuffer(), e.getIndex());
        UUID self = group.incarnation();
        if (!entry.proposer().equals(self)) {
            Store s = store;
            for (var batch : entry.batches()) {
                // Asked under the store's lock: a write this copy runs (and queues) cannot slip in between.
                if (s.applyReplicated(batch, () -> !group.hasOutstandingProposals()) < 0) {
                    group.diverged("entry " + e.getIndex() + " of another proposer arrived with proposals of this copy outstanding");
                    break; // the rebuild applies the whole log again
                }
            }
        }
        updateLastAppliedTermIndex(e.getTerm(), e.getIndex());
        group.applied(e.getTerm(), e.getIndex());
        return CompletableFuture.completedFuture(Message.EMPTY);
    }

    @Override
    public void notifyTermIndexUpdated(long term, long index) {
        super.notifyTermIndexUpdated(term, index);
        group.applied(term, index);
    }

    @Override
    public void notifyConfigurationChanged(long term, long index, RaftConfigurationProto conf) {
        group.applied(term, index);
    }

    @Override
    public void notifyLeaderChanged(RaftGroupMemberId member, RaftPeerId leader) {
        group.leaderChanged(leader);
    }

    @Override
    public void notifyNotLeader(Collection<TransactionContext> pending) {
        if (!pending.isEmpty()) {
            group.diverged("stepped down with " + pending.size() + " entries not yet committed");
        }
        group.leaderChanged(null);
    }

    /** A linearizable read's barrier: Ratis calls this once this copy applied up to the read index. */
    @Override
    public CompletableFuture<Message> query(Message request) {
        return CompletableFuture.completedFuture(Message.EMPTY);
    }
}
