package io.cairn.storage.engine;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes to several keys of several types, applied by {@link Store#write} atomically: all of them
 * or, when any would fail (a wrong type, a limit), none. Logged as one WAL record. Not
 * thread-safe; build it on one thread and hand it to the store.
 */
public final class WriteBatch {
    private sealed interface Op {
        byte[] key();
    }

    private record Set(byte[] key, byte[] value, long expireAt) implements Op {
    }

    private record Delete(byte[] key) implements Op {
    }

    private record HSet(byte[] key, byte[] field, byte[] value) implements Op {
    }

    private record HDel(byte[] key, byte[] field) implements Op {
    }

    private record ZAdd(byte[] key, byte[] member, double score) implements Op {
    }

    private record ZRem(byte[] key, byte[] member) implements Op {
    }

    private record Expire(byte[] key, long at) implements Op {
    }

    private final List<Op> ops = new ArrayList<>();

    public WriteBatch set(byte[] key, byte[] value) {
        return set(key, value, 0);
    }

    public WriteBatch set(byte[] key, byte[] value, long expireAt) {
        ops.add(new Set(key.clone(), value.clone(), expireAt));
        return this;
    }

    public WriteBatch delete(byte[] key) {
        ops.add(new Delete(key.clone()));
        return this;
    }

    public WriteBatch hset(byte[] key, byte[] field, byte[] value) {
        ops.add(new HSet(key.clone(), field.clone(), value.clone()));
        return this;
    }

    public WriteBatch hdel(byte[] key, byte[] field) {
        ops.add(new HDel(key.clone(), field.clone()));
        return this;
    }

    public WriteBatch zadd(byte[] key, byte[] member, double score) {
        ops.add(new ZAdd(key.clone(), member.clone(), score));
        return this;
    }

    public WriteBatch zrem(byte[] key, byte[] member) {
        ops.add(new ZRem(key.clone(), member.clone()));
        return this;
    }

    /** Sets an expiry in epoch milliseconds; 0 removes it. */
    public WriteBatch expireAt(byte[] key, long at) {
        ops.add(new Expire(key.clone(), at));
        return this;
    }

    public int size() {
        return ops.size();
    }

    /** Checks every operation against the keyspace as the batch would leave it; throws before any change. */
    void validate(Txn t, StoreConfig config) {
        Map<ByteBuffer, ValueType> types = new HashMap<>();
        long bytes = 0;
        for (Op op : ops) {
            // As Txn counts a record's size, plus room for an expired key's removal.
            bytes += 2L * (op.key().length + 16) + switch (op) {
                case Set s -> s.value().length;
                case HSet h -> h.field().length + h.value().length;
                case HDel h -> h.field().length;
                case ZAdd z -> z.member().length + 8;
                case ZRem z -> z.member().length;
                case Delete d -> 0;
                case Expire e -> 10;
            };
            if (bytes > config.maxRecordBytes()) {
                throw new LimitExceededException(LimitExceededException.Limit.BATCH_BYTES, bytes, config.maxRecordBytes());
            }
            ByteBuffer k = ByteBuffer.wrap(op.key());
            ValueType current = types.containsKey(k) ? types.get(k) : t.type(op.key());
            checkLength(op.key(), config.maxKeyBytes(), LimitExceededException.Limit.KEY_LENGTH);
            ValueType after = switch (op) {
                case Set s -> {
                    checkLength(s.value(), config.maxValueBytes(), LimitExceededException.Limit.VALUE_LENGTH);
                    if (s.expireAt() < 0) {
                        throw new InvalidExpiryException(s.expireAt());
                    }
                    yield ValueType.STRING;
                }
                case Delete d -> ValueType.NONE;
                case HSet h -> {
                    checkLength(h.field(), config.maxValueBytes(), LimitExceededException.Limit.FIELD_LENGTH);
                    checkLength(h.value(), config.maxValueBytes(), LimitExceededException.Limit.VALUE_LENGTH);
                    yield require(current, ValueType.HASH);
                }
                case HDel h -> {
                    require(current, ValueType.HASH);
                    yield current;
                }
                case ZAdd z -> {
                    checkLength(z.member(), config.maxValueBytes(), LimitExceededException.Limit.MEMBER_LENGTH);
                    if (Double.isNaN(z.score())) {
                        throw new ScoreNotANumberException();
                    }
                    yield require(current, ValueType.ZSET);
                }
                case ZRem z -> {
                    require(current, ValueType.ZSET);
                    yield current;
                }
                case Expire e -> {
                    if (e.at() < 0) {
                        throw new InvalidExpiryException(e.at());
                    }
                    yield current;
                }
            };
            types.put(k, after);
        }
    }

    void applyTo(Txn t) {
        for (Op op : ops) {
            switch (op) {
                case Set s -> t.set(s.key(), s.value(), s.expireAt());
                case Delete d -> t.delete(d.key());
                case HSet h -> t.hset(h.key(), h.field(), h.value());
                case HDel h -> t.hdel(h.key(), h.field());
                case ZAdd z -> t.zadd(z.key(), z.member(), z.score());
                case ZRem z -> t.zrem(z.key(), z.member());
                case Expire e -> {
                    if (e.at() == 0) {
                        t.persist(e.key());
                    } else {
                        t.expireAt(e.key(), e.at());
                    }
                }
            }
        }
    }

    private static ValueType require(ValueType current, ValueType wanted) {
        if (current != ValueType.NONE && current != wanted) {
            throw new WrongTypeException(wanted, current);
        }
        return wanted;
    }

    private static void checkLength(byte[] b, int max, LimitExceededException.Limit what) {
        if (b.length > max) {
            throw new LimitExceededException(what, b.length, max);
        }
    }
}
