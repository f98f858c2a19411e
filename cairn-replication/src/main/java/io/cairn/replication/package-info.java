/**
 * Replication on Apache Ratis: {@code RaftReplicaGroup} is one copy's membership of a group and the
 * log of record of its store ({@link io.cairn.storage.engine.ReplicaGroup}); {@code
 * CairnStateMachine} applies the committed entries ({@code EntryCodec}: the store's batches of one
 * proposal and who proposed them) through the store's one apply path. The only package that
 * imports {@code org.apache.ratis}; the server finds it through {@code RaftProvider} with
 * {@code ServiceLoader}.
 */
package io.cairn.replication;
