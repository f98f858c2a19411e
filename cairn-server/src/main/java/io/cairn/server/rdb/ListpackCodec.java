package io.cairn.server.rdb;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Redis's listpack, the blob its small lists, sets, sorted sets and hashes are kept and dumped in:
 *
 * <pre>
 * total bytes (u32 LE) | element count (u16 LE, 65535: unknown) | entry ... | 0xFF
 * entry: encoding [+ data] | backlen (the entry's length so far, 1 to 5 bytes, for walking back)
 *   0xxxxxxx             7-bit unsigned int        10xxxxxx + n bytes      string, n < 64
 *   110xxxxx + 1 byte    13-bit signed int         1110xxxx + 1 + n bytes  string, n < 4096
 *   0xF0 + u32 LE + n    string                    0xF1/F2/F3/F4           int 16/24/32/64, LE
 * </pre>
 *
 * Reading checks the total, the terminator, each entry's bounds and backlen and the count;
 * writing encodes integers as Redis does (strings that are integers by {@code string2ll}).
 * Stateless.
 */
public final class ListpackCodec {
    private static final int HEADER = 6;
    private static final int UNKNOWN_COUNT = 65535;

    private ListpackCodec() {
    }

    /** The entries of a listpack blob, integers as their decimal text. */
    public static List<byte[]> read(byte[] lp) {
        if (lp.length < HEADER + 1) {
            throw new MalformedPayloadException("listpack of " + lp.length + " bytes");
        }
        long total = u32(lp, 0);
        int count = (lp[4] & 0xff) | (lp[5] & 0xff) << 8;
        if (total != lp.length || (lp[lp.length - 1] & 0xff) != 0xff) {
            throw new MalformedPayloadException("listpack header says " + total + " bytes (actual: " + lp.length + ")");
        }
        List<byte[]> out = new ArrayList<>(Math.min(count, lp.length));
        int p = HEADER;
        int last = lp.length - 1;
        while (p < last) {
            int start = p;
            int b = lp[p] & 0xff;
            byte[] element;
            if ((b & 0x80) == 0) {
                element = IntegerStrings.text(b);
                p += 1;
            } else if ((b & 0xc0) == 0x80) {
                element = slice(lp, p + 1, b & 0x3f, last);
                p += 1 + element.length;
            } else if ((b & 0xe0) == 0xc0) {
                need(lp, p, 2, last);
                int uv = (b & 0x1f) << 8 | (lp[p + 1] & 0xff);
                element = IntegerStrings.text(uv >= 1 << 12 ? uv - (1 << 13) : uv);
                p += 2;
            } else if ((b & 0xf0) == 0xe0) {
                need(lp, p, 2, last);
                element = slice(lp, p + 2, (b & 0x0f) << 8 | (lp[p + 1] & 0xff), last);
                p += 2 + element.length;
            } else if (b == 0xf0) {
                need(lp, p, 5, last);
                long n = u32(lp, p + 1);
                if (n > last - p - 5) {
                    throw new MalformedPayloadException("listpack string of " + n + " bytes at " + p);
                }
                element = slice(lp, p + 5, (int) n, last);
                p += 5 + element.length;
            } else if (b >= 0xf1 && b <= 0xf4) {
                int n = b == 0xf1 ? 2 : b == 0xf2 ? 3 : b == 0xf3 ? 4 : 8;
                need(lp, p, 1 + n, last);
                long v = 0;
                for (int i = 0; i < n; i++) {
                    v |= (lp[p + 1 + i] & 0xffL) << (8 * i);
                }
                int shift = 64 - 8 * n;
                element = IntegerStrings.text(v << shift >> shift);
                p += 1 + n;
            } else {
                throw new MalformedPayloadException("listpack encoding " + b + " at " + p);
            }
            byte[] backlen = backlen(p - start);
            need(lp, p, backlen.length, last);
            for (int i = 0; i < backlen.length; i++) {
                if (lp[p + i] != backlen[i]) {
                    throw new MalformedPayloadException("listpack backlen at " + p);
                }
            }
            p += backlen.length;
            out.add(element);
        }
        if (p != last || count != UNKNOWN_COUNT && count != out.size()) {
            throw new MalformedPayloadException("listpack count " + count + " (actual: " + out.size() + ")");
        }
        return out;
    }

    /** A listpack of these entries. */
    public static byte[] write(List<byte[]> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[HEADER]);
        for (byte[] e : entries) {
            int start = out.size();
            encode(out, e);
            out.writeBytes(backlen(out.size() - start));
        }
        out.write(0xff);
        byte[] lp = out.toByteArray();
        long total = lp.length;
        for (int i = 0; i < 4; i++) {
            lp[i] = (byte) (total >>> (8 * i));
        }
        int count = Math.min(entries.size(), UNKNOWN_COUNT);
        lp[4] = (byte) count;
        lp[5] = (byte) (count >>> 8);
        return lp;
    }

    /** The bytes an entry of {@code e} takes, backlen included. */
    public static int entryBytes(byte[] e) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        encode(out, e);
        return out.size() + backlen(out.size()).length;
    }

    private static void encode(ByteArrayOutputStream out, byte[] e) {
        if (IntegerStrings.isInteger(e)) {
            long v = IntegerStrings.value(e);
            if (v >= 0 && v <= 127) {
                out.write((int) v);
            } else if (v >= -4096 && v <= 4095) {
                long uv = v < 0 ? (1 << 13) + v : v;
                out.write((int) (0xc0 | uv >>> 8));
                out.write((int) uv);
            } else {
                int n = v >= Short.MIN_VALUE && v <= Short.MAX_VALUE ? 2
                        : v >= -(1 << 23) && v < 1 << 23 ? 3
                        : v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE ? 4 : 8;
                out.write(n == 2 ? 0xf1 : n == 3 ? 0xf2 : n == 4 ? 0xf3 : 0xf4);
                for (int i = 0; i < n; i++) {
                    out.write((int) (v >>> (8 * i)));
                }
            }
            return;
        }
        int n = e.length;
        if (n < 64) {
            out.write(0x80 | n);
        } else if (n < 4096) {
            out.write(0xe0 | n >>> 8);
            out.write(n);
        } else {
            out.write(0xf0);
            for (int i = 0; i < 4; i++) {
                out.write(n >>> (8 * i));
            }
        }
        out.writeBytes(e);
    }

    /** Redis's {@code lpEncodeBacklen}: the high 7-bit group first, every later byte with bit 7 set. */
    private static byte[] backlen(long l) {
        int n = l <= 127 ? 1 : l < 16383 ? 2 : l < 2097151 ? 3 : l < 268435455 ? 4 : 5;
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            int shift = 7 * (n - 1 - i);
            b[i] = (byte) (i == 0 ? l >>> shift : (l >>> shift & 127) | 128);
        }
        return b;
    }

    private static void need(byte[] lp, int p, int n, int last) {
        if (n > last - p) {
            throw new MalformedPayloadException("listpack entry past the end at " + p);
        }
    }

    private static byte[] slice(byte[] lp, int from, int n, int last) {
        if (from > last || n > last - from) {
            throw new MalformedPayloadException("listpack string past the end at " + from);
        }
        return java.util.Arrays.copyOfRange(lp, from, from + n);
    }

    static long u32(byte[] b, int at) {
        return (b[at] & 0xffL) | (b[at + 1] & 0xffL) << 8 | (b[at + 2] & 0xffL) << 16 | (b[at + 3] & 0xffL) << 24;
    }
}
