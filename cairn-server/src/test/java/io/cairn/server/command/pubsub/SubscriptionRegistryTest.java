package io.cairn.server.command.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.resp.RespValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SubscriptionRegistryTest {
    private final SubscriptionRegistry registry = new SubscriptionRegistry();

    /** A client whose messages are recorded as text, delivered at once as its own thread would. */
    private static final class Client {
        final ClientSubscriptions subs = new ClientSubscriptions();
        final List<String> received = new ArrayList<>();

        Client() {
            subs.deliverTo((m, wanted) -> {
                if (wanted.getAsBoolean()) {
                    received.add(text(m));
                }
            });
        }
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String text(RespValue v) {
        return switch (v) {
            case RespValue.PushReply p -> String.join(" ", p.items().stream().map(SubscriptionRegistryTest::text).toList());
            case RespValue.BulkString s -> new String(s.value(), StandardCharsets.UTF_8);
            case RespValue.IntegerReply i -> Long.toString(i.value());
            case RespValue.NullReply n -> "(nil)";
            default -> v.toString();
        };
    }

    @Test
    void confirmationsCountChannelsAndPatternsTogetherAndShardChannelsApart() {
        Client c = new Client();
        assertThat(text(registry.subscribe(c.subs, Kind.CHANNEL, b("a")))).isEqualTo("subscribe a 1");
        assertThat(text(registry.subscribe(c.subs, Kind.CHANNEL, b("a")))).as("twice changes nothing").isEqualTo("subscribe a 1");
        assertThat(text(registry.subscribe(c.subs, Kind.PATTERN, b("n*")))).isEqualTo("psubscribe n* 2");
        assertThat(text(registry.subscribe(c.subs, Kind.SHARD, b("s")))).isEqualTo("ssubscribe s 1");
        assertThat(c.subs.channels()).isEqualTo(1);
        assertThat(c.subs.patterns()).isEqualTo(1);
        assertThat(c.subs.shardChannels()).isEqualTo(1);
        assertThat(text(registry.unsubscribe(c.subs, Kind.CHANNEL, b("nope")))).isEqualTo("unsubscribe nope 2");
        assertThat(text(registry.unsubscribe(c.subs, Kind.CHANNEL, b("a")))).isEqualTo("unsubscribe a 1");
        assertThat(text(registry.unsubscribe(c.subs, Kind.SHARD, b("s")))).isEqualTo("sunsubscribe s 0");
        assertThat(c.subs.subscribed()).as("the pattern is left").isTrue();
    }

    @Test
    void unsubscribingFromEverythingAnswersEachInSubscriptionOrderOrOneNullWhenThereIsNone() {
        Client c = new Client();
        assertThat(registry.unsubscribeAll(c.subs, Kind.CHANNEL)).extracting(SubscriptionRegistryTest::text)
                .containsExactly("unsubscribe (nil) 0");
        registry.subscribe(c.subs, Kind.CHANNEL, b("x"));
        registry.subscribe(c.subs, Kind.CHANNEL, b("y"));
        registry.subscribe(c.subs, Kind.PATTERN, b("p*"));
        assertThat(registry.unsubscribeAll(c.subs, Kind.CHANNEL)).extracting(SubscriptionRegistryTest::text)
                .containsExactly("unsubscribe x 2", "unsubscribe y 1");
        assertThat(registry.unsubscribeAll(c.subs, Kind.PATTERN)).extracting(SubscriptionRegistryTest::text)
                .containsExactly("punsubscribe p* 0");
        assertThat(registry.unsubscribeAll(c.subs, Kind.SHARD)).extracting(SubscriptionRegistryTest::text)
                .containsExactly("sunsubscribe (nil) 0");
        assertThat(registry.count(Kind.CHANNEL)).isZero();
        assertThat(registry.count(Kind.PATTERN)).isZero();
    }

    @Test
    void publishReachesChannelAndMatchingPatternSubscribersAndCountsEveryDelivery() {
        Client both = new Client();
        Client pattern = new Client();
        Client other = new Client();
        registry.subscribe(both.subs, Kind.CHANNEL, b("news.tech"));
        registry.subscribe(both.subs, Kind.PATTERN, b("news.*"));
        registry.subscribe(pattern.subs, Kind.PATTERN, b("news.[st]ech"));
        registry.subscribe(other.subs, Kind.CHANNEL, b("news.art"));
        registry.subscribe(other.subs, Kind.SHARD, b("news.tech"));

        assertThat(registry.publish(b("news.tech"), b("hi"))).isEqualTo(3);
        assertThat(both.received).containsExactlyInAnyOrder("message news.tech hi", "pmessage news.* news.tech hi");
        assertThat(pattern.received).containsExactly("pmessage news.[st]ech news.tech hi");
        assertThat(other.received).as("a shard channel of the same name is another channel").isEmpty();

        assertThat(registry.spublish(b("news.tech"), b("s"))).isEqualTo(1);
        assertThat(other.received).containsExactly("smessage news.tech s");
        assertThat(registry.publish(b("nobody"), b("x"))).isZero();
    }

    @Test
    void aMessageHandedOverBeforeAnUnsubscribeIsDroppedIfTheClientLeftBeforeItIsSent() {
        ClientSubscriptions c = new ClientSubscriptions();
        List<java.util.function.BooleanSupplier> inFlight = new ArrayList<>();
        c.deliverTo((m, wanted) -> inFlight.add(wanted)); // the client's thread has not run yet
        registry.subscribe(c, Kind.CHANNEL, b("a"));
        assertThat(registry.publish(b("a"), b("1"))).isEqualTo(1);
        registry.unsubscribe(c, Kind.CHANNEL, b("a"));
        assertThat(inFlight).singleElement().satisfies(w -> assertThat(w.getAsBoolean()).isFalse());
    }

    @Test
    void introspectionListsActiveNamesAndCounts() {
        Client a = new Client();
        Client b = new Client();
        registry.subscribe(a.subs, Kind.CHANNEL, b("c1"));
        registry.subscribe(b.subs, Kind.CHANNEL, b("c1"));
        registry.subscribe(b.subs, Kind.CHANNEL, b("d1"));
        registry.subscribe(a.subs, Kind.PATTERN, b("x*"));
        registry.subscribe(b.subs, Kind.PATTERN, b("x*"));
        registry.subscribe(a.subs, Kind.SHARD, b("s1"));
        assertThat(registry.active(Kind.CHANNEL, null)).extracting(String::new).containsExactlyInAnyOrder("c1", "d1");
        assertThat(registry.active(Kind.CHANNEL, b("c*"))).extracting(String::new).containsExactly("c1");
        assertThat(registry.active(Kind.SHARD, null)).extracting(String::new).containsExactly("s1");
        assertThat(registry.subscribers(Kind.CHANNEL, b("c1"))).isEqualTo(2);
        assertThat(registry.subscribers(Kind.CHANNEL, b("none"))).isZero();
        assertThat(registry.count(Kind.PATTERN)).as("unique patterns").isEqualTo(1);
        registry.dropAll(b.subs);
        assertThat(registry.subscribers(Kind.CHANNEL, b("c1"))).isEqualTo(1);
        assertThat(registry.active(Kind.CHANNEL, null)).extracting(String::new).containsExactly("c1");
        assertThat(b.subs.subscribed()).isFalse();
        registry.dropAll(a.subs);
        assertThat(registry.count(Kind.CHANNEL) + registry.count(Kind.PATTERN) + registry.count(Kind.SHARD)).isZero();
    }

    @Test
    void concurrentSubscribersAndPublishersLeaveExactCounts() throws Exception {
        int threads = 4;
        int rounds = 2000;
        List<Thread> ts = new ArrayList<>();
        java.util.concurrent.atomic.LongAdder delivered = new java.util.concurrent.atomic.LongAdder();
        for (int t = 0; t < threads; t++) {
            ClientSubscriptions c = new ClientSubscriptions();
            c.deliverTo((m, wanted) -> delivered.increment()); // "wanted" is for the client's own thread
            ts.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < rounds; i++) {
                    registry.subscribe(c, Kind.CHANNEL, b("shared"));
                    registry.unsubscribe(c, Kind.CHANNEL, b("shared"));
                }
                registry.subscribe(c, Kind.CHANNEL, b("shared"));
            }));
        }
        Thread publisher = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < rounds; i++) {
                registry.publish(b("shared"), b("m"));
            }
        });
        for (Thread t : ts) {
            t.join();
        }
        publisher.join();
        assertThat(registry.subscribers(Kind.CHANNEL, b("shared"))).isEqualTo(threads);
        long before = delivered.sum();
        assertThat(registry.publish(b("shared"), b("last"))).isEqualTo(threads);
        assertThat(delivered.sum() - before).isEqualTo(threads);
    }
}
