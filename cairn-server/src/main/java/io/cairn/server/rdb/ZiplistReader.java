package io.cairn.server.rdb;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads Redis's ziplist, the blob of small values before Redis 7 (list nodes of type 14, list
 * 10, sorted set 12, hash 13); Cairn never writes one:
 *
 * <pre>
 * total bytes (u32 LE) | tail offset (u32 LE) | count (u16 LE) | entry ... | 0xFF
 * entry: prevlen (1 byte, or 0xFE + u32 LE) | encoding [+ data]
 *   00xxxxxx + n    string, n < 64          11000000 int16    11110000 int24   11111110 int8
 *   01xxxxxx x + n  string, 14-bit BE n     11010000 int32    11100000 int64   1111xxxx 0 to 12
 *   10000000 + u32 BE n + n  string
 * </pre>
 *
 * It checks each entry's bounds and prevlen, the total, the tail and the count. Stateless.
 */
public final class ZiplistReader {
    private static final int HEADER = 10;

    private ZiplistReader() {
    }

    public static List<byte[]> read(byte[] zl) {
        if (zl.length < HEADER + 1) {
            throw new MalformedPayloadException("ziplist of " + zl.length + " bytes");
        }
        long total = ListpackCodec.u32(zl, 0);
        long tail = ListpackCodec.u32(zl, 4);
        int count = (zl[8] & 0xff) | (zl[9] & 0xff) << 8;
        int last = zl.length - 1;
        if (total != zl.length || (zl[last] & 0xff) != 0xff) {
            throw new MalformedPayloadException("ziplist header says " + total + " bytes (actual: " + zl.length + ")");
        }
        List<byte[]> out = new ArrayList<>(Math.min(count, zl.length));
        int p = HEADER;
        int previousStart = -1;
        int previousLength = 0;
        while (p < last) {
            int start = p;
            int prevlen;
            if ((zl[p] & 0xff) < 254) {
                prevlen = zl[p] & 0xff;
                p += 1;
            } else if ((zl[p] & 0xff) == 254) {
                need(p, 5, last);
                long n = ListpackCodec.u32(zl, p + 1);
                prevlen = n > Integer.MAX_VALUE ? -1 : (int) n;
                p += 5;
            } else {
                throw new MalformedPayloadException("ziplist prevlen 255 at " + p);
            }
            if (prevlen != previousLength) {
                throw new MalformedPayloadException("ziplist prevlen " + prevlen + " at " + start
                        + " (expected: " + previousLength + ")");
            }
            need(p, 1, last);
            int b = zl[p] & 0xff;
            byte[] element;
            if (b >>> 6 == 0) {
                element = slice(zl, p + 1, b & 0x3f, last);
                p += 1 + element.length;
            } else if (b >>> 6 == 1) {
                need(p, 2, last);
                element = slice(zl, p + 2, (b & 0x3f) << 8 | (zl[p + 1] & 0xff), last);
                p += 2 + element.length;
            } else if (b == 0x80) {
                need(p, 5, last);
                long n = (zl[p + 1] & 0xffL) << 24 | (zl[p + 2] & 0xffL) << 16 | (zl[p + 3] & 0xffL) << 8 | (zl[p + 4] & 0xffL);
                if (n > last - p - 5) {
                    throw new MalformedPayloadException("ziplist string of " + n + " bytes at " + p);
                }
                element = slice(zl, p + 5, (int) n, last);
                p += 5 + element.length;
            } else if (b >= 0xf1 && b <= 0xfd) {
                element = IntegerStrings.text((b & 0x0f) - 1);
                p += 1;
            } else {
                int n = switch (b) {
                    case 0xc0 -> 2;
                    case 0xd0 -> 4;
                    case 0xe0 -> 8;
                    case 0xf0 -> 3;
                    case 0xfe -> 1;
                    default -> throw new MalformedPayloadException("ziplist encoding " + b + " at " + p);
                };
                need(p, 1 + n, last);
                long v = 0;
                for (int i = 0; i < n; i++) {
                    v |= (zl[p + 1 + i] & 0xffL) << (8 * i);
                }
                int shift = 64 - 8 * n;
                element = IntegerStrings.text(v << shift >> shift);
                p += 1 + n;
            }
            previousStart = start;
            previousLength = p - start;
            out.add(element);
        }
        if (p != last || count != 65535 && count != out.size() || tail != (previousStart < 0 ? HEADER : previousStart)) {
            throw new MalformedPayloadException("ziplist count " + count + " or tail " + tail + " (actual: "
                    + out.size() + ", " + previousStart + ")");
        }
        return out;
    }

    private static void need(int p, int n, int last) {
        if (n > last - p) {
            throw new MalformedPayloadException("ziplist entry past the end at " + p);
        }
    }

    private static byte[] slice(byte[] zl, int from, int n, int last) {
        if (from > last || n > last - from) {
            throw new MalformedPayloadException("ziplist string past the end at " + from);
        }
        return java.util.Arrays.copyOfRange(zl, from, from + n);
    }
}
