package io.cairn.server.rdb;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads Redis's zipmap, the blob of small hashes before Redis 2.6 ({@link RdbFormat#TYPE_HASH_ZIPMAP});
 * Cairn never writes one: {@code count (1 byte, 254+: unknown) | (len key len free value free-bytes)... | 0xFF},
 * where a len is one byte below 254 or {@code 254} and a u32 (little-endian, as Redis wrote it on
 * x86). Answers field, value, field, value... Stateless.
 */
public final class ZipmapReader {
    private ZipmapReader() {
    }

    public static List<byte[]> read(byte[] zm) {
        List<byte[]> out = new ArrayList<>();
        int[] at = {1};
        if (zm.length < 2) {
            throw new MalformedPayloadException("zipmap of " + zm.length + " bytes");
        }
        while (true) {
            if (at[0] >= zm.length) {
                throw new MalformedPayloadException("zipmap without its end");
            }
            if ((zm[at[0]] & 0xff) == 0xff) {
                if (at[0] != zm.length - 1) {
                    throw new MalformedPayloadException("zipmap bytes after its end at " + at[0]);
                }
                return out;
            }
            out.add(slice(zm, at, length(zm, at)));
            long vlen = length(zm, at);
            if (at[0] >= zm.length) {
                throw new MalformedPayloadException("zipmap truncated at " + at[0]);
            }
            int free = zm[at[0]++] & 0xff;
            out.add(slice(zm, at, vlen));
            if (free > zm.length - at[0]) {
                throw new MalformedPayloadException("zipmap free bytes past the end at " + at[0]);
            }
            at[0] += free;
        }
    }

    private static long length(byte[] zm, int[] at) {
        if (at[0] >= zm.length) {
            throw new MalformedPayloadException("zipmap truncated at " + at[0]);
        }
        int first = zm[at[0]++] & 0xff;
        if (first < 254) {
            return first;
        }
        if (first == 255 || zm.length - at[0] < 4) {
            throw new MalformedPayloadException("zipmap length at " + (at[0] - 1));
        }
        long n = ListpackCodec.u32(zm, at[0]);
        at[0] += 4;
        return n;
    }

    private static byte[] slice(byte[] zm, int[] at, long n) {
        if (n > zm.length - at[0]) {
            throw new MalformedPayloadException("zipmap string past the end at " + at[0]);
        }
        byte[] out = java.util.Arrays.copyOfRange(zm, at[0], at[0] + (int) n);
        at[0] += (int) n;
        return out;
    }
}
