package io.cairn.server.rdb;

import io.cairn.server.rdb.DumpValue.HashValue;
import io.cairn.server.rdb.DumpValue.ListValue;
import io.cairn.server.rdb.DumpValue.Scored;
import io.cairn.server.rdb.DumpValue.SetValue;
import io.cairn.server.rdb.DumpValue.StringValue;
import io.cairn.server.rdb.DumpValue.ZSetValue;
import io.cairn.resp.RespEncoder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A value to and from a DUMP payload in Redis's serialization ({@code docs/format/dump-restore.md}).
 *
 * <p>Written: a string as type 0; a list as type 18 (quicklist of listpack nodes of at most
 * {@link #NODE_BYTES} bytes, as Redis's default {@code list-max-listpack-size -2} makes them); a set
 * as type 11 (intset) when the store keeps it as one, else 2; a sorted set as type 17 (listpack,
 * scores as Redis 7.2 prints them) when the store keeps it as one, else 5 (binary scores); a hash
 * as type 16 (listpack) when the store keeps it as one, else 4; a stream as type 19
 * ({@link StreamCodec}). All at RDB version
 * {@link RdbFormat#DUMP_VERSION}, strings never compressed.
 *
 * <p>Read: every string, list, set, sorted-set and hash type a Redis up to 7.2 writes (0, 1, 2, 3,
 * 4, 5, 9, 10, 11, 12, 13, 14, 16, 17, 18, 20) and every stream type (15, 19, 21), checked whole: an empty collection, a duplicate
 * member or field, a NaN score, or any blob that does not parse is {@link MalformedPayloadException};
 * a wrong footer is {@link RdbFormat#WRONG_PAYLOAD}. Bytes after the value are ignored, as Redis
 * ignores them. Stateless.
 */
public final class DumpPayload {
    /** The most bytes of one listpack node of a dumped list. */
    static final int NODE_BYTES = 8192;

    private DumpPayload() {
    }

    public static byte[] write(DumpValue value) {
        RdbOutput out = new RdbOutput();
        switch (value) {
            case StringValue s -> {
                out.u8(RdbFormat.TYPE_STRING);
                out.string(s.value());
            }
            case ListValue l -> {
                out.u8(RdbFormat.TYPE_LIST_QUICKLIST_2);
                List<List<byte[]>> nodes = nodes(l.elements());
                out.length(nodes.size());
                for (List<byte[]> node : nodes) {
                    out.length(RdbFormat.QUICKLIST_NODE_PACKED);
                    out.rawString(ListpackCodec.write(node));
                }
            }
            case SetValue s when s.intset() && IntsetCodec.fits(s.members()) -> {
                out.u8(RdbFormat.TYPE_SET_INTSET);
                out.rawString(IntsetCodec.write(s.members()));
            }
            case SetValue s -> {
                out.u8(RdbFormat.TYPE_SET);
                out.length(s.members().size());
                for (byte[] m : s.members()) {
                    out.string(m);
                }
            }
            case ZSetValue z when z.listpack() -> {
                List<byte[]> flat = new ArrayList<>(2 * z.members().size());
                for (Scored m : z.members()) {
                    flat.add(m.member());
                    flat.add(scoreText(m.score()).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                }
                out.u8(RdbFormat.TYPE_ZSET_LISTPACK);
                out.rawString(ListpackCodec.write(flat));
            }
            case ZSetValue z -> {
                out.u8(RdbFormat.TYPE_ZSET_2);
                out.length(z.members().size());
                for (Scored m : z.members()) {
                    out.string(m.member());
                    out.binaryDouble(m.score());
                }
            }
            case HashValue h when h.listpack() -> {
                out.u8(RdbFormat.TYPE_HASH_LISTPACK);
                out.rawString(ListpackCodec.write(h.fieldsAndValues()));
            }
            case HashValue h -> {
                out.u8(RdbFormat.TYPE_HASH);
                out.length(h.fieldsAndValues().size() / 2);
                for (byte[] s : h.fieldsAndValues()) {
                    out.string(s);
                }
            }
            case DumpValue.StreamValue s -> StreamCodec.write(out, s);
        }
        return out.seal(RdbFormat.DUMP_VERSION);
    }

    /**
     * A score as Redis 7.2's {@code zzlInsertAt} puts it in a listpack: an integer when it is one
     * within 2^62 (so -0 becomes 0, as in Redis), else {@code d2string}'s text.
     */
    private static String scoreText(double d) {
        if (d >= -TWO_TO_62 && d <= TWO_TO_62 && d == (long) d) {
            return Long.toString((long) d);
        }
        return RespEncoder.formatDouble(d);
    }

    private static final double TWO_TO_62 = 0x1p62;

    /** Cuts a list into listpack nodes of at most {@link #NODE_BYTES} (one element at least). */
    private static List<List<byte[]>> nodes(List<byte[]> elements) {
        List<List<byte[]>> nodes = new ArrayList<>();
        List<byte[]> node = new ArrayList<>();
        long bytes = 7; // header and terminator
        for (byte[] e : elements) {
            int n = ListpackCodec.entryBytes(e);
            if (!node.isEmpty() && bytes + n > NODE_BYTES) {
                nodes.add(node);
                node = new ArrayList<>();
                bytes = 7;
            }
            node.add(e);
            bytes += n;
        }
        if (!node.isEmpty()) {
            nodes.add(node);
        }
        return nodes;
    }

    /**
     * The value in {@code payload}; no string in it (decompressed) may pass {@code maxStringBytes}.
     *
     * @throws io.cairn.common.InvalidRequestException {@link RdbFormat#WRONG_PAYLOAD} for a wrong
     *     footer, {@link MalformedPayloadException} for a body that is not a value
     */
    public static DumpValue read(byte[] payload, long maxStringBytes) {
        int end = RdbFormat.bodyEnd(payload);
        RdbInput in = new RdbInput(payload, 0, end, maxStringBytes);
        int type = in.u8();
        return switch (type) {
            case RdbFormat.TYPE_STRING -> new StringValue(in.string());
            case RdbFormat.TYPE_LIST -> list(strings(in, in.count(1)));
            case RdbFormat.TYPE_LIST_ZIPLIST -> list(ZiplistReader.read(in.string()));
            case RdbFormat.TYPE_LIST_QUICKLIST, RdbFormat.TYPE_LIST_QUICKLIST_2 -> quicklist(in, type);
            case RdbFormat.TYPE_SET -> set(strings(in, in.count(1)), false);
            case RdbFormat.TYPE_SET_INTSET -> set(IntsetCodec.read(in.string()), true);
            case RdbFormat.TYPE_SET_LISTPACK -> set(ListpackCodec.read(in.string()), false);
            case RdbFormat.TYPE_ZSET, RdbFormat.TYPE_ZSET_2 -> zset(in, type == RdbFormat.TYPE_ZSET_2);
            case RdbFormat.TYPE_ZSET_ZIPLIST -> zset(ZiplistReader.read(in.string()));
            case RdbFormat.TYPE_ZSET_LISTPACK -> zset(ListpackCodec.read(in.string()));
            case RdbFormat.TYPE_HASH -> hash(strings(in, 2L * in.count(2)), false);
            case RdbFormat.TYPE_HASH_ZIPMAP -> hash(ZipmapReader.read(in.string()), false);
            case RdbFormat.TYPE_HASH_ZIPLIST -> hash(ZiplistReader.read(in.string()), false);
            case RdbFormat.TYPE_HASH_LISTPACK -> hash(ListpackCodec.read(in.string()), true);
            case RdbFormat.TYPE_STREAM_LISTPACKS, RdbFormat.TYPE_STREAM_LISTPACKS_2, RdbFormat.TYPE_STREAM_LISTPACKS_3 ->
                    StreamCodec.read(in, type);
            default -> throw new MalformedPayloadException("value type " + type);
        };
    }

    private static List<byte[]> strings(RdbInput in, long n) {
        List<byte[]> out = new ArrayList<>((int) Math.min(n, in.remaining()));
        for (long i = 0; i < n; i++) {
            out.add(in.string());
        }
        return out;
    }

    private static ListValue list(List<byte[]> elements) {
        nonEmpty(elements);
        return new ListValue(elements);
    }

    /** Types 14 (ziplist nodes) and 18 (a container kind per node: plain, or a listpack); empty nodes are skipped, as Redis skips them. */
    private static ListValue quicklist(RdbInput in, int type) {
        int nodes = in.count(1);
        List<byte[]> elements = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            long container = type == RdbFormat.TYPE_LIST_QUICKLIST_2 ? in.length() : RdbFormat.QUICKLIST_NODE_PACKED;
            if (container != RdbFormat.QUICKLIST_NODE_PACKED && container != RdbFormat.QUICKLIST_NODE_PLAIN) {
                throw new MalformedPayloadException("quicklist container " + container);
            }
            byte[] data = in.string();
            if (data.length == 0) {
                throw new MalformedPayloadException("empty quicklist node " + i);
            }
            if (container == RdbFormat.QUICKLIST_NODE_PLAIN) {
                elements.add(data);
            } else if (type == RdbFormat.TYPE_LIST_QUICKLIST_2) {
                elements.addAll(ListpackCodec.read(data));
            } else {
                elements.addAll(ZiplistReader.read(data));
            }
        }
        return list(elements);
    }

    private static SetValue set(List<byte[]> members, boolean intset) {
        nonEmpty(members);
        distinct(members, 1);
        return new SetValue(members, intset);
    }

    /** Types 3 (text scores) and 5 (binary scores). */
    private static ZSetValue zset(RdbInput in, boolean binary) {
        int n = in.count(binary ? 9 : 2);
        List<Scored> members = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byte[] m = in.string();
            members.add(scored(m, binary ? in.binaryDouble() : in.textDouble()));
        }
        return checked(members);
    }

    /** A ziplist or listpack of member, score, member, score...; a score is an integer or text for strtod. */
    private static ZSetValue zset(List<byte[]> flat) {
        pairs(flat);
        List<Scored> members = new ArrayList<>(flat.size() / 2);
        for (int i = 0; i < flat.size(); i += 2) {
            members.add(scored(flat.get(i), score(flat.get(i + 1))));
        }
        return checked(members);
    }

    private static ZSetValue checked(List<Scored> members) {
        if (members.isEmpty()) {
            throw new MalformedPayloadException("empty sorted set");
        }
        Set<Bytes> seen = new HashSet<>();
        for (Scored m : members) {
            if (!seen.add(new Bytes(m.member()))) {
                throw new MalformedPayloadException("duplicate sorted set member");
            }
        }
        return new ZSetValue(members, false);
    }

    private static Scored scored(byte[] member, double score) {
        if (Double.isNaN(score)) {
            throw new MalformedPayloadException("NaN score");
        }
        return new Scored(member, score);
    }

    /** A listpack score as Redis's {@code zzlStrtod} reads it: the text of a double, "inf" and "-inf" included. */
    private static double score(byte[] text) {
        String s = new String(text, java.nio.charset.StandardCharsets.US_ASCII).trim();
        switch (s.toLowerCase(java.util.Locale.ROOT)) {
            case "inf", "+inf", "infinity", "+infinity" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-inf", "-infinity" -> {
                return Double.NEGATIVE_INFINITY;
            }
            default -> {
                try {
                    return Double.parseDouble(s);
                } catch (NumberFormatException e) {
                    throw new MalformedPayloadException("score " + s);
                }
            }
        }
    }

    private static HashValue hash(List<byte[]> flat, boolean listpack) {
        pairs(flat);
        distinct(flat, 2);
        return new HashValue(flat, listpack);
    }

    private static void pairs(List<byte[]> flat) {
        nonEmpty(flat);
        if (flat.size() % 2 != 0) {
            throw new MalformedPayloadException("odd count " + flat.size() + " of a pair blob");
        }
    }

    private static void nonEmpty(List<?> elements) {
        if (elements.isEmpty()) {
            throw new MalformedPayloadException("empty collection");
        }
    }

    /** No two of every {@code step}-th element are equal. */
    private static void distinct(List<byte[]> elements, int step) {
        Set<Bytes> seen = new HashSet<>();
        for (int i = 0; i < elements.size(); i += step) {
            if (!seen.add(new Bytes(elements.get(i)))) {
                throw new MalformedPayloadException("duplicate member or field");
            }
        }
    }

    private record Bytes(byte[] b) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes other && Arrays.equals(b, other.b);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(b);
        }
    }
}
