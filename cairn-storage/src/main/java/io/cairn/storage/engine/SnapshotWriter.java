package io.cairn.storage.engine;

import io.cairn.common.Checksums;
import io.cairn.common.Varints;
import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Writes one snapshot file from entries given in key order. The file appears under its final
 * name only after it was completely written and synced, so a crash never leaves a snapshot that
 * looks finished but is not. Not thread-safe; one checkpoint uses one writer.
 */
final class SnapshotWriter implements AutoCloseable {
    private final FileSystem fs;
    private final Path dir;
    private final Path tmp;
    private final Path target;
    private final FileHandle file;
    // Holds the block header (reserved, filled at flush) followed by the payload being built, so
    // a block is written with no copy and no allocation.
    private ByteBuffer block = newBlock(SnapshotFormat.TARGET_BLOCK_BYTES * 2);
    private long entries;
    private long blocks;
    private long bytes;
    private boolean done;

    SnapshotWriter(FileSystem fs, Path dir, long lsn, long createdMillis) throws IOException {
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

    /** Puts the entries added after this call in database {@code db} (before the first call: 0). */
    void database(int db) {
        ensure(1 + 5);
        block.put(SnapshotFormat.KIND_DATABASE);
        Varints.put(block, db);
    }

    /** Adds one entry (a string or document record, or a collection entry). */
    void add(Object entry) throws IOException {
        if (entry instanceof byte[] r) {
            int ko = StringRecord.keyOffset(r);
            int kl = StringRecord.keyLength(r);
            int vo = ko + kl;
            ensure(1 + 5 + kl + 10 + 5 + (r.length - vo));
            block.put(StringRecord.isDocument(r) ? SnapshotFormat.KIND_DOCUMENT : SnapshotFormat.KIND_STRING);
            Varints.put(block, kl);
            block.put(r, ko, kl);
            Varints.put(block, StringRecord.expireAt(r));
            Varints.put(block, r.length - vo);
            block.put(r, vo, r.length - vo);
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
            l.items.scan(0, l.size(), false, (b, off, len) -> {
                ensure(5 + len);
                Varints.put(block, len);
                block.put(b, off, len);
                return true;
            });
        } else {
            ZSetEntry z = (ZSetEntry) entry;
            head(SnapshotFormat.KIND_ZSET, z.key, z.expireAt, z.size());
            z.order().forEach(0, z.size(), m -> {
                byte[] member = m.memberBytes();
                ensure(5 + member.length + 8);
                putBytes(member);
                block.putDouble(m.score());
            });
        }
        entries++;
        if (block.position() >= SnapshotFormat.TARGET_BLOCK_BYTES + SnapshotFormat.BLOCK_HEADER_SIZE) {
            flushBlock(SnapshotFormat.BLOCK_ENTRIES);
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
