package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A script that runs long cannot take the server down: past {@code busy-reply-threshold} other
 * clients are answered BUSY, SCRIPT KILL stops a script that has not written and answers
 * UNKILLABLE for one that has, SHUTDOWN NOSAVE stops that one without its writes reaching the log,
 * and the script's own connection keeps its pipelined commands for after it. With one event loop
 * and with two. Every wait is on a reply (a BUSY proves the script is running), never on a clock.
 */
@Timeout(120)
class ScriptBusyTest {
    private static final String FOREVER = "while true do end";
    private static final String BUSY = "-BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.";

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

    private void start(int ioThreads) {
        server = TestServer.start(dir, "fsync", "io-threads", Integer.toString(ioThreads), "busy-reply-threshold", "200");
    }

    private RespTextClient client() throws IOException {
        RespTextClient c = RespTextClient.connect(server.port());
        clients.add(c);
        return c;
    }

    /** SHUTDOWN NOSAVE from {@code c}, then a new server on the same directory and a client of it. */
    private RespTextClient shutdownNosaveAndRestart(RespTextClient c, int ioThreads) throws IOException, InterruptedException {
        c.send("SHUTDOWN", "NOSAVE");
        server.server.awaitClose();
        clients.forEach(RespTextClient::close);
        clients.clear();
        server = null;
        start(ioThreads);
        return client();
    }

    /** Pings until the answer is BUSY: the script has run past the threshold. */
    private static void awaitBusy(RespTextClient c) throws IOException {
        while (true) {
            String r = c.call("PING").toString();
            if (r.equals(BUSY)) {
                return;
            }
            assertThat(r).isEqualTo("+PONG");
        }
    }

    @ParameterizedTest(name = "io-threads {0}")
    @ValueSource(ints = {1, 2})
    void othersGetBusyAndScriptKillStopsAScriptThatHasNotWritten(int ioThreads) throws IOException {
        start(ioThreads);
        RespTextClient looping = client();
        RespTextClient other = client();
        looping.send("EVAL", FOREVER, "0");
        awaitBusy(other);
        assertThat(other.call("GET", "k").toString()).isEqualTo(BUSY);
        assertThat(other.call("EVAL", "return 1", "0").toString()).isEqualTo(BUSY);
        assertThat(other.call("SCRIPT", "KILL").toString()).isEqualTo("+OK");
        assertThat(looping.read().toString()).isEqualTo("-ERR Script killed by user with SCRIPT KILL... script: "
                + sha1(FOREVER) + ", on @user_script:1.");
        assertThat(other.call("PING").toString()).isEqualTo("+PONG");
        assertThat(looping.call("SCRIPT", "KILL").toString()).isEqualTo("-NOTBUSY No scripts in execution right now.");
        assertThat(looping.call("EVAL", "return redis.call('set', 'k', 'v')", "0").toString()).isEqualTo("+OK");
    }

    @ParameterizedTest(name = "io-threads {0}")
    @ValueSource(ints = {1, 2})
    void aScriptThatWroteIsUnkillableAndShutdownNosaveDropsItsWrites(int ioThreads) throws IOException, InterruptedException {
        start(ioThreads);
        RespTextClient c = client();
        assertThat(c.call("SET", "before", "kept").toString()).isEqualTo("+OK");
        RespTextClient looping = client();
        RespTextClient other = client();
        looping.send("EVAL", "redis.call('set', 'during', 'x') " + FOREVER, "0");
        awaitBusy(other);
        assertThat(other.call("SCRIPT", "KILL").toString()).startsWith("-UNKILLABLE Sorry the script already executed write");
        assertThat(other.call("SHUTDOWN").toString()).isEqualTo(BUSY);
        RespTextClient after = shutdownNosaveAndRestart(other, ioThreads);
        assertThat(after.call("GET", "before").toString()).isEqualTo("$\"kept\"");
        assertThat(after.call("EXISTS", "during").toString()).isEqualTo(":0"); // never logged: the script did not end
    }

    @ParameterizedTest(name = "io-threads {0}")
    @ValueSource(ints = {1, 2})
    void theScriptsOwnConnectionKeepsItsPipelineInOrder(int ioThreads) throws IOException {
        start(ioThreads);
        RespTextClient c = client();
        RespTextClient other = client();
        // the connection's next commands wait for its script, which only SCRIPT KILL ends
        c.send("EVAL", "redis.call('get', 'x') " + FOREVER, "0");
        c.send("SET", "after", "1");
        c.send("GET", "after");
        awaitBusy(other);
        assertThat(other.call("SCRIPT", "KILL").toString()).isEqualTo("+OK");
        assertThat(c.read().toString()).startsWith("-ERR Script killed by user with SCRIPT KILL...");
        assertThat(c.read().toString()).isEqualTo("+OK");
        assertThat(c.read().toString()).isEqualTo("$\"1\"");
        // and a pipeline of scripts answers in order
        for (int i = 0; i < 100; i++) {
            c.send("EVAL", "return redis.call('incr', KEYS[1])", "1", "n");
            c.send("GET", "n");
        }
        for (int i = 1; i <= 100; i++) {
            assertThat(c.read().toString()).isEqualTo(":" + i);
            assertThat(c.read().toString()).isEqualTo("$\"" + i + "\"");
        }
    }

