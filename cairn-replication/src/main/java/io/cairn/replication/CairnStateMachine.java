package io.cairn.replication;

import io.cairn.storage.engine.Store;
import java.util.Collection;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.proto.RaftProtos.RaftConfigurationProto;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftGroupMemberId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.statemachine.TransactionContext;
import org.apache.ratis.statemachine.impl.BaseStateMachine;

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
    private final RaftReplicaGroup group;
    private volatile Store store;

    CairnStateMachine(RaftReplicaGroup group) {
        this.group = group;
    }

    void store(Store store) {
        this.store = store;
    }

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
