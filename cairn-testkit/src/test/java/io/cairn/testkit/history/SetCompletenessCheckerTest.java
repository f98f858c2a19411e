package io.cairn.testkit.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SetCompletenessCheckerTest {
    private final History h = new History(new AtomicLong()::getAndIncrement);

    private void add(String element, String outcome) {
        long id = h.invoke(1, "s", Op.add(element));
        switch (outcome) {
            case "ok" -> h.ok(id, null);
            case "fail" -> h.fail(id);
            case "info" -> h.info(id);
            default -> { } // left pending
        }
    }

    private SetCompletenessChecker.Result finalRead(String... present) {
        h.ok(h.invoke(2, "s", Op.readSet()), Set.of(present));
        SetCompletenessChecker.Result r = SetCompletenessChecker.check(h).get("s");
        System.err.print(r);
        return r;
    }

    @Test
    void everyAcknowledgedAddPresentIsValid() {
        add("a", "ok");
        add("b", "ok");
        SetCompletenessChecker.Result r = finalRead("a", "b");
        assertThat(r.isValid()).isTrue();
        assertThat(r.acknowledged()).isEqualTo(2);
    }

    @Test
    void anAcknowledgedAddMissingIsLost() {
        add("a", "ok");
        add("b", "ok");
        add("c", "ok");
        SetCompletenessChecker.Result r = finalRead("b");
        assertThat(r.isValid()).isFalse();
        assertThat(r.lost()).containsExactly("a", "c");
        assertThat(r.toString()).contains("lost (acknowledged, missing): [a, c]");
    }

    @Test
    void anElementNoAddAskedForIsUnexpected() {
        add("a", "ok");
        SetCompletenessChecker.Result r = finalRead("a", "ghost");
        assertThat(r.unexpected()).containsExactly("ghost");
        assertThat(r.isValid()).isFalse();
    }

    @Test
    void unknownAddsMayBePresentOrAbsentButFailedOnesMustBeAbsent() {
        add("a", "info");
        add("b", "info");
        add("c", "pending");
        add("d", "fail");
        SetCompletenessChecker.Result valid = finalRead("a", "c");
        assertThat(valid.isValid()).isTrue();
        assertThat(valid.recovered()).isEqualTo(2);
        assertThat(valid.absentUnknown()).isEqualTo(1);

        SetCompletenessChecker.Result failed = finalRead("a", "d");
        assertThat(failed.failedButPresent()).containsExactly("d");
        assertThat(failed.isValid()).isFalse();
    }

    @Test
    void anAddOverlappingTheFinalReadMayBeMissing() {
        long late = h.invoke(1, "s", Op.add("late"));
        long read = h.invoke(2, "s", Op.readSet());
        h.ok(late, null);
        h.ok(read, List.of());
        assertThat(SetCompletenessChecker.check(h).get("s").isValid()).isTrue();
    }

    @Test
    void theLastCompletedReadIsTheFinalOne() {
        add("a", "ok");
        h.ok(h.invoke(2, "s", Op.readSet()), Set.of());
        SetCompletenessChecker.Result r = finalRead("a");
        assertThat(r.isValid()).isTrue();
    }

    @Test
    void aKeyWithoutAReadIsReportedNotValid() {
        add("a", "ok");
        SetCompletenessChecker.Result r = SetCompletenessChecker.check(h).get("s");
        assertThat(r.finalRead()).isNull();
        assertThat(r.isValid()).isFalse();
        assertThat(r.toString()).contains("no ok read-set");
    }

    @Test
    void keysWithoutSetOpsAreSkippedAndAWrongResultTypeIsRefused() {
        h.ok(h.invoke(1, "r", Op.write("1")), null);
        assertThat(SetCompletenessChecker.check(h)).isEmpty();
        h.ok(h.invoke(1, "s", Op.readSet()), "a,b");
        assertThatThrownBy(() -> SetCompletenessChecker.check(h))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("read-set result: a,b (expected: a Collection of String)");
    }
}
