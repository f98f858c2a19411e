package io.cairn.storage.engine;

import io.cairn.common.Varints;
import java.nio.ByteBuffer;

/**
 * The log encoding of the stream mutations, types 80 to 89 ({@code docs/format/wal.md}), for
 * {@link MutationCodec}: after the type byte and the key, an ID is its two halves as varints, a
 * time or a count that may be -1 is a zigzag varint, a name is a byte string.
 */
final class StreamMutationCodec {
    static final byte ADD = 80;
    static final byte TRIM = 81;
    static final byte DELETE = 82;
    static final byte SET_ID = 83;
    static final byte GROUP_PUT = 84;
    static final byte GROUP_DELETE = 85;
    static final byte CONSUMER_PUT = 86;
    static final byte CONSUMER_DELETE = 87;
    static final byte CLAIM = 88;
    static final byte ACK = 89;

    private StreamMutationCodec() {
    }

    static boolean isStream(byte type) {
        return type >= ADD && type <= ACK;
    }

    /** The bytes after the key. */
    static int bodySize(Mutation m) {
        return switch (m) {
            case Mutation.StreamAdd a -> idSize(a.id()) + MutationCodec.membersSize(a.fieldsAndValues());
            case Mutation.StreamTrim t -> Varints.sizeOf(t.count());
            case Mutation.StreamDelete d -> idsSize(d.ids());
            case Mutation.StreamSetId s -> idSize(s.lastId()) + Varints.sizeOf(s.entriesAdded()) + idSize(s.maxDeletedId());
            case Mutation.StreamGroupPut g -> MutationCodec.bytesSize(g.group()) + idSize(g.lastDelivered())
                    + Varints.sizeOf(MutationCodec.zigzag(g.entriesRead()));
            case Mutation.StreamGroupDelete g -> MutationCodec.bytesSize(g.group());
            case Mutation.StreamConsumerPut c -> MutationCodec.bytesSize(c.group()) + MutationCodec.bytesSize(c.consumer())
                    + Varints.sizeOf(MutationCodec.zigzag(c.seenTime())) + Varints.sizeOf(MutationCodec.zigzag(c.activeTime()));
            case Mutation.StreamConsumerDelete c -> MutationCodec.bytesSize(c.group()) + MutationCodec.bytesSize(c.consumer());
            case Mutation.StreamClaim c -> {
                int n = MutationCodec.bytesSize(c.group()) + MutationCodec.bytesSize(c.consumer())
                        + Varints.sizeOf(MutationCodec.zigzag(c.deliveryTime())) + Varints.sizeOf(c.ids().length);
                for (int i = 0; i < c.ids().length; i++) {
                    n += idSize(c.ids()[i]) + Varints.sizeOf(c.deliveryCounts()[i]);
                }
                yield n;
            }
            case Mutation.StreamAck a -> MutationCodec.bytesSize(a.group()) + idsSize(a.ids());
            default -> throw new IllegalArgumentException("not a stream mutation: " + m);
        };
    }

    /** Writes the type byte, the key and the body. */
    static void encode(Mutation m, ByteBuffer out) {
        switch (m) {
            case Mutation.StreamAdd a -> {
                head(out, ADD, a.key());
                putId(out, a.id());
                MutationCodec.putMembers(out, a.fieldsAndValues());
            }
            case Mutation.StreamTrim t -> {
                head(out, TRIM, t.key());
                Varints.put(out, t.count());
            }
            case Mutation.StreamDelete d -> {
                head(out, DELETE, d.key());
                putIds(out, d.ids());
            }
            case Mutation.StreamSetId s -> {
                head(out, SET_ID, s.key());
                putId(out, s.lastId());
                Varints.put(out, s.entriesAdded());
                putId(out, s.maxDeletedId());
            }
            case Mutation.StreamGroupPut g -> {
                head(out, GROUP_PUT, g.key());
                MutationCodec.putBytes(out, g.group());
                putId(out, g.lastDelivered());
                Varints.put(out, MutationCodec.zigzag(g.entriesRead()));
            }
            case Mutation.StreamGroupDelete g -> {
                head(out, GROUP_DELETE, g.key());
                MutationCodec.putBytes(out, g.group());
            }
            case Mutation.StreamConsumerPut c -> {
                head(out, CONSUMER_PUT, c.key());
                MutationCodec.putBytes(out, c.group());
                MutationCodec.putBytes(out, c.consumer());
                Varints.put(out, MutationCodec.zigzag(c.seenTime()));
                Varints.put(out, MutationCodec.zigzag(c.activeTime()));
            }
            case Mutation.StreamConsumerDelete c -> {
                head(out, CONSUMER_DELETE, c.key());
                MutationCodec.putBytes(out, c.group());
                MutationCodec.putBytes(out, c.consumer());
            }
            case Mutation.StreamClaim c -> {
                head(out, CLAIM, c.key());
                MutationCodec.putBytes(out, c.group());
                MutationCodec.putBytes(out, c.consumer());
                Varints.put(out, MutationCodec.zigzag(c.deliveryTime()));
                Varints.put(out, c.ids().length);
                for (int i = 0; i < c.ids().length; i++) {
                    putId(out, c.ids()[i]);
                    Varints.put(out, c.deliveryCounts()[i]);
                }
            }
            case Mutation.StreamAck a -> {
                head(out, ACK, a.key());
                MutationCodec.putBytes(out, a.group());
                putIds(out, a.ids());
            }
            default -> throw new IllegalArgumentException("not a stream mutation: " + m);
        }
    }

