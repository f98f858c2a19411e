package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keyspace notifications over sockets, the same steps against Cairn and a live {@code redis-server}:
 * a subscriber on {@code __key*__:*} sees the same keyspace and keyevent messages for the same
 * commands (in one transaction, in a script, expiring, in another database), and nothing while
 * {@code notify-keyspace-events} is empty. Each run ends with a marker write, so the subscriber
 * reads until it, never for a time.
 */
@Timeout(120)
class KeyspaceNotificationsTest {
    @TempDir
    Path dir;
    private TestServer cairn;
    private RedisServerProcess redis;
    private final List<RespTextClient> clients = new ArrayList<>();

    @AfterEach
    void stop() {
        clients.forEach(RespTextClient::close);
        if (cairn != null) {
            cairn.close();
        }
        if (redis != null) {
            redis.close();
        }
    }

    private RespTextClient client(int port) throws IOException {
        RespTextClient c = RespTextClient.connect(port);
        clients.add(c);
        return c;
    }

    /** The messages a pattern subscriber received while {@code steps} ran, up to the marker. */
    private List<String> messages(int port, String flags, List<String[]> steps) throws IOException {
        RespTextClient admin = client(port);
        admin.call("FLUSHALL");
        admin.call("CONFIG", "SET", "notify-keyspace-events", flags);
        RespTextClient sub = client(port);
        assertThat(sub.call("PSUBSCRIBE", "__key*__:*").toString()).startsWith("*[$\"psubscribe\"");
        for (String[] step : steps) {
            admin.call(step);
        }
        admin.call("CONFIG", "SET", "notify-keyspace-events", "KEA");
        admin.call("SET", "end-marker", "x");
        List<String> got = new ArrayList<>();
        while (true) {
            String m = sub.read().toString();
            if (m.contains("end-marker")) {
                return got;
            }
            got.add(m);
        }
    }

    /** A command line's words; a double-quoted part is one word. */
    private static String[] words(String line) {
        List<String> out = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"([^\"]*)\"|(\\S+)").matcher(line);
        while (m.find()) {
            out.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return out.toArray(String[]::new);
    }

    private static List<String[]> steps() {
        List<String[]> s = new ArrayList<>();
        for (String line : List.of("SET s v EX 100", "INCR n", "APPEND s x", "DEL s n nokey", "RPUSH l a b",
                "LPOP l", "RPOPLPUSH l l2", "HSET h f v g w", "HDEL h f", "SADD st a b", "SPOP st 2",
                "ZADD z 1 a 2 b", "ZINCRBY z 1 a", "ZPOPMAX z", "RENAME z z2", "EXPIRE z2 100", "PERSIST z2",
                "MULTI", "SET t1 a", "LPUSH t2 b", "EXEC",
                "EVAL \"redis.call('set', KEYS[1], 'v') redis.call('hset', KEYS[2], 'f', 'v')\" 2 e1 e2",
                "SELECT 3", "SET in3 x", "SELECT 0", "SET gone x PX 1", "DEBUG SLEEP 0.01", "DEL gone")) {
            s.add(words(line));
        }
        return s;
    }

    @Test
    void cairnPublishesWhatRedisPublishes() throws Exception {
        cairn = TestServer.start(Files.createDirectories(dir.resolve("cairn")), "none");
        List<String> fromCairn = messages(cairn.port(), "KEA", steps());
        RedisServerProcess.requireInstalled();
        redis = RedisServerProcess.start(Files.createDirectories(dir.resolve("redis")));
        List<String> fromRedis = messages(redis.port(), "KEA", steps());
        // RPOPLPUSH: Redis names the destination's push before the source's pop; the set is the same
        assertThat(fromCairn).containsExactlyInAnyOrderElementsOf(fromRedis);
        assertThat(fromCairn).contains("*[$\"pmessage\", $\"__key*__:*\", $\"__keyevent@0__:expired\", $\"gone\"]",
                "*[$\"pmessage\", $\"__key*__:*\", $\"__keyspace@3__:in3\", $\"set\"]");
    }

    @Test
    void newKeysKeyMissesAndStreamEventsAsRedisPublishesThem() throws Exception {
        List<String[]> steps = new ArrayList<>();
        for (String line : List.of("GET missing", "SET fresh v", "SET fresh w", "HSET h f v", "EXISTS nothere",
                "LRANGE nolist 0 -1", "XADD xs 1-0 f v", "XADD xs MAXLEN 1 2-0 f v", "XGROUP CREATE xs g 0",
                "XGROUP CREATE ys g $ MKSTREAM", "XGROUP CREATECONSUMER xs g c", "XDEL xs 2-0", "XSETID xs 5-0",
                "XGROUP SETID xs g 0", "XGROUP DELCONSUMER xs g c", "XGROUP DESTROY xs g", "XLEN nostream",
                "EVAL \"return redis.call('get', KEYS[1])\" 1 inscript")) {
            steps.add(words(line));
        }
        cairn = TestServer.start(Files.createDirectories(dir.resolve("cairn")), "none");
        List<String> fromCairn = messages(cairn.port(), "KEAnm", steps);
        RedisServerProcess.requireInstalled();
        redis = RedisServerProcess.start(Files.createDirectories(dir.resolve("redis")));
        List<String> fromRedis = messages(redis.port(), "KEAnm", steps);
        assertThat(fromCairn).containsExactlyInAnyOrderElementsOf(fromRedis);
        assertThat(fromCairn).contains("*[$\"pmessage\", $\"__key*__:*\", $\"__keyevent@0__:new\", $\"fresh\"]",
                "*[$\"pmessage\", $\"__key*__:*\", $\"__keyevent@0__:keymiss\", $\"missing\"]",
                "*[$\"pmessage\", $\"__key*__:*\", $\"__keyevent@0__:xtrim\", $\"xs\"]");
    }

    @Test
    void onlyTheAskedClassesAndChannels() throws Exception {
        cairn = TestServer.start(Files.createDirectories(dir.resolve("cairn")), "none");
        List<String[]> some = List.of(words("SET a 1"), words("LPUSH b x"),
                words("DEL a"));
        assertThat(messages(cairn.port(), "", some)).isEmpty();
        assertThat(messages(cairn.port(), "El", some)).containsExactly(
                "*[$\"pmessage\", $\"__key*__:*\", $\"__keyevent@0__:lpush\", $\"b\"]");
        assertThat(messages(cairn.port(), "Kg$", some)).containsExactly(
                "*[$\"pmessage\", $\"__key*__:*\", $\"__keyspace@0__:a\", $\"set\"]",
                "*[$\"pmessage\", $\"__key*__:*\", $\"__keyspace@0__:a\", $\"del\"]");
        RespTextClient c = client(cairn.port());
        assertThat(c.call("CONFIG", "SET", "notify-keyspace-events", "KEA").toString()).isEqualTo("+OK");
        assertThat(c.call("CONFIG", "GET", "notify-keyspace-events").toString())
                .isEqualTo("*[$\"notify-keyspace-events\", $\"AKE\"]");
        assertThat(c.call("CONFIG", "SET", "notify-keyspace-events", "Q").toString()).isEqualTo("-ERR CONFIG SET failed"
                + " (possibly related to argument 'notify-keyspace-events') - Invalid event class character. Use"
                + " 'Ag$lshzxeKEtmdn'.");
    }
}
