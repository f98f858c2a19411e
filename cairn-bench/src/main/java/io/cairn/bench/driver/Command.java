package io.cairn.bench.driver;

import java.util.List;
import java.util.Objects;
import java.util.SequencedMap;

/**
 * What a benchmark asks of a system, in words every protocol can carry: a {@link Connection} turns
 * each command into its protocol's request and reads the reply back as a {@link Reply}. A record is
 * a key with named fields (a Redis hash, a Tarantool tuple, one Memcached value).
 *
 * <p>Immutable; value arrays are owned by the caller and must not change while the command is in
 * flight.
 */
public sealed interface Command {

    /** The key the command touches (the first key, for a scan). */
    String key();

    /** Read every field of a record: {@link Reply#count()} is the number of fields, or MISSING. */
    record ReadRecord(String key) implements Command {
        public ReadRecord {
            Objects.requireNonNull(key, "key");
        }
    }

    /**
     * Store fields of a record. With {@code wholeRecord} the values are every field of a new or
     * replaced record (an insert); otherwise they are some fields of an existing record (an update),
     * which needs {@link Capability#FIELD_UPDATE}.
     */
    record WriteRecord(String key, SequencedMap<String, byte[]> values, boolean wholeRecord)
            implements Command {
        public WriteRecord {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(values, "values");
            if (values.isEmpty()) {
                throw new IllegalArgumentException("values: empty (expected: at least one field)");
            }
        }
    }

    /**
     * Up to {@code count} records in key order from {@code key} on ({@link Capability#SCAN}).
     * {@link Reply#count()} is the number found; when the protocol returns only key names,
     * {@link Reply#keys()} lists them and the caller reads the records.
     */
    record Scan(String key, int count) implements Command {
        public Scan {
            Objects.requireNonNull(key, "key");
            if (count <= 0) {
                throw new IllegalArgumentException("count: " + count + " (expected: > 0)");
            }
        }
    }

    /** Store a plain value (Redis SET). */
    record SetValue(String key, byte[] value) implements Command {
        public SetValue {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
        }
    }

    /** Read a plain value (Redis GET): {@link Reply#value()}, or MISSING. */
    record GetValue(String key) implements Command {
        public GetValue {
            Objects.requireNonNull(key, "key");
        }
    }

    /** Set one field of a record, creating the record if needed (Redis HSET key field value). */
    record SetField(String key, String field, byte[] value) implements Command {
        public SetField {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(field, "field");
            Objects.requireNonNull(value, "value");
        }
    }

    /** Add one to a counter, creating it at 0 first if needed: {@link Reply#count()} is the new value. */
    record Increment(String key) implements Command {
        public Increment {
            Objects.requireNonNull(key, "key");
        }
    }

    /** Remove a key: {@link Reply#count()} is 1 when it existed, 0 when not. */
    record Delete(String key) implements Command {
        public Delete {
            Objects.requireNonNull(key, "key");
        }
    }

    /**
     * A command of the Redis protocol sent as it is, for what only RESP servers have (lists, sets,
     * sorted sets: {@link Capability#RESP_COMMANDS}). {@code args} are the command's name and its
     * arguments, {@code key} among them; {@code key} also names the command in error messages.
     * The reply is reduced to {@link Reply#count()}: an integer's value, a bulk string's length or
     * an array's element count (every element read and dropped); a nil reply or an empty array is
     * MISSING (a pop from an empty collection, a rank of no member), a simple string OK with 0.
     */
    record Call(String key, List<byte[]> args) implements Command {
        public Call {
            Objects.requireNonNull(key, "key");
            args = List.copyOf(args);
            if (args.isEmpty()) {
                throw new IllegalArgumentException("args: empty (expected: the command's name first)");
            }
        }
    }
}
