package io.cairn.replication;

import io.cairn.common.CorruptionException;
import io.cairn.common.Varints;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The payload of one Raft log entry: the store batches of one proposal (group commit), and who
 * ran them first. Layout (docs/format/raft-entry.md):
 *
 * <pre>
 *   u8 version (1) | 16 bytes proposer (its incarnation's UUID, big-endian) |
 *   varint batch count | per batch: varint length, the store's encoded batch
 * </pre>
 *
 * The proposer is what lets the leader skip the entries it already applied while it ran them;
 * every other copy applies them.
 */
final class EntryCodec {
    static final byte VERSION = 1;

    /** A decoded entry: its proposer and its batches, each a view of the entry's bytes. */
    record Entry(UUID proposer, List<ByteBuffer> batches) {
    }

    private EntryCodec() {
    }

    static int sizeOf(List<byte[]> batches) {
        int size = 1 + 16 + Varints.sizeOf(batches.size());
        for (byte[] b : batches) {
            size += Varints.sizeOf(b.length) + b.length;
        }
        return size;
    }

    static byte[] encode(UUID proposer, List<byte[]> batches) {
        ByteBuffer out = ByteBuffer.allocate(sizeOf(batches));
        out.put(VERSION);
        out.putLong(proposer.getMostSignificantBits());
        out.putLong(proposer.getLeastSignificantBits());
        Varints.put(out, batches.size());
        for (byte[] b : batches) {
            Varints.put(out, b.length);
            out.put(b);
        }
        return out.array();
    }

    /** @throws CorruptionException when the bytes are not an entry this version wrote */
    static Entry decode(ByteBuffer in, long index) {
        in = in.duplicate();
        try {
            byte version = in.get();
            if (version != VERSION) {
                throw new CorruptionException("raft log entry", index, "version " + version + " (expected: " + VERSION + ")");
            }
            UUID proposer = new UUID(in.getLong(), in.getLong());
            int count = Varints.getInt(in, "batch count", in.remaining());
            List<ByteBuffer> batches = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                int length = Varints.getInt(in, "batch length", in.remaining());
                ByteBuffer batch = in.slice(in.position(), length);
                in.position(in.position() + length);
                batches.add(batch);
            }
            if (in.hasRemaining()) {
                throw new CorruptionException("raft log entry", index, in.remaining() + " trailing bytes");
            }
            return new Entry(proposer, batches);
        } catch (BufferUnderflowException | IllegalArgumentException | IndexOutOfBoundsException e) {
            throw new CorruptionException("raft log entry", index, String.valueOf(e.getMessage()));
        }
    }
}
