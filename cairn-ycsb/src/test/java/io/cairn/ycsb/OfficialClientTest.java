package io.cairn.ycsb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import redis.clients.jedis.Jedis;

/**
 * YCSB's own {@code site.ycsb.Client}, in a child JVM (it ends with {@code System.exit}), loads and
 * runs each workload file of this module against an in-process server through
 * {@code -db io.cairn.ycsb.CairnClient}, as the README tells users to.
 */
class OfficialClientTest {
    private static final int RECORDS = 200;
    private static final int OPERATIONS = 500;
    /** A status line of YCSB's text report: {@code [READ], Return=OK, 250}. */
    private static final Pattern STATUS = Pattern.compile("^\\[([A-Z-]+)], Return=(\\w+), (\\d+)$", Pattern.MULTILINE);
    /** An operation count line: {@code [READ], Operations, 250}. */
    private static final Pattern OPERATION_COUNT = Pattern.compile("^\\[([A-Z-]+)], Operations, (\\d+)$", Pattern.MULTILINE);

    @TempDir
    Path dir;
    private TestServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /**
     * {@code operations}: the operations whose counts add up to the run's. In workload F every
     * operation reads once, and a read-modify-write also counts as an UPDATE.
     */
    @ParameterizedTest
    @CsvSource({
        "workloada, READ UPDATE",
        "workloadb, READ UPDATE",
        "workloadc, READ",
        "workloadd, READ INSERT",
        "workloade, SCAN INSERT",
        "workloadf, READ",
    })
    void loadsAndRunsTheWorkloadWithEveryOperationOk(String workload, String operations) throws Exception {
        server = TestServer.start(dir.resolve("data"));

        String load = ycsb(workload, "-load");
        assertThat(statuses(load)).isEqualTo(Map.of("INSERT OK", (long) RECORDS));
        assertRecordsComplete(RECORDS);

        String run = ycsb(workload, "-t");
        assertThat(run).doesNotContain("-FAILED]");
        Map<String, Long> statuses = statuses(run);
        assertThat(statuses.keySet()).allMatch(s -> s.endsWith(" OK"));
        Map<String, Long> counts = operationCounts(run);
        long done = 0;
        for (String op : operations.split(" ")) {
            done += counts.getOrDefault(op, 0L);
        }
        assertThat(done).isEqualTo(OPERATIONS);
        assertRecordsComplete(RECORDS + statuses.getOrDefault("INSERT OK", 0L));
        if (workload.equals("workloade")) {
            assertThat(statuses.get("SCAN OK")).isPositive();
        }
    }

    /** Runs the client (phase {@code -load} or {@code -t}) and returns what it printed. */
    private String ycsb(String workload, String phase) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                "site.ycsb.Client", phase, "-db", CairnClient.class.getName(),
                "-P", Path.of("workloads", workload).toString(),
                "-p", "cairn.port=" + server.port(),
                "-p", "recordcount=" + RECORDS, "-p", "operationcount=" + OPERATIONS,
                "-threads", "4"));
        Path output = dir.resolve(workload + phase + ".out");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        boolean exited = p.waitFor(2, TimeUnit.MINUTES);
        if (!exited) {
            p.destroyForcibly();
        }
        String printed = Files.readString(output, StandardCharsets.UTF_8);
        assertThat(exited).as("YCSB %s %s finished within 2 minutes; it printed:%n%s", workload, phase, printed).isTrue();
        assertThat(p.exitValue()).as(printed).isZero();
        assertThat(printed).as(printed).contains("[OVERALL], Throughput(ops/sec)").doesNotContain("cairn-ycsb:");
        return printed;
    }

    /** Every key holds a whole record (10 fields) and there are {@code expected} of them. */
    private void assertRecordsComplete(long expected) {
        try (Jedis jedis = new Jedis("127.0.0.1", server.port())) {
            assertThat(jedis.dbSize()).isEqualTo(expected);
            @SuppressWarnings("unchecked")
            List<byte[]> keys = (List<byte[]>) jedis.sendCommand(CairnCommand.KEYRANGE, new byte[0],
                    Long.toString(expected + 1).getBytes(StandardCharsets.US_ASCII));
            assertThat(keys).hasSize((int) expected);
            for (byte[] key : keys) {
                String name = new String(key, StandardCharsets.UTF_8);
                assertThat(name).matches("user\\d{10,}");
                assertThat(jedis.hlen(key)).as(name).isEqualTo(10);
            }
        }
    }

    /** "OPERATION STATUS" to count, from the status lines. */
    private static Map<String, Long> statuses(String printed) {
        Map<String, Long> out = new TreeMap<>();
        Matcher m = STATUS.matcher(printed);
        while (m.find()) {
            out.merge(m.group(1) + " " + m.group(2), Long.parseLong(m.group(3)), Long::sum);
        }
        return out;
    }

    private static Map<String, Long> operationCounts(String printed) {
        Map<String, Long> out = new TreeMap<>();
        Matcher m = OPERATION_COUNT.matcher(printed);
        while (m.find()) {
            out.put(m.group(1), Long.parseLong(m.group(2)));
        }
        return out;
    }
}
