package io.cairn.replication;

import io.cairn.storage.engine.ReplicaGroup;

/** The {@link ReplicaGroup.Provider} the server finds with {@code ServiceLoader}: groups on Apache Ratis. */
public final class RaftProvider implements ReplicaGroup.Provider {
    @Override
    public ReplicaGroup create(ReplicaGroup.Settings settings) {
        return new RaftReplicaGroup(settings);
    }
}
