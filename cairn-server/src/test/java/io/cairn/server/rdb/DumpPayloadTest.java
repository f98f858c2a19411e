package io.cairn.server.rdb;

import static io.cairn.server.rdb.Payloads.b;
import static io.cairn.server.rdb.Payloads.cli;
import static io.cairn.server.rdb.Payloads.texts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.server.rdb.DumpValue.HashValue;
import io.cairn.server.rdb.DumpValue.ListValue;
import io.cairn.server.rdb.DumpValue.Scored;
import io.cairn.server.rdb.DumpValue.SetValue;
import io.cairn.server.rdb.DumpValue.StringValue;
import io.cairn.server.rdb.DumpValue.ZSetValue;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DUMP payloads: what Redis 7.0 dumped (the fixtures, from {@code redis-cli --no-raw DUMP}) reads
 * as the value; every type and encoding Cairn writes reads back the same; and every damaged
 * payload is refused, with the footer's error or "Bad data format", never an allocation.
 */
class DumpPayloadTest {
    private static final long MAX = 512L << 20;

    /** A value as text, for comparing: its kind and its elements in order. */
    static String describe(DumpValue v) {
        return switch (v) {
            case StringValue s -> "string " + texts(List.of(s.value()));
            case ListValue l -> "list " + texts(l.elements());
            case SetValue s -> "set " + texts(s.members()) + (s.intset() ? " intset" : "");
            case ZSetValue z -> {
                List<String> out = new ArrayList<>();
                for (Scored m : z.members()) {
                    out.add(texts(List.of(m.member())).get(0) + "=" + m.score());
                }
                yield "zset " + out;
            }
            case HashValue h -> "hash " + texts(h.fieldsAndValues()) + (h.listpack() ? " listpack" : "");
            case DumpValue.StreamValue st -> StreamCodecTest.describe(st);
        };
    }

    private static String read(byte[] payload) {
        return describe(DumpPayload.read(payload, MAX));
    }

    private static String roundTrip(DumpValue v) {
        return read(DumpPayload.write(v));
    }

    private static List<byte[]> bytes(String... s) {
        List<byte[]> out = new ArrayList<>();
        for (String x : s) {
            out.add(b(x));
        }
        return out;
    }

    // ---------------------------------------------------------------- what Redis dumps

    @Test
    void redisSmallValuesRead() {
        assertThat(read(cli("\\x00\\x03abc\\n\\x00\\xd9\\xac0=Ar\\xa2\\xe2"))).isEqualTo("string [abc]");
        assertThat(read(cli("\\x00\\xc190\\n\\x00\\x9d\\x94\\xea'\\x93\\xfc\\b\\xb9"))).isEqualTo("string [12345]");
        assertThat(read(cli("\\x12\\x01\\x02\\x15\\x15\\x00\\x00\\x00\\x05\\x00\\x81a\\x02\\x81b\\x02\\x01\\x01\\xdf\\xfb"
                + "\\x02\\xc1,\\x02\\xff\\n\\x00k\\xe1X\\xa1\\xe8e\\xc7\\x88"))).isEqualTo("list [a, b, 1, -5, 300]");
        assertThat(read(cli("\\x0b\\x0e\\x02\\x00\\x00\\x00\\x03\\x00\\x00\\x00\\x01\\x00\\x02\\x00\\x03\\x00\\n\\x00\\xa5"
                + "\\x02\\\\\\xe2mnM\\x1b"))).isEqualTo("set [1, 2, 3] intset");
        assertThat(read(cli("\\x02\\x02\\x01b\\x01a\\n\\x00u\\xd9\\x9d\\x83^\\xf8_e"))).isEqualTo("set [b, a]");
        assertThat(read(cli("\\x11\\x14\\x14\\x00\\x00\\x00\\x04\\x00\\x81a\\x02\\x01\\x01\\x81b\\x02\\x832.5\\x04\\xff"
                + "\\n\\x00\\xd4Ln\\xa4\\xf6D\\xd9\\xd7"))).isEqualTo("zset [a=1.0, b=2.5]");
        assertThat(read(cli("\\x11\\x1d\\x1d\\x00\\x00\\x00\\x06\\x00\\x81c\\x02\\x84-inf\\x05\\x81a\\x02\\x01\\x01\\x81b"
                + "\\x02\\x83inf\\x04\\xff\\n\\x00t\\xf4\\xcb2\\xc5L\\x1dG")))
                .isEqualTo("zset [c=-Infinity, a=1.0, b=Infinity]");
        assertThat(read(cli("\\x10\\x12\\x12\\x00\\x00\\x00\\x04\\x00\\x81f\\x02\\x81v\\x02\\x81n\\x02\\x0c\\x01\\xff\\n"
                + "\\x00\\x016\\x94\\x81\\xd3[\\x89t"))).isEqualTo("hash [f, v, n, 12] listpack");
    }

