package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * maxmemory over a socket, as a Redis user meets it: CONFIG SET and GET of the settings, INFO's
 * used_memory and evicted_keys, the -OOM refusal under noeviction (alone, in MULTI, in a script),
 * eviction by policy with its {@code evicted} notifications, and OBJECT IDLETIME / FREQ.
 */
class MaxmemoryTest {
    private static final String OOM = "-OOM command not allowed when used memory > 'maxmemory'.";
    @TempDir
    Path dir;

    private static long info(RespTextClient c, String field) throws Exception {
        Matcher m = Pattern.compile("(?:^|\\\\n)" + field + ":(\\d+)").matcher(c.call("INFO", "everything").text()); // text() escapes CR LF
        assertThat(m.find()).as(field).isTrue();
        return Long.parseLong(m.group(1));
    }

    private static void fill(RespTextClient c, String prefix, int n) throws Exception {
        for (int i = 0; i < n; i++) {
            assertThat(c.call("SET", prefix + i, "x".repeat(100)).toString()).isEqualTo("+OK");
        }
    }

    @Test
    void noevictionRefusesWritesThatAddDataButNotReadsOrDeletes() throws Exception {
        try (TestServer server = TestServer.start(dir, "write"); RespTextClient c = RespTextClient.connect(server.port())) {
            fill(c, "k", 100);
            long used = info(c, "used_memory");
            assertThat(used).isGreaterThan(100 * 100);
            assertThat(c.call("CONFIG", "GET", "maxmemory-policy").toString()).isEqualTo("*[$\"maxmemory-policy\", $\"noeviction\"]");
            assertThat(c.call("CONFIG", "SET", "maxmemory", Long.toString(used / 2)).toString()).isEqualTo("+OK");
            assertThat(c.call("CONFIG", "GET", "maxmemory").toString()).isEqualTo("*[$\"maxmemory\", $\"" + used / 2 + "\"]");
            assertThat(info(c, "maxmemory")).isEqualTo(used / 2);
            assertThat(c.call("SET", "new", "v").toString()).isEqualTo(OOM);
            assertThat(c.call("LPUSH", "list", "v").toString()).isEqualTo(OOM);
            assertThat(c.call("GET", "k1").toString()).isEqualTo("$\"" + "x".repeat(100) + "\"");
            assertThat(c.call("DEL", "k1").toString()).isEqualTo(":1");
            assertThat(c.call("INCR", "k2").toString()).startsWith("-OOM"); // denyoom before its type is looked at
            // MULTI: refused when queued, so EXEC aborts
            assertThat(c.call("MULTI").toString()).isEqualTo("+OK");
            assertThat(c.call("SET", "a", "1").toString()).isEqualTo(OOM);
            assertThat(c.call("EXEC").toString()).startsWith("-EXECABORT");
            // a script may run, but its calls that add data fail
            assertThat(c.call("EVAL", "return redis.pcall('SET', 'a', '1')", "0").toString()).isEqualTo(OOM);
            assertThat(c.call("EVAL", "return redis.call('GET', 'k3')", "0").toString()).isEqualTo("$\"" + "x".repeat(100) + "\"");
            assertThat(info(c, "evicted_keys")).isZero();
            assertThat(c.call("DBSIZE").toString()).isEqualTo(":99");
            // deletes free room: once under the limit, writes go through again
            for (int i = 2; i < 60; i++) {
                c.call("DEL", "k" + i);
            }
            assertThat(c.call("SET", "new", "v").toString()).isEqualTo("+OK");
            assertThat(c.call("CONFIG", "SET", "maxmemory", "0").toString()).isEqualTo("+OK");
            fill(c, "more", 50);
        }
    }

