package io.cairn.server.command.stream;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.storage.engine.StreamId;
import java.nio.charset.StandardCharsets;

/**
 * Stream IDs as the stream commands read and print them, with Redis's rules: {@code ms-seq} or
 * {@code ms} alone (the sequence then taken as the lowest or the highest), both halves unsigned
 * 64-bit decimals; {@code -} and {@code +} the lowest and highest ID where a range is meant; a
 * {@code (} before a range's bound excludes it.
 */
final class StreamIds {
    static final String INVALID = "ERR Invalid stream ID specified as stream command argument";

    private StreamIds() {
    }

    /** An ID as XADD's may be given: {@code seq} is null for {@code ms-*}. */
    record Given(long ms, Long seq) {
    }

    /**
     * An ID where {@code -} and {@code +} are refused (XDEL, XACK, XCLAIM, XADD's, MINID); a lone
     * {@code ms} takes {@code missingSeq}. With {@code allowAutoSeq}, {@code ms-*} gives a null sequence.
     */
    static Given parseStrict(byte[] arg, long missingSeq, boolean allowAutoSeq) {
        String s = new String(arg, StandardCharsets.ISO_8859_1);
        if (s.equals("-") || s.equals("+")) {
            throw new InvalidRequestException(INVALID);
        }
        return parse(s, missingSeq, allowAutoSeq);
    }

    static StreamId strict(byte[] arg) {
        Given g = parseStrict(arg, 0, false);
        return new StreamId(g.ms(), g.seq());
    }

    /** An ID where {@code -} is the lowest and {@code +} the highest. */
    static StreamId parse(byte[] arg, long missingSeq) {
        String s = new String(arg, StandardCharsets.ISO_8859_1);
        if (s.equals("-")) {
            return StreamId.MIN;
        }
        if (s.equals("+")) {
            return StreamId.MAX;
        }
        Given g = parse(s, missingSeq, false);
        return new StreamId(g.ms(), g.seq());
    }

    /**
     * A range bound (XRANGE, XPENDING, XAUTOCLAIM's start): {@code (id} excludes {@code id}, so the
     * bound becomes the next ID (a start) or the previous one (an end).
     */
    static StreamId bound(byte[] arg, boolean start) {
        if (arg.length > 1 && arg[0] == '(') {
            String s = new String(arg, 1, arg.length - 1, StandardCharsets.ISO_8859_1);
            if (s.equals("-") || s.equals("+")) {
                throw new InvalidRequestException(INVALID);
            }
            Given g = parse(s, start ? 0 : -1L, false);
            StreamId id = new StreamId(g.ms(), g.seq());
            StreamId moved = start ? id.next() : id.previous();
            if (moved == null) {
                throw new InvalidRequestException(start ? "ERR invalid start ID for the interval"
                        : "ERR invalid end ID for the interval");
            }
            return moved;
        }
        return parse(arg, start ? 0 : -1L);
    }

    private static Given parse(String s, long missingSeq, boolean allowAutoSeq) {
        if (s.length() > 127) {
            throw new InvalidRequestException(INVALID);
        }
        int dash = s.indexOf('-');
        if (dash < 0) {
            return new Given(unsigned(s), missingSeq);
        }
        long ms = unsigned(s.substring(0, dash));
        String seq = s.substring(dash + 1);
        if (allowAutoSeq && seq.equals("*")) {
            return new Given(ms, null);
        }
        return new Given(ms, unsigned(seq));
    }

    /** An unsigned 64-bit decimal as Redis's string2ull reads it: digits only, no sign, no spaces. */
    private static long unsigned(String s) {
        if (s.isEmpty() || s.length() > 20) {
            throw new InvalidRequestException(INVALID);
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw new InvalidRequestException(INVALID);
            }
        }
        try {
            return Long.parseUnsignedLong(s);
        } catch (NumberFormatException e) {
            throw new InvalidRequestException(INVALID);
        }
    }

    static RespValue reply(StreamId id) {
        if (id.ms() >= 0 && id.seq() >= 0) { // the usual case: the digits written straight into the bytes
            int a = digits(id.ms());
            int b = digits(id.seq());
            byte[] out = new byte[a + 1 + b];
            writeDigits(out, a, id.ms());
            out[a] = '-';
            writeDigits(out, a + 1 + b, id.seq());
            return RespValue.bulk(out);
        }
        return RespValue.bulk(id.toString());
    }

    private static int digits(long v) {
        int n = 1;
        while (v >= 10) {
            v /= 10;
            n++;
        }
        return n;
    }

    /** Writes the decimal digits of {@code v} (non-negative) to end just before {@code end}. */
    private static void writeDigits(byte[] out, int end, long v) {
        do {
            out[--end] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v > 0);
    }
}
