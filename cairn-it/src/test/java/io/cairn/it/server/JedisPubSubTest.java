package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.JedisShardedPubSub;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisProtocol;

/** Pub/sub through Jedis, unchanged, over RESP2 and RESP3: channels, patterns, shard channels, PUBSUB. */
class JedisPubSubTest {
    @TempDir
    Path dir;
    TestServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private Jedis connect(RedisProtocol protocol) {
        return new Jedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().protocol(protocol).timeoutMillis(30_000).build());
    }

    /** Records what the subscriber hears, as text. */
    private static final class Listener extends JedisPubSub {
        final BlockingQueue<String> heard = new LinkedBlockingQueue<>();
        final BlockingQueue<String> subscribed = new LinkedBlockingQueue<>();

        @Override
        public void onMessage(String channel, String message) {
            heard.add("message " + channel + " " + message);
        }

        @Override
        public void onPMessage(String pattern, String channel, String message) {
            heard.add("pmessage " + pattern + " " + channel + " " + message);
        }

        @Override
        public void onSubscribe(String channel, int count) {
            subscribed.add("subscribe " + channel + " " + count);
        }

        @Override
        public void onPSubscribe(String pattern, int count) {
            subscribed.add("psubscribe " + pattern + " " + count);
        }

        @Override
        public void onUnsubscribe(String channel, int count) {
            heard.add("unsubscribe " + channel + " " + count);
        }

        @Override
        public void onPUnsubscribe(String pattern, int count) {
            heard.add("punsubscribe " + pattern + " " + count);
        }
    }

    private static String next(BlockingQueue<String> q) throws InterruptedException {
        String s = q.poll(30, TimeUnit.SECONDS);
        assertThat(s).as("heard within 30 s").isNotNull();
        return s;
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void channelsAndPatterns(RedisProtocol protocol) throws Exception {
        server = TestServer.start(dir, "none");
        try (Jedis subscriber = connect(protocol); Jedis publisher = connect(protocol)) {
            Listener l = new Listener();
            Thread t = Thread.ofPlatform().start(() -> subscriber.subscribe(l, "news"));
            assertThat(next(l.subscribed)).isEqualTo("subscribe news 1");
            l.psubscribe("alerts.*");
            assertThat(next(l.subscribed)).isEqualTo("psubscribe alerts.* 2");

            assertThat(publisher.publish("news", "n1")).isEqualTo(1);
            assertThat(next(l.heard)).isEqualTo("message news n1");
            assertThat(publisher.publish("alerts.fire", "a1")).isEqualTo(1);
            assertThat(next(l.heard)).isEqualTo("pmessage alerts.* alerts.fire a1");
            assertThat(publisher.publish("elsewhere", "x")).isZero();

            assertThat(publisher.pubsubChannels()).containsExactly("news");
            assertThat(publisher.pubsubChannels("n*")).containsExactly("news");
            assertThat(publisher.pubsubNumSub("news", "elsewhere")).isEqualTo(Map.of("news", 1L, "elsewhere", 0L));
            assertThat(publisher.pubsubNumPat()).isEqualTo(1);

            l.unsubscribe();
            assertThat(next(l.heard)).isEqualTo("unsubscribe news 1");
            l.punsubscribe();
            assertThat(next(l.heard)).isEqualTo("punsubscribe alerts.* 0");
            t.join(30_000);
            assertThat(t.isAlive()).as("subscribe returns once nothing is subscribed").isFalse();
            assertThat(subscriber.ping()).as("the connection is usable again").isEqualTo("PONG");
            assertThat(publisher.pubsubNumPat()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void shardChannels(RedisProtocol protocol) throws Exception {
        server = TestServer.start(dir, "none");
        try (Jedis subscriber = connect(protocol); Jedis publisher = connect(protocol)) {
            BlockingQueue<String> heard = new LinkedBlockingQueue<>();
            CountDownLatch subscribed = new CountDownLatch(1);
            JedisShardedPubSub l = new JedisShardedPubSub() {
                @Override
                public void onSMessage(String channel, String message) {
                    heard.add(channel + " " + message);
                }

                @Override
                public void onSSubscribe(String channel, int count) {
                    subscribed.countDown();
                }
            };
            // Jedis offers ssubscribe on its cluster client only; its sharded listener runs on any connection
            Thread t = Thread.ofPlatform().start(() -> l.proceed(subscriber.getConnection(), "orders"));
            assertThat(subscribed.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(publisher.sendCommand(Protocol.Command.SPUBLISH, "orders", "o1")).isEqualTo(1L);
            assertThat(next(heard)).isEqualTo("orders o1");
            assertThat(publisher.publish("orders", "not shard")).isZero();
            assertThat(publisher.pubsubShardChannels()).containsExactly("orders");
            assertThat(publisher.pubsubShardNumSub("orders")).isEqualTo(Map.of("orders", 1L));
            l.sunsubscribe();
            t.join(30_000);
            assertThat(t.isAlive()).isFalse();
            assertThat(publisher.pubsubShardChannels()).isEqualTo(List.of());
        }
    }
}
