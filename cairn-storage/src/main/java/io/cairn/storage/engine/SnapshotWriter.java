package io.cairn.storage.engine;

import io.cairn.common.Checksums;
import io.cairn.common.Varints;
import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * Writes one snapshot file from entries given in key order. The file appears under its final
 * name only after it was completely written and synced, so a crash never leaves a snapshot that
 * looks finished but is not. Blocks are built in a buffer of about twice the target block size;
 * an entry that does not fit it (a big collection or string) is streamed through the buffer in
 * passes rather than grown into memory ({@link #addLarge}), with the same bytes on disk. Not
 * thread-safe; one checkpoint uses one writer.
 */
final class SnapshotWriter implements AutoCloseable {
    private final FileSystem fs;
    private final Path dir;
    private final Path tmp;
    private final Path target;
    private final FileHandle file;
    private final boolean streamLarge;
    // Holds the block header (reserved, filled at flush) followed by the payload being built, so
    // a block is written with no copy and no allocation.
    private ByteBuffer block;
    private long entries;
    /** How {@link #ensure} makes room: grow the buffer (a block built in memory) or {@link #spill}. */
    private Mode mode = Mode.NORMAL;
    /** Where the streamed bytes start in the buffer (the rest before it is kept). */
    private int base;
    /** Bytes counted by spills in {@link Mode#COUNT}. */
    private long spilled;
    private final CRC32C crc = new CRC32C();
    private long blocks;
    private long bytes;
    private boolean done;

    /** A collection of more items than this goes through {@link #addLarge}. */
    private static final int LARGE_ENTRY_MIN_ITEMS = 64;

    private enum Mode { NORMAL, TRY, COUNT, CRC, WRITE }

    /** Thrown by {@link #ensure} in {@link Mode#TRY}: the entry does not fit the buffer as it is. */
    private static final class Overflow extends RuntimeException {
        private static final Overflow INSTANCE = new Overflow();

        private Overflow() {
            super(null, null, false, false);
        }
    }

    SnapshotWriter(FileSystem fs, Path dir, long lsn, long createdMillis) throws IOException {
        this(fs, dir, lsn, createdMillis, true);
    }

    /** {@code streamLarge} false builds every block whole in memory, as before streaming (tests compare the two). */
    SnapshotWriter(FileSystem fs, Path dir, long lsn, long createdMillis, boolean streamLarge) throws IOException {
        this.block = newBlock(SnapshotFormat.TARGET_BLOCK_BYTES * 2);
        this.streamLarge = streamLarge;
        this.fs = fs;
        this.dir = dir;
        this.target = dir.resolve(SnapshotFormat.name(lsn));
        this.tmp = dir.resolve(SnapshotFormat.name(lsn) + SnapshotFormat.TMP_SUFFIX);
        fs.deleteIfExists(tmp);
        this.file = fs.open(tmp, FileSystem.OpenMode.CREATE_NEW);
        ByteBuffer h = ByteBuffer.allocate(SnapshotFormat.HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        h.put(SnapshotFormat.MAGIC).putInt(SnapshotFormat.VERSION).putLong(lsn).putLong(createdMillis);
        h.putInt(Checksums.crc32c(h, 0, SnapshotFormat.HEADER_CHECKED));
        file.writeFully(h.flip());
        bytes = SnapshotFormat.HEADER_SIZE;
    }

    /** A writer with no file, for {@link #encode}: its block only grows. */
    private SnapshotWriter(int capacity) {
        this.block = newBlock(capacity); // one entry's worth: it grows as it must
        this.streamLarge = false;
        this.fs = null;
        this.dir = null;
        this.target = null;
        this.tmp = null;
        this.file = null;
        this.done = true;
    }

    /**
     * One entry as a snapshot block holds it (its kind, key, expiry and contents: {@code
     * docs/format/snapshot.md}), which {@link SnapshotReader#readEntry} reads back; a disk
     * database's values are made of it.
     */
    static byte[] encode(Object entry) {
        SnapshotWriter w = new SnapshotWriter(SnapshotFormat.BLOCK_HEADER_SIZE + 256);
        w.serializeUnchecked(entry);
        ByteBuffer b = w.block;
        return java.util.Arrays.copyOfRange(b.array(), SnapshotFormat.BLOCK_HEADER_SIZE, b.position());
    }

    /** Puts the entries added after this call in database {@code db} (before the first call: 0). */
    void database(int db) {
        ensure(1 + 5);
        block.put(SnapshotFormat.KIND_DATABASE);
        Varints.put(block, db);
    }

    /** Writes the function libraries (before any entry); not an entry, not counted. */
    void functions(byte[] libraries) {
        ensure(1 + 5 + libraries.length);
        block.put(SnapshotFormat.KIND_FUNCTIONS);
        Varints.put(block, libraries.length);
        block.put(libraries);
    }

    /** Adds one entry (a string or document record, or a collection entry). */
    void add(Object entry) throws IOException {
        if (streamLarge && mayBeLarge(entry)) {
            addLarge(entry);
        } else {
            serialize(entry);
        }
        entries++;
        if (block.position() >= SnapshotFormat.TARGET_BLOCK_BYTES + SnapshotFormat.BLOCK_HEADER_SIZE) {
            flushBlock(SnapshotFormat.BLOCK_ENTRIES);
        }
    }

    private static boolean mayBeLarge(Object entry) {
        return entry instanceof byte[] r ? r.length > SnapshotFormat.TARGET_BLOCK_BYTES
                : ((CollectionEntry) entry).size() > LARGE_ENTRY_MIN_ITEMS;
    }

    /**
     * Adds an entry that may not fit the block buffer without the buffer growing to the entry's
     * size (a 1,000,000-field hash is a 100 MiB block; growing to that allocated twice its size per
     * checkpoint and the young collections it caused paused the writers). It is first serialized
     * as any other, into the buffer as it is, which fails fast when it would overflow. Only then
     * is the block it ends (it is past the target size, so the block is cut after it, as when it
     * was built whole) streamed through the buffer: one pass counts the entry's bytes, one
     * computes the block's CRC, and one writes the header and then the bytes as the buffer fills.
     * The view the entry comes from does not change, so every pass sees the same bytes and the
     * file is the same byte for byte.
     */
    private void addLarge(Object entry) throws IOException {
        int start = block.position();
        mode = Mode.TRY;
        try {
            serialize(entry);
            return; // it fitted: one pass, as any other entry
        } catch (Overflow e) {
            block.position(start);
        } finally {
            mode = Mode.NORMAL;
        }
        mode = Mode.COUNT;
        base = start;
        spilled = 0;
        serialize(entry);
        long entryBytes = spilled + block.position() - base;
        block.position(start);
        mode = Mode.NORMAL;
        long payload = start - SnapshotFormat.BLOCK_HEADER_SIZE + entryBytes;
        if (payload > Integer.MAX_VALUE) {
            throw new IOException("snapshot entry of " + entryBytes + " bytes does not fit one block");
        }
        byte[] a = block.array();
        block.put(0, SnapshotFormat.BLOCK_ENTRIES).putInt(1, (int) payload);
        crc.reset();
        crc.update(a, 0, 5);
        crc.update(a, SnapshotFormat.BLOCK_HEADER_SIZE, start - SnapshotFormat.BLOCK_HEADER_SIZE);
        mode = Mode.CRC;
        base = start;
        serialize(entry);
        spill();
        block.position(start);
        block.putInt(5, (int) crc.getValue());
        mode = Mode.WRITE;
        base = 0;
        serialize(entry);
        spill();
        mode = Mode.NORMAL;
        bytes += SnapshotFormat.BLOCK_HEADER_SIZE + payload;
        blocks++;
        block = block.capacity() > SnapshotFormat.TARGET_BLOCK_BYTES * 4 ? newBlock(SnapshotFormat.TARGET_BLOCK_BYTES * 2)
                : block.clear().position(SnapshotFormat.BLOCK_HEADER_SIZE);
    }

    /** Hands the bytes from {@link #base} to the position on (as the mode says) and empties that part. */
    private void spill() throws IOException {
        int n = block.position() - base;
        switch (mode) {
            case COUNT -> spilled += n;
            case CRC -> crc.update(block.array(), base, n);
            case WRITE -> file.writeFully(ByteBuffer.wrap(block.array(), base, n));
            case NORMAL, TRY -> throw new IllegalStateException("spill while building a block in memory");
        }
        block.position(base);
    }

    /** Puts one entry's bytes in the block, through {@link #ensure}. */
    private void serialize(Object entry) throws IOException {
        try {
            serializeUnchecked(entry);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private void serializeUnchecked(Object entry) {
        if (entry instanceof byte[] r) {
            int ko = StringRecord.keyOffset(r);
            int kl = StringRecord.keyLength(r);
            int vo = ko + kl;
            ensure(1 + 5 + kl + 10 + 5);
            boolean item = StringRecord.isItem(r);
            block.put(StringRecord.isDocument(r) ? SnapshotFormat.KIND_DOCUMENT
                    : item ? SnapshotFormat.KIND_ITEM : SnapshotFormat.KIND_STRING);
            Varints.put(block, kl);
            block.put(r, ko, kl);
            Varints.put(block, StringRecord.expireAt(r));
            Varints.put(block, r.length - vo);
            putRaw(r, vo, r.length - vo);
            if (item) {
                ensure(20);
                Varints.put(block, Integer.toUnsignedLong(StringRecord.itemFlags(r)));
                Varints.put(block, StringRecord.cas(r));
            }
        } else if (entry instanceof HashEntry h) {
            head(SnapshotFormat.KIND_HASH, h.key, h.expireAt, h.size());
            h.forEach((field, value) -> {
                ensure(10 + field.length + value.length);
                putBytes(field);
                putBytes(value);
            });
        } else if (entry instanceof SetEntry s) {
            head(SnapshotFormat.KIND_SET, s.key, s.expireAt, s.size());
            s.forEach(member -> {
                ensure(5 + member.length);
                putBytes(member);
            });
        } else if (entry instanceof ListEntry l) {
            head(SnapshotFormat.KIND_LIST, l.key, l.expireAt, l.size());
            l.scan(0, l.size(), false, (b, off, len) -> {
                ensure(5 + len);
                Varints.put(block, len);
                block.put(b, off, len);
                return true;
            });
        } else if (entry instanceof StreamEntry st) {
            serializeStream(st);
        } else {
            ZSetEntry z = (ZSetEntry) entry;
            head(SnapshotFormat.KIND_ZSET, z.key, z.expireAt, z.size());
            z.forEach(0, z.size(), m -> {
                byte[] member = m.memberBytes();
                ensure(5 + member.length + 8);
                putBytes(member);
                block.putDouble(m.score());
            });
        }
    }

    /** A stream: its entries as stored, its metadata, then each group with its consumers and pending entries. */
    private void serializeStream(StreamEntry st) {
        head(SnapshotFormat.KIND_STREAM, st.key, st.expireAt, st.size());
        st.scanAll((b, off, len) -> {
            ensure(5 + len);
            Varints.put(block, len);
            block.put(b, off, len);
            return true;
        });
        ensure(60);
        putId(st.lastId);
        Varints.put(block, st.entriesAdded);
        putId(st.maxDeletedId);
        Varints.put(block, st.groupCount());
        for (StreamEntry.Group g : st.groups()) {
            ensure(5 + g.name.length + 40);
            putBytes(g.name);
            putId(g.lastDelivered);
            Varints.put(block, SnapshotFormat.zigzag(g.entriesRead));
            Varints.put(block, g.consumers.size());
            for (StreamEntry.Consumer c : g.consumers.values()) {
                ensure(5 + c.name.length + 20);
                putBytes(c.name);
                Varints.put(block, SnapshotFormat.zigzag(c.seenTime));
                Varints.put(block, SnapshotFormat.zigzag(c.activeTime));
            }
            Varints.put(block, g.pending.size());
            for (var p : g.pending.entrySet()) {
                ensure(20 + 5 + p.getValue().consumer().length + 20);
                putId(p.getKey());
                putBytes(p.getValue().consumer());
                Varints.put(block, SnapshotFormat.zigzag(p.getValue().deliveryTime()));
                Varints.put(block, p.getValue().deliveryCount());
            }
        }
    }

    private void putId(StreamId id) {
        Varints.put(block, id.ms());
        Varints.put(block, id.seq());
    }

    /** Puts {@code len} bytes of {@code b}, a buffer's worth at a time (a string's value may be large). */
    private void putRaw(byte[] b, int off, int len) {
        if (mode == Mode.NORMAL || mode == Mode.TRY) {
            ensure(len);
            block.put(b, off, len);
            return;
        }
        while (len > 0) {
            ensure(1); // spills when full
            int n = Math.min(len, block.remaining());
            block.put(b, off, n);
            off += n;
            len -= n;
        }
    }

    /** Writes the footer, syncs, and renames the file into place. Returns the file size. */
    long finish() throws IOException {
        if (block.position() > SnapshotFormat.BLOCK_HEADER_SIZE) {
            flushBlock(SnapshotFormat.BLOCK_ENTRIES);
        }
        block.putLong(entries).putLong(blocks + 1);
        flushBlock(SnapshotFormat.BLOCK_FOOTER);
        file.sync();
        file.close();
        fs.rename(tmp, target);
        fs.syncDirectory(dir);
        done = true;
        return bytes;
    }

    /** Bytes handed to the file so far. */
    long bytesWritten() {
        return bytes;
    }

    long entries() {
        return entries;
    }

    Path target() {
        return target;
    }

    private void head(byte kind, byte[] key, long expireAt, int count) {
        ensure(1 + 5 + key.length + 10 + 5);
        block.put(kind);
        putBytes(key);
        Varints.put(block, expireAt);
        Varints.put(block, count);
    }

    private void putBytes(byte[] b) {
        Varints.put(block, b.length);
        block.put(b);
    }

    private static ByteBuffer newBlock(int capacity) {
        ByteBuffer b = ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
        b.position(SnapshotFormat.BLOCK_HEADER_SIZE);
        return b;
    }

    private void ensure(int extra) {
        if (block.remaining() < extra && mode == Mode.TRY) {
            throw Overflow.INSTANCE;
        }
        if (block.remaining() < extra && mode != Mode.NORMAL) {
            try {
                spill();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (block.remaining() < extra) {
            ByteBuffer bigger = ByteBuffer.allocate(Math.max(block.capacity() * 2, block.position() + extra))
                    .order(ByteOrder.LITTLE_ENDIAN);
            block.flip();
            bigger.put(block);
            block = bigger;
        }
    }

    private void flushBlock(byte type) throws IOException {
        int length = block.position() - SnapshotFormat.BLOCK_HEADER_SIZE;
        block.put(0, type).putInt(1, length);
        block.putInt(5, SnapshotFormat.blockCrc(block.array(), length));
        block.flip();
        file.writeFully(block);
        bytes += SnapshotFormat.BLOCK_HEADER_SIZE + length;
        blocks++;
        if (block.capacity() > SnapshotFormat.TARGET_BLOCK_BYTES * 4) {
            block = newBlock(SnapshotFormat.TARGET_BLOCK_BYTES * 2);
        } else {
            block.clear().position(SnapshotFormat.BLOCK_HEADER_SIZE);
        }
    }

    /** Abandons an unfinished snapshot: closes and deletes the temporary file. */
    @Override
    public void close() throws IOException {
        if (!done) {
            try {
                file.close();
            } finally {
                fs.deleteIfExists(tmp);
            }
        }
    }
}
