package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.cli.Main;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.util.SafeEncoder;

/**
 * Issue 14's case: a server whose databases are on disk is killed (SIGKILL) after a SAVE and more
 * writes; restarted, its indexes catch up from the log after the commit the SAVE made them take
 * (FT.INFO {@code opened caught_up}, with the batches replayed), not rebuilt from all the data, and
 * answer as indexes FT.CREATE builds afresh over the same data.
 */
class SearchCatchUpCrashTest {
    private static final String[] SETTINGS = {"storage", "disk", "disk-stage-size", "65536",
        "checkpoint-interval", "0", "checkpoint-log-bytes", "0"};
    private static final List<String> HASH_SCHEMA = List.of("ON", "HASH", "PREFIX", "1", "h:", "SCHEMA",
            "name", "TEXT", "price", "NUMERIC", "SORTABLE", "color", "TAG");
    private static final List<String> JSON_SCHEMA = List.of("ON", "JSON", "PREFIX", "1", "j:", "SCHEMA",
            "$.title", "AS", "title", "TEXT", "$.n", "AS", "n", "NUMERIC", "SORTABLE", "$.tag", "AS", "tag", "TAG");
    private static final String[] WORDS = {"alpha", "bravo", "charlie", "delta"};
    private static final String[] COLORS = {"red", "green", "blue"};

    @TempDir
    Path dir;

    private enum Cmd implements ProtocolCommand {
        FT_CREATE("FT.CREATE"), FT_SEARCH("FT.SEARCH"), FT_INFO("FT.INFO"), FT_CHECK("FT.CHECK"), JSON_SET("JSON.SET");

        private final byte[] raw;

        Cmd(String name) {
            raw = SafeEncoder.encode(name);
        }

        @Override
        public byte[] getRaw() {
            return raw;
        }
    }

