package io.cairn.testkit.history;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Wing–Gong search over one key's history, with the memo of Lowe and of Horn and Kroening (as
 * in Porcupine and Knossos' "linear"). Acknowledged ops are a doubly linked list of call and
 * return entries in real-time order. From the front, the search tries to linearize each call in
 * turn (the model must accept its result); a success lifts the call and its return out of the list
 * and restarts at the front; reaching a return means that op had to be linearized already, so the
 * search backtracks. A configuration seen before is never explored again.
 *
 * <p>An op whose fate is unknown has no return: it may be linearized at any point after its call,
 * or never. Such ops sit in a second list and are tried only after the acknowledged calls at each
 * point (Lowe's "just in time"), and the memo lets fewer unknown ops dominate more: a configuration
 * whose acknowledged ops and state were already explored with a subset of its unknown ops
 * linearized cannot succeed where that one failed, since leaving an unknown op out is always
 * allowed. Without that, every unknown write never observed would double the search. And unknown
 * ops with equal ops are interchangeable once invoked, so they are linearized in invocation order
 * only (the earliest can stand in for any later one). The search
 * succeeds once every acknowledged op is linearized. Failed ops and read-only unknown ops change
 * nothing and are left out. One search per instance; not thread-safe.
 */
final class LinearizationSearch<S> {
    private static final int NIL = -1;
    private static final int DEADLINE_CHECK_MASK = 1023;

    /** The memo key: which acknowledged ops are linearized, and the state they led to. */
    private record Seen(BitSet acknowledged, Object state) {
    }

    private final Model<S> model;
    private final String key;
    private final List<Event> events;
    private final List<Operation> ops = new ArrayList<>();
    /** Per entry: its op's index in {@link #ops}, and its slot in the acknowledged or the unknown bit set. */
    private int[] entryOp;
    private int[] slot;
    private int[] position;
    private int[] match;
    private boolean[] call;
    private boolean[] unknown;
    /** Per unknown entry: the unknown entry before it with an equal op, or {@link #NIL}. */
    private int[] sameOpBefore;
    private boolean[] lifted;
    private int[] next;
    private int[] prev;
    private int head;
    private int unknownHead;
    private int acknowledgedCount;
    private int unknownCount;

    private int bestDepth = -1;
    private List<Operation> bestPrefix = List.of();
    private Object bestState;
    private Operation bestStuck;
    private List<Operation> bestCandidates = List.of();

    LinearizationSearch(Model<S> model, String key, List<Event> events) {
        this.model = model;
        this.key = key;
        this.events = events;
        build();
    }

    private void build() {
        Map<Long, Integer> index = new HashMap<>();
        for (Operation op : Operation.pair(events)) {
            boolean noEffect = op.outcome() == Event.Type.FAIL
                    || (op.outcome() == Event.Type.INFO && op.op().isReadOnly());
            if (!noEffect) {
                index.put(op.id(), ops.size());
                ops.add(op);
            }
        }
        // Entries: acknowledged calls and returns in history order, then unknown calls in history order.
        List<int[]> acknowledged = new ArrayList<>(); // {op, position, isCall}
        List<int[]> unknowns = new ArrayList<>();
        for (Event e : events) {
            Integer i = index.get(e.opId());
            if (i == null) {
                continue;
            }
            boolean isUnknown = ops.get(i).outcome() == Event.Type.INFO;
            if (e.type() == Event.Type.INVOKE) {
                (isUnknown ? unknowns : acknowledged).add(new int[] {i, e.index(), 1});
            } else if (e.type() == Event.Type.OK) {
                acknowledged.add(new int[] {i, e.index(), 0});
            }
        }
        int a = acknowledged.size();
        int size = a + unknowns.size();
        entryOp = new int[size];
        slot = new int[size];
        position = new int[size];
        match = new int[size];
        call = new boolean[size];
        unknown = new boolean[size];
        next = new int[size + 2];
        prev = new int[size + 2];
        head = size;
        unknownHead = size + 1;
        Map<Integer, Integer> callEntry = new HashMap<>();
        for (int e = 0; e < size; e++) {
            int[] row = e < a ? acknowledged.get(e) : unknowns.get(e - a);
            entryOp[e] = row[0];
            position[e] = row[1];
            call[e] = row[2] == 1;
            unknown[e] = e >= a;
            match[e] = NIL;
            if (unknown[e]) {
                slot[e] = unknownCount++;
            } else if (call[e]) {
                slot[e] = acknowledgedCount++;
                callEntry.put(row[0], e);
            } else {
                int c = callEntry.get(row[0]);
                match[c] = e;
                slot[e] = slot[c];
            }
        }
        chain(head, 0, a);
        chain(unknownHead, a, size);
        sameOpBefore = new int[size];
        lifted = new boolean[size];
        Map<Op, Integer> lastWithOp = new HashMap<>();
        for (int e = 0; e < size; e++) {
            Integer before = unknown[e] ? lastWithOp.put(ops.get(entryOp[e]).op(), e) : null;
            sameOpBefore[e] = before == null ? NIL : before;
        }
    }

    private void chain(int listHead, int from, int to) {
        prev[listHead] = NIL;
        next[listHead] = from < to ? from : NIL;
        for (int e = from; e < to; e++) {
            prev[e] = e == from ? listHead : e - 1;
            next[e] = e + 1 < to ? e + 1 : NIL;
        }
    }

    private void unlink(int e) {
        next[prev[e]] = next[e];
        if (next[e] != NIL) {
            prev[next[e]] = prev[e];
        }
    }

    private void relink(int e) {
        next[prev[e]] = e;
        if (next[e] != NIL) {
            prev[next[e]] = e;
        }
    }

    /** Removes a call and its return; undone by {@link #unlift} in reverse order (dancing links). */
    private void lift(int e) {
        lifted[e] = true;
        unlink(e);
        if (match[e] != NIL) {
            unlink(match[e]);
        }
    }

    private void unlift(int e) {
        if (match[e] != NIL) {
            relink(match[e]);
        }
        relink(e);
        lifted[e] = false;
    }

    /** The first acknowledged return still in the list: the point the next op must come before. */
    private int firstReturn() {
        int e = next[head];
        while (e != NIL && call[e]) {
            e = next[e];
        }
        return e;
    }

    /** The candidate after {@code e} at the current point, or the blocking return when none is left. */
    private int advance(int e) {
        int n = next[e];
        if (!unknown[e] && n != NIL && call[n]) {
            return n;
        }
        int blocking = unknown[e] ? firstReturn() : n;
        int u = unknown[e] ? n : next[unknownHead];
        while (u != NIL && position[u] < position[blocking]) {
            if (sameOpBefore[u] == NIL || lifted[sameOpBefore[u]]) {
                return u;
            }
            u = next[u];
        }
        return blocking;
    }

    LinearizabilityChecker.Result run(long stepBudget, long deadlineNanos) {
        long started = System.nanoTime();
        int[] callStack = new int[ops.size()];
        Object[] stateStack = new Object[ops.size()];
        int depth = 0;
        BitSet done = new BitSet(acknowledgedCount);
        BitSet doneUnknown = new BitSet(unknownCount);
        Map<Seen, List<BitSet>> seen = new HashMap<>();
        S state = model.initial();
        int entry = next[head];
        long steps = 0;
        while (next[head] != NIL) {
            steps++;
            if (steps > stepBudget || ((steps & DEADLINE_CHECK_MASK) == 0 && System.nanoTime() - deadlineNanos > 0)) {
                return result(LinearizabilityChecker.Verdict.UNKNOWN, steps, started);
            }
            if (call[entry]) {
                Operation op = ops.get(entryOp[entry]);
                Object result = unknown[entry] ? Model.UNKNOWN : op.result();
                S after = model.step(state, op.op(), result);
                if (after != null && unknown[entry] && depth > 0 && overwrites(entry, callStack[depth - 1], stateStack[depth - 1], after)) {
                    after = null;
                }
                if (after != null) {
                    BitSet bits = unknown[entry] ? doneUnknown : done;
                    bits.set(slot[entry]);
                    if (remember(seen, done, doneUnknown, after)) {
                        callStack[depth] = entry;
                        stateStack[depth] = state;
                        depth++;
                        state = after;
                        lift(entry);
                        entry = next[head];
                        continue;
                    }
                    bits.clear(slot[entry]);
                }
                entry = advance(entry);
            } else {
                noteStuck(entry, depth, callStack, state);
                if (depth == 0) {
                    return result(LinearizabilityChecker.Verdict.NOT_LINEARIZABLE, steps, started);
                }
                depth--;
                entry = callStack[depth];
                @SuppressWarnings("unchecked")
                S restored = (S) stateStack[depth];
                state = restored;
                (unknown[entry] ? doneUnknown : done).clear(slot[entry]);
                unlift(entry);
                entry = advance(entry);
            }
        }
        return result(LinearizabilityChecker.Verdict.LINEARIZABLE, steps, started);
    }

    /**
     * True when linearizing unknown {@code e} straight after unknown {@code previous} ends where
     * {@code e} alone would have from the state before {@code previous}: the configuration is then
     * dominated by the one without {@code previous}, which the parent explores itself. This stops
     * runs of unknown writes that overwrite one another from being tried in every combination.
     */
    private boolean overwrites(int e, int previous, Object before, S after) {
        if (!unknown[previous] || sameOpBefore[e] == previous) {
            return false;
        }
        @SuppressWarnings("unchecked")
        S parent = (S) before;
        return after.equals(model.step(parent, ops.get(entryOp[e]).op(), Model.UNKNOWN));
    }

    /**
     * Records a configuration; false when it, or one with the same acknowledged ops and state and
     * a subset of its unknown ops, was explored already.
     */
    private static boolean remember(Map<Seen, List<BitSet>> seen, BitSet done, BitSet doneUnknown, Object state) {
        List<BitSet> explored = seen.get(new Seen(done, state));
        if (explored == null) {
            explored = new ArrayList<>(1);
            seen.put(new Seen((BitSet) done.clone(), state), explored);
        }
        for (BitSet fewer : explored) {
            if (isSubset(fewer, doneUnknown)) {
                return false;
            }
        }
        explored.removeIf(more -> isSubset(doneUnknown, more));
        explored.add((BitSet) doneUnknown.clone());
        return true;
    }

    private static boolean isSubset(BitSet small, BitSet large) {
        for (int i = small.nextSetBit(0); i >= 0; i = small.nextSetBit(i + 1)) {
            if (!large.get(i)) {
                return false;
            }
        }
        return true;
    }

    /** Keeps the deepest point the search got stuck at: the explanation if it fails. */
    private void noteStuck(int returnEntry, int depth, int[] callStack, S state) {
        if (depth <= bestDepth) {
            return;
        }
        bestDepth = depth;
        List<Operation> prefix = new ArrayList<>(depth);
        for (int i = 0; i < depth; i++) {
            prefix.add(ops.get(entryOp[callStack[i]]));
        }
        bestPrefix = List.copyOf(prefix);
        bestState = state;
        bestStuck = ops.get(entryOp[returnEntry]);
        List<Operation> candidates = new ArrayList<>();
        for (int e = next[head]; e != returnEntry; e = next[e]) {
            candidates.add(ops.get(entryOp[e]));
        }
        for (int u = next[unknownHead]; u != NIL && position[u] < position[returnEntry]; u = next[u]) {
            candidates.add(ops.get(entryOp[u]));
        }
        bestCandidates = List.copyOf(candidates);
    }

    private LinearizabilityChecker.Result result(LinearizabilityChecker.Verdict verdict, long steps, long started) {
        long elapsed = System.nanoTime() - started;
        if (verdict == LinearizabilityChecker.Verdict.LINEARIZABLE) {
            return new LinearizabilityChecker.Result(verdict, key, ops.size(), steps, elapsed,
                    List.of(), null, null, List.of(), List.of());
        }
        return new LinearizabilityChecker.Result(verdict, key, ops.size(), steps, elapsed,
                bestPrefix, bestState, bestStuck, bestCandidates, window());
    }

    /** The events around the failure: from the earliest call still in play to the stuck op's return. */
    private List<Event> window() {
        if (bestStuck == null) {
            return List.of();
        }
        int from = bestStuck.invokeIndex();
        for (Operation c : bestCandidates) {
            if (c.outcome() == Event.Type.OK) {
                from = Math.min(from, c.invokeIndex());
            }
        }
        for (int i = Math.max(0, bestPrefix.size() - 3); i < bestPrefix.size(); i++) {
            from = Math.min(from, bestPrefix.get(i).invokeIndex());
        }
        int to = bestStuck.completeIndex();
        List<Event> window = new ArrayList<>();
        for (Event e : events) {
            if (e.index() >= from && e.index() <= to) {
                window.add(e);
            }
        }
        return List.copyOf(window);
    }
}
