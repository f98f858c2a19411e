package io.cairn.server.rdb;

import static io.cairn.server.rdb.Payloads.b;
import static io.cairn.server.rdb.Payloads.cli;
import static io.cairn.server.rdb.Payloads.texts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.server.rdb.DumpValue.StreamValue;
import io.cairn.server.rdb.DumpValue.StreamValue.Consumer;
import io.cairn.server.rdb.DumpValue.StreamValue.Group;
import io.cairn.server.rdb.DumpValue.StreamValue.Id;
import io.cairn.server.rdb.DumpValue.StreamValue.Item;
import io.cairn.server.rdb.DumpValue.StreamValue.Pending;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Stream payloads (types 15, 19, 21): what Redis 7.0 dumped reads as the stream, deleted entries
 * and same-fields entries included; every stream Cairn writes reads back the same (less the
 * active times type 19 does not carry); hand-built types 15 and 21 read as Redis reads them; and
 * every inconsistency is refused as "Bad data format".
 */
class StreamCodecTest {
    private static final long MAX = 512L << 20;

    /**
     * Redis 7.0.15: {@code XADD s 1-1 f v}, {@code XADD s 1-2 f 12}, {@code XADD s 2-0 g w h x},
     * {@code XDEL s 1-2}, {@code XGROUP CREATE s g1 0}, {@code XREADGROUP GROUP g1 alice COUNT 1
     * STREAMS s >}, then {@code DUMP s}.
     */
    static final String REDIS_STREAM = "\\x13\\x01\\x10\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x01\\x00\\x00\\x00\\x00"
            + "\\x00\\x00\\x00\\x01>>\\x00\\x00\\x00\\x18\\x00\\x02\\x01\\x01\\x01\\x01\\x01\\x81f\\x02\\x00\\x01\\x02\\x01"
            + "\\x00\\x01\\x00\\x01\\x81v\\x02\\x04\\x01\\x03\\x01\\x00\\x01\\x01\\x01\\x0c\\x01\\x04\\x01\\x00\\x01\\x01\\x01"
            + "\\xdf\\xff\\x02\\x02\\x01\\x81g\\x02\\x81w\\x02\\x81h\\x02\\x81x\\x02\\b\\x01\\xff\\x02\\x02\\x00\\x01\\x01\\x01"
            + "\\x02\\x03\\x01\\x02g1\\x01\\x01\\x81\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\x01\\x00\\x00\\x00\\x00\\x00\\x00"
            + "\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x01\\x13\\xb7\\xb57\\xa2\\x01\\x00\\x00\\x01\\x01\\x05alice\\x13"
            + "\\xb7\\xb57\\xa2\\x01\\x00\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00"
            + "\\x01\\n\\x00F7\\xc3v]\\x87,\\xa5";

    /** A stream as text, for comparing. */
    static String describe(StreamValue s) {
        StringBuilder out = new StringBuilder("stream [");
        for (Item e : s.entries()) {
            out.append(e.id()).append(' ').append(texts(e.fieldsAndValues())).append(", ");
        }
        out.append("] last ").append(s.lastId()).append(" added ").append(s.entriesAdded()).append(" deleted ")
                .append(s.maxDeletedId());
        for (Group g : s.groups()) {
            out.append(" group ").append(text(g.name())).append(" last ").append(g.lastDelivered())
                    .append(" read ").append(g.entriesRead()).append(" pending [");
            for (Pending p : g.pending()) {
                out.append(p.id()).append(' ').append(text(p.consumer())).append(' ')
                        .append(p.deliveryTime()).append(' ').append(p.deliveryCount()).append(", ");
            }
            out.append("] consumers [");
            for (Consumer c : g.consumers()) {
                out.append(text(c.name())).append(' ').append(c.seenTime()).append(' ')
                        .append(c.activeTime()).append(", ");
            }
            out.append(']');
        }
        return out.toString();
    }

    private static String text(byte[] b) {
        return texts(List.of(b)).get(0);
    }

    private static StreamValue read(byte[] payload) {
        return (StreamValue) DumpPayload.read(payload, MAX);
    }

