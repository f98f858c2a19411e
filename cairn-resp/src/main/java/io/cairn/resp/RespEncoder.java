package io.cairn.resp;

import io.cairn.common.Checks;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Writes {@link RespValue} replies in the wire form of the connection's protocol version:
 *
 * <pre>
 *   value            RESP2                          RESP3
 *   SimpleString     +text\r\n                      same
 *   ErrorReply       -ERR text\r\n                  same
 *   IntegerReply     :42\r\n                        same
 *   BulkString       $3\r\nfoo\r\n                  same
 *   NullReply        $-1\r\n                        _\r\n
 *   NullArray        *-1\r\n                        _\r\n
 *   ArrayReply       *n\r\n items                   same
 *   MapReply         *2n\r\n k v k v ...            %n\r\n k v k v ...
 *   SetReply         *n\r\n items                   ~n\r\n items
 *   DoubleReply      $len\r\n text\r\n              ,text\r\n
 *   DoubleText       $len\r\n text\r\n              ,text\r\n
 *   BooleanReply     :1\r\n / :0\r\n                #t\r\n / #f\r\n
 *   VerbatimString   $len\r\n text\r\n              =len\r\ntxt:text\r\n
 *   BigNumber        $len\r\n digits\r\n            (digits\r\n
 *   PushReply        *n\r\n items                   &gt;n\r\n items
 *   Sequence         each reply in turn             same
 * </pre>
 *
 * Simple strings and errors cannot hold CR or LF; like Redis's {@code addReplyErrorFormat}, the
 * encoder writes a space for each. Text is written as UTF-8. Stateless and thread-safe.
 */
public final class RespEncoder {
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] PLUS_OK = {'+', 'O', 'K', '\r', '\n'};
    private static final byte[] RESP2_NULL_BULK = {'$', '-', '1', '\r', '\n'};
    private static final byte[] RESP2_NULL_ARRAY = {'*', '-', '1', '\r', '\n'};
    private static final byte[] RESP3_NULL = {'_', '\r', '\n'};
    private static final long TWO_TO_62 = 1L << 62;

    private RespEncoder() {
    }

    /**
     * Appends {@code v} to {@code out}.
     *
     * @param protocol 2 or 3, as chosen by {@code HELLO}
     */
    public static void encode(RespValue v, ByteBuf out, int protocol) {
        Checks.inRange("protocol", protocol, 2, 3);
        write(v, out, protocol == 3);
    }

    private static void write(RespValue v, ByteBuf out, boolean resp3) {
        switch (v) {
            case RespValue.SimpleString s -> {
                if (s == RespValue.OK) {
                    out.writeBytes(PLUS_OK); // the most frequent reply, without encoding its text
                } else {
                    writeLine(out, '+', s.value());
                }
            }
            case RespValue.ErrorReply e -> writeLine(out, '-', e.message());
            case RespValue.IntegerReply i -> writeNumberLine(out, ':', i.value());
            case RespValue.BulkString b -> writeBulk(out, b.value());
            case RespValue.NullReply _ -> out.writeBytes(resp3 ? RESP3_NULL : RESP2_NULL_BULK);
            case RespValue.NullArray _ -> out.writeBytes(resp3 ? RESP3_NULL : RESP2_NULL_ARRAY);
            case RespValue.ArrayReply a -> writeAggregate(out, '*', a.items(), resp3);
            case RespValue.SetReply s -> writeAggregate(out, resp3 ? '~' : '*', s.items(), resp3);
            case RespValue.MapReply m -> writeMap(out, m.entries(), resp3);
            case RespValue.FieldMap f -> writeFieldMap(out, f, resp3);
            case RespValue.DoubleReply d -> {
                String text = formatDouble(d.value());
                if (resp3) {
                    out.writeByte(',');
                    ByteBufUtil.writeAscii(out, text);
                    out.writeBytes(CRLF);
                } else {
                    writeNumberLine(out, '$', text.length());
                    ByteBufUtil.writeAscii(out, text);
                    out.writeBytes(CRLF);
                }
            }
            case RespValue.DoubleText d -> {
                if (resp3) {
                    out.writeByte(',');
                    ByteBufUtil.writeAscii(out, d.text());
                    out.writeBytes(CRLF);
                } else {
                    writeNumberLine(out, '$', d.text().length());
                    ByteBufUtil.writeAscii(out, d.text());
                    out.writeBytes(CRLF);
                }
            }
            case RespValue.BooleanReply b -> {
                if (resp3) {
                    out.writeByte('#').writeByte(b.value() ? 't' : 'f');
                    out.writeBytes(CRLF);
                } else {
                    writeNumberLine(out, ':', b.value() ? 1 : 0);
                }
            }
            case RespValue.VerbatimString vs -> writeVerbatim(out, vs, resp3);
            case RespValue.BigNumber n -> {
                String digits = n.value().toString();
                if (resp3) {
                    out.writeByte('(');
                } else {
                    writeNumberLine(out, '$', digits.length());
                }
                ByteBufUtil.writeAscii(out, digits);
                out.writeBytes(CRLF);
            }
            case RespValue.PushReply p -> writeAggregate(out, resp3 ? '>' : '*', p.items(), resp3);
            case RespValue.Sequence q -> {
                for (RespValue reply : q.replies()) {
                    write(reply, out, resp3);
                }
            }
        }
    }

    private static void writeAggregate(ByteBuf out, char type, List<RespValue> items, boolean resp3) {
        writeNumberLine(out, type, items.size());
        for (RespValue item : items) {
            write(item, out, resp3);
        }
    }

    private static void writeMap(ByteBuf out, List<Map.Entry<RespValue, RespValue>> entries, boolean resp3) {
        if (resp3) {
            writeNumberLine(out, '%', entries.size());
        } else {
            writeNumberLine(out, '*', 2L * entries.size());
        }
        for (Map.Entry<RespValue, RespValue> entry : entries) {
            write(entry.getKey(), out, resp3);
            write(entry.getValue(), out, resp3);
        }
    }

    private static void writeFieldMap(ByteBuf out, RespValue.FieldMap map, boolean resp3) {
        int n = map.fields().length;
        if (resp3) {
            writeNumberLine(out, '%', n);
        } else {
            writeNumberLine(out, '*', 2L * n);
        }
        for (int i = 0; i < n; i++) {
            String field = map.fields()[i];
            writeNumberLine(out, '$', field.length());
            out.writeCharSequence(field, StandardCharsets.ISO_8859_1);
            out.writeBytes(CRLF);
            writeBulk(out, map.values()[i]);
        }
    }

    private static void writeVerbatim(ByteBuf out, RespValue.VerbatimString vs, boolean resp3) {
        byte[] text = vs.text().getBytes(StandardCharsets.UTF_8);
        if (!resp3) {
            writeBulk(out, text);
            return;
        }
        String format = vs.format();
        if (format.length() != 3) {
            throw new IllegalArgumentException("format: " + format + " (expected: 3 characters)");
        }
        writeNumberLine(out, '=', 4L + text.length);
        ByteBufUtil.writeAscii(out, format);
        out.writeByte(':');
        out.writeBytes(text);
        out.writeBytes(CRLF);
    }

    private static void writeBulk(ByteBuf out, byte[] value) {
        writeNumberLine(out, '$', value.length);
        out.writeBytes(value);
        out.writeBytes(CRLF);
    }

    /** {@code type}, the text with CR and LF shown as spaces, CRLF. */
    private static void writeLine(ByteBuf out, char type, String text) {
        out.writeByte(type);
        if (text.indexOf('\r') >= 0 || text.indexOf('\n') >= 0) {
            text = text.replace('\r', ' ').replace('\n', ' ');
        }
        ByteBufUtil.writeUtf8(out, text);
        out.writeBytes(CRLF);
    }

    /** {@code type}, the decimal digits of {@code value}, CRLF, without building a String. */
    static void writeNumberLine(ByteBuf out, char type, long value) {
        out.writeByte(type);
        writeDecimal(out, value);
        out.writeBytes(CRLF);
    }

    static void writeDecimal(ByteBuf out, long value) {
        if (value == Long.MIN_VALUE) {
            ByteBufUtil.writeAscii(out, "-9223372036854775808");
            return;
        }
        boolean negative = value < 0;
        long magnitude = negative ? -value : value;
        int digits = 1;
        for (long rest = magnitude / 10; rest != 0; rest /= 10) {
            digits++;
        }
        int width = digits + (negative ? 1 : 0);
        out.ensureWritable(width);
        int index = out.writerIndex() + width;
        do {
            out.setByte(--index, (int) ('0' + magnitude % 10));
            magnitude /= 10;
        } while (magnitude != 0);
        if (negative) {
            out.setByte(--index, '-');
        }
        out.writerIndex(out.writerIndex() + width);
    }

    /**
     * The text Redis 7.2 and later give a double ({@code d2string} in {@code util.c}, used by
     * {@code addReplyDouble} for ZSCORE, ZADD INCR, RESP3 doubles and the like):
     * <ul>
     *   <li>{@code nan}, {@code inf}, {@code -inf};</li>
     *   <li>{@code 0} and {@code -0} for the two zeros;</li>
     *   <li>an integral value within &plusmn;2<sup>62</sup> as plain integer digits ({@code 3});</li>
     *   <li>anything else as the shortest digits that read back as the same double, laid out as
     *       Redis lays out its doubles: {@code 1.5}, {@code 0.1}, {@code 0.3333333333333333},
     *       {@code 1e+20}, {@code 1.5e-7}, {@code 9223372036854776000}.</li>
     * </ul>
     * Every result parses back to the same double. Redis's digit generator (Grisu2) now and then
     * prints a 17th digit where 16 suffice; Cairn prints the shorter form, which reads back as the
     * same double. Note that Redis's INCRBYFLOAT replies use a
     * different, long-double based text ({@code ld2string} with {@code LD_STR_HUMAN}).
     */
    public static String formatDouble(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (d == 0) {
            return Double.doubleToRawLongBits(d) < 0 ? "-0" : "0";
        }
        if (d >= -TWO_TO_62 && d <= TWO_TO_62 && d == (long) d) {
            return Long.toString((long) d);
        }
        // Shortest digits that read back as d (Java's Double.toString), laid out as Redis lays out
        // its doubles: plain when the number is not too far from 1, else d.ddde+X.
        java.math.BigDecimal exact = new java.math.BigDecimal(Double.toString(Math.abs(d))).stripTrailingZeros();
        String digits = exact.unscaledValue().toString();
        int k = -exact.scale(); // value = digits x 10^k
        int n = digits.length();
        int exp = Math.abs(k + n - 1);
        StringBuilder text = new StringBuilder(32);
        if (d < 0) {
            text.append('-');
        }
        if (k >= 0 && exp < n + 7) {
            text.append(digits).append("0".repeat(k));
        } else if (k < 0 && (k > -7 || exp < 4)) {
            int point = n + k; // digits before the decimal point
            if (point > 0) {
                text.append(digits, 0, point).append('.').append(digits, point, n);
            } else {
                text.append("0.").append("0".repeat(-point)).append(digits);
            }
        } else {
            text.append(digits.charAt(0));
            if (n > 1) {
                text.append('.').append(digits, 1, n);
            }
            int e = k + n - 1;
            text.append('e').append(e < 0 ? '-' : '+').append(Math.abs(e));
        }
        return text.toString();
    }
}
