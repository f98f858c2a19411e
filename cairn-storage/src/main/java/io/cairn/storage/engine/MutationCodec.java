package io.cairn.storage.engine;

import io.cairn.common.Varints;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Encodes a committed batch of {@link Mutation}s as one WAL record payload, and back. Layout (see
 * {@code docs/format/wal.md}, "Payload"): a varint count, then per mutation a type byte, the key
 * as varint length and bytes, and the type's fields; doubles are 8 bytes little-endian, times are
 * varints of epoch milliseconds.
 */
final class MutationCodec {
    static final byte PUT_STRING = 1;
    static final byte DELETE = 2;
    static final byte EXPIRED = 3;
    static final byte HASH_PUT = 4;
    static final byte HASH_DELETE = 5;
    static final byte ZSET_PUT = 6;
    static final byte ZSET_DELETE = 7;
    static final byte EXPIRE_AT = 8;
    static final byte CLEAR = 9;
    static final byte PUT_DOCUMENT = 10;
    static final byte LIST_PUSH = 20;
    static final byte LIST_POP = 21;
    static final byte LIST_SET = 22;
    static final byte LIST_INSERT = 23;
    static final byte LIST_REMOVE = 24;
    static final byte LIST_TRIM = 25;
    private static final byte HEAD = 1;
    /** Not a mutation: the mutations after it (up to the next) are in database {@code varint}. */
    static final byte SELECT_DB = 11;
    static final byte MOVE = 12;
    static final byte SWAP_DB = 13;
    static final byte CLEAR_ALL = 14;
    // 30-39: sets
    static final byte SET_ADD = 30;
    static final byte SET_REMOVE = 31;
    // 40-49: sorted sets
    static final byte ZSET_REMOVE_RANGE = 40;
    // 50-59: strings
    static final byte STRING_SET_RANGE = 50;
    static final byte PUT_ITEM = 51;
    // 60-69: keys across types
    static final byte RENAME = 60;
    static final byte FUNCTIONS = 70;

    private MutationCodec() {
    }

    static int sizeOf(List<Mutation> batch) {
        int n = Varints.sizeOf(batch.size());
        int db = 0;
        for (Mutation m : batch) {
            n += 1;
            if (!spansDatabases(m) && m.db() != db) {
                db = m.db();
                n += 1 + Varints.sizeOf(db);
            }
            switch (m) {
                case Mutation.Clear c -> {
                    continue;
                }
                case Mutation.ClearAll c -> {
                    continue;
                }
                case Mutation.SwapDb w -> {
                    n += Varints.sizeOf(w.db()) + Varints.sizeOf(w.other());
                    continue;
                }
                case Mutation.SetFunctions f -> {
                    n += bytesSize(f.libraries());
                    continue;
                }
                default -> {
                }
            }
            n += bytesSize(m.key());
            n += switch (m) {
                case Mutation.PutString p -> bytesSize(p.value()) + Varints.sizeOf(p.expireAt());
                case Mutation.PutDocument p -> bytesSize(p.document()) + Varints.sizeOf(p.expireAt());
                case Mutation.PutItem p -> bytesSize(p.value()) + Varints.sizeOf(p.expireAt())
                        + Varints.sizeOf(Integer.toUnsignedLong(p.flags())) + Varints.sizeOf(p.cas());
                case Mutation.StringSetRange r -> Varints.sizeOf(r.offset()) + bytesSize(r.bytes());
                case Mutation.HashPut h -> bytesSize(h.field()) + bytesSize(h.value());
                case Mutation.HashDelete h -> bytesSize(h.field());
                case Mutation.ZSetPut z -> bytesSize(z.member()) + 8;
                case Mutation.ZSetDelete z -> bytesSize(z.member());
                case Mutation.SetAdd a -> membersSize(a.members());
                case Mutation.SetRemove r -> membersSize(r.members());
                case Mutation.ZSetRemoveRange z -> bytesSize(z.first()) + 8 + bytesSize(z.last()) + 8;
                case Mutation.ExpireAt e -> Varints.sizeOf(e.expireAt());
                case Mutation.Move mv -> Varints.sizeOf(mv.toDb());
                case Mutation.Rename r -> bytesSize(r.source());
                case Mutation.Delete d -> 0;
                case Mutation.Expired e -> 0;
                case Mutation.Clear c -> 0;
                case Mutation.ListPush p -> 1 + Varints.sizeOf(p.values().length) + bytesSize(p.values());
                case Mutation.ListPop p -> 1 + Varints.sizeOf(p.count());
                case Mutation.ListSet x -> Varints.sizeOf(x.index()) + bytesSize(x.value());
                case Mutation.ListInsert x -> Varints.sizeOf(x.index()) + bytesSize(x.value());
                case Mutation.ListRemove r -> Varints.sizeOf(zigzag(r.count())) + bytesSize(r.value());
                case Mutation.ListTrim x -> Varints.sizeOf(x.start()) + Varints.sizeOf(x.stop());
                case Mutation.ClearAll c -> 0;
                case Mutation.SwapDb w -> 0;
                case Mutation.SetFunctions f -> 0;
                case Mutation.StreamAdd x -> StreamMutationCodec.bodySize(x);
                case Mutation.StreamTrim x -> StreamMutationCodec.bodySize(x);
                case Mutation.StreamDelete x -> StreamMutationCodec.bodySize(x);
                case Mutation.StreamSetId x -> StreamMutationCodec.bodySize(x);
                case Mutation.StreamGroupPut x -> StreamMutationCodec.bodySize(x);
                case Mutation.StreamGroupDelete x -> StreamMutationCodec.bodySize(x);
                case Mutation.StreamConsumerPut x -> StreamMutationCodec.bodySize(x);
                case Mutation.StreamConsumerDelete x -> StreamMutationCodec.bodySize(x);
                case Mutation.StreamClaim x -> StreamMutationCodec.bodySize(x);
                case Mutation.StreamAck x -> StreamMutationCodec.bodySize(x);
            };
        }
        return n;
    }