    private static void bad(byte[] payload) {
        assertThatThrownBy(() -> DumpPayload.read(payload, MAX)).isInstanceOf(MalformedPayloadException.class)
                .hasMessage("ERR Bad data format");
    }

    private static Id id(long ms, long seq) {
        return new Id(ms, seq);
    }

    private static List<byte[]> strings(String... s) {
        List<byte[]> out = new ArrayList<>();
        for (String x : s) {
            out.add(b(x));
        }
        return out;
    }

    /** The same stream with every consumer's active time its seen time, as type 19 reads back. */
    private static StreamValue withoutActiveTimes(StreamValue s) {
        List<Group> groups = new ArrayList<>();
        for (Group g : s.groups()) {
            List<Consumer> consumers = new ArrayList<>();
            for (Consumer c : g.consumers()) {
                consumers.add(new Consumer(c.name(), c.seenTime(), c.seenTime()));
            }
            groups.add(new Group(g.name(), g.lastDelivered(), g.entriesRead(), g.pending(), consumers));
        }
        return new StreamValue(s.entries(), s.lastId(), s.entriesAdded(), s.maxDeletedId(), groups);
    }

    // ---------------------------------------------------------------- what Redis dumps

    @Test
    void redisStreamReadsWithoutItsDeletedEntry() {
        assertThat(describe(read(cli(REDIS_STREAM)))).isEqualTo("stream [1-1 [f, v], 2-0 [g, w, h, x], ] last 2-0"
                + " added 3 deleted 1-2 group g1 last 1-1 read -1 pending [1-1 alice 1796230985491 1, ]"
                + " consumers [alice 1796230985491 1796230985491, ]");
    }

    // ---------------------------------------------------------------- round trips

