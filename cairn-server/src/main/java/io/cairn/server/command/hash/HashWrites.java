package io.cairn.server.command.hash;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Replies;
import io.cairn.storage.engine.Txn;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The hash writes: HSET, HMSET, HSETNX, HDEL, HINCRBY, HINCRBYFLOAT. Each record holds its
 * checked arguments (pairs counted, increments parsed before the lock); what is left for
 * {@link #run} is what depends on the data.
 */
sealed interface HashWrites extends Operation {
    String HASH_NOT_INTEGER = "ERR hash value is not an integer";
    String HASH_NOT_FLOAT = "ERR hash value is not a float";
    String OVERFLOW = "ERR increment or decrement would overflow";
    String NAN_OR_INFINITY = "ERR increment would produce NaN or Infinity";

    /** HSET (replies how many fields are new) or, with {@code ok}, HMSET (replies +OK) key field value [field value ...]. */
    record HSet(byte[] key, List<byte[]> fields, List<byte[]> values, boolean ok) implements HashWrites {
        @Override
        public RespValue run(Txn t) {
            long added = 0;
            for (int i = 0; i < fields.size(); i++) {
                if (t.hset(key, fields.get(i), values.get(i))) {
                    added++;
                }
            }
            return ok ? RespValue.OK : RespValue.integer(added);
        }
    }

    /** HSETNX key field value. */
    record HSetNx(byte[] key, byte[] field, byte[] value) implements HashWrites {
        @Override
        public RespValue run(Txn t) {
            if (t.hget(key, field) != null) {
                return RespValue.ZERO;
            }
            t.hset(key, field, value);
            return RespValue.ONE;
        }
    }

    /** HDEL key field [field ...]; the key goes with its last field. */
    record HDel(byte[] key, List<byte[]> fields) implements HashWrites {
        @Override
        public RespValue run(Txn t) {
            long removed = 0;
            for (byte[] f : fields) {
                if (t.hdel(key, f)) {
                    removed++;
                }
            }
            return RespValue.integer(removed);
        }
    }

    /** HINCRBY key field increment. */
    record HIncrBy(byte[] key, byte[] field, long increment) implements HashWrites {
        @Override
        public RespValue run(Txn t) {
            byte[] current = t.hget(key, field);
            long value = 0;
            if (current != null) {
                try {
                    value = CommandContext.parseLong(current);
                } catch (InvalidRequestException e) {
                    throw new InvalidRequestException(HASH_NOT_INTEGER);
                }
            }
            long result;
            try {
                result = Math.addExact(value, increment);
            } catch (ArithmeticException e) {
                throw new InvalidRequestException(OVERFLOW);
            }
            t.hset(key, field, Long.toString(result).getBytes(StandardCharsets.US_ASCII));
            return RespValue.integer(result);
        }
    }

    /**
     * HINCRBYFLOAT key field increment; the increment is finite (checked before the lock). Stores
     * and replies with the same text, so the reply is what a later HGET returns.
     */
    record HIncrByFloat(byte[] key, byte[] field, double increment) implements HashWrites {
        @Override
        public RespValue run(Txn t) {
            byte[] current = t.hget(key, field);
            double value = 0;
            if (current != null) {
                try {
                    value = CommandContext.parseLongDouble(current);
                } catch (InvalidRequestException e) {
                    throw new InvalidRequestException(HASH_NOT_FLOAT);
                }
            }
            double result = value + increment;
            if (Double.isNaN(result) || Double.isInfinite(result)) {
                throw new InvalidRequestException(NAN_OR_INFINITY);
            }
            byte[] text = Replies.longDoubleText(result).getBytes(StandardCharsets.US_ASCII);
            t.hset(key, field, text);
            return RespValue.bulk(text);
        }
    }
}