    @Test
    void redisCompressedStringsAndNodesRead() {
        assertThat(read(cli("\\x00\\xc3\\t@d\\x01xx\\xe0W\\x00\\x01xx\\n\\x00]\\xb7\\xf6c\\xbb\\bb_")))
                .isEqualTo("string [" + "x".repeat(100) + "]");
        assertThat(read(cli("\\x12\\x01\\x02\\xc3\\x14@\\xd9\\x0c\\xd9\\x00\\x00\\x00\\x1e\\x00\\x85hello\\x06\\xe0\\xc1"
                + "\\x06\\x01\\x06\\xff\\n\\x00K\\x17\\x9bXb\\xe6x\\xef")))
                .isEqualTo("list " + java.util.Collections.nCopies(30, "hello"));
    }

    @Test
    void cairnWritesTheBytesRedisWritesForSmallValues() {
        assertThat(DumpPayload.write(new StringValue(b("abc"))))
                .isEqualTo(cli("\\x00\\x03abc\\n\\x00\\xd9\\xac0=Ar\\xa2\\xe2"));
        assertThat(DumpPayload.write(new StringValue(b("12345"))))
                .isEqualTo(cli("\\x00\\xc190\\n\\x00\\x9d\\x94\\xea'\\x93\\xfc\\b\\xb9"));
        assertThat(DumpPayload.write(new ListValue(bytes("a", "b", "1", "-5", "300"))))
                .isEqualTo(cli("\\x12\\x01\\x02\\x15\\x15\\x00\\x00\\x00\\x05\\x00\\x81a\\x02\\x81b\\x02\\x01\\x01\\xdf\\xfb"
                        + "\\x02\\xc1,\\x02\\xff\\n\\x00k\\xe1X\\xa1\\xe8e\\xc7\\x88"));
        assertThat(DumpPayload.write(new SetValue(bytes("3", "1", "2"), true)))
                .isEqualTo(cli("\\x0b\\x0e\\x02\\x00\\x00\\x00\\x03\\x00\\x00\\x00\\x01\\x00\\x02\\x00\\x03\\x00\\n\\x00"
                        + "\\xa5\\x02\\\\\\xe2mnM\\x1b"));
        assertThat(DumpPayload.write(new SetValue(bytes("b", "a"), false)))
                .isEqualTo(cli("\\x02\\x02\\x01b\\x01a\\n\\x00u\\xd9\\x9d\\x83^\\xf8_e"));
        assertThat(DumpPayload.write(new ZSetValue(List.of(new Scored(b("a"), 1), new Scored(b("b"), 2.5)), true)))
                .isEqualTo(cli("\\x11\\x14\\x14\\x00\\x00\\x00\\x04\\x00\\x81a\\x02\\x01\\x01\\x81b\\x02\\x832.5\\x04"
                        + "\\xff\\n\\x00\\xd4Ln\\xa4\\xf6D\\xd9\\xd7"));
        assertThat(DumpPayload.write(new ZSetValue(List.of(new Scored(b("c"), Double.NEGATIVE_INFINITY),
                new Scored(b("a"), 1), new Scored(b("b"), Double.POSITIVE_INFINITY)), true)))
                .isEqualTo(cli("\\x11\\x1d\\x1d\\x00\\x00\\x00\\x06\\x00\\x81c\\x02\\x84-inf\\x05\\x81a\\x02\\x01"
                        + "\\x01\\x81b\\x02\\x83inf\\x04\\xff\\n\\x00t\\xf4\\xcb2\\xc5L\\x1dG"));
        assertThat(DumpPayload.write(new HashValue(bytes("f", "v", "n", "12"), true)))
                .isEqualTo(cli("\\x10\\x12\\x12\\x00\\x00\\x00\\x04\\x00\\x81f\\x02\\x81v\\x02\\x81n\\x02\\x0c\\x01\\xff"
                        + "\\n\\x00\\x016\\x94\\x81\\xd3[\\x89t"));
    }

