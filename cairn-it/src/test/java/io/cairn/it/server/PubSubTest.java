package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pub/sub over sockets, black-box: several subscribers over RESP2 and RESP3, patterns, counts,
 * RESP2 subscribed mode, RESET and disconnects, and the output limit that cuts off a subscriber
 * that does not read while the publisher and the others go on.
 */
class PubSubTest {
    @TempDir
    Path dir;
    TestServer server;

    @BeforeEach
    void start() {
        server = TestServer.start(dir, "none");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private RespTextClient connect() throws IOException {
        return RespTextClient.connect(server.port());
    }

    /** Waits (polling the server, up to 30 s) until {@code condition} holds. */
    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    private static long numsub(RespTextClient c, String channel) {
        try {
            String r = c.call("PUBSUB", "NUMSUB", channel).toString();
            return Long.parseLong(r.substring(r.lastIndexOf(':') + 1, r.length() - 1));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void severalSubscribersGetChannelAndPatternMessagesAndPublishCountsThem() throws IOException {
        try (RespTextClient a = connect(); RespTextClient b = connect(); RespTextClient p = connect()) {
            assertThat(a.call("SUBSCRIBE", "news.tech", "news.art")).hasToString("*[$\"subscribe\", $\"news.tech\", :1]");
            assertThat(a.read()).hasToString("*[$\"subscribe\", $\"news.art\", :2]");
            assertThat(b.call("PSUBSCRIBE", "news.*")).hasToString("*[$\"psubscribe\", $\"news.*\", :1]");
            assertThat(b.call("SUBSCRIBE", "news.tech")).hasToString("*[$\"subscribe\", $\"news.tech\", :2]");

            assertThat(p.call("PUBLISH", "news.tech", "hello")).hasToString(":3");
            assertThat(a.read()).hasToString("*[$\"message\", $\"news.tech\", $\"hello\"]");
            assertThat(java.util.List.of(b.read().toString(), b.read().toString())).containsExactlyInAnyOrder(
                    "*[$\"message\", $\"news.tech\", $\"hello\"]",
                    "*[$\"pmessage\", $\"news.*\", $\"news.tech\", $\"hello\"]");
            assertThat(p.call("PUBLISH", "news.art", "x")).hasToString(":2");
            assertThat(a.read()).hasToString("*[$\"message\", $\"news.art\", $\"x\"]");
            assertThat(b.read()).hasToString("*[$\"pmessage\", $\"news.*\", $\"news.art\", $\"x\"]");
            assertThat(p.call("PUBLISH", "sport", "x")).hasToString(":0");

            assertThat(p.call("PUBSUB", "NUMSUB", "news.tech", "news.art")).hasToString(
                    "*[$\"news.tech\", :2, $\"news.art\", :1]");
            assertThat(p.call("PUBSUB", "NUMPAT")).hasToString(":1");
            String list = p.call("CLIENT", "LIST", "TYPE", "pubsub").toString();
            assertThat(list).contains("flags=P db=0 sub=2 psub=0 ssub=0", "flags=P db=0 sub=1 psub=1 ssub=0");
            assertThat(p.call("CLIENT", "INFO").toString()).contains("flags=N db=0 sub=0 psub=0 ssub=0");
        }
    }

    @Test
    void aResp2SubscriberMayOnlySubscribePingQuitOrReset() throws IOException {
        try (RespTextClient a = connect(); RespTextClient p = connect()) {
            a.call("SSUBSCRIBE", "orders");
            assertThat(a.call("SET", "k", "v")).hasToString("-ERR Can't execute 'set': only (P|S)SUBSCRIBE /"
                    + " (P|S)UNSUBSCRIBE / PING / QUIT / RESET are allowed in this context");
            assertThat(a.call("PING")).hasToString("*[$\"pong\", $\"\"]");
            assertThat(a.call("PING", "hi")).hasToString("*[$\"pong\", $\"hi\"]");
            assertThat(p.call("SPUBLISH", "orders", "o1")).hasToString(":1");
            assertThat(a.read()).hasToString("*[$\"smessage\", $\"orders\", $\"o1\"]");
            assertThat(a.call("RESET")).hasToString("+RESET");
            assertThat(a.call("SET", "k", "v")).hasToString("+OK");
            assertThat(p.call("SPUBLISH", "orders", "o2")).as("RESET dropped the subscription").hasToString(":0");
        }
    }

    @Test
    void inResp3MessagesArePushesBetweenOrdinaryReplies() throws IOException {
        try (RespTextClient a = connect(); RespTextClient p = connect()) {
            a.call("HELLO", "3");
            assertThat(a.call("SUBSCRIBE", "ch")).hasToString(">[$\"subscribe\", $\"ch\", :1]");
            assertThat(a.call("SET", "k", "v")).hasToString("+OK");
            assertThat(p.call("PUBLISH", "ch", "m1")).hasToString(":1");
            assertThat(a.read()).as("the message came before the next reply").hasToString(
                    ">[$\"message\", $\"ch\", $\"m1\"]");
            assertThat(a.call("GET", "k")).hasToString("$\"v\"");
            assertThat(a.call("PUBLISH", "ch", "self")).as("a message to itself comes before PUBLISH's reply")
                    .hasToString(">[$\"message\", $\"ch\", $\"self\"]");
            assertThat(a.read()).hasToString(":1");
            assertThat(a.call("PING")).hasToString("+PONG");
            assertThat(a.call("UNSUBSCRIBE")).hasToString(">[$\"unsubscribe\", $\"ch\", :0]");
            assertThat(a.call("UNSUBSCRIBE")).hasToString(">[$\"unsubscribe\", _, :0]");
        }
    }

    @Test
    void pipelinedRepliesAndMessagesKeepTheirOrder() throws IOException {
        try (RespTextClient a = connect()) {
            a.call("HELLO", "3");
            a.send("SUBSCRIBE", "ch");
            for (int i = 0; i < 100; i++) {
                a.send("INCR", "n");
                a.send("PUBLISH", "ch", Integer.toString(i));
            }
            assertThat(a.read()).hasToString(">[$\"subscribe\", $\"ch\", :1]");
            for (int i = 0; i < 100; i++) {
                assertThat(a.read()).hasToString(":" + (i + 1));
                assertThat(a.read()).hasToString(">[$\"message\", $\"ch\", $\"" + i + "\"]");
                assertThat(a.read()).hasToString(":1");
            }
        }
    }

    @Test
    void aBlockedResp3SubscriberStillGetsItsMessages() throws IOException {
        try (RespTextClient a = connect(); RespTextClient p = connect()) {
            a.call("HELLO", "3");
            a.call("SUBSCRIBE", "ch");
            a.send("BLPOP", "list", "0");
            await("the client to block", () -> {
                try {
                    return p.call("CLIENT", "LIST").toString().contains("flags=Pb");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            assertThat(p.call("PUBLISH", "ch", "while blocked")).hasToString(":1");
            assertThat(a.read()).hasToString(">[$\"message\", $\"ch\", $\"while blocked\"]");
            assertThat(p.call("RPUSH", "list", "v")).hasToString(":1");
            assertThat(a.read()).hasToString("*[$\"list\", $\"v\"]");
        }
    }

    @Test
    void publishInsideMultiIsDeliveredAtExec() throws IOException {
        try (RespTextClient a = connect(); RespTextClient p = connect()) {
            a.call("SUBSCRIBE", "ch");
            p.call("MULTI");
            assertThat(p.call("PUBLISH", "ch", "queued")).hasToString("+QUEUED");
            assertThat(p.call("SET", "k", "v")).hasToString("+QUEUED");
            assertThat(p.call("EXEC")).hasToString("*[:1, +OK]");
            assertThat(a.read()).hasToString("*[$\"message\", $\"ch\", $\"queued\"]");
        }
    }

    @Test
    void aDisconnectDropsEverySubscription() throws IOException {
        try (RespTextClient p = connect()) {
            try (RespTextClient a = connect()) {
                a.call("SUBSCRIBE", "gone");
                a.call("PSUBSCRIBE", "g*");
                assertThat(numsub(p, "gone")).isEqualTo(1);
            }
            await("the closed subscriber to be dropped", () -> numsub(p, "gone") == 0);
            assertThat(p.call("PUBSUB", "NUMPAT")).hasToString(":0");
            assertThat(p.call("PUBLISH", "gone", "x")).hasToString(":0");
            assertThat(p.call("INFO", "stats").toString()).contains("pubsub_channels:0", "pubsub_patterns:0");
        }
    }

    /** A subscriber on a raw socket with a tiny receive window that never reads a byte. */
    private Socket slowSubscriber(String channel) throws IOException {
        Socket s = new Socket();
        s.setReceiveBufferSize(4096);
        s.connect(new InetSocketAddress("127.0.0.1", server.port()));
        OutputStream out = s.getOutputStream();
        out.write(("*3\r\n$6\r\nCLIENT\r\n$7\r\nSETNAME\r\n$4\r\nslow\r\n"
                + "*2\r\n$9\r\nSUBSCRIBE\r\n$" + channel.length() + "\r\n" + channel + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return s;
    }

    @Test
    void aSubscriberThatDoesNotReadIsCutOffAtTheHardLimitWhileTheOthersGoOn() throws Exception {
        publishUntilTheSlowSubscriberIsCutOff("pubsub 256kb 0 0");
    }

    @Test
    void aSubscriberOverTheSoftLimitForItsSecondsIsCutOff() throws Exception {
        long started = System.nanoTime();
        publishUntilTheSlowSubscriberIsCutOff("pubsub 0 128kb 1");
        assertThat(System.nanoTime() - started).as("held over the soft limit for more than 1 s")
                .isGreaterThan(1_000_000_000L);
    }

    private void publishUntilTheSlowSubscriberIsCutOff(String limit) throws Exception {
        byte[] payload = new byte[16 * 1024];
        java.util.Arrays.fill(payload, (byte) 'x');
        String message = new String(payload, StandardCharsets.US_ASCII);
        try (RespTextClient p = connect(); RespTextClient fast = connect(); Socket slow = slowSubscriber("feed")) {
            assertThat(p.call("CONFIG", "SET", "client-output-buffer-limit", limit)).hasToString("+OK");
            fast.call("SUBSCRIBE", "feed");
            await("both subscribers", () -> numsub(p, "feed") == 2);
            AtomicLong fastReceived = new AtomicLong();
            Thread reader = Thread.ofPlatform().daemon().start(() -> {
                try {
                    while (true) {
                        if (fast.read().toString().startsWith("*[$\"message\", $\"feed\", $\"")) {
                            fastReceived.incrementAndGet();
                        }
                    }
                } catch (IOException e) {
                    // closed at the end of the test
                }
            });
            AtomicLong published = new AtomicLong();
            long receivers = 2;
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (receivers == 2) {
                assertThat(System.nanoTime()).as("the slow subscriber is cut off within 60 s").isLessThan(deadline);
                // the fast subscriber reads as fast as it can; a publisher far ahead of it would pass its limit too
                await("the fast subscriber to keep up", () -> published.get() - fastReceived.get() < 4);
                receivers = Long.parseLong(p.call("PUBLISH", "feed", message).toString().substring(1));
                published.incrementAndGet();
            }
            assertThat(receivers).as("only one subscriber is left").isEqualTo(1);
            assertThat(p.call("CLIENT", "LIST").toString()).as("the one cut off is the slow one")
                    .doesNotContain("name=slow").contains("sub=1");
            assertThat(published.get()).as("well before 1 GB was published").isLessThan(60_000);
            long sent = published.get();
            await("the fast subscriber to read every message", () -> fastReceived.get() == sent);
            assertThat(p.call("PUBLISH", "feed", "after")).hasToString(":1");
            await("the last message", () -> fastReceived.get() == sent + 1);
            InputStream in = slow.getInputStream();
            slow.setSoTimeout(30_000);
            byte[] buf = new byte[1 << 16];
            try {
                while (in.read(buf) >= 0) {
                    // drain what was sent before the close; the stream ends (or resets) once closed
                }
            } catch (java.net.SocketException e) {
                // reset by the server: closed too
            }
        }
    }
}