    @Test
    void indexesOverDiskDatabasesCatchUpFromTheLogAfterAKill() throws Exception {
        int port = ServerCrashTest.freePort();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-Xmx512m", "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "server", "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--dir", dir.toString(), "--wal", "fsync"));
        for (int i = 0; i < SETTINGS.length; i += 2) {
            command.add("--" + SETTINGS[i]);
            command.add(SETTINGS[i + 1]);
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        int hashBatches = 0;
        int jsonBatches = 0;
        try {
            ServerCrashTest.awaitPort(port, p);
            try (Jedis j = new Jedis("127.0.0.1", port, 60_000)) {
                create(j, "hidx", HASH_SCHEMA);
                create(j, "jidx", JSON_SCHEMA);
                for (int i = 0; i < 200; i++) {
                    j.hset("h:" + i, Map.of("name", "item " + WORDS[i % 4] + " " + WORDS[(i / 4) % 4],
                            "price", Integer.toString(i * 2), "color", COLORS[i % 3]));
                    json(j, "j:" + i, "{\"title\":\"" + WORDS[i % 4] + " doc\",\"n\":" + i + ",\"tag\":\"" + (i % 2 == 0 ? "x" : "y") + "\"}");
                }
                assertThat(j.save()).isEqualTo("OK"); // a checkpoint: each index commits at its LSN
                // After it, each command one batch: the catch-up must replay exactly these.
                for (int i = 1000; i < 1040; i++) {
                    j.hset("h:" + i, Map.of("name", "fresh " + WORDS[i % 4], "price", Integer.toString((i - 1000) * 2 + 1),
                            "color", COLORS[i % 3]));
                    json(j, "j:" + i, "{\"title\":\"fresh " + WORDS[i % 4] + "\",\"n\":" + (i - 1000) + ".5,\"tag\":\"x\"}");
                    hashBatches++;
                    jsonBatches++;
                }
                for (int i = 0; i < 20; i++) {
                    j.hset("h:" + i, "color", COLORS[(i + 1) % 3]);
                    j.hdel("h:" + (20 + i), "name");
                    j.del("h:" + (40 + i), "j:" + (40 + i));
                    j.rename("h:" + (60 + i), "h:" + (2000 + i));
                    j.rename("j:" + (60 + i), "other:" + i);
                    json(j, "j:" + (80 + i), "{\"title\":\"charlie rewritten\",\"n\":" + (80 + i) + ",\"tag\":\"y\"}");
                    hashBatches += 4;
                    jsonBatches += 3;
                }
            }
        } finally {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        try (TestServer restarted = TestServer.start(dir, "fsync", SETTINGS); Jedis j = new Jedis("127.0.0.1", restarted.port())) {
            assertThat(info(j, "hidx", "opened")).isEqualTo("caught_up");
            assertThat(info(j, "hidx", "caught_up_batches")).isEqualTo((long) hashBatches);
            assertThat(info(j, "jidx", "opened")).isEqualTo("caught_up");
            assertThat(info(j, "jidx", "caught_up_batches")).isEqualTo((long) jsonBatches);
            assertThat(keys(j, "hidx", "*")).hasSize(200 + 40 - 20);
            assertThat(keys(j, "jidx", "*")).hasSize(200 + 40 - 20 - 20);
            create(j, "hfresh", HASH_SCHEMA);
            create(j, "jfresh", JSON_SCHEMA);
            for (String q : List.of("*", "@color:{red}", "@color:{green|blue}", "@price:[10 50]", "alpha", "bravo -@color:{red}",
                    "@name:delta @price:[0 30]")) {
                assertThat(keys(j, "hidx", q)).as("hidx " + q).isEqualTo(keys(j, "hfresh", q));
            }
            for (String q : List.of("*", "@tag:{x}", "@n:[5 25]", "charlie", "alpha | delta")) {
                assertThat(keys(j, "jidx", q)).as("jidx " + q).isEqualTo(keys(j, "jfresh", q));
            }
            assertThat(sorted(j, "hidx", "price")).isEqualTo(sorted(j, "hfresh", "price"));
            assertThat(sorted(j, "jidx", "n")).isEqualTo(sorted(j, "jfresh", "n"));
            for (String idx : List.of("hidx", "jidx")) {
                List<?> check = (List<?>) j.sendCommand(Cmd.FT_CHECK, idx);
                assertThat(SafeEncoder.encode((byte[]) check.get(1))).as("FT.CHECK " + idx).isEqualTo("OK");
            }
        }
    }

    private static void create(Jedis j, String name, List<String> schema) {
        List<String> args = new ArrayList<>(List.of(name));
        args.addAll(schema);
        j.sendCommand(Cmd.FT_CREATE, args.toArray(String[]::new));
    }

    private static void json(Jedis j, String key, String doc) {
        j.sendCommand(Cmd.JSON_SET, key, "$", doc);
    }

    /** A field of FT.INFO's flat name/value reply: a string, or a Long. */
    private static Object info(Jedis j, String index, String field) {
        List<?> reply = (List<?>) j.sendCommand(Cmd.FT_INFO, index);
        for (int i = 0; i + 1 < reply.size(); i += 2) {
            if (SafeEncoder.encode((byte[]) reply.get(i)).equals(field)) {
                Object v = reply.get(i + 1);
                return v instanceof byte[] b ? SafeEncoder.encode(b) : v;
            }
        }
        throw new AssertionError("FT.INFO " + index + " has no " + field);
    }

    private static Set<String> keys(Jedis j, String index, String query) {
        List<?> reply = (List<?>) j.sendCommand(Cmd.FT_SEARCH, index, query, "NOCONTENT", "LIMIT", "0", "10000");
        Set<String> out = new TreeSet<>();
        for (Object o : reply.subList(1, reply.size())) {
            out.add(SafeEncoder.encode((byte[]) o));
        }
        assertThat((Long) reply.getFirst()).as(index + " " + query + ": total").isEqualTo(out.size());
        return out;
    }

    private static List<String> sorted(Jedis j, String index, String field) {
        List<?> reply = (List<?>) j.sendCommand(Cmd.FT_SEARCH, index, "*", "NOCONTENT", "SORTBY", field, "DESC", "LIMIT", "0", "10000");
        return reply.subList(1, reply.size()).stream().map(o -> SafeEncoder.encode((byte[]) o)).toList();
    }
}
