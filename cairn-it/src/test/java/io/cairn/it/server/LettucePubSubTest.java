package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.lettuce.core.pubsub.api.sync.RedisPubSubCommands;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Pub/sub through Lettuce's pub/sub connection, unchanged, over RESP2 and RESP3. */
class LettucePubSubTest {
    @TempDir
    Path dir;
    TestServer server;
    RedisClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(5));
        }
        if (server != null) {
            server.close();
        }
    }

    private static String next(BlockingQueue<String> q) throws InterruptedException {
        String s = q.poll(30, TimeUnit.SECONDS);
        assertThat(s).as("heard within 30 s").isNotNull();
        return s;
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void channelsPatternsAndShardChannels(ProtocolVersion protocol) throws Exception {
        server = TestServer.start(dir, "none");
        client = RedisClient.create(RedisURI.builder().withHost("127.0.0.1").withPort(server.port())
                .withTimeout(Duration.ofSeconds(30)).build());
        client.setOptions(ClientOptions.builder().protocolVersion(protocol).build());
        try (StatefulRedisPubSubConnection<String, String> sub = client.connectPubSub();
                StatefulRedisConnection<String, String> pub = client.connect()) {
            BlockingQueue<String> heard = new LinkedBlockingQueue<>();
            sub.addListener(new RedisPubSubAdapter<>() {
                @Override
                public void message(String channel, String message) {
                    heard.add("message " + channel + " " + message);
                }

                @Override
                public void message(String pattern, String channel, String message) {
                    heard.add("pmessage " + pattern + " " + channel + " " + message);
                }

                @Override
                public void smessage(String channel, String message) {
                    heard.add("smessage " + channel + " " + message);
                }
            });
            RedisPubSubCommands<String, String> s = sub.sync();
            RedisCommands<String, String> p = pub.sync();
            s.subscribe("news", "sport");
            s.psubscribe("alerts.*");
            s.ssubscribe("orders");
            assertThat(p.pubsubNumsub("news", "sport")).isEqualTo(Map.of("news", 1L, "sport", 1L));

            assertThat(p.publish("news", "n1")).isEqualTo(1);
            assertThat(next(heard)).isEqualTo("message news n1");
            assertThat(p.publish("alerts.fire", "a1")).isEqualTo(1);
            assertThat(next(heard)).isEqualTo("pmessage alerts.* alerts.fire a1");
            assertThat(p.spublish("orders", "o1")).isEqualTo(1);
            assertThat(next(heard)).isEqualTo("smessage orders o1");
            if (protocol == ProtocolVersion.RESP3) {
                assertThat(s.get("missing")).as("RESP3 runs any command while subscribed").isNull();
            }
            // RESP2's subscribed PING answers [pong, ""], of which Lettuce returns the message, as with Redis
            assertThat(s.ping()).isEqualTo(protocol == ProtocolVersion.RESP3 ? "PONG" : "");

            assertThat(p.pubsubChannels()).containsExactlyInAnyOrder("news", "sport");
            assertThat(p.pubsubNumpat()).isEqualTo(1);
            s.unsubscribe();
            s.punsubscribe();
            if (protocol == ProtocolVersion.RESP3) { // Lettuce's RESP2 list of commands allowed while subscribed lacks it
                s.sunsubscribe("orders"); // and it wants the shard channels named
                assertThat(p.pubsubShardChannels()).isEmpty();
            }
            assertThat(p.pubsubChannels()).isEmpty();
            assertThat(p.publish("news", "n2")).isZero();
            assertThat(heard).isEmpty();
        }
    }
}
