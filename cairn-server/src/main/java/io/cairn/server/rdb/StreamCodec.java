package io.cairn.server.rdb;

import io.cairn.server.rdb.DumpValue.StreamValue;
import io.cairn.server.rdb.DumpValue.StreamValue.Consumer;
import io.cairn.server.rdb.DumpValue.StreamValue.Group;
import io.cairn.server.rdb.DumpValue.StreamValue.Id;
import io.cairn.server.rdb.DumpValue.StreamValue.Item;
import io.cairn.server.rdb.DumpValue.StreamValue.Pending;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A stream in Redis's serialization, types 15 (Redis 5 and 6), 19 (7.0) and 21 (7.2):
 *
 * <pre>
 * nodes: count, then per node the master ID (16 bytes, ms and seq big-endian) and a listpack:
 *   live count | deleted count | master field count | master fields... | 0
 *   then per entry: flags | ms - master ms | seq - master seq | [field count] | fields and values | lp-count
 *   (flag 1: deleted, skipped; flag 2: the master's fields, so only the values follow and no count)
 * length | last ID (ms, seq)                                    lengths, each up to 64 bits
 * 19, 21: first ID | greatest deleted ID | entries added
 * groups: count, then per group: name | last delivered ID | 19, 21: entries read (2^64-1: unknown)
 *   global PEL: count, then per entry: ID (16 bytes) | delivery time (8, LE) | delivery count
 *   consumers: count, then per consumer: name | seen time (8, LE) | 21: active time (8, LE)
 *     its PEL: count, then IDs (16 bytes each) of the group's PEL
 * </pre>
 *
 * <p>Written as type 19, the newest that Redis 7.0 restores (21 needs RDB version 11), so a
 * consumer's active time is not carried: Redis 7.2 and Cairn read a type 19 consumer as active
 * when last seen. Nodes hold at most {@link #NODE_ENTRIES} entries and about {@link #NODE_BYTES}
 * bytes, as Redis's defaults cut them, each with its first entry as the master.
 *
 * <p>Read checked whole, where Redis (without deep sanitization) checks less: every listpack must
 * parse as stream entries to its end, with the counts its header says; the entries must ascend
 * across the nodes (taken in master-ID order, as Redis's radix tree takes them), the length must be
 * the live entries' count, the last ID at or after the last entry, entries added at least the
 * length; group and consumer names distinct; and every pending entry owned by exactly one consumer.
 * Anything else is {@link MalformedPayloadException}. Type 15 has no counters: entries added is
 * the length, no ID was deleted, and a group's entries read is estimated as Redis estimates it.
 * Stateless.
 */
final class StreamCodec {
    /** Redis's {@code stream-node-max-entries} default. */
    static final int NODE_ENTRIES = 100;
    /** Redis's {@code stream-node-max-bytes} default. */
    static final int NODE_BYTES = 4096;
    private static final int FLAG_DELETED = 1;
    private static final int FLAG_SAMEFIELDS = 2;
    private static final int ID_BYTES = 16;

    private StreamCodec() {
    }

    // ------------------------------------------------------------------ writing

    static void write(RdbOutput out, StreamValue s) {
        out.u8(RdbFormat.TYPE_STREAM_LISTPACKS_2);
        List<Node> nodes = nodes(s.entries());
        out.length(nodes.size());
        for (Node node : nodes) {
            out.string(idBytes(node.master()));
            out.rawString(node.listpack());
        }
        out.length(s.entries().size());
        id(out, s.lastId());
        id(out, s.entries().isEmpty() ? Id.ZERO : s.entries().get(0).id());
        id(out, s.maxDeletedId());
        out.length(s.entriesAdded());
        out.length(s.groups().size());
        for (Group g : s.groups()) {
            out.string(g.name());
            id(out, g.lastDelivered());
            out.length(g.entriesRead());
            out.length(g.pending().size());
            Map<String, List<Id>> owned = new HashMap<>();
            for (Pending p : g.pending()) {
                out.raw(idBytes(p.id()));
                out.millis(p.deliveryTime());
                out.length(p.deliveryCount());
                owned.computeIfAbsent(name(p.consumer()), k -> new ArrayList<>()).add(p.id());
            }
            out.length(g.consumers().size());
            for (Consumer c : g.consumers()) {
                out.string(c.name());
                out.millis(c.seenTime());
                List<Id> ids = owned.getOrDefault(name(c.name()), List.of());
                out.length(ids.size());
                for (Id id : ids) {
                    out.raw(idBytes(id));
                }
            }
        }
    }

    /** A node: its master ID and its listpack. */
    private record Node(Id master, byte[] listpack) {
    }

    /**
     * Cuts the entries as Redis's XADD does, with its defaults: a new node once one has
     * {@link #NODE_ENTRIES} entries, or when its bytes and the next entry's strings would reach
     * {@link #NODE_BYTES}. Each node's master entry has its first entry's fields.
     */
    private static List<Node> nodes(List<Item> entries) {
        List<Node> nodes = new ArrayList<>();
        List<byte[]> lp = null;
        List<byte[]> masterFields = null;
        Id master = null;
        long bytes = 0;
        int count = 0;
        for (Item e : entries) {
            List<byte[]> fv = e.fieldsAndValues();
            long strings = 0;
            for (byte[] b : fv) {
                strings += b.length;
            }
            if (lp != null && (count >= NODE_ENTRIES || bytes + strings >= NODE_BYTES)) {
                nodes.add(node(master, lp, count));
                lp = null;
            }
            int from;
            if (lp == null) {
                master = e.id();
                masterFields = fields(fv);
                lp = new ArrayList<>();
                lp.add(integer(1));
                lp.add(integer(0));
                lp.add(integer(masterFields.size()));
                lp.addAll(masterFields);
                lp.add(integer(0));
                count = 0;
                bytes = 7;
                from = 0;
            } else {
                from = lp.size();
            }
            boolean same = sameFields(masterFields, fv);
            int n = fv.size() / 2;
            lp.add(integer(same ? FLAG_SAMEFIELDS : 0));
            lp.add(integer(e.id().ms() - master.ms()));
            lp.add(integer(e.id().seq() - master.seq()));
            if (!same) {
                lp.add(integer(n));
            }
            for (int i = 0; i < fv.size(); i++) {
                if (!same || i % 2 == 1) {
                    lp.add(fv.get(i));
                }
            }
            lp.add(integer(same ? n + 3 : 2L * n + 4));
            for (int i = from; i < lp.size(); i++) {
                bytes += ListpackCodec.entryBytes(lp.get(i));
            }
            count++;
        }
        if (lp != null) {
            nodes.add(node(master, lp, count));
        }
        return nodes;
    }

    private static Node node(Id master, List<byte[]> lp, int count) {
        lp.set(0, integer(count));
        return new Node(master, ListpackCodec.write(lp));
    }

    private static List<byte[]> fields(List<byte[]> fv) {
        List<byte[]> out = new ArrayList<>(fv.size() / 2);
        for (int i = 0; i < fv.size(); i += 2) {
            out.add(fv.get(i));
        }
        return out;
    }

    private static boolean sameFields(List<byte[]> master, List<byte[]> fv) {
        if (master.size() * 2 != fv.size()) {
            return false;
        }
        for (int i = 0; i < master.size(); i++) {
            if (!Arrays.equals(master.get(i), fv.get(2 * i))) {
                return false;
            }
        }
        return true;
    }

    private static void id(RdbOutput out, Id id) {
        out.length(id.ms());
        out.length(id.seq());
    }

    /** An ID as Redis's radix trees key it: ms then seq, each 8 bytes big-endian. */
    static byte[] idBytes(Id id) {
        byte[] b = new byte[ID_BYTES];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (id.ms() >>> (56 - 8 * i));
            b[8 + i] = (byte) (id.seq() >>> (56 - 8 * i));
        }
        return b;
    }

    private static byte[] integer(long v) {
        return IntegerStrings.text(v);
    }

    private static String name(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    // ------------------------------------------------------------------ reading

    static StreamValue read(RdbInput in, int type) {
        boolean counters = type >= RdbFormat.TYPE_STREAM_LISTPACKS_2;
        int nodeCount = in.count(2);
        TreeMap<Id, byte[]> nodes = new TreeMap<>();
        for (int i = 0; i < nodeCount; i++) {
            byte[] key = in.string();
            if (key.length != ID_BYTES) {
                throw new MalformedPayloadException("stream node key of " + key.length + " bytes");
            }
            if (nodes.put(id(key, 0), in.string()) != null) {
                throw new MalformedPayloadException("stream node key twice");
            }
        }
        List<Item> entries = new ArrayList<>();
        for (Map.Entry<Id, byte[]> node : nodes.entrySet()) {
            node(node.getKey(), node.getValue(), entries);
        }
        long length = in.unsignedLength();
        Id lastId = id(in);
        Id maxDeleted = Id.ZERO;
        long added = length;
        if (counters) {
            id(in); // the first entry's ID: the entries say it
            maxDeleted = id(in);
            added = in.unsignedLength();
        }
        if (length != entries.size()) {
            throw new MalformedPayloadException("stream length " + Long.toUnsignedString(length) + " (actual: "
                    + entries.size() + " entries)");
        }
        if (!entries.isEmpty() && lastId.compareTo(entries.getLast().id()) < 0) {
            throw new MalformedPayloadException("stream last ID " + lastId + " before its last entry");
        }
        if (added < length) {
            throw new MalformedPayloadException("stream entries added " + added + " (expected: >= " + length + ")");
        }
        int groupCount = in.count(counters ? 5 : 4);
        List<Group> groups = new ArrayList<>(groupCount);
        Set<String> names = new HashSet<>();
        for (int i = 0; i < groupCount; i++) {
            byte[] name = in.string();
            if (!names.add(name(name))) {
                throw new MalformedPayloadException("stream group twice");
            }
            Id last = id(in);
            long read;
            if (counters) {
                read = in.unsignedLength();
                if (read < -1) {
                    throw new MalformedPayloadException("group entries read " + Long.toUnsignedString(read));
                }
            } else {
                read = estimateEntriesRead(entries, lastId, last);
            }
            groups.add(group(in, type, name, last, read));
        }
        groups.sort((a, b) -> Arrays.compareUnsigned(a.name(), b.name()));
        return new StreamValue(entries, lastId, added, maxDeleted, groups);
    }

    /** One listpack's live entries, appended to {@code out} after checking they follow its last. */
    private static void node(Id master, byte[] blob, List<Item> out) {
        Elements e = new Elements(ListpackCodec.read(blob));
        if (e.left() == 0) {
            throw new MalformedPayloadException("empty listpack in a stream");
        }
        long live = e.integer();
        long deleted = e.integer();
        long masterCount = e.integer();
        if (live < 0 || deleted < 0 || masterCount < 0 || masterCount > e.left()) {
            throw new MalformedPayloadException("stream node header " + live + ", " + deleted + ", " + masterCount);
        }
        List<byte[]> masterFields = new ArrayList<>((int) masterCount);
        for (long i = 0; i < masterCount; i++) {
            masterFields.add(e.next());
        }
        if (e.integer() != 0) {
            throw new MalformedPayloadException("stream master entry without its 0");
        }
        if (live + deleted > e.left() / 4) {
            throw new MalformedPayloadException("stream node of " + (live + deleted) + " entries in "
                    + e.left() + " elements");
        }
        long seen = 0;
        for (long k = live + deleted; k > 0; k--) {
            long flags = e.integer();
            long ms = master.ms() + e.integer();
            long seq = master.seq() + e.integer();
            boolean same = (flags & FLAG_SAMEFIELDS) != 0;
            long n = same ? masterCount : e.integer();
            if (n < 0 || n > e.left() / (same ? 1 : 2)) {
                throw new MalformedPayloadException("stream entry of " + n + " fields");
            }
            List<byte[]> fv = new ArrayList<>((int) (2 * n));
            for (int j = 0; j < n; j++) {
                fv.add(same ? masterFields.get(j) : e.next());
                fv.add(e.next());
            }
            long pieces = e.integer();
            if (pieces != (same ? n + 3 : 2 * n + 4)) {
                throw new MalformedPayloadException("stream entry lp-count " + pieces);
            }
            if ((flags & FLAG_DELETED) != 0) {
                continue;
            }
            seen++;
            Id id = new Id(ms, seq);
            if (!out.isEmpty() && id.compareTo(out.getLast().id()) <= 0) {
                throw new MalformedPayloadException("stream entry " + id + " after " + out.getLast().id());
            }
            out.add(new Item(id, fv));
        }
        if (e.left() != 0 || seen != live) {
            throw new MalformedPayloadException("stream node of " + live + " live entries (actual: " + seen
                    + ", " + e.left() + " elements left)");
        }
    }

    /** A group's PEL and consumers, each pending entry given to the consumer whose PEL names it. */
    private static Group group(RdbInput in, int type, byte[] name, Id last, long read) {
        int pelCount = in.count(ID_BYTES + 9);
        TreeMap<Id, long[]> pel = new TreeMap<>();
        for (int i = 0; i < pelCount; i++) {
            Id id = id(in.bytes(ID_BYTES), 0);
            long time = in.millis();
            long count = in.unsignedLength();
            if (pel.put(id, new long[] {time, count}) != null) {
                throw new MalformedPayloadException("stream PEL entry " + id + " twice");
            }
        }
        boolean active = type >= RdbFormat.TYPE_STREAM_LISTPACKS_3;
        int consumerCount = in.count(active ? 18 : 10);
        List<Consumer> consumers = new ArrayList<>(consumerCount);
        Map<Id, byte[]> owners = new HashMap<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < consumerCount; i++) {
            byte[] cname = in.string();
            if (!names.add(name(cname))) {
                throw new MalformedPayloadException("stream consumer twice");
            }
            long seen = in.millis();
            consumers.add(new Consumer(cname, seen, active ? in.millis() : seen));
            int owned = in.count(ID_BYTES);
            for (int j = 0; j < owned; j++) {
                Id id = id(in.bytes(ID_BYTES), 0);
                if (!pel.containsKey(id)) {
                    throw new MalformedPayloadException("consumer PEL entry " + id + " not in its group's PEL");
                }
                if (owners.put(id, cname) != null) {
                    throw new MalformedPayloadException("stream PEL entry " + id + " owned twice");
                }
            }
        }
        if (owners.size() != pel.size()) {
            throw new MalformedPayloadException("stream PEL entries without a consumer: " + (pel.size() - owners.size()));
        }
        List<Pending> pending = new ArrayList<>(pel.size());
        for (Map.Entry<Id, long[]> p : pel.entrySet()) {
            pending.add(new Pending(p.getKey(), owners.get(p.getKey()), p.getValue()[0], p.getValue()[1]));
        }
        consumers.sort((a, b) -> Arrays.compareUnsigned(a.name(), b.name()));
        return new Group(name, last, read, pending, consumers);
    }

    /**
     * Redis's {@code streamEstimateDistanceFromFirstEverEntry} for a type 15 stream, whose entries
     * added is its length and which has no deleted ID: exact at the first and last entries and
     * before the first, else unknown (-1).
     */
    private static long estimateEntriesRead(List<Item> entries, Id lastId, Id id) {
        if (entries.isEmpty()) {
            return 0;
        }
        int cmpLast = id.compareTo(lastId);
        if (cmpLast == 0) {
            return entries.size();
        } else if (cmpLast > 0) {
            return -1;
        }
        int cmpFirst = id.compareTo(entries.getFirst().id());
        return cmpFirst < 0 ? 0 : cmpFirst == 0 ? 1 : -1;
    }

    private static Id id(RdbInput in) {
        long ms = in.unsignedLength();
        return new Id(ms, in.unsignedLength());
    }

    private static Id id(byte[] b, int at) {
        long ms = 0;
        long seq = 0;
        for (int i = 0; i < 8; i++) {
            ms = ms << 8 | (b[at + i] & 0xff);
            seq = seq << 8 | (b[at + 8 + i] & 0xff);
        }
        return new Id(ms, seq);
    }

    /** A listpack's elements read in order, integers as Redis's {@code lpGetIntegerIfValid} takes them. */
    private static final class Elements {
        private final List<byte[]> elements;
        private int at;

        Elements(List<byte[]> elements) {
            this.elements = elements;
        }

        int left() {
            return elements.size() - at;
        }

        byte[] next() {
            if (at >= elements.size()) {
                throw new MalformedPayloadException("stream listpack ends within an entry");
            }
            return elements.get(at++);
        }

        long integer() {
            byte[] b = next();
            if (!IntegerStrings.isInteger(b)) {
                throw new MalformedPayloadException("stream listpack element " + (at - 1) + " is not an integer");
            }
            return IntegerStrings.value(b);
        }
    }
}
