package io.cairn.testkit.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.testkit.history.LinearizabilityChecker.Result;
import io.cairn.testkit.history.LinearizabilityChecker.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Hand-written histories, each a known anomaly or a known legal interleaving. */
class LinearizabilityCheckerTest {
    private final History h = new History(new AtomicLong()::getAndIncrement);
    private final LinearizabilityChecker<RegisterModel.Value> registers = LinearizabilityChecker.of(RegisterModel.INSTANCE);
    private final LinearizabilityChecker<CounterModel.Count> counters = LinearizabilityChecker.of(CounterModel.INSTANCE);

    /** An op that runs alone: invoked and completed ok before anything else. */
    private long done(int process, Op op, Object result) {
        long id = h.invoke(process, "x", op);
        h.ok(id, result);
        return id;
    }

    private long start(int process, Op op) {
        return h.invoke(process, "x", op);
    }

    private Result registerCheck() {
        Result r = registers.check(h);
        System.err.println(r);
        return r;
    }

    @Test
    void anEmptyHistoryIsLinearizable() {
        assertThat(registers.check(h).verdict()).isEqualTo(Verdict.LINEARIZABLE);
    }

    @Test
    void sequentialWritesAndReadsAreLinearizable() {
        done(1, Op.read(), null);
        done(1, Op.write("1"), null);
        done(2, Op.read(), "1");
        done(1, Op.write("2"), null);
        done(2, Op.read(), "2");
        assertThat(registerCheck().isLinearizable()).isTrue();
    }