    // ---------------------------------------------------------------- round trips

    @Test
    void stringsRoundTripInEveryForm() {
        for (String s : List.of("", "a", "0", "-1", "127", "-128", "128", "32767", "-32768", "40000", "2147483647",
                "-2147483648", "2147483648", "12345678901", "007", "+1", "-0", "1.5", "x".repeat(20),
                "y".repeat(300), "z".repeat(70_000))) {
            assertThat(roundTrip(new StringValue(b(s)))).as(s).isEqualTo("string [" + s + "]");
        }
    }

    @Test
    void listsRoundTripInOneNodeAndInMany() {
        List<byte[]> small = bytes("a", "", "0", "127", "128", "-4096", "4095", "4096", "-32769", "8388607",
                "8388608", "2147483648", "-9223372036854775808", "9223372036854775807", "9223372036854775808",
                "x".repeat(63), "x".repeat(64), "x".repeat(4095), "x".repeat(4096), "x".repeat(20_000));
        assertThat(roundTrip(new ListValue(small))).isEqualTo("list " + texts(small));
        List<byte[]> big = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            big.add(b("element-" + i + "-" + "p".repeat(i % 40)));
        }
        byte[] payload = DumpPayload.write(new ListValue(big));
        assertThat(payload[1]).as("more than one node").isGreaterThan((byte) 1);
        assertThat(read(payload)).isEqualTo("list " + texts(big));
    }

    @Test
    void setsRoundTripAsIntsetsAndAsPlainSets() {
        List<byte[]> ints = bytes("5", "-3", "70000", "-9223372036854775808");
        assertThat(DumpPayload.write(new SetValue(ints, true))[0]).isEqualTo((byte) RdbFormat.TYPE_SET_INTSET);
        assertThat(roundTrip(new SetValue(ints, true))).isEqualTo("set [-9223372036854775808, -3, 5, 70000] intset");
        List<byte[]> mixed = bytes("a", "1", "b");
        assertThat(roundTrip(new SetValue(mixed, true))).as("not an intset after all").isEqualTo("set [a, 1, b]");
        List<byte[]> many = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            many.add(b("m" + i));
        }
        assertThat(roundTrip(new SetValue(many, false))).isEqualTo("set " + texts(many));
    }

    @Test
    void sortedSetsRoundTripWithEveryScore() {
        List<Scored> members = List.of(new Scored(b("a"), Double.NEGATIVE_INFINITY), new Scored(b("b"), -0.0),
                new Scored(b("c"), 1e-300), new Scored(b("d"), 0.1), new Scored(b("e"), Double.POSITIVE_INFINITY));
        assertThat(DumpPayload.write(new ZSetValue(members, false))[0]).isEqualTo((byte) RdbFormat.TYPE_ZSET_2);
        assertThat(roundTrip(new ZSetValue(members, false)))
                .isEqualTo("zset [a=-Infinity, b=-0.0, c=1.0E-300, d=0.1, e=Infinity]");
        // in a listpack a score is text, or an integer where it is one (so -0 is 0, as Redis makes it)
        assertThat(DumpPayload.write(new ZSetValue(members, true))[0]).isEqualTo((byte) RdbFormat.TYPE_ZSET_LISTPACK);
        assertThat(roundTrip(new ZSetValue(members, true)))
                .isEqualTo("zset [a=-Infinity, b=0.0, c=1.0E-300, d=0.1, e=Infinity]");
        List<Scored> awkward = List.of(new Scored(b("x"), 1.0 / 3), new Scored(b("y"), 1e20), new Scored(b("z"), 0x1p62),
                new Scored(b("w"), 0x1p63), new Scored(b("v"), -4.9e-324));
        for (boolean listpack : new boolean[] {false, true}) {
            ZSetValue back = (ZSetValue) DumpPayload.read(DumpPayload.write(new ZSetValue(awkward, listpack)), MAX);
            for (int i = 0; i < awkward.size(); i++) {
                assertThat(back.members().get(i).score()).isEqualTo(awkward.get(i).score());
            }
        }
    }

    @Test
    void hashesRoundTripAsListpacksAndAsPlainHashes() {
        List<byte[]> flat = bytes("f", "1", "g", "", "h", "x".repeat(100));
        assertThat(roundTrip(new HashValue(flat, true))).isEqualTo("hash " + texts(flat) + " listpack");
        assertThat(DumpPayload.write(new HashValue(flat, false))[0]).isEqualTo((byte) RdbFormat.TYPE_HASH);
        assertThat(roundTrip(new HashValue(flat, false))).isEqualTo("hash " + texts(flat));
    }

    // ---------------------------------------------------------------- older encodings

    @Test
    void ziplistEncodingsRead() {
        byte[] zl = Payloads.ziplist("a", 7, 300, -70000, "b");
        assertThat(read(Payloads.typed(RdbFormat.TYPE_LIST_ZIPLIST, zl))).isEqualTo("list [a, 7, 300, -70000, b]");
        assertThat(read(Payloads.typed(RdbFormat.TYPE_ZSET_ZIPLIST, Payloads.ziplist("m", 3, "n", "1.5"))))
                .isEqualTo("zset [m=3.0, n=1.5]");
        assertThat(read(Payloads.typed(RdbFormat.TYPE_HASH_ZIPLIST, Payloads.ziplist("f", "v", "g", 12))))
                .isEqualTo("hash [f, v, g, 12]");
        // type 14: a quicklist of ziplist nodes
        RdbOutput out = new RdbOutput();
        out.u8(RdbFormat.TYPE_LIST_QUICKLIST);
        out.length(2);
        out.rawString(Payloads.ziplist("a", 1));
        out.rawString(Payloads.ziplist("b"));
        assertThat(read(out.seal(RdbFormat.DUMP_VERSION))).isEqualTo("list [a, 1, b]");
    }

    @Test
    void plainEncodingsRead() {
        RdbOutput list = new RdbOutput();
        list.u8(RdbFormat.TYPE_LIST);
        list.length(2);
        list.string(b("x"));
        list.string(b("42"));
        assertThat(read(list.seal(9))).isEqualTo("list [x, 42]");
        // type 3: text scores, with the length bytes for the infinities
        byte[] zset = Payloads.seal(9, RdbFormat.TYPE_ZSET, 2, 1, 'a', 3, '1', '.', '5', 1, 'b', 254);
        assertThat(read(zset)).isEqualTo("zset [a=1.5, b=Infinity]");
        // set as listpack (Redis 7.2's type 20) and a zipmap hash
        assertThat(read(Payloads.typed(RdbFormat.TYPE_SET_LISTPACK, ListpackCodec.write(bytes("a", "7")))))
                .isEqualTo("set [a, 7]");
        byte[] zipmap = {2, 1, 'f', 1, 0, 'v', 2, 'g', 'g', 2, 1, 'w', 'w', 0, (byte) 0xff};
        assertThat(read(Payloads.typed(RdbFormat.TYPE_HASH_ZIPMAP, zipmap))).isEqualTo("hash [f, v, gg, ww]");
        // a quicklist node of the plain kind holds one element
        RdbOutput plain = new RdbOutput();
        plain.u8(RdbFormat.TYPE_LIST_QUICKLIST_2);
        plain.length(2);
        plain.length(RdbFormat.QUICKLIST_NODE_PLAIN);
        plain.rawString(b("big"));
        plain.length(RdbFormat.QUICKLIST_NODE_PACKED);
        plain.rawString(ListpackCodec.write(bytes("next")));
        assertThat(read(plain.seal(11))).isEqualTo("list [big, next]");
    }

    // ---------------------------------------------------------------- damage

    private static void wrong(byte[] payload) {
        assertThatThrownBy(() -> DumpPayload.read(payload, MAX)).hasMessage(RdbFormat.WRONG_PAYLOAD);
    }

    private static void bad(byte[] payload) {
        assertThatThrownBy(() -> DumpPayload.read(payload, MAX)).isInstanceOf(MalformedPayloadException.class)
                .hasMessage("ERR Bad data format");
    }

    @Test
    void aWrongChecksumIsRefused() {
        byte[] ok = DumpPayload.write(new ListValue(bytes("a", "b", "c")));
        for (int i = 0; i < ok.length; i++) {
            byte[] damaged = ok.clone();
            damaged[i] ^= 0x04;
            if (i == ok.length - 10) {
                continue; // the version byte: 10 ^ 4 = 14 is a newer version, refused the same way below
            }
            wrong(damaged);
        }
    }

    @Test
    void aNewerVersionIsRefusedAndOlderOnesRead() {
        wrong(Payloads.seal(12, RdbFormat.TYPE_STRING, 1, 'a'));
        wrong(Payloads.seal(256 + 10, RdbFormat.TYPE_STRING, 1, 'a'));
        assertThat(read(Payloads.seal(11, RdbFormat.TYPE_STRING, 1, 'a'))).isEqualTo("string [a]");
        assertThat(read(Payloads.seal(6, RdbFormat.TYPE_STRING, 1, 'a'))).isEqualTo("string [a]");
    }

    @Test
    void payloadsShorterThanTheFooterAreRefused() {
        for (int n = 0; n < 10; n++) {
            wrong(new byte[n]);
        }
    }

    @Test
    void everyTruncationIsRefused() {
        List<DumpValue> values = List.of(new StringValue(b("hello world")), new ListValue(bytes("a", "bb", "300")),
                new SetValue(bytes("1", "2"), true), new SetValue(bytes("a", "b"), false),
                new ZSetValue(List.of(new Scored(b("m"), 1.5)), false),
                new ZSetValue(List.of(new Scored(b("m"), 1.5)), true), new HashValue(bytes("f", "v"), true),
                new HashValue(bytes("f", "v"), false));
        for (DumpValue v : values) {
            byte[] ok = DumpPayload.write(v);
            byte[] body = java.util.Arrays.copyOf(ok, ok.length - 10);
            for (int n = 0; n < body.length; n++) {
                byte[] cut = Payloads.seal(java.util.Arrays.copyOf(body, n));
                assertThatThrownBy(() -> DumpPayload.read(cut, MAX)).as("%s cut to %d", describe(v), n)
                        .isInstanceOf(MalformedPayloadException.class);
            }
        }
    }

    @Test
    void lengthsPastTheEndAreRefusedBeforeAllocating() {
        bad(Payloads.seal(10, RdbFormat.TYPE_STRING, 0x80, 0x7f, 0xff, 0xff, 0xff, 'a'));
        bad(Payloads.seal(10, RdbFormat.TYPE_STRING, 0x81, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff));
        bad(Payloads.seal(10, RdbFormat.TYPE_STRING, 0x81, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff));
        bad(Payloads.seal(10, RdbFormat.TYPE_LIST, 0x80, 0x7f, 0xff, 0xff, 0xff, 1, 'a'));
        bad(Payloads.seal(10, RdbFormat.TYPE_SET, 0x80, 0x7f, 0xff, 0xff, 0xff, 1, 'a'));
        bad(Payloads.seal(10, RdbFormat.TYPE_ZSET_2, 0x80, 0x7f, 0xff, 0xff, 0xff, 1, 'a'));
        bad(Payloads.seal(10, RdbFormat.TYPE_HASH, 0x80, 0x7f, 0xff, 0xff, 0xff, 1, 'a', 1, 'b'));
        bad(Payloads.seal(10, RdbFormat.TYPE_LIST_QUICKLIST_2, 0x80, 0x7f, 0xff, 0xff, 0xff, 2, 1, 'a'));
        // an LZF string claiming to grow past what LZF can, or past the limit
        bad(Payloads.seal(10, RdbFormat.TYPE_STRING, 0xc3, 2, 0x80, 0x7f, 0xff, 0xff, 0xff, 0, 'a'));
        byte[] within = Payloads.seal(10, RdbFormat.TYPE_STRING, 0xc3, 3, 0x40, 100, 0, 'a', 'a');
        assertThatThrownBy(() -> DumpPayload.read(within, 50)).isInstanceOf(MalformedPayloadException.class);
        // a listpack whose header claims more bytes than the blob
        byte[] lp = ListpackCodec.write(bytes("a"));
        lp[0] = 100;
        bad(Payloads.typed(RdbFormat.TYPE_HASH_LISTPACK, lp));
    }

    @Test
    void emptyCollectionsAreRefused() {
        bad(Payloads.seal(10, RdbFormat.TYPE_LIST, 0));
        bad(Payloads.seal(10, RdbFormat.TYPE_SET, 0));
        bad(Payloads.seal(10, RdbFormat.TYPE_ZSET_2, 0));
        bad(Payloads.seal(10, RdbFormat.TYPE_HASH, 0));
        bad(Payloads.seal(10, RdbFormat.TYPE_LIST_QUICKLIST_2, 0));
        bad(Payloads.typed(RdbFormat.TYPE_HASH_LISTPACK, ListpackCodec.write(List.of())));
        bad(Payloads.typed(RdbFormat.TYPE_SET_INTSET, new byte[] {2, 0, 0, 0, 0, 0, 0, 0}));
    }

    @Test
    void duplicateMembersAndFieldsAreRefused() {
        bad(Payloads.seal(10, RdbFormat.TYPE_SET, 2, 1, 'a', 1, 'a'));
        bad(Payloads.typed(RdbFormat.TYPE_HASH_LISTPACK, ListpackCodec.write(bytes("f", "v", "f", "w"))));
        bad(Payloads.typed(RdbFormat.TYPE_ZSET_LISTPACK, ListpackCodec.write(bytes("m", "1", "m", "2"))));
        bad(Payloads.typed(RdbFormat.TYPE_SET_LISTPACK, ListpackCodec.write(bytes("7", "7"))));
    }

    @Test
    void nanAndUnreadableScoresAreRefused() {
        bad(Payloads.typed(RdbFormat.TYPE_ZSET_LISTPACK, ListpackCodec.write(bytes("m", "nan"))));
        bad(Payloads.typed(RdbFormat.TYPE_ZSET_LISTPACK, ListpackCodec.write(bytes("m", "abc"))));
        bad(Payloads.seal(10, RdbFormat.TYPE_ZSET, 1, 1, 'm', 253));
        bad(Payloads.seal(10, RdbFormat.TYPE_ZSET, 1, 1, 'm', 3, 'a', 'b', 'c'));
        bad(Payloads.seal(10, RdbFormat.TYPE_ZSET_2, 1, 1, 'm', 0, 0, 0, 0, 0, 0, 0xf8, 0x7f));
    }

    @Test
    void anOddPairBlobIsRefused() {
        bad(Payloads.typed(RdbFormat.TYPE_HASH_LISTPACK, ListpackCodec.write(bytes("f", "v", "g"))));
        bad(Payloads.typed(RdbFormat.TYPE_ZSET_ZIPLIST, Payloads.ziplist("m")));
    }

    @Test
    void unknownTypesAndEncodingsAreRefused() {
        bad(Payloads.seal(10, 6, 1, 'a'));
        bad(Payloads.seal(10, RdbFormat.TYPE_MODULE_2, 1, 'a'));
        bad(Payloads.seal(10, RdbFormat.TYPE_STREAM_LISTPACKS_2, 1, 1, 'a')); // a node key that is not an ID
        bad(Payloads.seal(10, 0xff, 1, 'a'));
        bad(Payloads.seal(10, RdbFormat.TYPE_STRING, 0xc4)); // no such string encoding
        bad(Payloads.seal(10, RdbFormat.TYPE_LIST_QUICKLIST_2, 1, 3, 1, 'a')); // no such node container
        bad(Payloads.seal(10, RdbFormat.TYPE_LIST_QUICKLIST_2, 1, 2, 0)); // an empty node
    }

    @Test
    void malformedIntsetsAreRefused() {
        bad(Payloads.typed(RdbFormat.TYPE_SET_INTSET, new byte[] {2, 0, 0, 0, 2, 0, 0, 0, 5, 0, 3, 0})); // descending
        bad(Payloads.typed(RdbFormat.TYPE_SET_INTSET, new byte[] {3, 0, 0, 0, 1, 0, 0, 0, 5, 0, 3})); // width 3
        bad(Payloads.typed(RdbFormat.TYPE_SET_INTSET, new byte[] {2, 0, 0, 0, 2, 0, 0, 0, 5, 0})); // short
    }

    @Test
    void malformedZiplistsAreRefused() {
        byte[] ok = Payloads.ziplist("a", "b");
        byte[] prevlen = ok.clone();
        prevlen[13] = 7; // the second entry's prevlen
        bad(Payloads.typed(RdbFormat.TYPE_LIST_ZIPLIST, prevlen));
        byte[] tail = ok.clone();
        tail[4] = 11;
        bad(Payloads.typed(RdbFormat.TYPE_LIST_ZIPLIST, tail));
        byte[] total = ok.clone();
        total[0] = 99;
        bad(Payloads.typed(RdbFormat.TYPE_LIST_ZIPLIST, total));
        bad(Payloads.typed(RdbFormat.TYPE_LIST_ZIPLIST, Payloads.ziplist()));
    }

    @Test
    void bytesAfterTheValueAreIgnoredAsRedisIgnoresThem() {
        assertThat(read(Payloads.seal(10, RdbFormat.TYPE_STRING, 1, 'a', 'z', 'z'))).isEqualTo("string [a]");
    }
}