    /** Writes the batch into {@code out}, which must have {@link #sizeOf} bytes remaining. */
    static void encode(List<Mutation> batch, ByteBuffer out) {
        Varints.put(out, batch.size());
        int db = 0;
        for (Mutation m : batch) {
            if (!spansDatabases(m) && m.db() != db) {
                db = m.db();
                out.put(SELECT_DB);
                Varints.put(out, db);
            }
            switch (m) {
                case Mutation.PutString p -> {
                    head(out, PUT_STRING, p.key());
                    putBytes(out, p.value());
                    Varints.put(out, p.expireAt());
                }
                case Mutation.PutDocument p -> {
                    head(out, PUT_DOCUMENT, p.key());
                    putBytes(out, p.document());
                    Varints.put(out, p.expireAt());
                }
                case Mutation.PutItem p -> {
                    head(out, PUT_ITEM, p.key());
                    putBytes(out, p.value());
                    Varints.put(out, p.expireAt());
                    Varints.put(out, Integer.toUnsignedLong(p.flags()));
                    Varints.put(out, p.cas());
                }
                case Mutation.StringSetRange r -> {
                    head(out, STRING_SET_RANGE, r.key());
                    Varints.put(out, r.offset());
                    putBytes(out, r.bytes());
                }
                case Mutation.Delete d -> head(out, DELETE, d.key());
                case Mutation.Expired e -> head(out, EXPIRED, e.key());
                case Mutation.HashPut h -> {
                    head(out, HASH_PUT, h.key());
                    putBytes(out, h.field());
                    putBytes(out, h.value());
                }
                case Mutation.HashDelete h -> {
                    head(out, HASH_DELETE, h.key());
                    putBytes(out, h.field());
                }
                case Mutation.ZSetPut z -> {
                    head(out, ZSET_PUT, z.key());
                    putBytes(out, z.member());
                    out.putDouble(z.score());
                }
                case Mutation.ZSetDelete z -> {
                    head(out, ZSET_DELETE, z.key());
                    putBytes(out, z.member());
                }
                case Mutation.SetAdd a -> {
                    head(out, SET_ADD, a.key());
                    putMembers(out, a.members());
                }
                case Mutation.SetRemove r -> {
                    head(out, SET_REMOVE, r.key());
                    putMembers(out, r.members());
                }
                case Mutation.ZSetRemoveRange z -> {
                    head(out, ZSET_REMOVE_RANGE, z.key());
                    putBytes(out, z.first());
                    out.putDouble(z.firstScore());
                    putBytes(out, z.last());
                    out.putDouble(z.lastScore());
                }
                case Mutation.ExpireAt e -> {
                    head(out, EXPIRE_AT, e.key());
                    Varints.put(out, e.expireAt());
                }
                case Mutation.Move mv -> {
                    head(out, MOVE, mv.key());
                    Varints.put(out, mv.toDb());
                }
                case Mutation.Rename r -> {
                    head(out, RENAME, r.key());
                    putBytes(out, r.source());
                }
                case Mutation.Clear c -> out.put(CLEAR);
                case Mutation.ListPush p -> {
                    head(out, LIST_PUSH, p.key());
                    out.put(p.left() ? HEAD : 0);
                    Varints.put(out, p.values().length);
                    for (byte[] v : p.values()) {
                        putBytes(out, v);
                    }
                }
                case Mutation.ListPop p -> {
                    head(out, LIST_POP, p.key());
                    out.put(p.left() ? HEAD : 0);
                    Varints.put(out, p.count());
                }
                case Mutation.ListSet x -> {
                    head(out, LIST_SET, x.key());
                    Varints.put(out, x.index());
                    putBytes(out, x.value());
                }
                case Mutation.ListInsert x -> {
                    head(out, LIST_INSERT, x.key());
                    Varints.put(out, x.index());
                    putBytes(out, x.value());
                }
                case Mutation.ListRemove r -> {
                    head(out, LIST_REMOVE, r.key());
                    Varints.put(out, zigzag(r.count()));
                    putBytes(out, r.value());
                }
                case Mutation.ListTrim x -> {
                    head(out, LIST_TRIM, x.key());
                    Varints.put(out, x.start());
                    Varints.put(out, x.stop());
                }
                case Mutation.ClearAll c -> out.put(CLEAR_ALL);
                case Mutation.SetFunctions f -> {
                    out.put(FUNCTIONS);
                    putBytes(out, f.libraries());
                }
                case Mutation.SwapDb w -> {
                    out.put(SWAP_DB);
                    Varints.put(out, w.db());
                    Varints.put(out, w.other());
                }
                case Mutation.StreamAdd x -> StreamMutationCodec.encode(x, out);
                case Mutation.StreamTrim x -> StreamMutationCodec.encode(x, out);
                case Mutation.StreamDelete x -> StreamMutationCodec.encode(x, out);
                case Mutation.StreamSetId x -> StreamMutationCodec.encode(x, out);
                case Mutation.StreamGroupPut x -> StreamMutationCodec.encode(x, out);
                case Mutation.StreamGroupDelete x -> StreamMutationCodec.encode(x, out);
                case Mutation.StreamConsumerPut x -> StreamMutationCodec.encode(x, out);
                case Mutation.StreamConsumerDelete x -> StreamMutationCodec.encode(x, out);
                case Mutation.StreamClaim x -> StreamMutationCodec.encode(x, out);
                case Mutation.StreamAck x -> StreamMutationCodec.encode(x, out);
            }
        }
    }