    /** Reads the body of a stream mutation whose type and key were read. */
    static Mutation decode(byte type, int db, byte[] key, ByteBuffer in) {
        return switch (type) {
            case ADD -> new Mutation.StreamAdd(db, key, getId(in), MutationCodec.getMembers(in));
            case TRIM -> new Mutation.StreamTrim(db, key, Varints.get(in));
            case DELETE -> new Mutation.StreamDelete(db, key, getIds(in));
            case SET_ID -> new Mutation.StreamSetId(db, key, getId(in), Varints.get(in), getId(in));
            case GROUP_PUT -> new Mutation.StreamGroupPut(db, key, MutationCodec.getBytes(in), getId(in),
                    MutationCodec.unzigzag(Varints.get(in)));
            case GROUP_DELETE -> new Mutation.StreamGroupDelete(db, key, MutationCodec.getBytes(in));
            case CONSUMER_PUT -> new Mutation.StreamConsumerPut(db, key, MutationCodec.getBytes(in),
                    MutationCodec.getBytes(in), MutationCodec.unzigzag(Varints.get(in)),
                    MutationCodec.unzigzag(Varints.get(in)));
            case CONSUMER_DELETE -> new Mutation.StreamConsumerDelete(db, key, MutationCodec.getBytes(in),
                    MutationCodec.getBytes(in));
            case CLAIM -> {
                byte[] group = MutationCodec.getBytes(in);
                byte[] consumer = MutationCodec.getBytes(in);
                long time = MutationCodec.unzigzag(Varints.get(in));
                int n = Varints.getInt(in, "ID count", in.remaining());
                StreamId[] ids = new StreamId[n];
                long[] counts = new long[n];
                for (int i = 0; i < n; i++) {
                    ids[i] = getId(in);
                    counts[i] = Varints.get(in);
                }
                yield new Mutation.StreamClaim(db, key, group, consumer, time, ids, counts);
            }
            case ACK -> new Mutation.StreamAck(db, key, MutationCodec.getBytes(in), getIds(in));
            default -> throw new IllegalArgumentException("stream mutation type: " + type + " (expected: 80..89)");
        };
    }

    private static void head(ByteBuffer out, byte type, byte[] key) {
        out.put(type);
        MutationCodec.putBytes(out, key);
    }

    private static int idSize(StreamId id) {
        return Varints.sizeOf(id.ms()) + Varints.sizeOf(id.seq());
    }

    private static int idsSize(StreamId[] ids) {
        int n = Varints.sizeOf(ids.length);
        for (StreamId id : ids) {
            n += idSize(id);
        }
        return n;
    }

    private static void putId(ByteBuffer out, StreamId id) {
        Varints.put(out, id.ms());
        Varints.put(out, id.seq());
    }

    private static void putIds(ByteBuffer out, StreamId[] ids) {
        Varints.put(out, ids.length);
        for (StreamId id : ids) {
            putId(out, id);
        }
    }

    private static StreamId getId(ByteBuffer in) {
        return new StreamId(Varints.get(in), Varints.get(in));
    }

    /** A count, then that many IDs; the count is checked against the bytes left (each takes >= 2). */
    private static StreamId[] getIds(ByteBuffer in) {
        int n = Varints.getInt(in, "ID count", in.remaining() / 2);
        StreamId[] ids = new StreamId[n];
        for (int i = 0; i < n; i++) {
            ids[i] = getId(in);
        }
        return ids;
    }
}