    @Test
    void allkeysLruEvictsToStayUnderTheLimitAndPublishesEvicted() throws Exception {
        try (TestServer server = TestServer.start(dir, "write", "maxmemory-policy", "allkeys-lru",
                "notify-keyspace-events", "Ee");
             RespTextClient c = RespTextClient.connect(server.port());
             RespTextClient sub = RespTextClient.connect(server.port())) {
            assertThat(sub.call("SUBSCRIBE", "__keyevent@0__:evicted").toString()).startsWith("*[$\"subscribe\"");
            fill(c, "warm", 200);
            long limit = info(c, "used_memory") * 2;
            assertThat(c.call("CONFIG", "SET", "maxmemory", Long.toString(limit)).toString()).isEqualTo("+OK");
            fill(c, "k", 1_000);
            long used = info(c, "used_memory");
            assertThat(used).isLessThanOrEqualTo(limit + 1_000); // at most the last write past it
            long evicted = info(c, "evicted_keys");
            assertThat(evicted).isGreaterThan(500);
            long keys = Long.parseLong(c.call("DBSIZE").text());
            assertThat(keys + evicted).isEqualTo(1_200);
            List<String> told = new ArrayList<>();
            while (told.size() < evicted) {
                Reply m = sub.read();
                assertThat(m.items().get(1).text()).isEqualTo("__keyevent@0__:evicted");
                told.add(m.items().get(2).text());
            }
            for (String k : told.subList(0, 20)) {
                assertThat(c.call("EXISTS", k).toString()).isEqualTo(":0");
            }
        }
    }

    @Test
    void objectIdletimeAndFreqFollowThePolicy() throws Exception {
        try (TestServer server = TestServer.start(dir, "none"); RespTextClient c = RespTextClient.connect(server.port())) {
            c.call("SET", "k", "v");
            assertThat(c.call("OBJECT", "IDLETIME", "k").toString()).isEqualTo(":0");
            assertThat(c.call("OBJECT", "IDLETIME", "missing").toString()).isEqualTo("$-1");
            assertThat(c.call("OBJECT", "FREQ", "k").toString()).startsWith("-ERR An LFU maxmemory policy is not selected");
            assertThat(c.call("CONFIG", "SET", "maxmemory-policy", "allkeys-lfu", "lfu-log-factor", "0").toString())
                    .isEqualTo("+OK");
            assertThat(c.call("OBJECT", "IDLETIME", "k").toString()).startsWith("-ERR An LFU maxmemory policy is selected");
            c.call("SET", "f", "v");
            assertThat(c.call("OBJECT", "FREQ", "f").toString()).isEqualTo(":5");
            for (int i = 0; i < 10; i++) {
                c.call("GET", "f");
            }
            assertThat(c.call("OBJECT", "FREQ", "f").toString()).isEqualTo(":15");
            assertThat(c.call("CONFIG", "SET", "maxmemory-policy", "lru").toString()).startsWith(
                    "-ERR CONFIG SET failed (possibly related to argument 'maxmemory-policy') - argument(s) must be one of");
            assertThat(c.call("CONFIG", "GET", "lfu-log-factor").toString()).isEqualTo("*[$\"lfu-log-factor\", $\"0\"]");
            // RESTORE sets the clock: FREQ under an LFU policy, IDLETIME under an LRU one
            try (redis.clients.jedis.Jedis j = new redis.clients.jedis.Jedis("127.0.0.1", server.port())) {
                byte[] dump = j.dump("f".getBytes());
                j.sendCommand(redis.clients.jedis.Protocol.Command.RESTORE, "g".getBytes(), "0".getBytes(), dump,
                        "FREQ".getBytes(), "100".getBytes());
                assertThat(c.call("OBJECT", "FREQ", "g").toString()).isEqualTo(":100");
                c.call("CONFIG", "SET", "maxmemory-policy", "allkeys-lru");
                j.sendCommand(redis.clients.jedis.Protocol.Command.RESTORE, "h".getBytes(), "0".getBytes(), dump,
                        "IDLETIME".getBytes(), "1000".getBytes());
                long idle = Long.parseLong(c.call("OBJECT", "IDLETIME", "h").text());
                assertThat(idle).isBetween(1000L, 1002L);
            }
        }
    }
}
