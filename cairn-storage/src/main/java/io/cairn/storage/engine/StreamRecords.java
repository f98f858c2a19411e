package io.cairn.storage.engine;

import io.cairn.common.Varints;

/**
 * The bytes of one stream entry as a {@link ChunkedList} element holds it: its ID's two halves as
 * varints, then the number of field and value strings, then each string as a varint length and its
 * bytes ({@code docs/format/snapshot.md}, stream). A few bytes of framing per entry, against a
 * hash's object per field.
 */
final class StreamRecords {
    private StreamRecords() {
    }

    static byte[] encode(long ms, long seq, byte[][] fieldsAndValues) {
        int n = Varints.sizeOf(ms) + Varints.sizeOf(seq) + Varints.sizeOf(fieldsAndValues.length);
        for (byte[] b : fieldsAndValues) {
            n += Varints.sizeOf(b.length) + b.length;
        }
        byte[] out = new byte[n];
        int at = Varints.put(out, 0, ms);
        at = Varints.put(out, at, seq);
        at = Varints.put(out, at, fieldsAndValues.length);
        for (byte[] b : fieldsAndValues) {
            at = Varints.put(out, at, b.length);
            System.arraycopy(b, 0, out, at, b.length);
            at += b.length;
        }
        return out;
    }

    /** The ID of the entry held in {@code len} bytes of {@code buf} from {@code off}. */
    static StreamId id(byte[] buf, int off) {
        long[] cursor = {off};
        long ms = varint(buf, cursor);
        long seq = varint(buf, cursor);
        return new StreamId(ms, seq);
    }

    static StreamId id(byte[] element) {
        return id(element, 0);
    }

    /** The entry held in {@code buf} from {@code off}: its ID and its field and value strings. */
    static StreamOps.Item item(byte[] buf, int off) {
        long[] cursor = {off};
        long ms = varint(buf, cursor);
        long seq = varint(buf, cursor);
        int n = (int) varint(buf, cursor);
        byte[][] fields = new byte[n][];
        for (int i = 0; i < n; i++) {
            int len = (int) varint(buf, cursor);
            int at = (int) cursor[0];
            fields[i] = java.util.Arrays.copyOfRange(buf, at, at + len);
            cursor[0] = at + len;
        }
        return new StreamOps.Item(new StreamId(ms, seq), fields);
    }

    private static long varint(byte[] buf, long[] cursor) {
        int at = (int) cursor[0];
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = buf[at++];
            result |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                cursor[0] = at;
                return result;
            }
        }
        throw new IllegalStateException("stream entry: varint longer than 10 bytes");
    }
}
