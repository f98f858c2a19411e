package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * CLIENT PAUSE/UNPAUSE, CLIENT REPLY, CLIENT UNBLOCK and MONITOR over sockets, on Cairn and on a
 * live {@code redis-server} alike (the same steps and assertions run on both). A paused command is
 * held, not refused, and its connection's later replies wait behind it; a read is not held by
 * PAUSE WRITE. The Redis half is skipped without a {@code redis-server} on PATH (failed under
 * {@code CI=true}).
 */
class ClientControlTest {
    @TempDir
    Path dir;
    TestServer cairn;
    RedisServerProcess redis;
    final List<RespTextClient> clients = new ArrayList<>();
    private int port;

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

    private void start(String server) throws Exception {
        if (server.equals("redis")) {
            RedisServerProcess.requireInstalled();
            redis = RedisServerProcess.start(Files.createDirectories(dir.resolve("redis")));
            port = redis.port();
        } else {
            cairn = TestServer.start(Files.createDirectories(dir.resolve("cairn")), "none");
            port = cairn.port();
        }
    }

    private RespTextClient connect() throws IOException {
        RespTextClient c = RespTextClient.connect(port);
        clients.add(c);
        return c;
    }

    /** Waits until CLIENT LIST shows the client {@code name} with {@code flags} and last command {@code cmd}. */
    private static void awaitClient(RespTextClient admin, String name, String flags, String cmd) throws IOException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            String list = admin.call("CLIENT", "LIST").toString();
            if (Pattern.compile("name=" + name + " .* flags=" + flags + " .* cmd=" + cmd + " ").matcher(list).find()) {
                return;
            }
            assertThat(System.nanoTime()).as("waiting for " + name + " in " + list).isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void noKeyIsDeletedForItsExpiryDuringAPauseButReadsSeeItGone(String server) throws Exception {
        start(server);
        RespTextClient admin = connect();
        admin.call("SET", "stay", "v");
        admin.call("SET", "brief", "v", "PX", "1");
        assertThat(admin.call("CLIENT", "PAUSE", "100000", "WRITE")).hasToString("+OK");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!admin.call("PTTL", "brief").toString().equals(":-2")) {
            assertThat(System.nanoTime()).as("brief expires").isLessThan(deadline);
            Thread.onSpinWait();
        }
        assertThat(admin.call("GET", "brief")).hasToString("$-1");
        assertThat(admin.call("EXISTS", "brief")).hasToString(":0");
        // the reads found it expired but left it: it still counts, and nothing expired yet
        assertThat(admin.call("DBSIZE")).hasToString(":2");
        assertThat(admin.call("INFO", "stats").toString()).contains("expired_keys:0");
        assertThat(admin.call("CLIENT", "UNPAUSE")).hasToString("+OK");
        assertThat(admin.call("GET", "brief")).hasToString("$-1");
        while (!admin.call("DBSIZE").toString().equals(":1")) {
            assertThat(System.nanoTime()).as("brief deleted after the pause").isLessThan(deadline);
            Thread.onSpinWait();
        }
        assertThat(admin.call("INFO", "stats").toString()).contains("expired_keys:1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void pausedWritesWaitUntilUnpauseAndRepliesKeepTheirOrder(String server) throws Exception {
        start(server);
        RespTextClient admin = connect();
        RespTextClient w = connect();
        RespTextClient r = connect();
        assertThat(w.call("CLIENT", "SETNAME", "writer")).hasToString("+OK");
        assertThat(admin.call("CLIENT", "PAUSE", "100000", "NOPE")).hasToString("-ERR CLIENT PAUSE mode must be WRITE or ALL");
        assertThat(admin.call("CLIENT", "PAUSE", "-1")).hasToString("-ERR timeout is negative");
        assertThat(admin.call("CLIENT", "PAUSE", "x")).hasToString("-ERR timeout is not an integer or out of range");
        assertThat(admin.call("CLIENT", "PAUSE", "100000", "WRITE")).hasToString("+OK");
        w.send("SET", "k", "v");
        w.send("GET", "k");
        w.send("PUBLISH", "ch", "m");
        assertThat(r.call("GET", "k")).as("reads go on under PAUSE WRITE").hasToString("$-1");
        awaitClient(admin, "writer", "b", "set"); // held like a blocked client
        assertThat(r.call("GET", "k")).as("the held SET did not run").hasToString("$-1");
        assertThat(admin.call("CLIENT", "UNPAUSE")).hasToString("+OK");
        assertThat(w.read()).hasToString("+OK");
        assertThat(w.read()).hasToString("$\"v\"");
        assertThat(w.read()).hasToString(":0");

        RespTextClient w3 = connect();
        w3.call("HELLO", "3");
        assertThat(admin.call("CLIENT", "PAUSE", "100000", "WRITE")).hasToString("+OK");
        w3.send("INCR", "n");
        w3.send("GET", "n");
        assertThat(r.call("GET", "n")).hasToString("$-1");
        awaitClient(admin, "", "b", "incr");
        assertThat(admin.call("CLIENT", "UNPAUSE")).hasToString("+OK");
        assertThat(w3.read()).as("RESP3 the same").hasToString(":1");
        assertThat(w3.read()).hasToString("$\"1\"");

        assertThat(admin.call("CLIENT", "PAUSE", "200", "WRITE")).hasToString("+OK");
        long start = System.nanoTime();
        assertThat(w.call("DEL", "k")).as("released when the pause times out").hasToString(":1");
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(100);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void pauseAllHoldsReadsToo(String server) throws Exception {
        start(server);
        RespTextClient admin = connect();
        RespTextClient r = connect();
        assertThat(r.call("CLIENT", "SETNAME", "reader")).hasToString("+OK");
        assertThat(admin.call("CLIENT", "PAUSE", "300")).hasToString("+OK");
        long start = System.nanoTime();
        r.send("GET", "k");
        r.send("PING");
        assertThat(r.read()).hasToString("$-1");
        assertThat(r.read()).hasToString("+PONG");
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(150);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void clientReplyOffAndSkipDropReplies(String server) throws Exception {
        start(server);
        RespTextClient c = connect();
        c.send("CLIENT", "REPLY", "OFF");
        c.send("SET", "k", "1");
        c.send("INCR", "nope", "extra");
        c.send("CLIENT", "REPLY", "SKIP"); // changes nothing while replies are off
        assertThat(c.call("CLIENT", "REPLY", "ON")).hasToString("+OK");
        c.send("CLIENT", "REPLY", "SKIP");
        c.send("INCR", "k");
        assertThat(c.call("GET", "k")).hasToString("$\"2\"");
        assertThat(c.call("CLIENT", "REPLY", "MAYBE")).hasToString("-ERR syntax error");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void pushesStillArriveWhileRepliesAreOff(String server) throws Exception {
        start(server);
        RespTextClient c = connect();
        RespTextClient other = connect();
        c.call("HELLO", "3");
        assertThat(c.call("CLIENT", "TRACKING", "ON")).hasToString("+OK");
        c.send("CLIENT", "REPLY", "OFF");
        c.send("GET", "k");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!other.call("INFO", "stats").toString().contains("tracking_total_keys:1")) {
            assertThat(System.nanoTime()).as("GET ran").isLessThan(deadline);
            Thread.onSpinWait();
        }
        assertThat(other.call("SET", "k", "v")).hasToString("+OK");
        assertThat(c.read()).hasToString(">[$\"invalidate\", *[$\"k\"]]");
        assertThat(c.call("CLIENT", "REPLY", "ON")).hasToString("+OK");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void clientUnblockEndsEveryKindOfBlockingCommand(String server) throws Exception {
        start(server);
        RespTextClient admin = connect();
        RespTextClient b = connect();
        String id = b.call("CLIENT", "ID").toString().substring(1);
        List<String[]> blocking = List.of(
                new String[] {"BLPOP", "l", "0"}, new String[] {"BRPOP", "l", "0"},
                new String[] {"BLMOVE", "l", "d", "LEFT", "RIGHT", "0"}, new String[] {"BRPOPLPUSH", "l", "d", "0"},
                new String[] {"BLMPOP", "0", "1", "l", "LEFT"}, new String[] {"BZPOPMIN", "z", "0"},
                new String[] {"BZPOPMAX", "z", "0"}, new String[] {"BZMPOP", "0", "1", "z", "MIN"});
        for (String[] cmd : blocking) {
            for (String how : List.of("TIMEOUT", "ERROR")) {
                b.send(cmd);
                admin.awaitBlockedClients(1);
                assertThat(admin.call("CLIENT", "UNBLOCK", id, how)).as(cmd[0]).hasToString(":1");
                assertThat(b.read()).as(cmd[0] + " " + how).hasToString(how.equals("ERROR")
                        ? "-UNBLOCKED client unblocked via CLIENT UNBLOCK"
                        : "*-1");
            }
        }
        assertThat(admin.call("CLIENT", "UNBLOCK", id)).as("not blocked now").hasToString(":0");
        assertThat(admin.call("CLIENT", "UNBLOCK", id, "MAYBE")).hasToString(
                "-ERR CLIENT UNBLOCK reason should be TIMEOUT or ERROR");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void monitorShowsOtherClientsCommandsAsRedisFormatsThem(String server) throws Exception {
        start(server);
        RespTextClient m = connect();
        RespTextClient c = connect();
        assertThat(m.call("MONITOR")).hasToString("+OK");
        String addr = "\\[0 127\\.0\\.0\\.1:[0-9]+\\] ";
        String ts = "\\+[0-9]{10}\\.[0-9]{6} ";
        assertThat(c.call("SET", "k", "a \"b\"\n\t\u0001\\")).hasToString("+OK");
        assertThat(m.read().toString()).matches(ts + addr + Pattern.quote("\"SET\" \"k\" \"a \\\"b\\\"\\n\\t\\x01\\\\\""));
        assertThat(c.call("EVAL", "return redis.call('incr', KEYS[1])", "1", "n")).hasToString(":1");
        assertThat(m.read().toString()).matches(ts + addr
                + Pattern.quote("\"EVAL\" \"return redis.call('incr', KEYS[1])\" \"1\" \"n\""));
        assertThat(m.read().toString()).matches(ts + Pattern.quote("[0 lua] \"incr\" \"n\""));
        assertThat(c.call("AUTH", "secret").toString()).startsWith("-ERR");
        assertThat(m.read().toString()).matches(ts + addr + Pattern.quote("\"AUTH\" \"(redacted)\""));
        assertThat(c.call("HELLO", "2", "AUTH", "default", "pw", "SETNAME", "x").toString()).startsWith("*[");
        assertThat(m.read().toString()).matches(ts + addr
                + Pattern.quote("\"HELLO\" \"2\" \"AUTH\" \"(redacted)\" \"(redacted)\" \"SETNAME\" \"x\""));
        assertThat(c.call("SELECT", "1")).hasToString("+OK");
        assertThat(m.read().toString()).matches(ts + "\\[1 127\\.0\\.0\\.1:[0-9]+\\] " + Pattern.quote("\"SELECT\" \"1\""));
        assertThat(c.call("CONFIG", "GET", "maxclients").toString()).startsWith("*[");
        assertThat(c.call("MULTI")).hasToString("+OK");
        assertThat(c.call("GET", "k")).hasToString("+QUEUED");
        assertThat(c.call("EVAL", "return redis.call('get', KEYS[1])", "1", "k")).hasToString("+QUEUED");
        assertThat(c.call("EXEC")).hasToString("*[$-1, $-1]");
        assertThat(m.read().toString()).as("CONFIG (admin) is not shown").matches(ts + ".*\"MULTI\"");
        assertThat(m.read().toString()).matches(ts + ".*\"GET\" \"k\"");
        assertThat(m.read().toString()).matches(ts + ".*\"EVAL\" .*");
        assertThat(m.read().toString()).matches(ts + "\\[1 lua\\] \"get\" \"k\"");
        assertThat(m.read().toString()).matches(ts + ".*\"EXEC\"");
        assertThat(m.call("GET", "k")).hasToString("-ERR Replica can't interact with the keyspace");
        assertThat(m.call("PING")).hasToString("+PONG");
        assertThat(m.read().toString()).as("its own commands too, after their replies").matches(ts + addr + "\"PING\"");
        assertThat(m.call("RESET")).hasToString("+RESET");
        assertThat(c.call("SET", "after", "1")).hasToString("+OK");
        assertThat(m.call("PING")).as("RESET ended MONITOR").hasToString("+PONG");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void aMonitorThatDoesNotReadIsClosedPastTheNormalLimitWhileOthersGoOn(String server) throws Exception {
        start(server);
        RespTextClient admin = connect();
        RespTextClient m = connect();
        RespTextClient c = connect();
        assertThat(admin.call("CONFIG", "SET", "client-output-buffer-limit", "normal 256kb 0 0")).hasToString("+OK");
        assertThat(m.call("CLIENT", "SETNAME", "watcher")).hasToString("+OK");
        assertThat(m.call("MONITOR")).hasToString("+OK"); // and then never reads
        String big = "x".repeat(100_000);
        for (int i = 0; i < 400; i++) { // 40 MB of lines: more than the sockets' buffers hold
            assertThat(c.call("SET", "k" + i, big)).hasToString("+OK");
            if (!admin.call("CLIENT", "LIST").toString().contains("name=watcher ")) {
                return; // closed, and the writer went on
            }
        }
        throw new AssertionError("the monitor was never closed: " + admin.call("CLIENT", "LIST"));
    }
}