    /** Whether the mutation names its databases itself, so no {@link #SELECT_DB} goes before it. */
    private static boolean spansDatabases(Mutation m) {
        return m instanceof Mutation.ClearAll || m instanceof Mutation.SwapDb || m instanceof Mutation.SetFunctions;
    }

    static ByteBuffer encode(List<Mutation> batch) {
        ByteBuffer out = ByteBuffer.allocate(sizeOf(batch)).order(ByteOrder.LITTLE_ENDIAN);
        encode(batch, out);
        return out.flip();
    }

    /**
     * Decodes one payload.
     *
     * @throws IllegalArgumentException when the payload is malformed (it passed its checksum, so
     *         this means a bug or a foreign writer; the caller reports it as corruption)
     */
    static List<Mutation> decode(ByteBuffer in) {
        in = in.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        try {
            int count = Varints.getInt(in, "mutation count", in.remaining());
            List<Mutation> out = new ArrayList<>(count);
            int db = 0;
            for (int i = 0; i < count; i++) {
                if (in.get(in.position()) == SELECT_DB) {
                    in.get();
                    db = Varints.getInt(in, "database", Integer.MAX_VALUE);
                }
                out.add(decodeOne(in, db));
            }
            if (in.hasRemaining()) {
                throw new IllegalArgumentException("trailing bytes: " + in.remaining() + " (expected: 0)");
            }
            return out;
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("payload ends inside a mutation", e);
        }
    }