    private static String sha1(String s) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-1")
                    .digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    @ParameterizedTest(name = "io-threads {0}")
    @ValueSource(ints = {1, 2})
    void aCommandBetweenTwoQueuedScriptsGetsBusyNotStuck(int ioThreads) throws IOException {
        start(ioThreads);
        RespTextClient pipeline = client();
        RespTextClient other = client();
        pipeline.send("EVAL", "return 1", "0");
        pipeline.send("EVAL", FOREVER, "0");
        // a data command takes the store's lock only while no script is past the threshold
        while (true) {
            String r = other.call("GET", "k").toString();
            if (r.equals(BUSY)) {
                break;
            }
            assertThat(r).isEqualTo("$-1");
        }
        assertThat(other.call("SCRIPT", "KILL").toString()).isEqualTo("+OK");
        assertThat(pipeline.read().toString()).isEqualTo(":1");
        assertThat(pipeline.read().toString()).startsWith("-ERR Script killed by user with SCRIPT KILL...");
    }

    @ParameterizedTest(name = "io-threads {0}")
    @ValueSource(ints = {1, 2})
    void shutdownNosaveDropsAnExecWhoseScriptRuns(int ioThreads) throws IOException, InterruptedException {
        start(ioThreads);
        RespTextClient tx = client();
        RespTextClient other = client();
        tx.call("MULTI");
        tx.call("SET", "first", "queued");
        tx.call("EVAL", "redis.call('set', 'during', 'x') " + FOREVER, "0");
        tx.call("SET", "last", "queued");
        tx.send("EXEC");
        awaitBusy(other);
        RespTextClient after = shutdownNosaveAndRestart(other, ioThreads);
        for (String key : new String[] {"first", "during", "last"}) {
            assertThat(after.call("EXISTS", key).toString()).as(key).isEqualTo(":0"); // the EXEC is all or nothing
        }
    }

    @Test
    void aCommandBehindTheScriptOfAClientThatLeftRunsNothing() throws IOException {
        start(1);
        RespTextClient leaving = client();
        RespTextClient other = client();
        leaving.send("EVAL", FOREVER, "0");
        leaving.send("SUBSCRIBE", "ch"); // waits behind its connection's script
        awaitBusy(other);
        leaving.close();
        clients.remove(leaving);
        // one more round trip on the server's one event loop, which saw the close first (INFO would be BUSY)
        assertThat(other.call("PING").toString()).isEqualTo(BUSY);
        assertThat(other.call("SCRIPT", "KILL").toString()).isEqualTo("+OK");
        String r;
        while ((r = other.call("PING").toString()).equals(BUSY)) {
            Thread.onSpinWait(); // the kill stops the script at its next check
        }
        assertThat(r).isEqualTo("+PONG");
        assertThat(other.call("PUBSUB", "NUMSUB", "ch").toString()).isEqualTo("*[$\"ch\", :0]");
    }

    @Test
    void aLongFunctionIsBusyForFunctionKill() throws IOException {
        start(1);
        RespTextClient c = client();
        RespTextClient other = client();
        assertThat(c.call("FUNCTION", "LOAD", "#!lua name=spin\nredis.register_function('spin', function() " + FOREVER
                + " end)").toString()).isEqualTo("$\"spin\"");
        c.send("FCALL", "spin", "0");
        String busyFunction = "-BUSY Redis is busy running a script. You can only call FUNCTION KILL or SHUTDOWN NOSAVE.";
        while (true) {
            String r = other.call("GET", "k").toString();
            if (r.equals(busyFunction)) {
                break;
            }
            assertThat(r).isEqualTo("$-1");
        }
        assertThat(other.call("SCRIPT", "KILL").toString()).isEqualTo("-NOTBUSY No scripts in execution right now.");
        assertThat(other.call("FUNCTION", "STATS").toString()).startsWith("*[$\"running_script\", *[$\"name\", $\"spin\","
                + " $\"command\", *[$\"fcall\", $\"spin\", $\"0\"], $\"duration_ms\", :");
        assertThat(other.call("FUNCTION", "KILL").toString()).isEqualTo("+OK");
        assertThat(c.read().toString()).startsWith("-ERR Script killed by user with SCRIPT KILL... script: spin, on @user_function:");
    }
}
