package io.cairn.ycsb;

import java.io.PrintStream;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Prints each distinct error message once, so that a failing run says why without printing a line
 * per operation (YCSB already counts the failures per operation).
 *
 * <p>Thread-safe: YCSB's client threads each have their own {@link CairnClient} but share
 * {@link #STDERR}, so a message is printed once per process, not once per thread.
 */
final class ErrorLog {
    /** The log that {@link CairnClient}s created by YCSB use. */
    static final ErrorLog STDERR = new ErrorLog(System.err);

    private final PrintStream out;
    private final Set<String> printed = ConcurrentHashMap.newKeySet();

    ErrorLog(PrintStream out) {
        this.out = Objects.requireNonNull(out, "out");
    }

    /**
     * Prints {@code operation}, {@code key} and {@code message}, unless {@code message} was
     * reported before.
     */
    void report(String operation, String key, String message) {
        if (printed.add(message)) {
            out.println("cairn-ycsb: " + operation + " " + key + " failed: " + message
                    + " (printed once; YCSB counts every failure)");
        }
    }
}