    /**
     * Decodes one payload and applies it to {@code ks}; returns the number of mutations. Same
     * result as {@link #decode} followed by {@link MutationApplier#apply}, but string puts, the
     * bulk of most logs, are built straight from the payload bytes with no intermediate arrays,
     * which makes recovery several times cheaper in allocation.
     */
    static int replay(ByteBuffer in, Databases dbs) {
        if (!in.hasArray()) {
            List<Mutation> ms = decode(in);
            ms.forEach(m -> MutationApplier.apply(dbs, m));
            return ms.size();
        }
        in = in.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        byte[] a = in.array();
        int base = in.arrayOffset();
        try {
            int count = Varints.getInt(in, "mutation count", in.remaining());
            int db = 0;
            Keyspace ks = dbs.get(0);
            for (int i = 0; i < count; i++) {
                if (in.get(in.position()) == SELECT_DB) {
                    in.get();
                    db = Varints.getInt(in, "database", Integer.MAX_VALUE);
                    ks = dbs.get(db);
                }
                if (in.get(in.position()) == PUT_STRING) {
                    in.get();
                    int keyLen = Varints.getInt(in, "length", in.remaining());
                    int keyOff = base + in.position();
                    in.position(in.position() + keyLen);
                    int valueLen = Varints.getInt(in, "length", in.remaining());
                    int valueOff = base + in.position();
                    in.position(in.position() + valueLen);
                    long expireAt = Varints.get(in);
                    ks.put(StringRecord.encode(a, keyOff, keyLen, valueOff, valueLen, expireAt));
                } else {
                    MutationApplier.apply(dbs, decodeOne(in, db));
                    ks = dbs.get(db); // a SWAPDB exchanged the keyspaces
                }
            }
            if (in.hasRemaining()) {
                throw new IllegalArgumentException("trailing bytes: " + in.remaining() + " (expected: 0)");
            }
            return count;
        } catch (BufferUnderflowException | IndexOutOfBoundsException e) {
            throw new IllegalArgumentException("payload ends inside a mutation", e);
        }
    }

