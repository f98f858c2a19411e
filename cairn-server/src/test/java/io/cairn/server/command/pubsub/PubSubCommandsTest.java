package io.cairn.server.command.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.resp.RespEncoder;
import io.cairn.resp.RespValue;
import io.cairn.server.Session;
import io.cairn.server.command.CommandHarness;
import io.cairn.server.command.Outcome;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The pub/sub commands through the dispatcher, no sockets: replies as they go on the wire. */
class PubSubCommandsTest {
    private final CommandHarness h = new CommandHarness();
    private final List<String> received = new ArrayList<>();

    PubSubCommandsTest() {
        h.session().subscriptions().deliverTo((m, wanted) -> {
            if (wanted.getAsBoolean()) {
                received.add(wire(m, h.session().protocol()));
            }
        });
    }

    @AfterEach
    void close() {
        h.close();
    }

    private static String wire(RespValue v, int protocol) {
        ByteBuf out = Unpooled.buffer();
        RespEncoder.encode(v, out, protocol);
        String s = out.toString(StandardCharsets.UTF_8).replace("\r\n", " ").trim();
        out.release();
        return s;
    }

    private String call(String... args) {
        return wire(h.call(args), h.session().protocol());
    }

    /** Another client, on whose behalf a command runs. */
    private String as(Session other, String... args) {
        Outcome o = h.server().dispatcher().dispatch(other, CommandHarness.bytes(args));
        return wire(((Outcome.Now) o).reply(), other.protocol());
    }

    @Test
    void subscribeAnswersOnceForEveryChannelWithTheRunningCount() {
        assertThat(call("SUBSCRIBE", "a", "b")).isEqualTo("*3 $9 subscribe $1 a :1 *3 $9 subscribe $1 b :2");
        assertThat(call("PSUBSCRIBE", "a*")).isEqualTo("*3 $10 psubscribe $2 a* :3");
        assertThat(call("SSUBSCRIBE", "s")).isEqualTo("*3 $10 ssubscribe $1 s :1");
        assertThat(call("UNSUBSCRIBE", "b", "zz")).isEqualTo("*3 $11 unsubscribe $1 b :2 *3 $11 unsubscribe $2 zz :2");
        assertThat(call("PUNSUBSCRIBE")).isEqualTo("*3 $12 punsubscribe $2 a* :1");
        assertThat(call("PUNSUBSCRIBE")).isEqualTo("*3 $12 punsubscribe $-1 :1");
        assertThat(call("SUNSUBSCRIBE")).isEqualTo("*3 $12 sunsubscribe $1 s :0");
        assertThat(call("UNSUBSCRIBE")).isEqualTo("*3 $11 unsubscribe $1 a :0");
        assertThat(call("UNSUBSCRIBE")).isEqualTo("*3 $11 unsubscribe $-1 :0");
    }

    @Test
    void inResp3ConfirmationsArePushRepliesAndNullIsResp3Null() {
        h.protocol(3);
        assertThat(call("SUBSCRIBE", "a")).isEqualTo(">3 $9 subscribe $1 a :1");
        assertThat(call("GET", "k")).as("every command runs in RESP3").isEqualTo("_");
        assertThat(call("PING")).isEqualTo("+PONG");
        assertThat(call("UNSUBSCRIBE")).isEqualTo(">3 $11 unsubscribe $1 a :0");
        assertThat(call("UNSUBSCRIBE")).isEqualTo(">3 $11 unsubscribe _ :0");
    }

    @Test
    void aResp2SubscriberMayOnlySubscribePingQuitOrReset() {
        call("SSUBSCRIBE", "s");
        assertThat(call("GET", "k")).isEqualTo("-ERR Can't execute 'get': only (P|S)SUBSCRIBE / (P|S)UNSUBSCRIBE / PING"
                + " / QUIT / RESET are allowed in this context");
        assertThat(call("CLIENT", "ID")).startsWith("-ERR Can't execute 'client|id': ");
        assertThat(call("PING")).isEqualTo("*2 $4 pong $0");
        assertThat(call("PING", "hi")).isEqualTo("*2 $4 pong $2 hi");
        assertThat(call("SUBSCRIBE", "c")).isEqualTo("*3 $9 subscribe $1 c :1");
        assertThat(call("RESET")).isEqualTo("+RESET");
        assertThat(h.session().subscriptions().subscribed()).isFalse();
        assertThat(call("GET", "k")).isEqualTo("$-1");
        assertThat(call("PING")).isEqualTo("+PONG");
        assertThat(call("PUBSUB", "NUMSUB", "c")).isEqualTo("*2 $1 c :0");
    }

    @Test
    void publishDeliversAndCountsReceivers() {
        Session publisher = h.server().newSession(null);
        call("SUBSCRIBE", "news.1");
        call("PSUBSCRIBE", "news.*");
        assertThat(as(publisher, "PUBLISH", "news.1", "hello")).isEqualTo(":2");
        assertThat(received).containsExactly("*3 $7 message $6 news.1 $5 hello",
                "*4 $8 pmessage $6 news.* $6 news.1 $5 hello");
        assertThat(as(publisher, "PUBLISH", "other", "x")).isEqualTo(":0");
        assertThat(as(publisher, "SPUBLISH", "news.1", "x")).isEqualTo(":0");
        call("SSUBSCRIBE", "news.1");
        assertThat(as(publisher, "SPUBLISH", "news.1", "x")).isEqualTo(":1");
        assertThat(received.getLast()).isEqualTo("*3 $8 smessage $6 news.1 $1 x");
        h.server().sessionClosed(h.session());
        assertThat(as(publisher, "PUBLISH", "news.1", "gone")).as("a disconnect drops every subscription").isEqualTo(":0");
    }

