package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * The memcached port over real sockets on a durable server: flags and CAS survive a restart, the
 * Redis side reads what memcached stored in {@code memcached-database} (and flags stay invisible
 * to it), big noreply pipelines and oversized values leave the connection working.
 */
class MemcachedProtocolTest {
    @TempDir
    Path dir;

    private static Jedis jedis(TestServer s, int db) {
        Jedis j = new Jedis(new HostAndPort("127.0.0.1", s.port()), DefaultJedisClientConfig.builder().timeoutMillis(30_000).build());
        j.select(db);
        return j;
    }

    @Test
    void flagsAndCasSurviveARestart() throws Exception {
        List<String> before;
        try (TestServer s = TestServer.startWithMemcached(dir, "fsync");
             MemcachedConnection c = new MemcachedConnection(s.memcachedPort())) {
            assertThat(c.exchange("set k 123456 0 5\r\nhello\r\nms m 2 F7 T1000\r\nhi\r\n")).containsExactly("STORED", "HD");
            before = c.exchange("gets k\r\nmg m f c t\r\n");
        }
        try (TestServer s = TestServer.startWithMemcached(dir, "fsync");
             MemcachedConnection c = new MemcachedConnection(s.memcachedPort())) {
            List<String> after = c.exchange("gets k\r\nmg m f c\r\n");
            assertThat(after.subList(0, 3)).isEqualTo(before.subList(0, 3));
            assertThat(after.get(3)).isEqualTo(before.get(3).replaceAll(" t\\d+", ""));
            String cas = before.get(0).split(" ")[4];
            assertThat(c.exchange("cas k 0 0 1 " + cas + "\r\nx\r\ngets k\r\n").get(1))
                    .matches("VALUE k 0 1 \\d+").isNotEqualTo(before.get(0));
            long newCas = Long.parseLong(c.exchange("gets k\r\n").get(0).split(" ")[4]);
            assertThat(newCas).isGreaterThan(Long.parseLong(cas));
        }
    }

    @Test
    void theRedisSideSharesTheMemcachedDatabase() throws Exception {
        try (TestServer s = TestServer.startWithMemcached(dir, "fsync", "memcached-database", "2");
             MemcachedConnection c = new MemcachedConnection(s.memcachedPort());
             Jedis db2 = jedis(s, 2);
             Jedis db0 = jedis(s, 0)) {
            assertThat(c.exchange("set shared 99 0 5\r\nhello\r\n")).containsExactly("STORED");
            assertThat(db2.get("shared")).isEqualTo("hello");
            assertThat(db0.get("shared")).isNull();
            db2.set("fromredis", "41");
            assertThat(c.exchange("incr fromredis 1\r\nget fromredis\r\n")).containsExactly("42", "VALUE fromredis 0 2", "42", "END");
            String casBefore = c.exchange("gets shared\r\n").get(0);
            db2.append("shared", "!"); // a Redis write drops the item header: flags 0, a CAS of its own
            List<String> after = c.exchange("gets shared\r\n");
            assertThat(after.get(0)).startsWith("VALUE shared 0 6 ").isNotEqualTo(casBefore);
            assertThat(after.get(1)).isEqualTo("hello!");
            db0.set("other", "v");
            assertThat(c.exchange("flush_all\r\n")).containsExactly("OK");
            assertThat(db2.dbSize()).isZero();
            assertThat(db0.get("other")).isEqualTo("v");
        }
    }

    @Test
    void aLongNoreplyPipelineAndAnOversizedValueLeaveTheConnectionWorking() throws Exception {
        try (TestServer s = TestServer.startWithMemcached(dir, "write");
             MemcachedConnection c = new MemcachedConnection(s.memcachedPort())) {
            ByteArrayOutputStream req = new ByteArrayOutputStream();
            for (int i = 0; i < 20_000; i++) {
                req.writeBytes(("set k" + i + " " + i + " 0 " + Integer.toString(i).length() + " noreply\r\n" + i + "\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
            }
            req.writeBytes("get k0 k19999\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(c.exchange(req.toByteArray())).containsExactly("VALUE k0 0 1", "0", "VALUE k19999 19999 5", "19999", "END");

            byte[] big = new byte[8 << 20];
            ByteArrayOutputStream huge = new ByteArrayOutputStream();
            huge.writeBytes(("set big 0 0 " + big.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            huge.writeBytes(big);
            huge.writeBytes("\r\nget big k1\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(c.exchange(huge.toByteArray()))
                    .containsExactly("SERVER_ERROR object too large for cache", "VALUE k1 1 1", "1", "END");
        }
    }

    @Test
    void itemSizeMaxIsASetting() throws Exception {
        try (TestServer s = TestServer.startWithMemcached(dir, "none", "memcached-item-size-max", "4kb");
             MemcachedConnection c = new MemcachedConnection(s.memcachedPort())) {
            String v = "x".repeat(5000);
            assertThat(c.exchange("set a 0 0 5000\r\n" + v + "\r\nset b 0 0 3000\r\n" + "y".repeat(3000) + "\r\n"))
                    .containsExactly("SERVER_ERROR object too large for cache", "STORED");
            assertThat(c.exchange("stats settings\r\n")).contains("STAT item_size_max 4096");
            try (Jedis j = jedis(s, 0)) {
                assertThat(j.configGet("memcached-item-size-max")).containsEntry("memcached-item-size-max", "4096");
                assertThat(j.configGet("memcached-port")).containsEntry("memcached-port", Integer.toString(s.memcachedPort()));
            }
        }
    }
}
