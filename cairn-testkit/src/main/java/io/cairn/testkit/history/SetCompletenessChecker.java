package io.cairn.testkit.history;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Checks a set built by {@link Op.Add}s against its final {@link Op.ReadSet}, as Jepsen's set
 * workload does: the last {@code ok} read of each key (by completion) must hold every element
 * whose add was acknowledged before that read began, and nothing no add asked for. An add that
 * failed must be absent; an {@code info} or pending add, or an acknowledged one overlapping the
 * read, may be either. Elements are strings, each added by one op. Stateless and thread-safe.
 */
public final class SetCompletenessChecker {
    /**
     * One key's answer: {@code lost} were acknowledged but are missing, {@code unexpected} were
     * never added, {@code failedButPresent} were added by a failed op yet are present;
     * {@code recovered} counts unknown adds that turned out present, {@code absentUnknown} those
     * that did not. {@code finalRead} is {@code null} when the key had no ok read.
     */
    public record Result(String key, Operation finalRead, int acknowledged, SortedSet<String> lost,
            SortedSet<String> unexpected, SortedSet<String> failedButPresent, int recovered, int absentUnknown) {

        /** True when there was a final read and it shows no anomaly. */
        public boolean isValid() {
            return finalRead != null && lost.isEmpty() && unexpected.isEmpty() && failedButPresent.isEmpty();
        }

        @Override
        public String toString() {
            if (finalRead == null) {
                return "key " + key + ": no ok read-set, nothing to check\n";
            }
            return "key " + key + ": " + (isValid() ? "valid" : "INVALID") + " (" + acknowledged
                    + " acknowledged adds; unknown adds present " + recovered + ", absent " + absentUnknown + ")\n"
                    + "  final read: " + finalRead.id() + " [" + finalRead.invokeIndex() + ".." + finalRead.completeIndex() + "]\n"
                    + (lost.isEmpty() ? "" : "  lost (acknowledged, missing): " + lost + "\n")
                    + (unexpected.isEmpty() ? "" : "  unexpected (never added): " + unexpected + "\n")
                    + (failedButPresent.isEmpty() ? "" : "  present although the add failed: " + failedButPresent + "\n");
        }
    }

    private SetCompletenessChecker() {
    }

    /** Checks each key of {@code history} that has an add or a read-set. */
    public static Map<String, Result> check(History history) {
        return check(history.entries());
    }

    /** Checks each key of {@code events} that has an add or a read-set, keys in the order first seen. */
    public static Map<String, Result> check(List<Event> events) {
        Map<String, Result> results = new LinkedHashMap<>();
        History.byKey(events).forEach((key, keyEvents) -> {
            List<Operation> ops = Operation.pair(keyEvents);
            if (ops.stream().anyMatch(o -> o.op() instanceof Op.Add || o.op() instanceof Op.ReadSet)) {
                results.put(key, checkKey(key, ops));
            }
        });
        return results;
    }

    private static Result checkKey(String key, List<Operation> ops) {
        Operation read = null;
        for (Operation o : ops) {
            if (o.op() instanceof Op.ReadSet && o.outcome() == Event.Type.OK
                    && (read == null || o.completeIndex() > read.completeIndex())) {
                read = o;
            }
        }
        SortedSet<String> none = new TreeSet<>();
        if (read == null) {
            return new Result(key, null, 0, none, none, none, 0, 0);
        }
        SortedSet<String> present = elements(read);
        Map<String, Operation> adds = new HashMap<>();
        for (Operation o : ops) {
            if (o.op() instanceof Op.Add add) {
                adds.put(add.element(), o);
            }
        }
        SortedSet<String> lost = new TreeSet<>();
        SortedSet<String> failedPresent = new TreeSet<>();
        int acknowledged = 0;
        int recovered = 0;
        int absentUnknown = 0;
        for (Map.Entry<String, Operation> e : adds.entrySet()) {
            Operation add = e.getValue();
            boolean there = present.contains(e.getKey());
            switch (add.outcome()) {
                case OK -> {
                    acknowledged++;
                    if (!there && add.precedes(read)) {
                        lost.add(e.getKey());
                    }
                }
                case FAIL -> {
                    if (there) {
                        failedPresent.add(e.getKey());
                    }
                }
                case INFO -> {
                    if (there) {
                        recovered++;
                    } else {
                        absentUnknown++;
                    }
                }
                case INVOKE -> throw new IllegalStateException("outcome: INVOKE");
            }
        }
        SortedSet<String> unexpected = new TreeSet<>(present);
        unexpected.removeAll(adds.keySet());
        return new Result(key, read, acknowledged, lost, unexpected, failedPresent, recovered, absentUnknown);
    }

    private static SortedSet<String> elements(Operation read) {
        if (!(read.result() instanceof Collection<?> items)) {
            throw new IllegalArgumentException("op " + read.id() + " read-set result: " + read.result()
                    + " (expected: a Collection of String)");
        }
        SortedSet<String> set = new TreeSet<>();
        for (Object item : items) {
            if (!(item instanceof String s)) {
                throw new IllegalArgumentException("op " + read.id() + " read-set element: " + item
                        + " (expected: a String)");
            }
            set.add(s);
        }
        return set;
    }
}
