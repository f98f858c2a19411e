package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scripts over sockets, where they meet the rest of the server: a script's writes wake clients
 * blocked on its keys, abort a WATCHing transaction, and survive a restart from the log (they are
 * logged as the changes they made, so replay runs no Lua); EVAL in a pipeline keeps replies in
 * order.
 */
class ScriptingTest {
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

    private RespTextClient client() throws IOException {
        if (server == null) {
            server = TestServer.start(dir, "fsync");
        }
        RespTextClient c = RespTextClient.connect(server.port());
        clients.add(c);
        return c;
    }

    @Test
    void aPushInsideAScriptServesABlockedClientAfterTheScript() throws IOException {
        RespTextClient admin = client();
        RespTextClient waiter = client();
        waiter.send("BLPOP", "jobs", "0");
        admin.awaitBlockedClients(1);
        // the script pushes two and pops one itself: the waiter gets what is left once it ended
        assertThat(admin.call("EVAL", "redis.call('rpush', KEYS[1], 'a', 'b') return redis.call('lpop', KEYS[1])",
                "1", "jobs").toString()).isEqualTo("$\"a\"");
        assertThat(waiter.read().toString()).isEqualTo("*[$\"jobs\", $\"b\"]");
    }

    @Test
    void aScriptsWriteAbortsATransactionWatchingItsKey() throws IOException {
        RespTextClient watcher = client();
        RespTextClient other = client();
        watcher.call("SET", "balance", "10");
        watcher.call("WATCH", "balance");
        other.call("EVAL", "return redis.call('incrby', KEYS[1], 5)", "1", "balance");
        watcher.call("MULTI");
        watcher.call("SET", "balance", "0");
        assertThat(watcher.call("EXEC").toString()).isEqualTo("*-1");
        assertThat(other.call("GET", "balance").toString()).isEqualTo("$\"15\"");
    }

    @Test
    void whatAScriptWroteSurvivesARestart() throws IOException {
        RespTextClient c = client();
        String script = "for i = 1, tonumber(ARGV[1]) do redis.call('hset', KEYS[1], 'f' .. i, i * i) end "
                + "redis.call('rpush', KEYS[2], 'x', 'y') return redis.call('hlen', KEYS[1])";
        assertThat(c.call("EVAL", script, "2", "h", "l", "50").toString()).isEqualTo(":50");
        String sha = c.call("SCRIPT", "LOAD", "return redis.call('incr', KEYS[1])").toString();
        assertThat(c.call("EVALSHA", sha.substring(2, sha.length() - 1), "1", "n").toString()).isEqualTo(":1");
        clients.forEach(RespTextClient::close);
        clients.clear();
        server.close();
        server = null;

        RespTextClient after = client();
        assertThat(after.call("HGET", "h", "f7").toString()).isEqualTo("$\"49\"");
        assertThat(after.call("HLEN", "h").toString()).isEqualTo(":50");
        assertThat(after.call("LRANGE", "l", "0", "-1").toString()).isEqualTo("*[$\"x\", $\"y\"]");
        assertThat(after.call("GET", "n").toString()).isEqualTo("$\"1\"");
        // the script cache is not persisted, as in Redis: EVALSHA after a restart needs a new SCRIPT LOAD
        assertThat(after.call("EVALSHA", sha.substring(2, sha.length() - 1), "1", "n").toString())
                .isEqualTo("-NOSCRIPT No matching script. Please use EVAL.");
    }

    @Test
    void pipelinedScriptsAnswerInOrder() throws IOException {
        RespTextClient c = client();
        for (int i = 0; i < 200; i++) {
            c.send("EVAL", "return redis.call('incr', KEYS[1])", "1", "counter");
            c.send("EVAL", i % 2 == 0 ? "return 'even'" : "error('odd')", "0");
        }
        for (int i = 0; i < 200; i++) {
            assertThat(c.read().toString()).isEqualTo(":" + (i + 1));
            String second = c.read().toString();
            if (i % 2 == 0) {
                assertThat(second).isEqualTo("$\"even\"");
            } else {
                assertThat(second).startsWith("-ERR user_script:1: odd script: ");
            }
        }
    }
}
