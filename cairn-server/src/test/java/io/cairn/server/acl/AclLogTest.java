package io.cairn.server.acl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The ACL log: newest first, similar refusals grouped within a minute, bounded, reset keeps the ids counting. */
class AclLogTest {
    @Test
    void similarRefusalsWithinAMinuteShareAnEntry() {
        AclLog log = new AclLog(128);
        log.add(Denial.Reason.COMMAND, "toplevel", "get", "alice", 1_000, "c1");
        log.add(Denial.Reason.KEY, "toplevel", "k", "alice", 2_000, "c1");
        log.add(Denial.Reason.COMMAND, "toplevel", "get", "alice", 3_000, "c2");
        assertThat(log.newest(10)).hasSize(2);
        AclLog.Entry first = log.newest(10).get(0);
        assertThat(first.object).isEqualTo("get");
        assertThat(first.count()).isEqualTo(2);
        assertThat(first.created).isEqualTo(1_000);
        assertThat(first.updated()).isEqualTo(3_000);
        assertThat(first.clientInfo()).isEqualTo("c2");
        assertThat(first.entryId).isZero();
        log.add(Denial.Reason.COMMAND, "toplevel", "get", "alice", 3_000 + AclLog.GROUPING_MILLIS + 1, "c3");
        assertThat(log.newest(10)).hasSize(3);
        log.add(Denial.Reason.COMMAND, "multi", "get", "alice", 70_000, "c3");
        log.add(Denial.Reason.COMMAND, "multi", "get", "bob", 70_000, "c3");
        assertThat(log.newest(10)).hasSize(5);
        assertThat(log.newest(2)).extracting(e -> e.entryId).containsExactly(4L, 3L);
    }

    @Test
    void theLogKeepsTheNewestAndResetEmptiesIt() {
        AclLog log = new AclLog(3);
        for (int i = 0; i < 5; i++) {
            log.add(Denial.Reason.KEY, "toplevel", "k" + i, "u", 0, "");
        }
        assertThat(log.newest(10)).extracting(e -> e.object).containsExactly("k4", "k3", "k2");
        log.reset();
        assertThat(log.newest(10)).isEmpty();
        log.add(Denial.Reason.AUTH, "toplevel", "AUTH", "u", 0, "");
        assertThat(log.newest(1).get(0).entryId).isEqualTo(5);
    }
}
