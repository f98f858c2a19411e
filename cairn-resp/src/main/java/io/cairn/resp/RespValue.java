package io.cairn.resp;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A reply, independent of the protocol version; {@link RespEncoder} chooses the wire form (a RESP3
 * map is a flat array in RESP2, a double a bulk string, a boolean an integer), and
 * {@link RespReplyAggregator} builds one from what a server sent. Immutable.
 */
public sealed interface RespValue {

    /** {@code +OK}. */
    record SimpleString(String value) implements RespValue {
    }

    /** {@code -ERR ...}: the message includes its prefix word ({@code ERR}, {@code WRONGTYPE}, ...). */
    record ErrorReply(String message) implements RespValue {
    }

    /** {@code :42}. */
    record IntegerReply(long value) implements RespValue {
    }

    /**
     * {@code $3\r\nfoo}. The array is not copied: do not change it after building the reply. Two
     * bulk strings are equal when their bytes are.
     */
    record BulkString(byte[] value) implements RespValue {
        @Override
        public boolean equals(Object o) {
            return o instanceof BulkString b && Arrays.equals(value, b.value);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(value);
        }

        /** The bytes as text, each byte outside printable ASCII as {@code \xHH}, cut at 200 bytes. */
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("BulkString[");
            int shown = Math.min(value.length, 200);
            for (int i = 0; i < shown; i++) {
                int c = value[i] & 0xFF;
                if (c >= 0x20 && c < 0x7F && c != '\\') {
                    sb.append((char) c);
                } else {
                    sb.append(String.format("\\x%02x", c));
                }
            }
            return sb.append(shown < value.length ? "...]" : "]").toString();
        }
    }

    /** A null: {@code $-1} in RESP2, {@code _} in RESP3. */
    record NullReply() implements RespValue {
    }

    /** A null array: {@code *-1} in RESP2, {@code _} in RESP3 (EXEC after a WATCH conflict). */
    record NullArray() implements RespValue {
    }

    record ArrayReply(List<RespValue> items) implements RespValue {
    }

    /** A map in RESP3 ({@code %}), a flat key-value array in RESP2. */
    record MapReply(List<Map.Entry<RespValue, RespValue>> entries) implements RespValue {
    }

    /**
     * A map of field names to bulk values, encoded exactly as a {@link MapReply} of bulk strings
     * (RESP3 {@code %}, a flat array in RESP2) but without a RespValue per element: HGETALL's reply.
     * Field names are Latin-1 strings, one char per byte (how the engine keys hash fields); the
     * arrays are not copied and must not change until the reply is written.
     */
    record FieldMap(String[] fields, byte[][] values) implements RespValue {
        public FieldMap {
            if (fields.length != values.length) {
                throw new IllegalArgumentException("fields: " + fields.length + ", values: "
                        + values.length + " (expected: as many of each)");
            }
        }
    }

    /** A set in RESP3 ({@code ~}), an array in RESP2. */
    record SetReply(List<RespValue> items) implements RespValue {
    }

    /** A double in RESP3 ({@code ,}), a bulk string in RESP2, formatted as Redis formats scores. */
    record DoubleReply(double value) implements RespValue {
    }

    /**
     * A double given as its text, for replies Redis formats its own way (GEOPOS's coordinates,
     * {@code addReplyHumanLongDouble}): {@code ,text} in RESP3, a bulk string in RESP2. The text
     * must be a valid RESP3 double.
     */
    record DoubleText(String text) implements RespValue {
    }

    /** {@code #t} in RESP3, {@code :1} in RESP2. */
    record BooleanReply(boolean value) implements RespValue {
    }

    /** A verbatim string ({@code =}) in RESP3, a bulk string in RESP2. Format is three letters, e.g. "txt". */
    record VerbatimString(String format, String text) implements RespValue {
    }

    /** A big number: {@code (3492890328409238509324850943850943825024385} in RESP3, its digits as a bulk string in RESP2. */
    record BigNumber(BigInteger value) implements RespValue {
    }

    /**
     * Data the server sends on its own in RESP3 ({@code >}): pub/sub messages, client-side caching
     * invalidations. An array in RESP2, as Redis sends pub/sub messages there.
     */
    record PushReply(List<RespValue> items) implements RespValue {
    }

    /**
     * Several replies to one command, written one after another with nothing around them, as
     * Redis answers {@code SUBSCRIBE a b} with one confirmation per channel. Inside an aggregate
     * (EXEC's array) its replies are written in its place, as Redis writes them there too, so the
     * array holds more replies than its header counts.
     */
    record Sequence(List<RespValue> replies) implements RespValue {
    }

    RespValue OK = new SimpleString("OK");
    RespValue NULL = new NullReply();
    RespValue NULL_ARRAY = new NullArray();
    RespValue ZERO = new IntegerReply(0);
    RespValue ONE = new IntegerReply(1);
    RespValue EMPTY_ARRAY = new ArrayReply(List.of());

    static RespValue error(String message) {
        return new ErrorReply(message);
    }

    static RespValue integer(long v) {
        return v == 0 ? ZERO : v == 1 ? ONE : new IntegerReply(v);
    }

    static RespValue bulk(byte[] v) {
        return v == null ? NULL : new BulkString(v);
    }

    static RespValue bulk(String v) {
        return v == null ? NULL : new BulkString(v.getBytes(StandardCharsets.UTF_8));
    }

    static RespValue simple(String v) {
        return new SimpleString(v);
    }

    static RespValue array(List<RespValue> items) {
        return new ArrayReply(items);
    }

    /**
     * The text of a simple string, a bulk string (read as UTF-8) or a verbatim string (without its
     * format); null for any other value.
     */
    static String textOf(RespValue v) {
        return switch (v) {
            case SimpleString s -> s.value();
            case BulkString b -> new String(b.value(), StandardCharsets.UTF_8);
            case VerbatimString t -> t.text();
            case null, default -> null;
        };
    }
}
