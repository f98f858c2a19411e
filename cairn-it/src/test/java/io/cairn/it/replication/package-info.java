/**
 * The replication fault suite, after Jepsen: {@link io.cairn.it.replication.ReplicaCluster} runs a
 * group of {@code cairn server} child JVMs and injects SIGKILL, SIGSTOP/SIGCONT and wiped restarts;
 * {@link io.cairn.it.replication.LeaderFollowingClient} records each client op in a testkit
 * {@code History}; {@link io.cairn.it.replication.FaultScenario} runs a {@link io.cairn.it.replication.Workload}
 * beside one {@link io.cairn.it.replication.Nemesis} and checks the history. Talks to the nodes
 * over the Redis protocol only; imports nothing of cairn-replication.
 */
package io.cairn.it.replication;
