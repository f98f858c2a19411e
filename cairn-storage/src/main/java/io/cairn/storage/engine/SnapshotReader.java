package io.cairn.storage.engine;

import io.cairn.common.Checksums;
import io.cairn.common.CorruptionException;
import io.cairn.common.FormatVersionException;
import io.cairn.common.Varints;
import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;

/**
 * Loads a snapshot file into a keyspace, checking every checksum and the footer's counts. Any
 * damage is a {@link CorruptionException} naming the file and offset; a snapshot without a
 * footer is damaged too (a finished snapshot always has one).
 */
final class SnapshotReader {
    private SnapshotReader() {
    }

    /** Loads every entry of {@code path} into {@code ks}; returns the snapshot's LSN and entry count. */
    static long[] load(FileSystem fs, Path path, Databases dbs) throws IOException {
        String name = path.getFileName().toString();
        try (FileHandle f = fs.open(path, FileSystem.OpenMode.READ)) {
            long size = f.size();
            ByteBuffer h = read(f, name, 0, SnapshotFormat.HEADER_SIZE, size);
            byte[] magic = new byte[8];
            h.get(0, magic);
            if (!Arrays.equals(magic, SnapshotFormat.MAGIC)) {
                throw new CorruptionException(name, 0, "bad magic: not a Cairn snapshot");
            }
            int expected = h.getInt(SnapshotFormat.HEADER_CHECKED);
            int actual = Checksums.crc32c(h, 0, SnapshotFormat.HEADER_CHECKED);
            if (actual != expected) {
                throw CorruptionException.checksum(name, 0, actual, expected);
            }
            int version = h.getInt(8);
            if (version != SnapshotFormat.VERSION) {
                throw new FormatVersionException(name, version, SnapshotFormat.VERSION, SnapshotFormat.VERSION);
            }
            long lsn = h.getLong(12);
            long pos = SnapshotFormat.HEADER_SIZE;
            long entries = 0;
            long blocks = 0;
            Keyspace db = dbs.get(0); // entries before the first database marker are in database 0
            while (true) {
                ByteBuffer bh = read(f, name, pos, SnapshotFormat.BLOCK_HEADER_SIZE, size);
                byte type = bh.get(0);
                long length = Integer.toUnsignedLong(bh.getInt(1));
                if (length > size - pos - SnapshotFormat.BLOCK_HEADER_SIZE) {
                    throw new CorruptionException(name, pos, "bad length: " + length + " runs past the end of the file at " + size);
                }
                ByteBuffer block = ByteBuffer.allocate(SnapshotFormat.BLOCK_HEADER_SIZE + (int) length)
                        .order(ByteOrder.LITTLE_ENDIAN);
                f.readFully(block, pos);
                int crc = SnapshotFormat.blockCrc(block.array(), (int) length);
                if (crc != block.getInt(5)) {
                    throw CorruptionException.checksum(name, pos, crc, block.getInt(5));
                }
                ByteBuffer payload = block.position(SnapshotFormat.BLOCK_HEADER_SIZE).slice().order(ByteOrder.LITTLE_ENDIAN);
                blocks++;
                if (type == SnapshotFormat.BLOCK_FOOTER) {
                    long countedEntries = payload.getLong(0);
                    long countedBlocks = payload.getLong(8);
                    if (countedEntries != entries || countedBlocks != blocks) {
                        throw new CorruptionException(name, pos, "footer counts: entries=" + countedEntries
                                + " blocks=" + countedBlocks + " vs read entries=" + entries + " blocks=" + blocks);
                    }
                    long end = pos + SnapshotFormat.BLOCK_HEADER_SIZE + length;
                    if (end != size) {
                        throw new CorruptionException(name, end, "trailing bytes after footer: " + (size - end));
                    }
                    return new long[] {lsn, entries};
                }
                if (type != SnapshotFormat.BLOCK_ENTRIES) {
                    throw new CorruptionException(name, pos, "block type: " + type + " (expected: 1 or 2)");
                }
                try {
                    while (payload.hasRemaining()) {
                        if (payload.get(payload.position()) == SnapshotFormat.KIND_FUNCTIONS) {
                            payload.get();
                            dbs.functions(bytes(payload));
                            continue;
                        }
                        if (payload.get(payload.position()) == SnapshotFormat.KIND_DATABASE) {
                            payload.get();
                            db = dbs.get(Varints.getInt(payload, "database", StoreConfig.MAX_DATABASES));
                            continue;
                        }
                        Object e = readEntry(payload, db);
                        if (db.disk == null || !db.disk.known()) { // a disk database's own state is in its engine
                            db.put(e);
                        }
                        entries++;
                    }
                } catch (BufferUnderflowException | IllegalArgumentException | IllegalStateException e) {
                    throw new CorruptionException(name, pos, "malformed entry in block: " + e.getMessage());
                }
                pos += SnapshotFormat.BLOCK_HEADER_SIZE + length;
            }
        }
    }

    private static Object readEntry(ByteBuffer in, Keyspace ks) {
        return readEntry(in, ks.tree.epoch(), ks.cow, ks.encodings);
    }

