package io.cairn.testkit.history;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One op with its invocation and completion paired. {@code outcome} is {@code OK}, {@code FAIL} or
 * {@code INFO}; an op still pending when the history was read counts as {@code INFO} and has
 * {@code completeIndex} {@code -1}. Only an {@code OK} op has a {@code result}.
 */
public record Operation(long id, int process, String key, Op op, Event.Type outcome, Object result,
        int invokeIndex, int completeIndex, long invokeTime, long completeTime) {

    /** True when this op completed before {@code other} was invoked: real time orders them. */
    public boolean precedes(Operation other) {
        return outcome != Event.Type.INFO && completeIndex < other.invokeIndex;
    }

    /**
     * Pairs the events of a history into ops, in invocation order.
     *
     * @throws IllegalArgumentException when a completion has no invocation before it
     */
    public static List<Operation> pair(List<Event> events) {
        Map<Long, Event> invokes = new HashMap<>();
        Map<Long, Event> completions = new HashMap<>();
        List<Event> order = new ArrayList<>();
        for (Event e : events) {
            if (e.type() == Event.Type.INVOKE) {
                invokes.put(e.opId(), e);
                order.add(e);
            } else if (!invokes.containsKey(e.opId())) {
                throw new IllegalArgumentException("event " + e.index() + ": " + e.type()
                        + " of op " + e.opId() + " (expected: after its invocation)");
            } else {
                completions.put(e.opId(), e);
            }
        }
        List<Operation> ops = new ArrayList<>(order.size());
        for (Event inv : order) {
            Event done = completions.get(inv.opId());
            if (done == null) {
                ops.add(new Operation(inv.opId(), inv.process(), inv.key(), inv.op(), Event.Type.INFO, null,
                        inv.index(), -1, inv.time(), -1));
            } else {
                ops.add(new Operation(inv.opId(), inv.process(), inv.key(), inv.op(), done.type(), done.result(),
                        inv.index(), done.index(), inv.time(), done.time()));
            }
        }
        return ops;
    }

    @Override
    public String toString() {
        String tail = switch (outcome) {
            case OK -> op instanceof Op.Write || op instanceof Op.Add ? " ok" : " -> " + result;
            case FAIL -> " fail";
            case INFO -> completeIndex < 0 ? " pending" : " info";
            case INVOKE -> throw new IllegalStateException("outcome: INVOKE (expected: OK, FAIL or INFO)");
        };
        String span = "[" + invokeIndex + ".." + (completeIndex < 0 ? "" : completeIndex) + "]";
        return "op " + id + " p" + process + " " + key + " " + op + tail + " " + span;
    }
}
