package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.params.XReadGroupParams;
import redis.clients.jedis.resps.StreamEntry;
import redis.clients.jedis.resps.StreamInfo;
import redis.clients.jedis.resps.StreamPendingSummary;

/**
 * Streams over sockets: XREAD and XREADGROUP waiting for XADD (RESP2 and RESP3), consumers of a
 * group served in the order they blocked and each entry delivered once, {@code $} meaning what
 * came after the call, timeouts, a group destroyed under a waiting reader, and Jedis's stream API
 * reading Cairn's replies. Each step waits on the server's {@code blocked_clients} count.
 */
class StreamsTest {
    @TempDir
    Path dir;
    private TestServer server;
    private final List<RespTextClient> clients = new ArrayList<>();

    @AfterEach
    void stop() {
        clients.forEach(RespTextClient::close);
        if (server != null) {
            server.close();
        }
    }

    private RespTextClient client(int protocol) throws IOException {
        if (server == null) {
            server = TestServer.start(dir, "write");
        }
        RespTextClient c = RespTextClient.connect(server.port());
        clients.add(c);
        if (protocol == 3) {
            assertThat(c.call("HELLO", "3").toString()).startsWith("%{");
        }
        return c;
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void aWaitingXreadGetsOnlyWhatWasAddedAfterItsDollar(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        assertThat(admin.call("XADD", "s", "1-0", "f", "old").toString()).isEqualTo("$\"1-0\"");
        RespTextClient reader = client(protocol);
        reader.send("XREAD", "BLOCK", "0", "STREAMS", "other", "s", "$", "$");
        admin.awaitBlockedClients(1);
        assertThat(admin.call("XADD", "s", "2-0", "f", "new").toString()).isEqualTo("$\"2-0\"");
        String expected = protocol == 3 ? "%{$\"s\": *[*[$\"2-0\", *[$\"f\", $\"new\"]]]}"
                : "*[*[$\"s\", *[*[$\"2-0\", *[$\"f\", $\"new\"]]]]]";
        assertThat(reader.read().toString()).isEqualTo(expected);
        admin.awaitBlockedClients(0);
    }

    @Test
    void consumersOfAGroupAreServedInTheOrderTheyBlockedEachEntryOnce() throws IOException {
        RespTextClient admin = client(2);
        assertThat(admin.call("XGROUP", "CREATE", "jobs", "workers", "$", "MKSTREAM").toString()).isEqualTo("+OK");
        List<RespTextClient> consumers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            RespTextClient c = client(2);
            c.send("XREADGROUP", "GROUP", "workers", "c" + i, "COUNT", "1", "BLOCK", "0", "STREAMS", "jobs", ">");
            admin.awaitBlockedClients(i + 1);
            consumers.add(c);
        }
        admin.call("XADD", "jobs", "1-0", "job", "a");
        assertThat(consumers.get(0).read().toString()).isEqualTo("*[*[$\"jobs\", *[*[$\"1-0\", *[$\"job\", $\"a\"]]]]]");
        admin.awaitBlockedClients(2);
        admin.call("XADD", "jobs", "2-0", "job", "b");
        assertThat(consumers.get(1).read().toString()).isEqualTo("*[*[$\"jobs\", *[*[$\"2-0\", *[$\"job\", $\"b\"]]]]]");
        admin.awaitBlockedClients(1);
        // two entries in one transaction: the last waiter takes one (COUNT 1), the other stays new
        admin.call("MULTI");
        admin.call("XADD", "jobs", "3-0", "job", "c");
        admin.call("XADD", "jobs", "4-0", "job", "d");
        admin.call("EXEC");
        assertThat(consumers.get(2).read().toString()).isEqualTo("*[*[$\"jobs\", *[*[$\"3-0\", *[$\"job\", $\"c\"]]]]]");
        admin.awaitBlockedClients(0);
        assertThat(admin.call("XPENDING", "jobs", "workers").toString())
                .isEqualTo("*[:3, $\"1-0\", $\"3-0\", *[*[$\"c0\", $\"1\"], *[$\"c1\", $\"1\"], *[$\"c2\", $\"1\"]]]");
        assertThat(admin.call("XREADGROUP", "GROUP", "workers", "c0", "STREAMS", "jobs", ">").toString())
                .isEqualTo("*[*[$\"jobs\", *[*[$\"4-0\", *[$\"job\", $\"d\"]]]]]");
        assertThat(admin.call("XACK", "jobs", "workers", "1-0", "2-0", "3-0", "4-0").toString()).isEqualTo(":4");
        assertThat(admin.call("XINFO", "GROUPS", "jobs").toString()).contains("$\"pending\", :0")
                .contains("$\"entries-read\", :4").contains("$\"lag\", :0");
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void aBlockedReadTimesOutWithANullAndAnUnblockEndsIt(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        RespTextClient reader = client(protocol);
        assertThat(reader.call("XREAD", "BLOCK", "20", "STREAMS", "s", "$").toString())
                .isEqualTo(protocol == 3 ? "_" : "*-1");
        String id = reader.call("CLIENT", "ID").toString().substring(1);
        reader.send("XREAD", "BLOCK", "0", "STREAMS", "s", "0");
        admin.awaitBlockedClients(1);
        admin.call("XADD", "other", "1-0", "f", "v"); // another key: no wake
        assertThat(admin.call("CLIENT", "UNBLOCK", id).toString()).isEqualTo(":1");
        assertThat(reader.read().toString()).isEqualTo(protocol == 3 ? "_" : "*-1");
        reader.send("XREADGROUP", "GROUP", "g", "c", "BLOCK", "0", "STREAMS", "other", ">");
        assertThat(reader.read().toString()).startsWith("-NOGROUP No such key 'other' or consumer group 'g'");
        admin.call("XGROUP", "CREATE", "other", "g", "$");
        reader.send("XREADGROUP", "GROUP", "g", "c", "BLOCK", "0", "STREAMS", "other", ">");
        admin.awaitBlockedClients(1);
        assertThat(admin.call("CLIENT", "UNBLOCK", id, "ERROR").toString()).isEqualTo(":1");
        assertThat(reader.read().toString()).isEqualTo("-UNBLOCKED client unblocked via CLIENT UNBLOCK");
    }

    @Test
    void aGroupDestroyedUnderAWaitingReaderEndsItsWaitWithNogroup() throws IOException {
        RespTextClient admin = client(2);
        admin.call("XGROUP", "CREATE", "s", "g", "$", "MKSTREAM");
        RespTextClient reader = client(2);
        reader.send("XREADGROUP", "GROUP", "g", "c", "BLOCK", "0", "STREAMS", "s", ">");
        admin.awaitBlockedClients(1);
        assertThat(admin.call("XGROUP", "DESTROY", "s", "g").toString()).isEqualTo(":1");
        assertThat(reader.read().toString()).startsWith("-NOGROUP");
        admin.awaitBlockedClients(0);
        assertThat(reader.call("PING").toString()).isEqualTo("+PONG");
    }

    @Test
    void jedisStreamApiReadsCairnsReplies() {
        server = TestServer.start(dir, "write");
        try (Jedis j = new Jedis("127.0.0.1", server.port())) {
            StreamEntryID first = j.xadd("events", XAddParams.xAddParams().maxLen(1000).approximateTrimming(),
                    Map.of("type", "signup", "user", "ann"));
            assertThat(first.getTime()).isPositive();
            StreamEntryID second = j.xadd("events", XAddParams.xAddParams(), Map.of("type", "login"));
            assertThat(second).isGreaterThan(first);
            assertThat(j.xlen("events")).isEqualTo(2);
            assertThat(j.xgroupCreate("events", "mailer", new StreamEntryID(), false)).isEqualTo("OK");
            List<Map.Entry<String, List<StreamEntry>>> read = j.xreadGroup("mailer", "m1",
                    XReadGroupParams.xReadGroupParams().count(10), Map.of("events", StreamEntryID.UNRECEIVED_ENTRY));
            assertThat(read).hasSize(1);
            assertThat(read.get(0).getValue()).extracting(StreamEntry::getID).containsExactly(first, second);
            assertThat(read.get(0).getValue().get(0).getFields()).containsEntry("user", "ann");
            StreamPendingSummary summary = j.xpending("events", "mailer");
            assertThat(summary.getTotal()).isEqualTo(2);
            assertThat(summary.getConsumerMessageCount()).containsEntry("m1", 2L);
            assertThat(j.xack("events", "mailer", first)).isEqualTo(1);
            StreamInfo info = j.xinfoStream("events");
            assertThat(info.getLength()).isEqualTo(2);
            assertThat(info.getGroups()).isEqualTo(1);
            assertThat(info.getLastEntry().getID()).isEqualTo(second);
            assertThat(j.xrevrange("events", "+", "-", 1)).extracting(StreamEntry::getID).containsExactly(second);
            assertThat(j.xtrim("events", 1, false)).isEqualTo(1);
        }
    }
}
