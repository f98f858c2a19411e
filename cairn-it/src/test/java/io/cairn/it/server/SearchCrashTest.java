package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.cli.Main;
import io.cairn.testkit.Seeds;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.util.SafeEncoder;

/**
 * Writes indexed JSON documents from several connections into a child-JVM server, kills it with
 * SIGKILL, restarts it on the same directory, and checks that the index holds every acknowledged
 * document (searching for each client's run) and agrees with the data (FT.CHECK).
 */
class SearchCrashTest {
    private static final int CLIENTS = 3;

    @TempDir
    Path dir;

    private enum Cmd implements ProtocolCommand {
        FT_CREATE("FT.CREATE"), FT_SEARCH("FT.SEARCH"), FT_CHECK("FT.CHECK"), JSON_SET("JSON.SET");

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
    void theIndexHoldsEveryAcknowledgedDocumentAfterAKill() throws Exception {
        RandomGenerator rnd = Seeds.random(Seeds.seed());
        int port = ServerCrashTest.freePort();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx512m", "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "server", "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--dir", dir.toString(), "--wal", "write")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Map<Integer, Long> acked = new ConcurrentHashMap<>();
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch firstAck = new CountDownLatch(1);
        List<Thread> writers = new ArrayList<>();
        try {
            ServerCrashTest.awaitPort(port, p);
            try (Jedis j = new Jedis("127.0.0.1", port, 10_000)) {
                j.sendCommand(Cmd.FT_CREATE, "docs", "ON", "JSON", "PREFIX", "1", "d:", "SCHEMA",
                        "$.client", "AS", "client", "TAG", "$.seq", "AS", "seq", "NUMERIC", "$.text", "AS", "text", "TEXT");
            }
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                writers.add(Thread.ofPlatform().start(() -> {
                    try (Jedis j = new Jedis("127.0.0.1", port, 10_000)) {
                        for (long seq = 0; !stop.get(); seq++) {
                            j.sendCommand(Cmd.JSON_SET, "d:" + client + ":" + seq, "$",
                                    "{\"client\":\"c" + client + "\",\"seq\":" + seq + ",\"text\":\"word" + seq + "\"}");
                            acked.put(client, seq);
                            firstAck.countDown();
                        }
                    } catch (RuntimeException e) {
                        // the server died: writes from here on were not acknowledged
                    }
                }));
            }
            assertThat(firstAck.await(2, TimeUnit.MINUTES)).as("a first document acknowledged").isTrue();
            Thread.sleep(500 + rnd.nextInt(1500)); // the kill moment is what the test varies; writers run meanwhile
        } finally {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
            stop.set(true);
            for (Thread t : writers) {
                t.join(20_000);
            }
        }
        assertThat(acked).as("documents were acknowledged before the kill").isNotEmpty();
        try (TestServer restarted = TestServer.start(dir, "write"); Jedis j = new Jedis("127.0.0.1", restarted.port())) {
            for (Map.Entry<Integer, Long> e : acked.entrySet()) {
                Object reply = j.sendCommand(Cmd.FT_SEARCH, "docs", "@client:{c" + e.getKey() + "} @seq:[0 "
                        + e.getValue() + "]", "LIMIT", "0", "0");
                assertThat((Long) ((List<?>) reply).getFirst()).as("client %d's acknowledged documents", e.getKey())
                        .isEqualTo(e.getValue() + 1);
            }
            List<?> check = (List<?>) j.sendCommand(Cmd.FT_CHECK, "docs");
            assertThat(SafeEncoder.encode((byte[]) check.get(1))).as("FT.CHECK %s", render(check)).isEqualTo("OK");
        }
    }

    private static String render(List<?> reply) {
        List<String> out = new ArrayList<>();
        for (Object o : reply) {
            out.add(o instanceof byte[] b ? SafeEncoder.encode(b) : String.valueOf(o));
        }
        return out.toString();
    }
}
