package io.cairn.server.command.hash;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Replies;
import io.cairn.storage.engine.Txn;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The hash reads: HGET, HMGET, HGETALL, HLEN, HEXISTS, HSTRLEN, HKEYS, HVALS, HRANDFIELD. Each
 * record holds its checked arguments; the type check is the engine's.
 */
sealed interface HashReads extends Operation {

    /** HGET key field. */
    record HGet(byte[] key, byte[] field) implements HashReads {
        @Override
        public RespValue run(Txn t) {
            return RespValue.bulk(t.hget(key, field));
        }
    }

    /** HMGET key field [field ...]. */
    record HMGet(byte[] key, List<byte[]> fields) implements HashReads {
        @Override
        public RespValue run(Txn t) {
            List<RespValue> out = new ArrayList<>(fields.size());
            for (byte[] f : fields) {
                out.add(RespValue.bulk(t.hget(key, f)));
            }
            return RespValue.array(out);
        }
    }

    /**
     * HGETALL key, without copying values or making a RespValue per element: the reply refers to
     * the stored field names and value arrays (stored hash values are never changed in place).
     */
    record HGetAll(byte[] key) implements HashReads {
        @Override
        public RespValue run(Txn t) {
            return Replies.fieldMap(t.hashFields(key));
        }
    }

    /** HLEN key. */
    record HLen(byte[] key) implements HashReads {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.hlen(key));
        }
    }

    /** HEXISTS key field. */
    record HExists(byte[] key, byte[] field) implements HashReads {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.hget(key, field) == null ? 0 : 1);
        }
    }

    /** HSTRLEN key field. */
    record HStrLen(byte[] key, byte[] field) implements HashReads {
        @Override
        public RespValue run(Txn t) {
            byte[] v = t.hget(key, field);
            return RespValue.integer(v == null ? 0 : v.length);
        }
    }

    /** HKEYS (the fields) or, with {@code values}, HVALS key. */
    record Column(byte[] key, boolean values) implements HashReads {
        @Override
        public RespValue run(Txn t) {
            List<Map.Entry<byte[], byte[]>> entries = t.hgetAll(key);
            List<RespValue> out = new ArrayList<>(entries.size());
            for (Map.Entry<byte[], byte[]> e : entries) {
                out.add(RespValue.bulk(values ? e.getValue() : e.getKey()));
            }
            return RespValue.array(out);
        }
    }

    /**
     * HRANDFIELD key [count [WITHVALUES]]: without a count one field (nil for an absent key);
     * a positive count picks distinct fields, a negative one allows repeats. The count's range was
     * checked before the lock. Redis streams the picks of a negative count, however many (closing
     * the client past its output buffer limit); Cairn builds a reply whole, so once the hash is
     * known to exist it refuses more than {@code mostPicks} repeats before picking any, as
     * SRANDMEMBER and ZRANDMEMBER do.
     *
     * @param count null when none was given
     */
    record HRandField(byte[] key, Long count, boolean withValues, long mostPicks, RandomGenerator random, int protocol)
            implements HashReads {
        @Override
        public RespValue run(Txn t) {
            if (count == null) {
                List<Map.Entry<byte[], byte[]>> entries = t.hgetAll(key);
                return entries.isEmpty() ? RespValue.NULL
                        : RespValue.bulk(entries.get(random.nextInt(entries.size())).getKey());
            }
            int size = t.hlen(key); // the type check first, as Redis's, even for a count of 0
            if (count == 0 || size == 0) {
                return RespValue.EMPTY_ARRAY;
            }
            if (count < -mostPicks) {
                throw new InvalidRequestException("ERR value is out of range, value must between " + -mostPicks
                        + " and " + Long.MAX_VALUE);
            }
            List<Map.Entry<byte[], byte[]>> entries = t.hgetAll(key);
            List<Map.Entry<byte[], byte[]>> picked = count < 0 ? withRepeats(entries, -count) : distinct(entries, count);
            return fieldsReply(picked);
        }

        private List<Map.Entry<byte[], byte[]>> withRepeats(List<Map.Entry<byte[], byte[]>> entries, long n) {
            List<Map.Entry<byte[], byte[]>> out = new ArrayList<>();
            for (long i = 0; i < n; i++) {
                out.add(entries.get(random.nextInt(entries.size())));
            }
            return out;
        }

        /** {@code n} distinct entries (all of them when the hash is no larger), by partial shuffle. */
        private List<Map.Entry<byte[], byte[]>> distinct(List<Map.Entry<byte[], byte[]>> entries, long n) {
            if (n >= entries.size()) {
                return entries;
            }
            List<Map.Entry<byte[], byte[]>> pool = new ArrayList<>(entries);
            for (int i = 0; i < n; i++) {
                Collections.swap(pool, i, i + random.nextInt(pool.size() - i));
            }
            return pool.subList(0, (int) n);
        }

        /** Fields, or with values: flat in RESP2, [field, value] pairs in RESP3, as Redis replies. */
        private RespValue fieldsReply(List<Map.Entry<byte[], byte[]>> entries) {
            List<RespValue> out = new ArrayList<>(entries.size() * (withValues && protocol == 2 ? 2 : 1));
            for (Map.Entry<byte[], byte[]> e : entries) {
                RespValue field = RespValue.bulk(e.getKey());
                if (!withValues) {
                    out.add(field);
                } else if (protocol == 2) {
                    out.add(field);
                    out.add(RespValue.bulk(e.getValue()));
                } else {
                    out.add(RespValue.array(List.of(field, RespValue.bulk(e.getValue()))));
                }
            }
            return RespValue.array(out);
        }
    }
}
