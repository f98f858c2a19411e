package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Black-box checks with the real redis-cli binary, as a user would type them. */
class RedisCliTest {
    @TempDir
    Path dir;
    TestServer server;

    @BeforeEach
    void start() {
        RedisCli.requireInstalled();
        server = TestServer.start(dir, "fsync");
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private String cli(String... args) throws Exception {
        return RedisCli.run(server.port(), null, args);
    }

    @Test
    void basicCommandsAnswerAsRedisDoes() throws Exception {
        assertThat(cli("ping")).isEqualTo("PONG\n");
        assertThat(cli("set", "greeting", "hello")).isEqualTo("OK\n");
        assertThat(cli("get", "greeting")).isEqualTo("hello\n");
        assertThat(cli("incr", "n")).isEqualTo("1\n");
        assertThat(cli("hset", "h", "f1", "a", "f2", "b")).isEqualTo("2\n");
        assertThat(cli("type", "h")).isEqualTo("hash\n");
        // redis-cli prints an error and a blank line, for Redis too
        assertThat(cli("get", "h")).isEqualTo("WRONGTYPE Operation against a key holding the wrong kind of value\n\n");
        assertThat(cli("get")).isEqualTo("ERR wrong number of arguments for 'get' command\n\n");
        assertThat(cli("nosuchcommand", "x")).startsWith("ERR unknown command 'nosuchcommand', with args beginning with: 'x'");
        assertThat(cli("dbsize")).isEqualTo("3\n");
    }

    @Test
    void pipeModeLoadsData() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            sb.append("SET key:").append(i).append(" value").append(i).append("\r\n");
        }
        String out = RedisCli.run(server.port(), sb.toString(), "--pipe");
        assertThat(out).contains("errors: 0, replies: 10000");
        assertThat(cli("get", "key:9999")).isEqualTo("value9999\n");
        assertThat(cli("dbsize")).isEqualTo("10000\n");
    }

    @Test
    void scanModeWalksEveryKey() throws Exception {
        for (int i = 0; i < 250; i++) {
            cli("set", "user:" + i, "x");
        }
        cli("set", "other", "y");
        String out = RedisCli.run(server.port(), null, "--scan", "--pattern", "user:*");
        assertThat(out.lines().distinct().count()).isEqualTo(250);
        assertThat(out).doesNotContain("other");
    }

    @Test
    void infoAndCommandDocsServeRedisTools() throws Exception {
        cli("set", "a", "b");
        String info = cli("info", "persistence");
        assertThat(info).contains("wal_mode:fsync").contains("recovery_keys_per_sec:").contains("rdb_last_save_time:");
        long logSize = Long.parseLong(info.lines().filter(l -> l.startsWith("wal_size_bytes:")).findFirst().orElseThrow()
                .substring("wal_size_bytes:".length()).strip());
        assertThat(logSize).as("the log on disk holds at least the header and the records written").isGreaterThan(24);
        assertThat(cli("command", "count")).matches("\\d+\\n");
        assertThat(cli("config", "get", "appendfsync")).isEqualTo("appendfsync\nalways\n");
    }

    @Test
    void resp3ThroughRedisCli() throws Exception {
        cli("hset", "h", "f", "v");
        assertThat(RedisCli.run(server.port(), null, "-3", "--no-raw", "hgetall", "h")).isEqualTo("1# \"f\" => \"v\"\n");
        assertThat(RedisCli.run(server.port(), null, "-3", "--no-raw", "zadd", "z", "1.5", "m")).isEqualTo("(integer) 1\n");
        assertThat(RedisCli.run(server.port(), null, "-3", "--no-raw", "zscore", "z", "m")).isEqualTo("(double) 1.5\n");
    }

    /** The README's JSON session, as written there: what redis-cli shows in a terminal. */
    @Test
    void jsonSessionOfTheReadme() throws Exception {
        String[][] session = {
            {"JSON.SET", "user:1", "$", "{\"name\":\"Ada\",\"langs\":[\"en\"],\"visits\":0}"}, {"OK"},
            {"JSON.GET", "user:1", "$.name"}, {"\"[\\\"Ada\\\"]\""},
            {"JSON.NUMINCRBY", "user:1", "$.visits", "1"}, {"\"[1]\""},
            {"JSON.ARRAPPEND", "user:1", "$.langs", "\"fr\"", "\"de\""}, {"1) (integer) 3"},
            {"JSON.GET", "user:1", ".langs"}, {"\"[\\\"en\\\",\\\"fr\\\",\\\"de\\\"]\""},
            {"JSON.TYPE", "user:1", "$.visits"}, {"1) \"integer\""},
            {"JSON.SET", "user:1", "$.email", "\"ada@example.org\"", "NX"}, {"OK"},
            {"JSON.DEL", "user:1", "$.langs[0]"}, {"(integer) 1"},
            {"JSON.GET", "user:1"}, {"\"{\\\"name\\\":\\\"Ada\\\",\\\"langs\\\":[\\\"fr\\\",\\\"de\\\"],"
                    + "\\\"visits\\\":1,\\\"email\\\":\\\"ada@example.org\\\"}\""},
            {"TYPE", "user:1"}, {"ReJSON-RL"},
        };
        for (int i = 0; i < session.length; i += 2) {
            String[] command = session[i];
            String[] args = new String[command.length + 1];
            args[0] = "--no-raw";
            System.arraycopy(command, 0, args, 1, command.length);
            assertThat(RedisCli.run(server.port(), null, args)).as(String.join(" ", command))
                    .isEqualTo(session[i + 1][0] + "\n");
        }
    }
}