    @Test
    void aStaleReadAfterACompletedWriteIsNotLinearizable() {
        done(1, Op.write("1"), null);
        done(1, Op.write("2"), null);
        long stale = done(2, Op.read(), "1");

        Result r = registerCheck();
        assertThat(r.verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
        assertThat(r.key()).isEqualTo("x");
        assertThat(r.stuck().id()).isEqualTo(stale);
        assertThat(r.linearized()).extracting(Operation::op).containsExactly(Op.write("1"), Op.write("2"));
        assertThat(r.state()).isEqualTo(new RegisterModel.Value("2"));
        assertThat(r.toString()).contains("not linearizable", "cannot place: op 2 p2 x read -> 1", "state then: 2");
    }

    @Test
    void aReadOfAValueNeverWrittenIsNotLinearizable() {
        long w = start(1, Op.write("1"));
        long r = start(2, Op.read());
        h.ok(r, "7");
        h.ok(w, null);
        Result result = registerCheck();
        assertThat(result.verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
        assertThat(result.stuck().id()).isEqualTo(r);
        assertThat(result.candidates()).extracting(Operation::id).contains(r);
    }

    @Test
    void twoSequentialReadsCannotSeeTwoOrderedWritesBackwards() {
        done(1, Op.write("1"), null);
        long w2 = start(1, Op.write("2"));
        done(2, Op.read(), "2");
        done(3, Op.read(), "1");
        h.ok(w2, null);
        assertThat(registerCheck().verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void concurrentWritesMaySeemReorderedToSequentialReads() {
        long w1 = start(1, Op.write("1"));
        long w2 = start(2, Op.write("2"));
        done(3, Op.read(), "2");
        done(3, Op.read(), "1");
        h.ok(w1, null);
        h.ok(w2, null);
        assertThat(registerCheck().isLinearizable()).isTrue();
    }

    @Test
    void heavilyOverlappingOpsHaveALinearization() {
        List<Long> writes = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            writes.add(start(i, Op.write(Integer.toString(i))));
        }
        long r3 = start(10, Op.read());
        long r1 = start(11, Op.read());
        long cas = start(12, Op.cas("4", "9"));
        h.ok(r1, "1");
        h.ok(r3, "3");
        h.ok(cas, true);
        for (long w : writes.reversed()) {
            h.ok(w, null);
        }
        done(13, Op.read(), "9");
        assertThat(registerCheck().isLinearizable()).isTrue();
    }

    @Test
    void aCasReportedAppliedThatAReadDoesNotSeeIsLost() {
        done(1, Op.write("0"), null);
        done(1, Op.cas("0", "1"), true);
        done(2, Op.read(), "0");
        assertThat(registerCheck().verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void twoSequentialCasFromTheSameValueCannotBothApply() {
        done(1, Op.write("0"), null);
        done(1, Op.cas("0", "1"), true);
        done(2, Op.cas("0", "2"), true);
        assertThat(registerCheck().verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void aCasNotAppliedIsARead() {
        done(1, Op.write("a"), null);
        done(2, Op.cas("z", "b"), false);
        done(2, Op.read(), "a");
        assertThat(registerCheck().isLinearizable()).isTrue();

        done(3, Op.cas("a", "c"), false);
        assertThat(registerCheck().verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void anUnknownWriteMayTakeEffectLongAfterItsTimeout() {
        done(1, Op.write("1"), null);
        long lost = start(2, Op.write("2"));
        h.info(lost);
        done(3, Op.read(), "1");
        done(3, Op.read(), "1");
        done(3, Op.read(), "2");
        done(3, Op.read(), "2");
        assertThat(registerCheck().isLinearizable()).isTrue();

        done(3, Op.read(), "1");
        assertThat(registerCheck().verdict()).as("an op takes effect once").isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void anUnknownWriteMayNeverTakeEffect() {
        done(1, Op.write("1"), null);
        h.info(start(2, Op.write("2")));
        start(4, Op.cas("1", "3")); // still pending when the history ends
        done(3, Op.read(), "1");
        assertThat(registerCheck().isLinearizable()).isTrue();
    }

    @Test
    void anUnknownOpCannotTakeEffectBeforeItWasInvoked() {
        done(1, Op.write("1"), null);
        done(3, Op.read(), "2");
        h.info(start(2, Op.write("2")));
        assertThat(registerCheck().verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void anUnknownCasAppliesOnlyIfItsExpectedValueWasThere() {
        done(1, Op.write("a"), null);
        h.info(start(2, Op.cas("b", "c")));
        done(1, Op.write("b"), null);
        done(3, Op.read(), "c");
        assertThat(registerCheck().isLinearizable()).isTrue();

        History other = new History(new AtomicLong()::getAndIncrement);
        other.ok(other.invoke(1, "x", Op.write("a")), null);
        other.info(other.invoke(2, "x", Op.cas("z", "c")));
        other.ok(other.invoke(3, "x", Op.read()), "c");
        assertThat(registers.check(other).verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void failedOpsAreIgnored() {
        done(1, Op.write("1"), null);
        long f = start(2, Op.write("2"));
        h.fail(f);
        done(3, Op.read(), "1");
        assertThat(registerCheck().isLinearizable()).isTrue();

        done(3, Op.read(), "2");
        assertThat(registerCheck().verdict()).as("a failed write had no effect").isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void aCounterGoingBackwardsIsNotLinearizable() {
        done(1, Op.incr(), 1L);
        done(1, Op.incr(), 2L);
        done(2, Op.read(), "1");
        assertThat(counters.check(h).verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void aCounterSkippingAValueWithSequentialIncrementsIsNotLinearizable() {
        done(1, Op.incr(), 1L);
        done(2, Op.incr(), 3L);
        assertThat(counters.check(h).verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void concurrentIncrementsMayReturnInEitherOrderAndUnknownOnesMayCount() {
        long a = start(1, Op.incr());
        long b = start(2, Op.incr());
        h.ok(a, 2L);
        h.ok(b, 1L);
        h.info(start(3, Op.incr()));
        done(4, Op.read(), 2L);
        done(4, Op.incr(), 4L);
        Result r = counters.check(h);
        assertThat(r.isLinearizable()).as(r.toString()).isTrue();
    }

    @Test
    void keysAreCheckedIndependentlyAndTheFailingKeyIsNamed() {
        h.ok(h.invoke(1, "a", Op.write("1")), null);
        h.ok(h.invoke(1, "b", Op.write("1")), null);
        h.ok(h.invoke(1, "b", Op.write("2")), null);
        h.ok(h.invoke(2, "a", Op.read()), "1");
        h.ok(h.invoke(2, "b", Op.read()), "1");
        Result r = registers.check(h);
        assertThat(r.verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
        assertThat(r.key()).isEqualTo("b");
        assertThat(r.window()).allSatisfy(e -> assertThat(e.key()).isEqualTo("b"));
        assertThat(registers.checkEachKey(h.entries()).get("a").isLinearizable()).isTrue();
    }

    /**
     * Twenty-two writes all overlap a read of a value none of them wrote: the search must try
     * every subset of them before it can say no, so a small budget ends it first.
     */
    @Test
    void aPathologicalHistoryExhaustsTheBudgetAndAnswersUnknown() {
        List<Long> writes = new ArrayList<>();
        for (int i = 0; i < 22; i++) {
            writes.add(start(i, Op.write("v" + i)));
        }
        long read = start(99, Op.read());
        h.ok(read, "never");
        writes.forEach(w -> h.ok(w, null));

        Result bySteps = registers.withMaxSteps(100_000).check(h);
        System.err.println(bySteps);
        assertThat(bySteps.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(bySteps.steps()).isEqualTo(100_001);
        assertThat(bySteps.toString()).contains("search budget exhausted");

        long started = System.nanoTime();
        Result byTime = registers.withMaxTime(Duration.ofMillis(100)).check(h);
        assertThat(byTime.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aBudgetMustBePositive() {
        assertThatThrownBy(() -> registers.withMaxSteps(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxSteps: 0 (expected: > 0)");
        assertThatThrownBy(() -> registers.withMaxTime(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxTime: PT0S (expected: > 0)");
    }
}
