package io.cairn.bench.driver;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Map;
import java.util.SequencedMap;
import java.util.Set;

/**
 * The Memcached text protocol. A record is one value holding every field in the
 * {@linkplain #encodeRecord record format} below; plain values are stored as they are.
 * <ul>
 *   <li>{@link Command.ReadRecord}: {@code get key}; {@link Reply#count()} is the number of fields,
 *       MISSING when the key is absent, ERROR ({@code WRONGTYPE ...}) when its value is not a record.
 *   <li>{@link Command.WriteRecord} whole, {@link Command.SetValue}: {@code set key 0 0 length}.
 *   <li>{@link Command.GetValue}: {@code get key}.
 *   <li>{@link Command.Increment}: {@code incr key 1}; {@link Reply#count()} is the new value.
 *       Memcached does not create counters, so a missing key is MISSING: store {@code "0"} first.
 *   <li>{@link Command.Delete}: {@code delete key}; 1 when it existed, else 0.
 *   <li>Partial {@link Command.WriteRecord}, {@link Command.Scan}, {@link Command.SetField}: a
 *       Memcached value cannot be changed in part, nor keys listed in order, so {@code send} throws
 *       {@link UnsupportedOperationException}.
 * </ul>
 * Memcached keys are 1 to 250 bytes without spaces or control characters. {@code send} refuses a
 * key with spaces or control characters (it would split the command line), and a {@code set} with a
 * longer key (Memcached would answer an error and then read the value as a command); a longer key in
 * the other commands goes to the server, which answers {@code CLIENT_ERROR}.
 *
 * <p>Immutable and thread-safe.
 */
public final class MemcachedProtocol implements Protocol {
    /** The longest key Memcached accepts, in bytes. */
    public static final int MAX_KEY_BYTES = 250;

    @Override
    public String name() {
        return "memcached";
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.INCREMENT);
    }

    @Override
    public Connection connect(InetSocketAddress address, int timeoutMillis) throws IOException {
        return new MemcachedConnection(Wire.connect(address, timeoutMillis));
    }

    /**
     * A record as one value: for each field, in the map's order,
     * <pre>
     *   name length: 1 byte | name: UTF-8 | value length: 4 bytes, big-endian | value
     * </pre>
     * with nothing before, between or after.
     *
     * @throws IllegalArgumentException when a field name is empty or longer than 255 bytes
     */
    public static byte[] encodeRecord(SequencedMap<String, byte[]> fields) {
        byte[][] names = new byte[fields.size()][];
        int size = 0;
        int i = 0;
        for (Map.Entry<String, byte[]> e : fields.entrySet()) {
            byte[] name = e.getKey().getBytes(StandardCharsets.UTF_8);
            if (name.length == 0 || name.length > 255) {
                throw new IllegalArgumentException("field name: " + name.length
                        + " bytes (expected: 1 to 255)");
            }
            names[i++] = name;
            size = Math.addExact(size, 1 + name.length + 4 + e.getValue().length);
        }
        byte[] record = new byte[size];
        int at = 0;
        i = 0;
        for (byte[] value : fields.values()) {
            byte[] name = names[i++];
            record[at++] = (byte) name.length;
            System.arraycopy(name, 0, record, at, name.length);
            at += name.length;
            int n = value.length;
            record[at++] = (byte) (n >>> 24);
            record[at++] = (byte) (n >>> 16);
            record[at++] = (byte) (n >>> 8);
            record[at++] = (byte) n;
            System.arraycopy(value, 0, record, at, n);
            at += n;
        }
        return record;
    }

    /**
     * The number of fields in a value in the {@linkplain #encodeRecord record format}, or -1 when
     * the bytes are not a record (a length runs past the end, or a name is empty).
     */
    public static int countFields(byte[] record, int offset, int length) {
        int end = offset + length;
        int at = offset;
        int fields = 0;
        while (at < end) {
            int nameLength = record[at] & 0xff;
            if (nameLength == 0 || end - at < 1 + nameLength + 4) {
                return -1;
            }
            at += 1 + nameLength;
            long valueLength = ((record[at] & 0xffL) << 24) | ((record[at + 1] & 0xff) << 16)
                    | ((record[at + 2] & 0xff) << 8) | (record[at + 3] & 0xff);
            at += 4;
            if (valueLength > end - at) {
                return -1;
            }
            at += (int) valueLength;
            fields++;
        }
        return fields;
    }

    /**
     * Decodes a value in the {@linkplain #encodeRecord record format}.
     *
     * @throws IllegalArgumentException when the bytes are not a record
     */
    public static SequencedMap<String, byte[]> decodeRecord(byte[] record) {
        if (countFields(record, 0, record.length) < 0) {
            throw new IllegalArgumentException("record: " + record.length + " bytes that are not a record");
        }
        SequencedMap<String, byte[]> fields = new java.util.LinkedHashMap<>();
        int at = 0;
        while (at < record.length) {
            int nameLength = record[at++] & 0xff;
            String name = new String(record, at, nameLength, StandardCharsets.UTF_8);
            at += nameLength;
            int n = ((record[at] & 0xff) << 24) | ((record[at + 1] & 0xff) << 16)
                    | ((record[at + 2] & 0xff) << 8) | (record[at + 3] & 0xff);
            at += 4;
            fields.put(name, java.util.Arrays.copyOfRange(record, at, at + n));
            at += n;
        }
        return fields;
    }

    @Override
    public String toString() {
        return "memcached";
    }
}
