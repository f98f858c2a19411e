package io.cairn.server.command.keys;

import static io.cairn.server.command.CommandHarness.NOW;
import static io.cairn.server.command.CommandHarness.bulk;
import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandHarness;
import io.cairn.server.command.Errors;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Parsed;
import io.cairn.server.command.notify.KeyspaceEvents;
import io.cairn.server.rdb.DumpPayload;
import io.cairn.server.rdb.DumpValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** DUMP and RESTORE over the store: round trips per type, Redis's order of refusals, TTLs, events. */
class DumpRestoreTest {
    private final CommandHarness h = new CommandHarness();

    @AfterEach
    void close() {
        h.close();
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private byte[] dump(String key) {
        RespValue r = h.exec("DUMP", key);
        return r == RespValue.NULL ? null : ((RespValue.BulkString) r).value();
    }

    private RespValue restore(String key, String ttl, byte[] payload, String... options) {
        byte[][] args = new byte[4 + options.length][];
        args[0] = b("RESTORE");
        args[1] = b(key);
        args[2] = b(ttl);
        args[3] = payload;
        for (int i = 0; i < options.length; i++) {
            args[4 + i] = b(options[i]);
        }
        return h.reply(args);
    }

    private static RespValue error(String message) {
        return RespValue.error(message);
    }

    @Test
    void dumpOfAMissingKeyIsNil() {
        assertThat(h.exec("DUMP", "missing")).isEqualTo(RespValue.NULL);
    }

    @Test
    void everyTypeRoundTripsSmallAndLarge() {
        h.exec("SET", "s", "hello");
        h.exec("SET", "n", "-12345");
        h.exec("RPUSH", "l", "a", "1", "b");
        h.exec("SADD", "si", "3", "1", "2");
        h.exec("SADD", "ss", "a", "b");
        h.exec("ZADD", "z", "1.5", "a", "-inf", "b");
        h.exec("HSET", "h", "f", "v", "g", "12");
        for (int i = 0; i < 1000; i += 100) {
            List<String> list = new ArrayList<>(List.of("RPUSH", "bigl"));
            List<String> set = new ArrayList<>(List.of("SADD", "bigs"));
            List<String> zset = new ArrayList<>(List.of("ZADD", "bigz"));
            List<String> hash = new ArrayList<>(List.of("HSET", "bigh"));
            for (int k = i; k < i + 100; k++) {
                list.add("element-" + k);
                set.add("member-" + k);
                zset.add(Integer.toString(k % 7));
                zset.add("m" + k);
                hash.add("field-" + k);
                hash.add("value-" + k);
            }
            h.exec(list.toArray(new String[0]));
            h.exec(set.toArray(new String[0]));
            h.exec(zset.toArray(new String[0]));
            h.exec(hash.toArray(new String[0]));
        }
        for (String[] k : new String[][] {{"s", "GET"}, {"n", "GET"}, {"l", "LRANGE", "0", "-1"}, {"si", "SMEMBERS"},
                {"ss", "SMEMBERS"}, {"z", "ZRANGE", "0", "-1", "WITHSCORES"}, {"h", "HKEYS"}, {"h", "HVALS"},
                {"bigl", "LRANGE", "0", "-1"}, {"bigs", "SMEMBERS"}, {"bigz", "ZRANGE", "0", "-1", "WITHSCORES"},
                {"bigh", "HKEYS"}, {"bigh", "HVALS"}}) {
            String key = k[0];
            byte[] payload = dump(key);
            h.exec("DEL", "copy-" + key);
            assertThat(restore("copy-" + key, "0", payload)).as(key).isEqualTo(RespValue.OK);
            String[] read = new String[k.length];
            String[] readCopy = new String[k.length];
            read[0] = readCopy[0] = k[1];
            read[1] = key;
            readCopy[1] = "copy-" + key;
            for (int i = 2; i < k.length; i++) {
                read[i] = readCopy[i] = k[i];
            }
            assertThat(sorted(h.exec(readCopy))).as(key).isEqualTo(sorted(h.exec(read)));
            assertThat(h.exec("OBJECT", "ENCODING", "copy-" + key)).as(key).isEqualTo(h.exec("OBJECT", "ENCODING", key));
            assertThat(dump("copy-" + key)).as("a copy dumps the same bytes").isEqualTo(payload);
        }
    }

    /** SMEMBERS, HKEYS and HVALS answer in no set order: compare their texts sorted. */
    private static List<String> sorted(RespValue v) {
        List<String> out = new ArrayList<>();
        if (v instanceof RespValue.ArrayReply a) {
            for (RespValue e : a.items()) {
                out.add(String.valueOf(e));
            }
        } else {
            out.add(String.valueOf(v));
        }
        java.util.Collections.sort(out);
        return out;
    }

    @Test
    void refusalsComeInRedissOrder() {
        h.exec("SET", "k", "v");
        byte[] ok = dump("k");
        byte[] corrupt = ok.clone();
        corrupt[1] ^= 1;
        // options first, before the key is looked at
        assertThat(restore("k", "x", corrupt, "BOGUS")).isEqualTo(error("ERR syntax error"));
        assertThat(restore("k", "x", corrupt, "IDLETIME", "-1")).isEqualTo(error("ERR Invalid IDLETIME value, must be >= 0"));
        assertThat(restore("k", "x", corrupt, "IDLETIME", "x"))
                .isEqualTo(error("ERR value is not an integer or out of range"));
        assertThat(restore("k", "x", corrupt, "FREQ", "256"))
                .isEqualTo(error("ERR Invalid FREQ value, must be >= 0 and <= 255"));
        assertThat(restore("k", "x", corrupt, "FREQ", "-1"))
                .isEqualTo(error("ERR Invalid FREQ value, must be >= 0 and <= 255"));
        assertThat(restore("k", "x", corrupt, "IDLETIME", "1", "FREQ", "1")).isEqualTo(error("ERR syntax error"));
        assertThat(restore("k", "x", corrupt, "FREQ", "1", "IDLETIME", "1")).isEqualTo(error("ERR syntax error"));
        assertThat(restore("k", "x", corrupt, "IDLETIME")).isEqualTo(error("ERR syntax error"));
        // then the key, then the ttl, then the footer, then the body
        assertThat(restore("k", "x", corrupt)).isEqualTo(error("BUSYKEY Target key name already exists."));
        assertThat(restore("new", "x", corrupt)).isEqualTo(error("ERR value is not an integer or out of range"));
        assertThat(restore("new", "-1", corrupt)).isEqualTo(error("ERR Invalid TTL value, must be >= 0"));
        assertThat(restore("new", "0", corrupt)).isEqualTo(error("ERR DUMP payload version or checksum are wrong"));
        byte[] empty = DumpPayload.write(new DumpValue.ListValue(List.of()));
        assertThat(restore("new", "0", empty)).isEqualTo(error("ERR Bad data format"));
        assertThat(h.exec("EXISTS", "new")).isEqualTo(RespValue.ZERO);
        assertThat(restore("new", "0", ok, "IDLETIME", "10", "IDLETIME", "5", "ABSTTL", "REPLACE"))
                .isEqualTo(RespValue.OK);
        assertThat(restore("new2", "0", ok, "freq", "255")).isEqualTo(RespValue.OK);
    }

    @Test
    void aCorruptPayloadWithReplaceChangesNothing() {
        h.exec("RPUSH", "k", "a", "b");
        byte[] payload = dump("k");
        payload[payload.length - 1] ^= 1;
        assertThat(restore("k", "0", payload, "REPLACE")).isEqualTo(error("ERR DUMP payload version or checksum are wrong"));
        assertThat(h.exec("LLEN", "k")).isEqualTo(RespValue.integer(2));
    }

    @Test
    void replaceOverwritesAnyTypeAndDropsItsTtl() {
        h.exec("SET", "src", "value");
        byte[] payload = dump("src");
        h.exec("HSET", "k", "f", "v");
        h.exec("EXPIRE", "k", "100");
        assertThat(restore("k", "0", payload, "REPLACE")).isEqualTo(RespValue.OK);
        assertThat(h.exec("GET", "k")).isEqualTo(bulk("value"));
        assertThat(h.exec("PTTL", "k")).isEqualTo(RespValue.integer(-1));
    }

    @Test
    void ttlsAreRelativeOrAbsoluteAndOneInThePastCreatesNothing() {
        h.exec("SADD", "src", "a");
        byte[] payload = dump("src");
        assertThat(restore("rel", "5000", payload)).isEqualTo(RespValue.OK);
        assertThat(h.exec("PTTL", "rel")).isEqualTo(RespValue.integer(5000));
        assertThat(restore("abs", Long.toString(NOW + 7000), payload, "ABSTTL")).isEqualTo(RespValue.OK);
        assertThat(h.exec("PEXPIRETIME", "abs")).isEqualTo(RespValue.integer(NOW + 7000));
        assertThat(restore("past", Long.toString(NOW - 1), payload, "ABSTTL")).isEqualTo(RespValue.OK);
        assertThat(h.exec("EXISTS", "past")).isEqualTo(RespValue.ZERO);
        assertThat(restore("abs", Long.toString(NOW), payload, "ABSTTL", "REPLACE")).isEqualTo(RespValue.OK);
        assertThat(h.exec("EXISTS", "abs")).as("REPLACE deleted it").isEqualTo(RespValue.ZERO);
        assertThat(restore("huge", Long.toString(Long.MAX_VALUE), payload)).isEqualTo(RespValue.OK);
        assertThat(h.exec("EXISTS", "huge")).as("an overflowing ttl is in the past").isEqualTo(RespValue.ZERO);
        assertThat(restore("forever", Long.toString(Long.MAX_VALUE), payload, "ABSTTL")).isEqualTo(RespValue.OK);
        assertThat(h.exec("PEXPIRETIME", "forever")).isEqualTo(RespValue.integer(Long.MAX_VALUE));
    }

    @Test
    void aValueTooLargeForTheLogIsRefusedBeforeAnyWrite() {
        h.exec("SET", "k", "old");
        List<DumpValue.Scored> members = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            members.add(new DumpValue.Scored(b("member-" + i), i));
        }
        DumpValue big = new DumpValue.ZSetValue(members, false);
        long needs = StoredValues.minLogBytes(b("k"), big);
        assertThat(needs).isEqualTo(100 * (1 + 8) + 10 * "member-0".length() + 90 * "member-10".length());
        Operation tooBig = new DumpRestore.Restore(b("k"), new Parsed<>(0L, null),
                new Parsed<>(big, null), true, false, needs - 1, -1, -1);
        assertThat(replyOf(tooBig)).isEqualTo(error("ERR transaction too large for the write-ahead log: about "
                + needs + " bytes (expected: <= " + (needs - 1) + ")"));
        assertThat(h.exec("GET", "k")).isEqualTo(bulk("old"));
        Operation fits = new DumpRestore.Restore(b("k"), new Parsed<>(0L, null),
                new Parsed<>(big, null), true, false, needs, -1, -1);
        assertThat(h.run(fits)).isEqualTo(RespValue.OK);
        assertThat(h.exec("ZCARD", "k")).isEqualTo(RespValue.integer(100));
    }