    /** A stream of {@code n} entries, some with the same fields as their neighbours, with two groups. */
    static StreamValue sample(int n) {
        List<Item> entries = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<byte[]> fv = i % 3 == 0 ? strings("f", "v" + i) : i % 3 == 1 ? strings("f", String.valueOf(-i), "n", "007")
                    : strings("field-" + i, "x".repeat(i % 50), "", String.valueOf(i * 1_000_000_007L));
            entries.add(new Item(id(1_700_000_000_000L + i / 4, i % 4 == 3 ? 5 : i % 4), fv));
        }
        List<Pending> pending = new ArrayList<>();
        for (int i = 0; i < n; i += 7) {
            pending.add(new Pending(entries.get(i).id(), b(i % 2 == 0 ? "alice" : "bob"), 1_700_000_000_500L + i, 1 + i % 3));
        }
        Group g1 = new Group(b("g1"), entries.get(n - 1).id(), n, pending,
                List.of(new Consumer(b("alice"), 10, 20), new Consumer(b("bob"), 30, -1), new Consumer(b("carol"), 40, 40)));
        Group g2 = new Group(b("g2"), id(0, 0), -1, List.of(), List.of());
        return new StreamValue(entries, id(1_800_000_000_000L, 0), n + 5L, entries.get(1).id(), List.of(g1, g2));
    }

    @Test
    void streamsRoundTripAsType19InNodesOfAtMost100Entries() {
        StreamValue s = sample(1000);
        byte[] payload = DumpPayload.write(s);
        assertThat(payload[0]).isEqualTo((byte) RdbFormat.TYPE_STREAM_LISTPACKS_2);
        RdbInput in = new RdbInput(payload, 1, payload.length - 10, MAX);
        int nodes = (int) in.length();
        assertThat(nodes).isBetween(10, 40);
        for (int i = 0; i < nodes; i++) {
            in.string();
            List<byte[]> lp = ListpackCodec.read(in.string());
            assertThat(Long.parseLong(new String(lp.get(0)))).isBetween(1L, 100L);
            assertThat(lp.size()).isLessThan(100 * 12);
        }
        assertThat(describe(read(payload))).isEqualTo(describe(withoutActiveTimes(s)));
    }

    @Test
    void anEntryLargerThanANodeGetsANodeOfItsOwn() {
        List<Item> entries = List.of(new Item(id(1, 0), strings("a", "1")), new Item(id(2, 0), strings("big", "y".repeat(10_000))),
                new Item(id(3, 0), strings("a", "2")));
        StreamValue s = new StreamValue(entries, id(3, 0), 3, id(0, 0), List.of());
        byte[] payload = DumpPayload.write(s);
        assertThat(payload[1]).as("three nodes").isEqualTo((byte) 3);
        assertThat(describe(read(payload))).isEqualTo(describe(s));
    }

    @Test
    void anEmptyStreamWithAGroupRoundTrips() {
        StreamValue s = new StreamValue(List.of(), id(5, 7), 9, id(5, 7),
                List.of(new Group(b("12"), id(5, 7), 9, List.of(), List.of(new Consumer(b("c"), 1, 1)))));
        assertThat(describe(read(DumpPayload.write(s)))).isEqualTo(describe(s));
    }

    @Test
    void idsAndCountersRoundTripOverTheirWholeUnsignedRange() {
        List<Item> entries = List.of(new Item(id(0, 1), strings("f", "v")), new Item(id(-1L, -2L), strings("f", "w")));
        Group g = new Group(b("g"), id(-1L, -2L), Long.MAX_VALUE,
                List.of(new Pending(id(-1L, -2L), b("c"), Long.MIN_VALUE, -1L)), List.of(new Consumer(b("c"), -5, -5)));
        StreamValue s = new StreamValue(entries, id(-1L, -1L), Long.MAX_VALUE, id(-1L, -3L), List.of(g));
        assertThat(describe(read(DumpPayload.write(s)))).isEqualTo(describe(s));
    }

    // ---------------------------------------------------------------- types 15 and 21, hand-built

    /** A listpack of these elements: a Long as its text (so an integer), a String as it is. */
    static byte[] lp(Object... elements) {
        List<byte[]> out = new ArrayList<>();
        for (Object e : elements) {
            out.add(b(String.valueOf(e)));
        }
        return ListpackCodec.write(out);
    }

    /** One node (master 1-0): entries 1-0 {a 1}, 1-1 deleted, 2-0 {a 2, b 3}. */
    static byte[] node() {
        return lp(2, 1, 1, "a", 0, 2, 0, 0, 1, 4, 3, 0, 1, 1, 4, 0, 1, 0, 2, "a", 2, "b", 3, 8);
    }

    /** The header of a stream body: type, one node (master 1-0). */
    static RdbOutput header(int type, byte[] node) {
        RdbOutput out = new RdbOutput();
        out.u8(type);
        out.length(1);
        out.string(StreamCodec.idBytes(id(1, 0)));
        out.rawString(node);
        return out;
    }

    @Test
    void type15ReadsWithEntriesAddedItsLengthAndEntriesReadEstimated() {
        RdbOutput out = header(RdbFormat.TYPE_STREAM_LISTPACKS, node());
        out.length(2);
        out.length(2);
        out.length(0); // last ID 2-0
        out.length(4);
        for (String[] g : new String[][] {{"a", "0", "0"}, {"b", "1", "0"}, {"c", "1", "5"}, {"d", "2", "0"}}) {
            out.string(b(g[0]));
            out.length(Long.parseLong(g[1]));
            out.length(Long.parseLong(g[2]));
            out.length(0);
            out.length(0);
        }
        StreamValue s = read(out.seal(9));
        assertThat(describe(s)).startsWith("stream [1-0 [a, 1], 2-0 [a, 2, b, 3], ] last 2-0 added 2 deleted 0-0");
        assertThat(s.groups()).extracting(Group::entriesRead).containsExactly(0L, 1L, -1L, 2L);
    }

    @Test
    void type21ReadsTheConsumersActiveTimes() {
        RdbOutput out = header(RdbFormat.TYPE_STREAM_LISTPACKS_3, node());
        out.length(2);
        out.length(2);
        out.length(0);
        for (long v : new long[] {1, 0, 1, 1, 3}) { // first ID 1-0, deleted 1-1, 3 added
            out.length(v);
        }
        out.length(1);
        out.string(b("g"));
        out.length(2);
        out.length(0);
        out.length(3);
        out.length(1);
        out.raw(StreamCodec.idBytes(id(2, 0)));
        out.millis(77);
        out.length(4);
        out.length(2);
        out.string(b("z"));
        out.millis(50);
        out.millis(-1);
        out.length(0);
        out.string(b("y"));
        out.millis(60);
        out.millis(55);
        out.length(1);
        out.raw(StreamCodec.idBytes(id(2, 0)));
        assertThat(describe(read(out.seal(11)))).isEqualTo("stream [1-0 [a, 1], 2-0 [a, 2, b, 3], ] last 2-0 added 3"
                + " deleted 1-1 group g last 2-0 read 3 pending [2-0 y 77 4, ] consumers [y 60 55, z 50 -1, ]");
    }

    // ---------------------------------------------------------------- damage

    /** A type 19 body after its nodes: length, last ID, first ID, deleted ID, entries added, no group. */
    private static byte[] tail(RdbOutput out, long length, long lastMs, long added) {
        out.length(length);
        out.length(lastMs);
        out.length(0);
        out.length(1);
        out.length(0);
        out.length(0);
        out.length(0);
        out.length(added);
        out.length(0);
        return out.seal(10);
    }

    @Test
    void theHandBuiltBodiesAreValid() {
        assertThat(describe(read(tail(header(RdbFormat.TYPE_STREAM_LISTPACKS_2, node()), 2, 2, 3))))
                .isEqualTo("stream [1-0 [a, 1], 2-0 [a, 2, b, 3], ] last 2-0 added 3 deleted 0-0");
    }

    @Test
    void inconsistentCountersAreRefused() {
        bad(tail(header(RdbFormat.TYPE_STREAM_LISTPACKS_2, node()), 3, 2, 3)); // length 3, 2 entries
        bad(tail(header(RdbFormat.TYPE_STREAM_LISTPACKS_2, node()), 2, 1, 3)); // last ID 1-0 before 2-0
        bad(tail(header(RdbFormat.TYPE_STREAM_LISTPACKS_2, node()), 2, 2, 1)); // 1 added, 2 entries
    }

    @Test
    void malformedNodesAreRefused() {
        List<byte[]> nodes = List.of(
                lp(), // empty
                lp(2, 1, 1, "a", 1, 2, 0, 0, 1, 4, 3, 0, 1, 1, 4, 0, 1, 0, 2, "a", 2, "b", 3, 8), // master without its 0
                lp(2, 1, 1, "a", 0, 2, 0, 0, 1, 3, 3, 0, 1, 1, 4, 0, 1, 0, 2, "a", 2, "b", 3, 8), // wrong lp-count
                lp(3, 0, 1, "a", 0, 2, 0, 0, 1, 4, 3, 0, 1, 1, 4, 0, 1, 0, 2, "a", 2, "b", 3, 8), // live count 3
                lp(2, 1, 1, "a", 0, 2, 0, 0, 1, 4, 3, 0, 1, 1, 4, 0, 1, 0, 2, "a", 2, "b", 3), // cut short
                lp(2, 1, 1, "a", 0, 2, 0, 0, 1, 4, 3, 0, 1, 1, 4, 0, 1, 0, 2, "a", 2, "b", 3, 8, 0), // one more element
                lp(2, 1, 1, "a", 0, 2, 0, 0, 1, 4, 3, 0, 1, 1, 4, 0, -1, 0, 2, "a", 2, "b", 3, 8), // 0-0 after 1-0
                lp(2, 1, 1, "a", 0, "x", 0, 0, 1, 4, 3, 0, 1, 1, 4, 0, 1, 0, 2, "a", 2, "b", 3, 8), // flags not a number
                lp(2, 1, 99, "a", 0), // more master fields than elements
                lp(2, 1, 1, "a", 0, 0, 0, 0, 99, "a")); // more fields than elements
        for (byte[] n : nodes) {
            bad(tail(header(RdbFormat.TYPE_STREAM_LISTPACKS_2, n), 2, 2, 3));
        }
        RdbOutput shortKey = new RdbOutput();
        shortKey.u8(RdbFormat.TYPE_STREAM_LISTPACKS_2);
        shortKey.length(1);
        shortKey.string(Arrays.copyOf(StreamCodec.idBytes(id(1, 0)), 15));
        shortKey.rawString(node());
        bad(tail(shortKey, 2, 2, 3));
        RdbOutput twice = new RdbOutput();
        twice.u8(RdbFormat.TYPE_STREAM_LISTPACKS_2);
        twice.length(2);
        for (int i = 0; i < 2; i++) {
            twice.string(StreamCodec.idBytes(id(1, 0)));
            twice.rawString(node());
        }
        bad(tail(twice, 4, 2, 4));
    }

    @Test
    void nodesAreTakenInMasterIdOrder() {
        RdbOutput out = new RdbOutput();
        out.u8(RdbFormat.TYPE_STREAM_LISTPACKS_2);
        out.length(2);
        out.string(StreamCodec.idBytes(id(5, 0)));
        out.rawString(lp(1, 0, 1, "a", 0, 2, 0, 0, 1, 4));
        out.string(StreamCodec.idBytes(id(1, 0)));
        out.rawString(node());
        assertThat(describe(read(tail(out, 3, 5, 4)))).startsWith("stream [1-0 [a, 1], 2-0 [a, 2, b, 3], 5-0 [a, 1], ]");
    }

    /** A type 19 body of the sample node and one group with these PEL IDs and consumers (name, owned IDs' ms). */
    private static byte[] group(long[] pel, Object... consumers) {
        RdbOutput out = header(RdbFormat.TYPE_STREAM_LISTPACKS_2, node());
        out.length(2);
        out.length(2);
        out.length(0);
        for (long v : new long[] {1, 0, 0, 0, 2}) {
            out.length(v);
        }
        out.length(1);
        out.string(b("g"));
        out.length(2);
        out.length(0);
        out.length(2);
        out.length(pel.length);
        for (long ms : pel) {
            out.raw(StreamCodec.idBytes(id(ms, 0)));
            out.millis(1);
            out.length(1);
        }
        out.length(consumers.length / 2);
        for (int i = 0; i < consumers.length; i += 2) {
            out.string(b((String) consumers[i]));
            out.millis(1);
            long[] owned = (long[]) consumers[i + 1];
            out.length(owned.length);
            for (long ms : owned) {
                out.raw(StreamCodec.idBytes(id(ms, 0)));
            }
        }
        return out.seal(10);
    }

    @Test
    void pendingEntriesMustBelongToExactlyOneConsumer() {
        assertThat(describe(read(group(new long[] {1, 2}, "c", new long[] {2}, "d", new long[] {1}))))
                .endsWith("pending [1-0 d 1 1, 2-0 c 1 1, ] consumers [c 1 1, d 1 1, ]");
        bad(group(new long[] {1, 2}, "c", new long[] {2})); // 1-0 has no consumer
        bad(group(new long[] {1}, "c", new long[] {1}, "d", new long[] {1})); // two
        bad(group(new long[] {1}, "c", new long[] {1, 1})); // twice in one
        bad(group(new long[] {1}, "c", new long[] {1, 2})); // 2-0 not pending in the group
        bad(group(new long[] {1, 1}, "c", new long[] {1})); // the group's PEL has 1-0 twice
        bad(group(new long[] {}, "c", new long[] {}, "c", new long[] {})); // a consumer twice
    }

    @Test
    void countsPastTheBytesLeftAreRefused() {
        bad(Payloads.seal(10, RdbFormat.TYPE_STREAM_LISTPACKS_2, 0x80, 0x7f, 0xff, 0xff, 0xff, 0));
        RdbOutput groups = new RdbOutput();
        groups.u8(RdbFormat.TYPE_STREAM_LISTPACKS_2);
        for (int i = 0; i < 9; i++) {
            groups.length(0);
        }
        groups.length(0x7fffffffL);
        bad(groups.seal(10));
    }

    @Test
    void everyTruncationIsRefused() {
        byte[] ok = DumpPayload.write(sample(30));
        byte[] body = Arrays.copyOf(ok, ok.length - 10);
        for (int n = 0; n < body.length; n++) {
            byte[] cut = Payloads.seal(Arrays.copyOf(body, n));
            assertThatThrownBy(() -> DumpPayload.read(cut, MAX)).as("cut to %d", n)
                    .isInstanceOf(MalformedPayloadException.class);
        }
    }
}
