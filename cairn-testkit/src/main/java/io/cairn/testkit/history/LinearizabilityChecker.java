package io.cairn.testkit.history;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Checks that a history is linearizable against a {@link Model}: that each op can be given one
 * instant between its invocation and completion at which the model, run one op at a time in that
 * order, answers what the client saw. Keys are independent, so each key is searched on its own
 * (Herlihy and Wing's locality; Porcupine's partitioning). {@code fail} ops are left out; an
 * {@code info} or pending op may take effect at any point after its invocation, or never.
 *
 * <p>The search is exponential in the worst case, so it has a budget: at most {@code maxSteps}
 * search steps per key and {@code maxTime} for the whole check; past either it answers
 * {@link Verdict#UNKNOWN}. Immutable and thread-safe when the model is.
 *
 * @param <S> the model's state
 */
public final class LinearizabilityChecker<S> {
    /** What a check concluded. */
    public enum Verdict { LINEARIZABLE, NOT_LINEARIZABLE, UNKNOWN }

    /**
     * One check's answer. When not linearizable, {@code linearized} is the longest linearization
     * the search found, {@code state} the model's state after it, {@code stuck} the op that could
     * not be placed after it (its reply came before any order could explain it), {@code candidates}
     * the calls open at that point, and {@code window} the events around them; for
     * {@link Verdict#UNKNOWN} they describe the deepest point reached before the budget ran out.
     * For a check of several keys, {@code key} is the first failing key ({@code null} when all
     * passed) and {@code ops}, {@code steps} and {@code elapsedNanos} are totals.
     */
    public record Result(Verdict verdict, String key, int ops, long steps, long elapsedNanos,
            List<Operation> linearized, Object state, Operation stuck, List<Operation> candidates,
            List<Event> window) {

        public boolean isLinearizable() {
            return verdict == Verdict.LINEARIZABLE;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            sb.append(key == null ? "all keys" : "key " + key).append(": ")
                    .append(verdict.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '))
                    .append(String.format(" (%d ops, %d steps, %.1f ms)", ops, steps, elapsedNanos / 1e6));
            if (verdict == Verdict.UNKNOWN) {
                sb.append(", search budget exhausted");
            }
            sb.append('\n');
            if (stuck == null) {
                return sb.toString();
            }
            int shown = Math.min(linearized.size(), 10);
            sb.append("  longest linearization: ").append(linearized.size()).append(" ops");
            sb.append(shown < linearized.size() ? ", the last " + shown + ":\n" : ":\n");
            for (Operation op : linearized.subList(linearized.size() - shown, linearized.size())) {
                sb.append("    ").append(op).append('\n');
            }
            sb.append("  state then: ").append(state).append('\n');
            sb.append("  cannot place: ").append(stuck).append('\n');
            if (!candidates.isEmpty()) {
                sb.append("  open calls, none of which fits first:\n");
                for (Operation op : candidates) {
                    sb.append("    ").append(op).append('\n');
                }
            }
            sb.append("  events:\n");
            History.format(window).lines().forEach(l -> sb.append("  ").append(l).append('\n'));
            return sb.toString();
        }
    }

    /**
     * Steps per key when none is given: a few seconds on one core. Each step may keep one memo entry
     * (a bit per op of the key, plus the state), so this also bounds the memory.
     */
    public static final long DEFAULT_MAX_STEPS = 10_000_000;

    /** Time for a whole check when none is given. */
    public static final Duration DEFAULT_MAX_TIME = Duration.ofSeconds(60);

    private final Model<S> model;
    private final long maxSteps;
    private final Duration maxTime;

    private LinearizabilityChecker(Model<S> model, long maxSteps, Duration maxTime) {
        this.model = Objects.requireNonNull(model, "model");
        if (maxSteps <= 0) {
            throw new IllegalArgumentException("maxSteps: " + maxSteps + " (expected: > 0)");
        }
        if (maxTime.isNegative() || maxTime.isZero()) {
            throw new IllegalArgumentException("maxTime: " + maxTime + " (expected: > 0)");
        }
        this.maxSteps = maxSteps;
        this.maxTime = maxTime;
    }

    /** A checker with the default budget. */
    public static <S> LinearizabilityChecker<S> of(Model<S> model) {
        return new LinearizabilityChecker<>(model, DEFAULT_MAX_STEPS, DEFAULT_MAX_TIME);
    }

    /** This checker with at most {@code steps} search steps per key. */
    public LinearizabilityChecker<S> withMaxSteps(long steps) {
        return new LinearizabilityChecker<>(model, steps, maxTime);
    }

    /** This checker with at most {@code time} for a whole check. */
    public LinearizabilityChecker<S> withMaxTime(Duration time) {
        return new LinearizabilityChecker<>(model, maxSteps, Objects.requireNonNull(time, "time"));
    }

    /** Checks every key of {@code history}. */
    public Result check(History history) {
        return check(history.entries());
    }

    /**
     * Checks every key of {@code events}: the first non-linearizable key's result, else the first
     * unknown one's, else a linearizable result with the totals.
     */
    public Result check(List<Event> events) {
        Map<String, Result> each = checkEachKey(events);
        Result unknown = null;
        int ops = 0;
        long steps = 0;
        long elapsed = 0;
        for (Result r : each.values()) {
            if (r.verdict() == Verdict.NOT_LINEARIZABLE) {
                return r;
            }
            if (r.verdict() == Verdict.UNKNOWN && unknown == null) {
                unknown = r;
            }
            ops += r.ops();
            steps += r.steps();
            elapsed += r.elapsedNanos();
        }
        return unknown != null ? unknown
                : new Result(Verdict.LINEARIZABLE, null, ops, steps, elapsed, List.of(), null, null, List.of(), List.of());
    }

    /** Checks each key of {@code events} on its own, keys in the order first seen, all within one time budget. */
    public Map<String, Result> checkEachKey(List<Event> events) {
        long deadline = System.nanoTime() + maxTime.toNanos();
        Map<String, Result> results = new LinkedHashMap<>();
        History.byKey(events).forEach((key, keyEvents) ->
                results.put(key, new LinearizationSearch<>(model, key, keyEvents).run(maxSteps, deadline)));
        return results;
    }

    @Override
    public String toString() {
        return "LinearizabilityChecker[" + model + ", maxSteps=" + maxSteps + ", maxTime=" + maxTime + "]";
    }
}