    private RespValue replyOf(Operation op) {
        try {
            return h.run(op);
        } catch (RuntimeException e) {
            return Errors.toReply(e);
        }
    }

    @Test
    void aStreamRoundTripsWithItsGroupsAndPendingEntries() {
        for (int i = 1; i <= 250; i++) {
            h.exec("XADD", "st", "1-" + i, "f", "v" + i, i % 2 == 0 ? "g" : "h", Integer.toString(i));
        }
        h.exec("XGROUP", "CREATE", "st", "g1", "0");
        h.exec("XGROUP", "CREATE", "st", "g2", "$");
        h.call("XREADGROUP", "GROUP", "g1", "alice", "COUNT", "40", "STREAMS", "st", ">");
        h.clock().advanceMillis(1500);
        h.call("XREADGROUP", "GROUP", "g1", "bob", "COUNT", "10", "STREAMS", "st", ">");
        h.exec("XCLAIM", "st", "g1", "bob", "0", "1-3", "1-4");
        h.exec("XACK", "st", "g1", "1-5", "1-45");
        h.exec("XDEL", "st", "1-4", "1-100", "1-250");
        h.exec("XGROUP", "CREATECONSUMER", "st", "g2", "eve");
        h.clock().advanceMillis(700);
        byte[] payload = dump("st");
        assertThat(payload[0]).isEqualTo((byte) 19);
        assertThat(restore("copy", "5000", payload)).isEqualTo(RespValue.OK);
        assertThat(h.exec("PTTL", "copy")).isEqualTo(RespValue.integer(5000));
        for (String[] read : new String[][] {{"XRANGE", "K", "-", "+"}, {"XLEN", "K"}, {"XINFO", "GROUPS", "K"},
                {"XPENDING", "K", "g1"}, {"XPENDING", "K", "g1", "-", "+", "1000"}, {"XINFO", "CONSUMERS", "K", "g1"}}) {
            String[] original = read.clone();
            String[] copy = read.clone();
            for (int i = 0; i < read.length; i++) {
                if (read[i].equals("K")) {
                    original[i] = "st";
                    copy[i] = "copy";
                }
            }
            assertThat(h.call(copy)).as(String.join(" ", read)).isEqualTo(h.call(original));
        }
        String info = String.valueOf(h.call("XINFO", "STREAM", "copy"));
        assertThat(info).contains("BulkString[last-generated-id]=BulkString[1-250]", "BulkString[max-deleted-entry-id]=BulkString[1-250]",
                "BulkString[entries-added]=IntegerReply[value=250]");
        assertThat(dump("copy")).as("a copy dumps the same bytes").isEqualTo(payload);
        // type 19 carries no active time: a consumer never active is active when last seen after the copy
        assertThat(String.valueOf(h.call("XINFO", "CONSUMERS", "st", "g2"))).contains("BulkString[inactive]=IntegerReply[value=-1]");
        assertThat(String.valueOf(h.call("XINFO", "CONSUMERS", "copy", "g2"))).contains("BulkString[inactive]=IntegerReply[value=700]");
        // the copy goes on where the stream stopped
        assertThat(h.call("XADD", "copy", "1-250", "f", "v")).isEqualTo(error(
                "ERR The ID specified in XADD is equal or smaller than the target stream top item"));
        assertThat(String.valueOf(h.call("XREADGROUP", "GROUP", "g1", "carol", "COUNT", "1", "STREAMS", "copy", ">")))
                .isEqualTo(String.valueOf(h.call("XREADGROUP", "GROUP", "g1", "carol", "COUNT", "1", "STREAMS", "st", ">"))
                        .replace("BulkString[st]", "BulkString[copy]"))
                .contains("BulkString[1-51]");
    }

