package io.cairn.testkit.history;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Records what clients did, as Jepsen does: each op is invoked before its request is sent and
 * completed once its fate is known, {@link #ok} with the reply, {@link #fail} when it definitely
 * had no effect, or {@link #info} when that is unknown (a timeout, a lost connection). A client
 * should use a fresh process number after an {@code info}, since its old request may still land.
 *
 * <p>Thread-safe: every call takes the recorder's lock, and the clock is read under it, so the
 * order of {@link #entries()} is the real-time order of the calls and the times never decrease for
 * a monotonic clock. The checkers order events by that position, not by time.
 */
public final class History {
    private final LongSupplier clock;
    private final List<Event> events = new ArrayList<>();
    private final Map<Long, Event> open = new LinkedHashMap<>();
    private long nextId;

    /** A recorder on {@link System#nanoTime()}. */
    public History() {
        this(System::nanoTime);
    }

    /** A recorder on {@code clock} (nanoseconds), e.g. a counter for hand-written histories. */
    public History(LongSupplier clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Records that {@code process} is about to ask for {@code op} on {@code key}; returns the op's id. */
    public synchronized long invoke(int process, String key, Op op) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(op, "op");
        long id = nextId++;
        Event e = new Event(events.size(), id, Event.Type.INVOKE, process, key, op, null, clock.getAsLong());
        events.add(e);
        open.put(id, e);
        return id;
    }

    /** Records that op {@code id} took effect and answered {@code result} (see {@link Op} for its type). */
    public void ok(long id, Object result) {
        complete(id, Event.Type.OK, result);
    }

    /** Records that op {@code id} definitely had no effect. */
    public void fail(long id) {
        complete(id, Event.Type.FAIL, null);
    }

    /** Records that the fate of op {@code id} is unknown: it may take effect at any later time, or never. */
    public void info(long id) {
        complete(id, Event.Type.INFO, null);
    }

    private synchronized void complete(long id, Event.Type type, Object result) {
        Event inv = open.remove(id);
        if (inv == null) {
            throw new IllegalStateException("op " + id + ": " + (id >= 0 && id < nextId
                    ? "already completed" : "never invoked") + " (expected: an open op)");
        }
        events.add(new Event(events.size(), id, type, inv.process(), inv.key(), inv.op(), result, clock.getAsLong()));
    }

    /** A snapshot of every event so far, in the order recorded. */
    public synchronized List<Event> entries() {
        return List.copyOf(events);
    }

    /** The ops so far, paired; one still open counts as {@code INFO}. */
    public List<Operation> operations() {
        return Operation.pair(entries());
    }

    /** A snapshot split per key, keys in the order first seen; each list keeps the history's order. */
    public Map<String, List<Event>> byKey() {
        return byKey(entries());
    }

    /** {@code events} split per key, keys in the order first seen. */
    public static Map<String, List<Event>> byKey(List<Event> events) {
        Map<String, List<Event>> split = new LinkedHashMap<>();
        for (Event e : events) {
            split.computeIfAbsent(e.key(), k -> new ArrayList<>()).add(e);
        }
        Map<String, List<Event>> frozen = new LinkedHashMap<>();
        split.forEach((k, v) -> frozen.put(k, List.copyOf(v)));
        return Collections.unmodifiableMap(frozen);
    }

    /** The text form of {@code events}, one line each, times relative to the first. */
    public static String format(List<Event> events) {
        if (events.isEmpty()) {
            return "(no events)\n";
        }
        long origin = events.getFirst().time();
        StringBuilder sb = new StringBuilder();
        for (Event e : events) {
            sb.append(e.format(origin)).append('\n');
        }
        return sb.toString();
    }

    /** The whole history in text form. */
    @Override
    public String toString() {
        return format(entries());
    }
}
