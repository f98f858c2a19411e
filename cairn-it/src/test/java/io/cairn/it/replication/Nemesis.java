package io.cairn.it.replication;

import io.cairn.it.replication.ReplicaCluster.Node;
import java.time.Duration;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The faults of the suite, after Jepsen's nemeses (no partitions: every node dials the one Raft
 * address of each peer, so a per-link proxy cannot cut one link). Each {@link #inject} picks its
 * target, breaks it, holds the fault a random while, heals it, and waits until the group has a
 * leader and the target has applied what the leader had committed, so faults never pile up.
 */
enum Nemesis {
    /** SIGKILL the leader, keep it down, restart it on its directory. */
    KILL_LEADER("kill-leader", true) {
        @Override
        Fault inject(ReplicaCluster c, RandomGenerator rnd) throws Exception {
            Node target = c.leader(LEADER_TIMEOUT);
            c.kill9(target);
            long at = System.nanoTime(); // after the signal: no op invoked from here on can reach the target
            hold(rnd, 300, 1_500);
            long healed = System.nanoTime();
            c.restart(target);
            return settle(c, target, at, healed);
        }
    },
    /** SIGKILL a follower, keep it down, restart it on its directory. */
    KILL_FOLLOWER("kill-follower", false) {
        @Override
        Fault inject(ReplicaCluster c, RandomGenerator rnd) throws Exception {
            Node target = follower(c, rnd);
            c.kill9(target);
            long at = System.nanoTime(); // after the signal: no op invoked from here on can reach the target
            hold(rnd, 300, 1_500);
            long healed = System.nanoTime();
            c.restart(target);
            return settle(c, target, at, healed);
        }
    },
    /**
     * SIGSTOP the leader past the election timeout (600–1200 ms), SIGCONT it: it wakes a deposed
     * leader with requests in flight. Some pauses are shorter than the clients' socket timeout, so
     * some of those requests are still awaited when it wakes.
     */
    PAUSE_LEADER("pause-leader", true) {
        @Override
        Fault inject(ReplicaCluster c, RandomGenerator rnd) throws Exception {
            Node target = c.leader(LEADER_TIMEOUT);
            c.pause(target);
            long at = System.nanoTime(); // after the signal: no op invoked from here on can reach the target
            hold(rnd, 1_300, 3_000);
            long healed = System.nanoTime();
            c.resume(target);
            return settle(c, target, at, healed);
        }
    },
    /** SIGKILL a follower, delete its directory, start it empty: it must rebuild from the others' log. */
    WIPE_FOLLOWER("wipe-follower", false) {
        @Override
        Fault inject(ReplicaCluster c, RandomGenerator rnd) throws Exception {
            Node target = follower(c, rnd);
            c.kill9(target);
            long at = System.nanoTime(); // after the signal: no op invoked from here on can reach the target
            hold(rnd, 300, 1_000);
            long healed = System.nanoTime();
            c.wipeAndRestart(target);
            return settle(c, target, at, healed);
        }
    };

    /**
     * One injected fault: its target, when the signal had been delivered and when it was healed
     * ({@link System#nanoTime}).
     */
    record Fault(Nemesis nemesis, String target, long at, long healed) {
    }

    private static final Duration LEADER_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration CATCH_UP_TIMEOUT = Duration.ofSeconds(45);

    final String label;
    /** Whether the fault hits the leader, so the time to the next acknowledged write is a failover. */
    final boolean hitsLeader;

    Nemesis(String label, boolean hitsLeader) {
        this.label = label;
        this.hitsLeader = hitsLeader;
    }

    abstract Fault inject(ReplicaCluster c, RandomGenerator rnd) throws Exception;

    private static Node follower(ReplicaCluster c, RandomGenerator rnd) throws InterruptedException {
        List<Node> followers = c.followers(c.leader(LEADER_TIMEOUT));
        return followers.get(rnd.nextInt(followers.size()));
    }

    /** The fault's length is this test's input: the workload runs against the broken group meanwhile. */
    private static void hold(RandomGenerator rnd, int minMillis, int maxMillis) throws InterruptedException {
        Thread.sleep(minMillis + rnd.nextInt(maxMillis - minMillis + 1));
    }

    final Fault settle(ReplicaCluster c, Node target, long at, long healed) throws InterruptedException {
        c.awaitCaughtUp(target, CATCH_UP_TIMEOUT);
        return new Fault(this, target.id, at, healed);
    }
}
