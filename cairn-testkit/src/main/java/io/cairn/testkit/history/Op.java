package io.cairn.testkit.history;

import java.util.Objects;

/**
 * What a client asked for, as a small immutable value. The reply is not part of the op: it is the
 * {@code result} given to {@link History#ok}. Register values and set elements are strings, as a
 * Redis client sees them; {@code null} is an absent key.
 *
 * <table>
 * <caption>Ops and the result {@link History#ok} expects</caption>
 * <tr><th>op</th><th>Redis</th><th>result</th></tr>
 * <tr><td>{@link Read}</td><td>GET</td><td>the value, {@code null} when absent (a counter: a
 *     {@code Long}, a decimal {@code String} or {@code null} for 0)</td></tr>
 * <tr><td>{@link Write}</td><td>SET</td><td>ignored</td></tr>
 * <tr><td>{@link Cas}</td><td>WATCH/GET/MULTI/SET/EXEC</td><td>{@code Boolean}: applied or not</td></tr>
 * <tr><td>{@link Incr}</td><td>INCR</td><td>the new value, a {@code Long}</td></tr>
 * <tr><td>{@link Add}</td><td>SADD, HSET of a unique field</td><td>ignored</td></tr>
 * <tr><td>{@link ReadSet}</td><td>SMEMBERS, HKEYS</td><td>a {@code Collection<String>}</td></tr>
 * </table>
 */
public sealed interface Op {
    /** Reads a register or a counter. */
    record Read() implements Op {
        @Override
        public String toString() {
            return "read";
        }
    }

    /** Sets a register to {@code value}. */
    record Write(String value) implements Op {
        @Override
        public String toString() {
            return "write " + value;
        }
    }

    /**
     * Sets the register to {@code value} if it holds {@code expected} ({@code null}: absent). A
     * reply of {@code false} is a valid op that saw another value, not a failure; an EXEC aborted
     * by WATCH after the value matched saw no other value and is {@code fail}.
     */
    record Cas(String expected, String value) implements Op {
        @Override
        public String toString() {
            return "cas " + expected + "->" + value;
        }
    }

    /** Adds one to a counter and returns the new value. */
    record Incr() implements Op {
        @Override
        public String toString() {
            return "incr";
        }
    }

    /** Adds {@code element} to a set; each element should be added by one op only. */
    record Add(String element) implements Op {
        public Add {
            Objects.requireNonNull(element, "element");
        }

        @Override
        public String toString() {
            return "add " + element;
        }
    }

    /** Reads every element of a set. */
    record ReadSet() implements Op {
        @Override
        public String toString() {
            return "read-set";
        }
    }

    static Op read() {
        return new Read();
    }

    static Op write(String value) {
        return new Write(value);
    }

    static Op cas(String expected, String value) {
        return new Cas(expected, value);
    }

    static Op incr() {
        return new Incr();
    }

    static Op add(String element) {
        return new Add(element);
    }

    static Op readSet() {
        return new ReadSet();
    }

    /** True when the op never changes state, so one whose result is unknown can be left out. */
    default boolean isReadOnly() {
        return this instanceof Read || this instanceof ReadSet;
    }
}