    @Test
    void pubsubIntrospection() {
        Session other = h.server().newSession(null);
        call("SUBSCRIBE", "a1", "b1");
        as(other, "SUBSCRIBE", "a1");
        call("PSUBSCRIBE", "p*", "q*");
        as(other, "PSUBSCRIBE", "p*");
        as(other, "SSUBSCRIBE", "s1");
        Session asker = h.server().newSession(null);
        assertThat(as(asker, "PUBSUB", "CHANNELS", "a*")).isEqualTo("*1 $2 a1");
        assertThat(as(asker, "PUBSUB", "NUMSUB", "a1", "b1", "c1")).isEqualTo("*6 $2 a1 :2 $2 b1 :1 $2 c1 :0");
        assertThat(as(asker, "PUBSUB", "NUMSUB")).isEqualTo("*0");
        assertThat(as(asker, "PUBSUB", "NUMPAT")).isEqualTo(":2");
        assertThat(as(asker, "PUBSUB", "SHARDCHANNELS")).isEqualTo("*1 $2 s1");
        assertThat(as(asker, "PUBSUB", "SHARDNUMSUB", "s1", "a1")).isEqualTo("*4 $2 s1 :1 $2 a1 :0");
        assertThat(as(asker, "PUBSUB", "CHANNELS", "a", "b")).isEqualTo(
                "-ERR unknown subcommand or wrong number of arguments for 'CHANNELS'. Try PUBSUB HELP.");
        assertThat(as(asker, "PUBSUB", "NUMPAT", "x")).isEqualTo("-ERR wrong number of arguments for 'pubsub|numpat' command");
        assertThat(as(asker, "SUBSCRIBE")).isEqualTo("-ERR wrong number of arguments for 'subscribe' command");
        String info = wire(((Outcome.Now) h.server().dispatcher().dispatch(asker, CommandHarness.bytes("INFO", "stats")))
                .reply(), 2);
        assertThat(info).contains("pubsub_channels:2", "pubsub_patterns:2", "pubsubshard_channels:1");
    }

    @Test
    void insideMultiPublishIsQueuedAndSubscribeAnswersInsideTheExecArray() {
        Session publisher = h.server().newSession(null);
        call("SUBSCRIBE", "watched");
        call("UNSUBSCRIBE");
        assertThat(call("MULTI")).isEqualTo("+OK");
        assertThat(call("SUBSCRIBE", "a", "b")).isEqualTo("+QUEUED");
        assertThat(call("SSUBSCRIBE", "s")).isEqualTo("+QUEUED");
        assertThat(as(publisher, "SUBSCRIBE", "p")).startsWith("*3");
        assertThat(call("PUBLISH", "p", "x")).isEqualTo("+QUEUED");
        assertThat(h.server().pubsub().subscribers(Kind.CHANNEL, CommandHarness.bytes("a"))).isZero();
        assertThat(call("EXEC")).isEqualTo("*3 *3 $9 subscribe $1 a :1 *3 $9 subscribe $1 b :2"
                + " -ERR SSUBSCRIBE isn't allowed for a DENY BLOCKING client :1");
        assertThat(h.session().subscriptions().channels()).isEqualTo(2);
    }

    @Test
    void clientOutputBufferLimitIsReadAndSetInRedissFormat() {
        assertThat(call("CONFIG", "GET", "client-output-buffer-limit")).isEqualTo("*2 $26 client-output-buffer-limit"
                + " $76 normal 1073741824 0 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        assertThat(call("CONFIG", "SET", "client-output-buffer-limit", "pubsub 1mb 0 0")).isEqualTo("+OK");
        assertThat(h.server().outputBufferLimits().pubsub().hardBytes()).isEqualTo(1 << 20);
        assertThat(call("CONFIG", "SET", "client-output-buffer-limit", "replica 1mb 1k 3 normal 0 0 0")).isEqualTo("+OK");
        assertThat(h.server().outputBufferLimits().toString())
                .isEqualTo("normal 0 0 0 slave 1048576 1000 3 pubsub 1048576 0 0");
        String failed = "-ERR CONFIG SET failed (possibly related to argument 'client-output-buffer-limit') - ";
        assertThat(call("CONFIG", "SET", "client-output-buffer-limit", "pubsub 1mb 0"))
                .isEqualTo(failed + "Wrong number of arguments in buffer limit configuration.");
        assertThat(call("CONFIG", "SET", "client-output-buffer-limit", "64mb"))
                .isEqualTo(failed + "Wrong number of arguments in buffer limit configuration.");
        assertThat(call("CONFIG", "SET", "client-output-buffer-limit", "master 1mb 0 0"))
                .isEqualTo(failed + "Invalid client class specified in buffer limit configuration.");
        assertThat(call("CONFIG", "SET", "client-output-buffer-limit", "pubsub x 0 0"))
                .isEqualTo(failed + "Error in hard, soft or soft_seconds setting in buffer limit configuration.");
        assertThat(call("CONFIG", "SET", "client-output-buffer-limit", "pubsub 1mb 0 -1"))
                .isEqualTo(failed + "Error in hard, soft or soft_seconds setting in buffer limit configuration.");
        assertThat(h.server().outputBufferLimits().toString()).as("refusals change nothing")
                .isEqualTo("normal 0 0 0 slave 1048576 1000 3 pubsub 1048576 0 0");
    }
}
