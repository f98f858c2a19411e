package io.cairn.it.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cairn.testkit.Seeds;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The replication fault suite, in the manner of Jepsen: a 3-node group (5 in the long runs) in
 * child JVMs, five clients following the leader with registers, counters and sets, one nemesis
 * per scenario; afterwards every register and counter key must be linearizable, no acknowledged
 * set element may be missing, and every copy must converge to the leader's. Each scenario prints
 * one summary line. The long versions ({@code -Plong}) take their size from system properties:
 * {@code cairn.replication.faults} (default 30), {@code cairn.replication.nodes} (5),
 * {@code cairn.replication.quiet-ms} (3000) and {@code cairn.replication.nemesis} (a comma list of
 * labels, e.g. {@code kill-leader,pause-leader}; default all). See docs/dev/replication.md.
 */
class ReplicationFaultTest {
    private static final Duration QUIET = Duration.ofMillis(2_500);

    @Test
    void killingTheLeaderLosesNoAcknowledgedWrite() throws Exception {
        check(new FaultScenario(Nemesis.KILL_LEADER, 3, 3, QUIET).run(Seeds.seed()));
    }

    @Test
    void killingAFollowerLosesNoAcknowledgedWrite() throws Exception {
        check(new FaultScenario(Nemesis.KILL_FOLLOWER, 3, 3, QUIET).run(Seeds.seed()));
    }

    @Test
    void pausingTheLeaderPastItsElectionTimeoutStaysLinearizable() throws Exception {
        check(new FaultScenario(Nemesis.PAUSE_LEADER, 3, 4, QUIET).run(Seeds.seed()));
    }

    @Test
    void aWipedFollowerCatchesUpFromTheOthersLog() throws Exception {
        check(new FaultScenario(Nemesis.WIPE_FOLLOWER, 3, 3, QUIET).run(Seeds.seed()));
    }

    @ParameterizedTest
    @EnumSource(Nemesis.class)
    @Tag("long")
    void manyFaultsLeaveEveryHistoryLinearizable(Nemesis nemesis) throws Exception {
        String only = System.getProperty("cairn.replication.nemesis", "");
        assumeTrue(only.isBlank() || Arrays.asList(only.split(",")).contains(nemesis.label),
                "cairn.replication.nemesis=" + only + " leaves out " + nemesis.label);
        int faults = Integer.getInteger("cairn.replication.faults", 30);
        int nodes = Integer.getInteger("cairn.replication.nodes", 5);
        Duration quiet = Duration.ofMillis(Integer.getInteger("cairn.replication.quiet-ms", 3_000));
        check(new FaultScenario(nemesis, nodes, faults, quiet).run(Seeds.seed()));
    }

    private static void check(FaultScenario.Report r) {
        System.out.println(r.summary());
        assertThat(r.faults()).as("faults injected").isNotEmpty();
        assertThat(r.ok()).as("acknowledged ops").isPositive();
        assertThat(r.anomalies()).as("anomalies:\n%s", r.details()).isZero();
        assertThat(r.unknown()).as("keys whose check ran out of budget (keys too long?)").isZero();
    }
}
