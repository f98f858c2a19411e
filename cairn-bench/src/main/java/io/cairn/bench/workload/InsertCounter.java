package io.cairn.bench.workload;

import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out the key numbers of new records and tracks which of them the server has stored, so that
 * readers only choose keys that exist. Keys {@code [0, start)} exist from the start (the load
 * phase). A client {@link #claim() claims} the next key number, inserts the record, and once the
 * server has acknowledged the insert calls {@link #acknowledge(long)}. {@link #acknowledged()} is the
 * length of the longest prefix {@code [0, n)} of key numbers that are all stored: an insert that
 * completes out of order becomes visible only when the ones claimed before it complete too, and a
 * failed insert that is never acknowledged holds the prefix where it is.
 *
 * <p>Thread-safe; shared by all clients of a run. {@link #claim()} and {@link #acknowledged()} do
 * not block. {@link #acknowledge(long)} takes a lock, which is cheap because inserts are a few per
 * cent of the operations. The prefix is published with a volatile write after the acknowledgements
 * that complete it, so a reader that sees {@code n} also sees every acknowledgement of a key below
 * {@code n} as having happened.
 */
public final class InsertCounter {
    private final long start;
    private final AtomicLong next;
    private final AtomicLong prefix;
    /** Acknowledged key numbers above the prefix, waiting for the gap below them to close. */
    private final TreeSet<Long> ahead = new TreeSet<>();

    /**
     * @param start the number of records already stored: keys {@code [0, start)}
     * @throws IllegalArgumentException when {@code start < 0}
     */
    public InsertCounter(long start) {
        if (start < 0) {
            throw new IllegalArgumentException("start: " + start + " (expected: >= 0)");
        }
        this.start = start;
        this.next = new AtomicLong(start);
        this.prefix = new AtomicLong(start);
    }

    /** The key number for the next insert: {@code start}, then one more on each call. */
    public long claim() {
        return next.getAndIncrement();
    }

    /**
     * Records that the insert of {@code keyNumber} is stored.
     *
     * @throws IllegalArgumentException when {@code keyNumber} was never claimed
     * @throws IllegalStateException when {@code keyNumber} was already acknowledged
     */
    public void acknowledge(long keyNumber) {
        if (keyNumber < start || keyNumber >= next.get()) {
            throw new IllegalArgumentException("keyNumber: " + keyNumber
                    + " (expected: a claimed key number, " + start + " <= keyNumber < " + next.get() + ")");
        }
        synchronized (ahead) {
            long n = prefix.get();
            if (keyNumber < n || !ahead.add(keyNumber)) {
                throw new IllegalStateException("keyNumber: " + keyNumber + " is already acknowledged");
            }
            while (!ahead.isEmpty() && ahead.first() == n) {
                ahead.pollFirst();
                n++;
            }
            prefix.set(n);
        }
    }

    /** How many keys from 0 up are all stored: every key number below it can be read. */
    public long acknowledged() {
        return prefix.get();
    }

    /** How many key numbers have been handed out, stored or not, counting the initial ones. */
    public long claimed() {
        return next.get();
    }

    @Override
    public String toString() {
        return "InsertCounter[acknowledged=" + acknowledged() + ", claimed=" + claimed() + "]";
    }
}
