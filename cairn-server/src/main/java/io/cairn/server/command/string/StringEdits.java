package io.cairn.server.command.string;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Replies;
import io.cairn.server.command.Parsed;
import io.cairn.storage.engine.Txn;
import java.nio.charset.StandardCharsets;

/**
 * The writes that change a string from its current value and keep its expiry: INCR, DECR, INCRBY,
 * DECRBY, INCRBYFLOAT, APPEND, SETRANGE. Each record holds its checked arguments.
 */
sealed interface StringEdits extends Operation {
    String OVERFLOW = "ERR increment or decrement would overflow";
    String TOO_LONG = "ERR string exceeds maximum allowed size (proto-max-bulk-len)";

    /** INCR, DECR, INCRBY, DECRBY: {@code delta} was parsed (and DECRBY's negation checked) before the lock. */
    record IncrBy(byte[] key, long delta) implements StringEdits {
        @Override
        public RespValue run(Txn t) {
            byte[] old = t.get(key);
            long v = 0;
            if (old != null) {
                try {
                    v = CommandContext.parseLong(old);
                } catch (InvalidRequestException e) {
                    throw new InvalidRequestException(CommandContext.NOT_INTEGER);
                }
            }
            long result;
            try {
                result = Math.addExact(v, delta);
            } catch (ArithmeticException e) {
                throw new InvalidRequestException(OVERFLOW);
            }
            keepTtlSet(t, key, Long.toString(result).getBytes(StandardCharsets.US_ASCII));
            return RespValue.integer(result);
        }
    }

    /**
     * INCRBYFLOAT key increment: as Redis orders it, the key's type is checked first, then its
     * value, then the increment (parsed before the lock, refused only here).
     */
    record IncrByFloat(byte[] key, Parsed<Double> increment) implements StringEdits {
        @Override
        public RespValue run(Txn t) {
            byte[] old = t.get(key);
            double v = 0;
            if (old != null) {
                try {
                    v = CommandContext.parseLongDouble(old);
                } catch (InvalidRequestException e) {
                    throw new InvalidRequestException(CommandContext.NOT_FLOAT);
                }
            }
            double result = v + increment.get();
            if (Double.isNaN(result) || Double.isInfinite(result)) {
                throw new InvalidRequestException("ERR increment would produce NaN or Infinity");
            }
            byte[] text = Replies.longDoubleText(result).getBytes(StandardCharsets.US_ASCII);
            keepTtlSet(t, key, text);
            return RespValue.bulk(text);
        }
    }

    /** APPEND key value; {@code maxLength} is proto-max-bulk-len when the command was parsed. */
    record Append(byte[] key, byte[] value, long maxLength) implements StringEdits {
        @Override
        public RespValue run(Txn t) {
            long length = t.strings().length(key);
            checkLength(length + value.length, maxLength);
            // logged as the bytes appended (a range at the old end), not the whole value
            return RespValue.integer(t.strings().setRange(key, length, value));
        }
    }

    /** SETRANGE key offset value; the offset was checked non-negative before the lock. */
    record SetRange(byte[] key, long offset, byte[] value, long maxLength) implements StringEdits {
        @Override
        public RespValue run(Txn t) {
            long length = t.strings().length(key);
            if (value.length == 0) {
                return RespValue.integer(length);
            }
            checkLength(offset + value.length, maxLength); // before allocating, as Redis checks
            return RespValue.integer(t.strings().setRange(key, offset, value)); // logs only the bytes written
        }
    }

    /** Replaces a string value keeping its expiry (INCR, APPEND, SETRANGE do not touch the TTL). */
    private static void keepTtlSet(Txn t, byte[] key, byte[] value) {
        long at = t.expireAt(key);
        t.set(key, value, at > 0 ? at : 0);
    }

    private static void checkLength(long size, long max) {
        if (size > max) {
            throw new InvalidRequestException(TOO_LONG);
        }
    }
}
