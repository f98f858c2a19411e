package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SLOWLOG with every command kept (slowlog-log-slower-than 0): entries newest first, arguments cut as Redis cuts them. */
class SlowLogTest {
    @TempDir
    Path dir;

    @Test
    void keepsCommandsNewestFirstWithTheirClientAndCutArguments() throws Exception {
        try (TestServer server = TestServer.start(dir, "none"); RespTextClient c = RespTextClient.connect(server.port())) {
            c.call("CONFIG", "SET", "slowlog-log-slower-than", "0");
            c.call("SLOWLOG", "RESET");
            c.call("CLIENT", "SETNAME", "me");
            List<String> many = new ArrayList<>(List.of("RPUSH", "l"));
            for (int i = 0; i < 40; i++) {
                many.add("v" + i);
            }
            c.call(many.toArray(String[]::new));
            c.call("SET", "big", "x".repeat(200));
            Reply last = c.call("SLOWLOG", "GET", "3");
            assertThat(last.items()).hasSize(3);
            Reply set = last.items().get(0);
            assertThat(set.items().get(3).toString())
                    .isEqualTo("*[$\"SET\", $\"big\", $\"" + "x".repeat(128) + "... (72 more bytes)\"]");
            assertThat(set.items().get(5).toString()).isEqualTo("$\"me\"");
            assertThat(set.items().get(4).toString()).startsWith("$\"127.0.0.1:");
            Reply push = last.items().get(1);
            assertThat(push.items().get(3).items()).hasSize(32);
            assertThat(push.items().get(3).items().get(31).toString()).isEqualTo("$\"... (11 more arguments)\"");
            assertThat(last.items().get(2).items().get(3).toString()).isEqualTo("*[$\"CLIENT\", $\"SETNAME\", $\"me\"]");
            long newest = Long.parseLong(set.items().get(0).toString().substring(1));
            long older = Long.parseLong(push.items().get(0).toString().substring(1));
            assertThat(newest).isEqualTo(older + 1);
            c.call("CONFIG", "SET", "slowlog-max-len", "2");
            assertThat(c.call("SLOWLOG", "LEN").toString()).isEqualTo(":2");
            assertThat(c.call("SLOWLOG", "RESET").toString()).isEqualTo("+OK");
            assertThat(c.call("SLOWLOG", "LEN").toString()).isEqualTo(":1"); // the RESET itself, kept once it ran
        }
    }

    @Test
    void aScriptIsTimedForItsRunOnTheScriptThread() throws Exception {
        try (TestServer server = TestServer.start(dir, "none"); RespTextClient c = RespTextClient.connect(server.port())) {
            c.call("CONFIG", "SET", "slowlog-log-slower-than", "100000"); // 100 ms
            c.call("SLOWLOG", "RESET");
            String spin = "local t = redis.call('TIME') local s = t[1] * 1000000 + t[2] "
                    + "repeat local n = redis.call('TIME') until n[1] * 1000000 + n[2] - s > 200000";
            c.call("EVAL", spin, "0");
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!c.call("SLOWLOG", "LEN").toString().equals(":1")) { // recorded as the reply completes
                assertThat(System.nanoTime()).as("the script's entry is recorded").isLessThan(deadline);
            }
            Reply entries = c.call("SLOWLOG", "GET", "1");
            assertThat(entries.items()).as("the 200 ms script is slower than 100 ms").hasSize(1);
            assertThat(entries.items().get(0).items().get(3).items().get(0).toString()).isEqualTo("$\"EVAL\"");
            long micros = Long.parseLong(entries.items().get(0).items().get(2).toString().substring(1));
            assertThat(micros).isGreaterThanOrEqualTo(200_000);
        }
    }
}