    @Test
    void aJsonDocumentIsNotDumped() {
        h.exec("JSON.SET", "doc", "$", "{\"a\":1}");
        assertThat(h.reply("DUMP", "doc")).isEqualTo(error(StoredValues.JSON_NOT_DUMPED));
    }

    /** Runs one RESTORE in its own transaction and answers its events as "db:key:event". */
    private List<String> events(byte[]... args) {
        Operation op = h.parse(args);
        return h.store().execute(0, txn -> {
            int mark = txn.mutationCount();
            op.run(txn);
            List<String> out = new ArrayList<>();
            for (KeyspaceEvents.Event e : KeyspaceEvents.of("restore", args, txn.mutationsSince(mark),
                    (db, key) -> txn.exists(key))) {
                out.add(e.toString());
            }
            return out;
        }).value();
    }

    @Test
    void restorePublishesRestoreAloneOrDelWhenItOnlyDeleted() {
        h.exec("ZADD", "src", "1", "a");
        byte[] payload = dump("src");
        assertThat(events(b("RESTORE"), b("k"), b("1000"), payload)).containsExactly("0:k:restore");
        assertThat(events(b("RESTORE"), b("k"), b("0"), payload, b("REPLACE"))).containsExactly("0:k:restore");
        assertThat(events(b("RESTORE"), b("k"), b("1"), payload, b("REPLACE"), b("ABSTTL"))).containsExactly("0:k:del");
        assertThat(events(b("RESTORE"), b("k"), b("1"), payload, b("ABSTTL"))).isEmpty();
    }
}