    private static Mutation decodeOne(ByteBuffer in, int db) {
        byte type = in.get();
        switch (type) {
            case CLEAR -> {
                return new Mutation.Clear(db);
            }
            case CLEAR_ALL -> {
                return new Mutation.ClearAll();
            }
            case FUNCTIONS -> {
                return new Mutation.SetFunctions(getBytes(in));
            }
            case SWAP_DB -> {
                return new Mutation.SwapDb(Varints.getInt(in, "database", Integer.MAX_VALUE),
                        Varints.getInt(in, "database", Integer.MAX_VALUE));
            }
            default -> {
            }
        }
        byte[] key = getBytes(in);
        if (StreamMutationCodec.isStream(type)) {
            return StreamMutationCodec.decode(type, db, key, in);
        }
        return switch (type) {
            case PUT_STRING -> new Mutation.PutString(db, key, getBytes(in), Varints.get(in));
            case DELETE -> new Mutation.Delete(db, key);
            case EXPIRED -> new Mutation.Expired(db, key);
            case HASH_PUT -> new Mutation.HashPut(db, key, getBytes(in), getBytes(in));
            case HASH_DELETE -> new Mutation.HashDelete(db, key, getBytes(in));
            case ZSET_PUT -> new Mutation.ZSetPut(db, key, getBytes(in), in.getDouble());
            case ZSET_DELETE -> new Mutation.ZSetDelete(db, key, getBytes(in));
            case ZSET_REMOVE_RANGE -> new Mutation.ZSetRemoveRange(db, key, getBytes(in), in.getDouble(), getBytes(in),
                    in.getDouble());
            case EXPIRE_AT -> new Mutation.ExpireAt(db, key, Varints.get(in));
            case PUT_DOCUMENT -> new Mutation.PutDocument(db, key, getBytes(in), Varints.get(in));
            case RENAME -> new Mutation.Rename(db, key, getBytes(in));
            case MOVE -> new Mutation.Move(db, key, Varints.getInt(in, "database", Integer.MAX_VALUE));
            case LIST_PUSH -> {
                boolean left = end(in) == HEAD;
                int n = Varints.getInt(in, "element count", in.remaining());
                byte[][] values = new byte[n][];
                for (int i = 0; i < n; i++) {
                    values[i] = getBytes(in);
                }
                yield new Mutation.ListPush(db, key, left, values);
            }
            case LIST_POP -> {
                boolean left = end(in) == HEAD;
                yield new Mutation.ListPop(db, key, left, Varints.getInt(in, "pop count", Integer.MAX_VALUE));
            }
            case LIST_SET -> new Mutation.ListSet(db, key, Varints.getInt(in, "list index", Integer.MAX_VALUE), getBytes(in));
            case LIST_INSERT -> new Mutation.ListInsert(db, key, Varints.getInt(in, "list index", Integer.MAX_VALUE), getBytes(in));
            case LIST_REMOVE -> new Mutation.ListRemove(db, key, unzigzag(Varints.get(in)), getBytes(in));
            case LIST_TRIM -> new Mutation.ListTrim(db, key, Varints.getInt(in, "list index", Integer.MAX_VALUE),
                    Varints.getInt(in, "list index", Integer.MAX_VALUE));
            case SET_ADD -> new Mutation.SetAdd(db, key, getMembers(in));
            case SET_REMOVE -> new Mutation.SetRemove(db, key, getMembers(in));
            case STRING_SET_RANGE -> setRange(db, key, in);
            case PUT_ITEM -> new Mutation.PutItem(db, key, getBytes(in), Varints.get(in), (int) Varints.get(in),
                    Varints.get(in));
            default -> throw new IllegalArgumentException("mutation type: " + type + " (expected: one of the types in docs/format/wal.md)");
        };
    }

    private static Mutation.StringSetRange setRange(int db, byte[] key, ByteBuffer in) {
        long offset = Varints.get(in);
        byte[] bytes = getBytes(in);
        if (offset < 0 || offset + bytes.length > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("string range: offset " + offset + " + length " + bytes.length
                    + " (expected: <= " + (Integer.MAX_VALUE - 64) + ")");
        }
        return new Mutation.StringSetRange(db, key, offset, bytes);
    }

    /** A list end byte: 1 for the head, 0 for the tail. */
    private static byte end(ByteBuffer in) {
        byte b = in.get();
        if (b != HEAD && b != 0) {
            throw new IllegalArgumentException("list end: " + b + " (expected: 0 or 1)");
        }
        return b;
    }

    /** Signed to unsigned for a varint: 0, -1, 1, -2 ... as 0, 1, 2, 3 ... */
    static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    static long unzigzag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }

    private static int bytesSize(byte[][] values) {
        int n = 0;
        for (byte[] v : values) {
            n += bytesSize(v);
        }
        return n;
    }

    private static void head(ByteBuffer out, byte type, byte[] key) {
        out.put(type);
        putBytes(out, key);
    }

    static int bytesSize(byte[] b) {
        return Varints.sizeOf(b.length) + b.length;
    }

    static void putBytes(ByteBuffer out, byte[] b) {
        Varints.put(out, b.length);
        out.put(b);
    }

    static int membersSize(byte[][] members) {
        int n = Varints.sizeOf(members.length);
        for (byte[] m : members) {
            n += bytesSize(m);
        }
        return n;
    }

    static void putMembers(ByteBuffer out, byte[][] members) {
        Varints.put(out, members.length);
        for (byte[] m : members) {
            putBytes(out, m);
        }
    }

    /** A count, then that many byte strings; the count is checked against the bytes left (each takes >= 1). */
    static byte[][] getMembers(ByteBuffer in) {
        int n = Varints.getInt(in, "member count", in.remaining());
        byte[][] members = new byte[n][];
        for (int i = 0; i < n; i++) {
            members[i] = getBytes(in);
        }
        return members;
    }

    static byte[] getBytes(ByteBuffer in) {
        int len = Varints.getInt(in, "length", in.remaining());
        byte[] b = new byte[len];
        in.get(b);
        return b;
    }
}