    /**
     * Reads one entry ({@link SnapshotWriter#encode}'s bytes), its nodes stamped {@code epoch} and
     * copied on write by {@code cow}, laid out by {@code encodings}.
     */
    static Object readEntry(ByteBuffer in, long epoch, CowClock cow, Encodings encodings) {
        int listFill = encodings.listMaxListpackSize();
        int setMaxIntset = (int) Math.min(encodings.setMaxIntsetEntries(), Integer.MAX_VALUE);
        byte kind = in.get();
        byte[] key = bytes(in);
        long expireAt = Varints.get(in);
        switch (kind) {
            case SnapshotFormat.KIND_STRING -> {
                return StringRecord.encode(key, bytes(in), expireAt);
            }
            case SnapshotFormat.KIND_ITEM -> {
                byte[] value = bytes(in);
                int flags = (int) Varints.get(in);
                return StringRecord.encodeItem(key, value, expireAt, flags, Varints.get(in));
            }
            case SnapshotFormat.KIND_DOCUMENT -> {
                return StringRecord.encodeDocument(key, bytes(in), expireAt);
            }
            case SnapshotFormat.KIND_HASH -> {
                int n = Varints.getInt(in, "field count", in.remaining());
                HashEntry h = HashEntry.empty(key, expireAt, cow, (int) Math.min(n, encodings.hashMaxListpackEntries()));
                for (int i = 0; i < n; i++) {
                    h.put(bytes(in), bytes(in), cow, encodings);
                }
                return h;
            }
            case SnapshotFormat.KIND_ZSET -> {
                int n = Varints.getInt(in, "member count", in.remaining());
                ScoredMember[] items = new ScoredMember[n];
                for (int i = 0; i < n; i++) {
                    items[i] = new ScoredMember(new String(bytes(in), StandardCharsets.ISO_8859_1), in.getDouble());
                }
                return ZSetEntry.load(key, expireAt, epoch, items, n);
            }
            case SnapshotFormat.KIND_LIST -> {
                int n = Varints.getInt(in, "element count", in.remaining());
                if (n == 0) {
                    throw new IllegalArgumentException("empty list"); // a list key always has an element
                }
                ListEntry l = new ListEntry(key, expireAt, epoch);
                for (int i = 0; i < n; i++) {
                    l.items.insert(i, bytes(in), listFill);
                }
                l.settleEncoding(listFill);
                return l;
            }
            case SnapshotFormat.KIND_SET -> {
                int n = Varints.getInt(in, "member count", in.remaining());
                byte[][] members = new byte[n][];
                for (int i = 0; i < n; i++) {
                    members[i] = bytes(in);
                }
                return SetEntry.load(key, expireAt, epoch, members, setMaxIntset);
            }
            case SnapshotFormat.KIND_STREAM -> {
                return readStream(in, key, expireAt, epoch);
            }
            default -> throw new IllegalArgumentException("entry kind: " + kind + " (expected: 1..8)");
        }
    }

    private static StreamEntry readStream(ByteBuffer in, byte[] key, long expireAt, long epoch) {
        int n = Varints.getInt(in, "entry count", in.remaining());
        StreamEntry st = new StreamEntry(key, expireAt, epoch);
        StreamId previous = null;
        for (int i = 0; i < n; i++) {
            byte[] item = bytes(in);
            StreamId id = StreamRecords.id(item);
            if (previous != null && !id.after(previous)) {
                throw new IllegalArgumentException("stream entry " + id + " not after " + previous);
            }
            previous = id;
            st.items.insert(i, item, StreamEntry.FILL);
        }
        st.lastId = id(in);
        st.entriesAdded = Varints.get(in);
        st.maxDeletedId = id(in);
        int groups = Varints.getInt(in, "group count", in.remaining());
        for (int i = 0; i < groups; i++) {
            byte[] name = bytes(in);
            st.putGroup(name, id(in), SnapshotFormat.unzigzag(Varints.get(in)));
            StreamEntry.Group g = st.group(name);
            int consumers = Varints.getInt(in, "consumer count", in.remaining());
            for (int j = 0; j < consumers; j++) {
                g.putConsumer(bytes(in), SnapshotFormat.unzigzag(Varints.get(in)), SnapshotFormat.unzigzag(Varints.get(in)));
            }
            int pending = Varints.getInt(in, "pending count", in.remaining());
            for (int j = 0; j < pending; j++) {
                StreamId id = id(in);
                byte[] consumer = bytes(in);
                long time = SnapshotFormat.unzigzag(Varints.get(in));
                long count = Varints.get(in);
                if (!g.consumers.containsKey(consumer)) {
                    throw new IllegalArgumentException("pending entry " + id + " of an unknown consumer");
                }
                g.claim(id, consumer, time, count);
            }
        }
        return st;
    }

    private static StreamId id(ByteBuffer in) {
        return new StreamId(Varints.get(in), Varints.get(in));
    }

    private static byte[] bytes(ByteBuffer in) {
        int n = Varints.getInt(in, "length", in.remaining());
        byte[] b = new byte[n];
        in.get(b);
        return b;
    }

    private static ByteBuffer read(FileHandle f, String name, long pos, int n, long size) throws IOException {
        if (pos + n > size) {
            throw new CorruptionException(name, pos, "truncated: " + (size - pos) + " bytes left (expected: >= " + n + ")");
        }
        ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        f.readFully(b, pos);
        return b.flip();
    }
}
