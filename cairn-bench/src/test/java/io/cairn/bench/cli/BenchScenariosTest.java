package io.cairn.bench.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.bench.corpus.InstalledWordLists;
import io.cairn.bench.peer.CairnPeer;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.Installed;
import io.cairn.bench.peer.ProcessPeer;
import io.cairn.bench.peer.RedisPeer;
import io.cairn.bench.driver.RespProtocol;
import io.cairn.bench.report.CsvText;
import io.cairn.resp.RespValue;
import io.cairn.resp.client.RespClient;
import io.cairn.testkit.DebianPackages;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cairn bench} end to end, each scenario once at sizes small enough for CI: real servers are
 * started, measured and stopped, and the report files are checked. A test needing a peer that is
 * not installed is skipped, saying which. (The parsing alone is {@link BenchCommandTest}'s.)
 */
class BenchScenariosTest {
    /** Small peers, no warm-up: every test adds these. */
    private static final List<String> SMALL_PEERS = List.of("--warmup", "0", "--cairn-jvm", "-Xmx256m",
            "--tarantool-memory-mb", "128", "--memcached-memory-mb", "64");

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream stdoutBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream stderrBytes = new ByteArrayOutputStream();

    private Path resultsDir() {
        return tmp.resolve("results");
    }

    /** Runs {@code cairn bench args... <small peers> --out <tmp>/results}. */
    private int bench(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(SMALL_PEERS);
        all.addAll(List.of("--out", resultsDir().toString()));
        return run(all.toArray(String[]::new));
    }

    /** Runs {@code cairn bench args...} exactly as given. */
    private int run(String... args) {
        PrintStream o = new PrintStream(stdoutBytes, true, UTF_8);
        PrintStream e = new PrintStream(stderrBytes, true, UTF_8);
        return BenchCommand.commandLine(o, e).execute(args);
    }

    private String stdout() {
        return stdoutBytes.toString(UTF_8);
    }

    private String stderr() {
        return stderrBytes.toString(UTF_8);
    }

    private static void needs(String... programs) {
        for (String p : programs) { // each program here comes with the Debian package of its name
            DebianPackages.assumeInstalled(Installed.find(p).isPresent(), p, p + " (on the PATH)");
        }
    }

    // --- the scenarios ---------------------------------------------------------------------------

    @Test
    void ycsbMeasuresEverySystemAndSaysWhyMemcachedCannotScan() throws IOException {
        needs("redis-server", "tarantool", "memcached");
        int exit = bench("ycsb", "--systems", "cairn,redis,tarantool,memcached", "--workloads", "a,e",
                "--clients", "4", "--durability", "none", "--records", "2000", "--operations", "3000");
        List<Map<String, String>> rows = reportOf(exit);
        Map<String, List<Map<String, String>>> all = allRows(rows);
        assertThat(all.keySet()).containsExactlyInAnyOrder(
                "cairn/none/a/load", "cairn/none/a/run", "cairn/none/e/load", "cairn/none/e/run",
                "redis/none/a/load", "redis/none/a/run", "redis/none/e/load", "redis/none/e/run",
                "tarantool/none/a/load", "tarantool/none/a/run", "tarantool/none/e/load", "tarantool/none/e/run",
                "memcached/none/a/load", "memcached/none/a/run", "memcached/none/e/run");
        assertMeasured(all, 3000, 2000);
        Map<String, String> memcachedScan = only(all.get("memcached/none/e/run"));
        assertThat(memcachedScan.get("unsupported")).isEqualTo("no ordered key space to scan");
        assertThat(memcachedScan.get("count")).isEmpty();
        for (String system : List.of("cairn", "redis", "tarantool")) {
            assertThat(opCounts(rows, system, "a", "run")).as(system + " a").containsOnlyKeys("read", "update");
            assertThat(opCounts(rows, system, "e", "run")).as(system + " e").containsOnlyKeys("scan", "insert");
            assertThat(opCounts(rows, system, "e", "run").values().stream().mapToLong(Long::longValue).sum())
                    .isEqualTo(3000);
        }
    }

    @Test
    void ycsbMeasuresCairnOnDiskAndReadsItsServerAfterEachPhase() throws IOException {
        int exit = bench("ycsb", "--systems", "cairn-disk", "--workloads", "rmw,c", "--clients", "2,4",
                "--durability", "fsync", "--records", "300", "--operations", "600", "--field-count", "4",
                "--field-length", "50", "--cairn-disk-cache", "8mb");
        Map<String, List<Map<String, String>>> all = allRows(reportOf(exit));
        assertThat(all.keySet()).containsExactly("cairn-disk/fsync/rmw/load", "cairn-disk/fsync/rmw/run",
                "cairn-disk/fsync/c/load", "cairn-disk/fsync/c/run");
        assertMeasured(all, 600, 300);
        assertThat(opCounts(reportOf(exit), "cairn-disk", "rmw", "run")).containsOnlyKeys("read", "update");
        List<Map<String, String>> servers = CsvText.rows(Files.readString(resultsDir().resolve("server.csv"), UTF_8));
        assertThat(servers).extracting(r -> r.get("workload") + "/" + r.get("phase") + "/" + r.get("clients"))
                .containsExactly("rmw/load/16", "rmw/run/2", "rmw/run/4", "c/load/16", "c/run/2", "c/run/4");
        for (Map<String, String> r : servers) {
            assertThat(r).containsEntry("system", "cairn-disk").containsEntry("records", "300");
            assertThat(Long.parseLong(r.get("rss_bytes"))).as("rss").isPositive();
            assertThat(Long.parseLong(r.get("disk_bytes"))).as("disk: the log of 300 records").isGreaterThan(300 * 4 * 50);
            assertThat(Double.parseDouble(r.get("rss_per_record")))
                    .isEqualTo(Long.parseLong(r.get("rss_bytes")) / 300.0, org.assertj.core.data.Offset.offset(0.001));
            for (String figure : List.of("wal_fsync_p99_usec", "wal_write_p99_usec", "disk_stage_save_p99_ms",
                    "disk_flush_p99_ms", "disk_compaction_p99_ms", "disk_compaction_write_bytes",
                    "disk_write_amplification", "disk_write_stalls")) {
                assertThat(r.get(figure)).as(figure).isNotEmpty();
            }
        }
        assertThat(Long.parseLong(servers.get(1).get("wal_fsyncs"))).as("the load was logged and synced").isPositive();
        assertThat(Files.readString(resultsDir().resolve("results.json"))).contains("\"servers\"");
        assertThat(stdout()).contains("rss/record").contains("write amp");
    }

    @Test
    void ycsbLoadsOnceAndRunsEveryWorkloadOnThatDataWhenAsked() throws IOException {
        int exit = bench("ycsb", "--systems", "cairn-disk", "--workloads", "a,c", "--load-once", "--clients", "2",
                "--durability", "write", "--records", "300", "--operations", "600", "--cairn-disk-cache", "8mb");
        Map<String, List<Map<String, String>>> all = allRows(reportOf(exit));
        assertThat(all.keySet()).containsExactly("cairn-disk/write/a/load", "cairn-disk/write/a/run",
                "cairn-disk/write/c/run");
        assertMeasured(all, 600, 300);
        List<Map<String, String>> servers = CsvText.rows(Files.readString(resultsDir().resolve("server.csv"), UTF_8));
        assertThat(servers).extracting(r -> r.get("workload") + "/" + r.get("phase") + "/" + r.get("clients"))
                .containsExactly("a/load/16", "a/run/2", "c/run/2");
    }

    @Test
    void ycsbMeasuresTarantoolOnVinyl() throws IOException {
        needs("tarantool");
        int exit = bench("ycsb", "--systems", "tarantool-vinyl", "--workloads", "a,e", "--clients", "4",
                "--durability", "write", "--records", "300", "--operations", "600", "--tarantool-vinyl-cache-mb", "16");
        Map<String, List<Map<String, String>>> all = allRows(reportOf(exit));
        assertThat(all.keySet()).containsExactly("tarantool-vinyl/write/a/load", "tarantool-vinyl/write/a/run",
                "tarantool-vinyl/write/e/load", "tarantool-vinyl/write/e/run");
        assertMeasured(all, 600, 300);
        List<Map<String, String>> servers = CsvText.rows(Files.readString(resultsDir().resolve("server.csv"), UTF_8));
        assertThat(servers).hasSize(4).allSatisfy(r -> {
            assertThat(r).containsEntry("system", "tarantool-vinyl");
            assertThat(Long.parseLong(r.get("rss_bytes"))).isPositive();
            assertThat(Long.parseLong(r.get("disk_bytes"))).isPositive();
            for (String figure : List.of("vinyl_memory_level0", "vinyl_disk_data", "vinyl_dump_count",
                    "vinyl_dump_input", "vinyl_compaction_output")) {
                assertThat(r.get(figure)).as(figure).isNotEmpty();
            }
        });
        String json = Files.readString(resultsDir().resolve("results.json"));
        assertThat(json).contains("\"tarantool-vinyl.vinyl_memory\": \"" + (128L << 20) + "\"") // SMALL_PEERS' memory
                .contains("\"tarantool-vinyl.vinyl_cache\": \"" + (16L << 20) + "\"");
    }

    @Test
    void sweepRunsEveryClientModelAtEveryClientCount() throws IOException {
        needs("redis-server");
        int exit = bench("sweep", "--systems", "cairn,redis", "--workloads", "a", "--model", "sync,multiplexed,pipeline",
                "--clients", "1,4", "--pipeline", "8", "--connections", "2", "--operations", "2000",
                "--duration", "0", "--records", "1000");
        Map<String, List<Map<String, String>>> all = allRows(reportOf(exit));
        assertThat(all.keySet()).containsExactlyInAnyOrder("cairn/none/a/load", "cairn/none/a/run",
                "redis/none/a/load", "redis/none/a/run");
        assertMeasured(all, 2000, 1000);
        for (String system : List.of("cairn", "redis")) {
            assertThat(all.get(system + "/none/a/run"))
                    .extracting(r -> r.get("model") + " c=" + r.get("clients") + " conns=" + r.get("connections")
                            + " P=" + r.get("pipeline"))
                    .containsExactlyInAnyOrder("sync c=1 conns=1 P=1", "sync c=4 conns=4 P=1",
                            "multiplexed c=1 conns=1 P=1", "multiplexed c=4 conns=2 P=1",
                            "pipeline c=1 conns=1 P=8", "pipeline c=4 conns=4 P=8");
        }
    }

    @Test
    void redisBenchmarkTestsSingleCommandsAndSaysMemcachedHasNoHashes() throws IOException {
        needs("redis-server", "memcached");
        int exit = bench("redis-benchmark", "--systems", "cairn,redis,memcached", "--tests", "set,get,hset,incr",
                "--clients", "4", "--pipeline", "1,8", "--keyspace", "1000", "--operations", "4000");
        List<Map<String, String>> rows = reportOf(exit);
        Map<String, List<Map<String, String>>> all = allRows(rows);
        Set<String> expected = new TreeSet<>();
        for (String system : List.of("cairn", "redis", "memcached")) {
            expected.add(system + "/none/preload/load");
            for (String test : List.of("set", "get", "hset", "incr")) {
                expected.add(system + "/none/" + test + "/run");
            }
        }
        assertThat(all.keySet()).containsExactlyInAnyOrderElementsOf(expected);
        assertMeasured(all, 4000, 1000);
        for (Map.Entry<String, List<Map<String, String>>> e : all.entrySet()) {
            if (e.getKey().endsWith("/run")) {
                assertThat(e.getValue()).as(e.getKey() + ": pipeline 1 and 8").hasSize(2);
            }
        }
        assertThat(all.get("memcached/none/hset/run")).extracting(r -> r.get("unsupported"))
                .containsOnly("no hashes");
        assertThat(opCounts(rows, "cairn", "incr", "run")).containsOnlyKeys("incr");
    }

    /** The data-type tests of the redis-benchmark scenario, as the figures run them, at CI sizes. */
    private static final List<String> DATA_TYPE_TESTS = List.of("lpush", "rpush", "lpop", "rpop", "sadd", "spop",
            "zadd", "zpopmin", "lrange_100", "lrange_600", "zrank");

    @Test
    void redisBenchmarkRunsTheDataTypeTestsRepeatedAndSaysWhyMemcachedCannot() throws IOException {
        needs("redis-server", "memcached");
        try (ProcessPeer cairn = CairnPeer.start(Durability.NONE, "-Xmx256m");
                ProcessPeer redis = RedisPeer.start(Durability.NONE, RespProtocol.ScanStyle.NONE)) {
            List<String> cairnLacks = unknownCommands(cairn, List.of("LPUSH", "RPUSH", "LPOP", "RPOP", "SADD", "SPOP",
                    "ZADD", "ZPOPMIN", "LRANGE", "ZRANK"));
            // servers given by address, so that what the tests left behind can be read afterwards
            int exit = run("redis-benchmark", "--systems", "cairn,redis,memcached", "--tests",
                    String.join(",", DATA_TYPE_TESTS), "--clients", "3", "--pipeline", "4", "--operations", "600",
                    "--repeat", "3", "--elements", "1000", "--keyspace", "100", "--value-size", "10",
                    "--warmup", "0.2", "--cairn-address", "127.0.0.1:" + cairn.address().getPort(),
                    "--redis-address", "127.0.0.1:" + redis.address().getPort(), "--memcached-memory-mb", "64",
                    "--out", resultsDir().toString());
            List<Map<String, String>> rows = reportOf(exit);
            Map<String, List<Map<String, String>>> all = allRows(rows);
            Set<String> expected = new TreeSet<>();
            for (String system : List.of("cairn", "redis", "memcached")) {
                DATA_TYPE_TESTS.forEach(t -> expected.add(system + "/none/" + t + "/run"));
            }
            assertThat(all.keySet()).as("no preload without a string test").containsExactlyInAnyOrderElementsOf(expected);
            assertMeasured(all, 600, -1);
            for (String t : DATA_TYPE_TESTS) {
                String family = t.startsWith("l") || t.startsWith("r") ? "no lists" : t.startsWith("s") ? "no sets"
                        : "no sorted sets";
                assertThat(only(all.get("memcached/none/" + t + "/run")).get("unsupported")).as(t).isEqualTo(family);
                Map<String, String> r = only(all.get("redis/none/" + t + "/run"));
                assertThat(r.get("unsupported")).as(t).isEmpty();
                assertThat(r.get("repeats").split(" ")).as(t + ": three runs").hasSize(3);
                assertThat(r.get("repeats")).as(t + ": the median among them").contains(r.get("ops_per_sec"));
                assertThat(opCounts(rows, "redis", t, "run")).as(t).containsExactly(Map.entry(t, 600L));
                Map<String, String> c = only(all.get("cairn/none/" + t + "/run"));
                String command = t.startsWith("lrange") ? "LRANGE" : t.toUpperCase(java.util.Locale.ROOT);
                if (cairnLacks.contains(command)) {
                    assertThat(c.get("unsupported")).as(t).startsWith("no " + command).endsWith("(COMMAND INFO)");
                } else {
                    assertThat(c.get("unsupported")).as(t).isEmpty();
                    assertThat(c.get("repeats").split(" ")).as(t).hasSize(3);
                }
            }
            assertThat(cairnLacks).as("Cairn has sorted sets").doesNotContain("ZADD", "ZPOPMIN", "ZRANK");
            try (RespClient r = RespClient.connect(redis.address(), RespClient.Options.DEFAULT)) {
                assertThat(r.call("EXISTS", "myzset")).as("ZPOPMIN popped exactly what was filled")
                        .isEqualTo(RespValue.integer(0));
                assertThat(r.call("LLEN", "mylist")).as("the list LRANGE read").isEqualTo(RespValue.integer(600));
                assertThat(r.call("ZCARD", "myzset:rank")).isEqualTo(RespValue.integer(1000));
                assertThat(r.call("SCARD", "myset")).as("SPOP popped exactly what was filled")
                        .isEqualTo(RespValue.integer(0));
            }
            try (RespClient c = RespClient.connect(cairn.address(), RespClient.Options.DEFAULT)) {
                assertThat(c.call("EXISTS", "myzset")).isEqualTo(RespValue.integer(0));
                assertThat(c.call("ZCARD", "myzset:rank")).isEqualTo(RespValue.integer(1000));
            }
        }
        assertThat(stdout()).contains("runs");
        assertThat(stderr()).contains("warm-up lpop");
    }

    @Test
    void memoryLoadsOneCollectionPerTypeIntoAFreshServerAndReportsBytesPerElement() throws IOException {
        needs("redis-server");
        String jvm = MemoryScenario.JVM_OPTIONS.replace("-Xmx8g", "-Xmx256m"); // the scenario's own, smaller
        int exit = run("memory", "--systems", "cairn,redis,memcached", "--elements", "20000", "--value-size", "24",
                "--cairn-jvm", jvm, "--out", resultsDir().toString());
        List<Map<String, String>> rows = reportOf(exit);
        Map<String, List<Map<String, String>>> all = allRows(rows);
        List<Map<String, String>> memory = CsvText.rows(Files.readString(resultsDir().resolve("memory.csv"), UTF_8));
        assertThat(memory).extracting(m -> m.get("system") + "/" + m.get("type")).containsExactly(
                "cairn/list", "cairn/set", "cairn/zset", "cairn/hash", "cairn/stream", "redis/list", "redis/set",
                "redis/zset", "redis/hash", "redis/stream", "memcached/list", "memcached/set", "memcached/zset",
                "memcached/hash", "memcached/stream");
        for (Map<String, String> m : memory) {
            String key = m.get("system") + "/none/" + m.get("type") + "/load";
            String why = m.get("unsupported");
            assertThat(only(all.get(key)).get("unsupported")).as(key).isEqualTo(why);
            if (m.get("system").equals("memcached")) {
                assertThat(why).startsWith("no ");
                continue;
            }
            if (m.get("system").equals("cairn") && !why.isEmpty()) { // lists and sets land with their own work
                assertThat(m.get("type")).isIn("list", "set");
                assertThat(why).matches("no (RPUSH|LLEN|SADD|SCARD)(, (LLEN|SCARD))? \\(COMMAND INFO\\)");
                continue;
            }
            assertThat(why).as(key).isEmpty();
            assertThat(only(all.get(key)).get("count")).as(key).isEqualTo("20000");
            assertThat(m.get("elements")).isEqualTo("20000");
            assertThat(Long.parseLong(m.get("rss_before"))).as(key).isPositive();
            assertThat(Long.parseLong(m.get("rss_after"))).as(key).isPositive();
            double live = Double.parseDouble(m.get("live_per_element"));
            // a packed list chunk takes the 24-byte payload plus 2 bytes, and at 20,000 elements the
            // heap's noise is a few bytes an element: a floor of half the payload only catches nonsense
            assertThat(live).as(key + " live bytes per element").isBetween(12.0, 2000.0);
            assertThat(Double.parseDouble(m.get("rss_per_element")))
                    .isEqualTo((Long.parseLong(m.get("rss_after")) - Long.parseLong(m.get("rss_before"))) / 20000.0,
                            org.assertj.core.data.Offset.offset(0.001));
            assertThat(m.get("gc")).as(key).isEqualTo(m.get("system").equals("cairn") ? "jcmd GC.run" : "none");
            assertThat(m.get("live")).isEqualTo(m.get("system").equals("cairn") ? "heap used after GC.run" : "used_memory");
        }
        assertThat(memory).filteredOn(m -> m.get("system").equals("cairn") && m.get("unsupported").isEmpty())
                .as("zsets and hashes are there today").extracting(m -> m.get("type")).contains("zset", "hash");
        assertThat(stdout()).contains("rss/element").contains("live/element");
        assertThat(Files.readString(resultsDir().resolve("report.html"))).contains("Memory per element");
        assertThat(resultsDir().resolve("memory-memory.svg")).isRegularFile();
    }

    @Test
    void durabilityMeasuresEachSystemWithAndWithoutFsync() throws IOException {
        needs("redis-server", "tarantool");
        int exit = bench("durability", "--systems", "cairn,redis,tarantool", "--durability", "none,fsync",
                "--clients", "2", "--duration", "0", "--operations", "1000", "--records", "500");
        Map<String, List<Map<String, String>>> all = allRows(reportOf(exit));
        Set<String> expected = new TreeSet<>();
        for (String system : List.of("cairn", "redis", "tarantool")) {
            for (String d : List.of("none", "fsync")) {
                expected.add(system + "/" + d + "/a/load");
                expected.add(system + "/" + d + "/a/run");
            }
        }
        assertThat(all.keySet()).containsExactlyInAnyOrderElementsOf(expected);
        assertMeasured(all, 1000, 500);
    }

    @Test
    void documentsWritesOneRecordAgainstManyKeys() throws IOException {
        needs("redis-server");
        int exit = bench("documents", "--systems", "cairn,redis", "--elements", "10", "--operations", "500");
        List<Map<String, String>> rows = reportOf(exit);
        Map<String, List<Map<String, String>>> all = allRows(rows);
        assertThat(all.keySet()).containsExactlyInAnyOrder("cairn/none/document-10/run", "cairn/none/keys-10/run",
                "redis/none/document-10/run", "redis/none/keys-10/run");
        assertMeasured(all, 500, -1);
        assertThat(opCounts(rows, "cairn", "document-10", "run")).containsExactly(Map.entry("document", 500L));
        assertThat(opCounts(rows, "redis", "keys-10", "run")).containsExactly(Map.entry("keys", 500L));
    }

    @Test
    void ingestQueryLoadsAndQueriesTheSameArticlesOnCairnPostgresAndLucene() throws IOException {
        DebianPackages.assumeInstalled(Files.isExecutable(Path.of("/usr/lib/postgresql/15/bin/postgres")),
                "postgresql", "PostgreSQL 15 (/usr/lib/postgresql/15/bin/postgres)");
        InstalledWordLists.assumeInstalled(); // the articles are written in every language
        int exit = bench("ingest-query", "--articles", "400", "--operations", "200", "--shapes", "small",
                "--batch", "50", "--ingest-connections", "2", "--query-clients", "2");
        List<Map<String, String>> rows = reportOf(exit);
        Map<String, List<Map<String, String>>> all = allRows(rows);
        List<String> expected = new ArrayList<>();
        for (String system : List.of("cairn", "postgres", "lucene")) {
            for (String phase : List.of("ingest", "search", "mixed")) {
                expected.add(system + "/fsync/articles-small/" + phase);
            }
        }
        assertThat(all.keySet()).containsExactlyInAnyOrderElementsOf(expected);
        for (String system : List.of("cairn", "postgres", "lucene")) {
            Map<String, Long> ingest = opCounts(rows, system, "articles-small", "ingest");
            assertThat(ingest).as(system).containsEntry("insert-batch", 8L);
            if (system.equals("cairn")) { // and its own timings, from INFO and FT.INFO
                assertThat(ingest).containsKeys("log-write", "log-fsync", "index-apply");
                assertThat(ingest.get("log-fsync")).isPositive();
            } else {
                assertThat(ingest).hasSize(1);
            }
            Map<String, Long> mixed = opCounts(rows, system, "articles-small", "mixed");
            for (String inside : List.of("log-write", "log-fsync", "index-apply", "index-flush", "index-merge")) {
                mixed.remove(inside); // Cairn's own timings, beside the operations
            }
            assertThat(mixed.values().stream().mapToLong(Long::longValue).sum()).as(system).isEqualTo(200);
            assertThat(mixed.keySet()).as(system).contains("term", "phrase", "facets", "deep-page", "update");
            long searches = opCounts(rows, system, "articles-small", "search").values().stream()
                    .mapToLong(Long::longValue).sum();
            assertThat(searches).as(system).isEqualTo(mixed.entrySet().stream()
                    .filter(e -> !e.getKey().equals("update") && !e.getKey().equals("delete"))
                    .mapToLong(Map.Entry::getValue).sum());
            for (Map<String, String> r : all.get(system + "/fsync/articles-small/ingest")) {
                assertThat(r.get("count")).isEqualTo("400");
                assertThat(r.get("errors")).isEqualTo("0");
            }
        }
        assertThat(Files.readString(resultsDir().resolve("report.html")))
                .contains("cairn.articles-small.disk_bytes_per_article").contains("PostgreSQL 15");
    }

    @Test
    void aServerGivenByAddressIsMeasuredAndLeftRunning() throws IOException {
        try (ProcessPeer cairn = CairnPeer.start(Durability.NONE, "-Xmx256m")) {
            String address = "127.0.0.1:" + cairn.address().getPort();
            int exit = bench("ycsb", "--systems", "cairn", "--cairn-address", address, "--workloads", "c",
                    "--clients", "2", "--durability", "none", "--records", "500", "--operations", "1000");
            Map<String, List<Map<String, String>>> all = allRows(reportOf(exit));
            assertThat(all.keySet()).containsExactlyInAnyOrder("cairn/none/c/load", "cairn/none/c/run");
            assertMeasured(all, 1000, 500);
            assertThat(stderr()).doesNotContain("exited");
            assertThat(Files.readString(resultsDir().resolve("results.json"))).contains("externally").contains(address);

            assertThat(ProcessHandle.of(cairn.pid()).map(ProcessHandle::isAlive)).contains(true);
            try (RespClient client = RespClient.connect(cairn.address(), RespClient.Options.DEFAULT)) {
                assertThat(client.call("DBSIZE")).as("the records the bench loaded are still there")
                        .isEqualTo(RespValue.integer(500));
            }
        }
    }

    // --- the command line ------------------------------------------------------------------------

    @Test
    void aBadClientCountIsRefusedBeforeAnyServerStarts() {
        assertThat(bench("ycsb", "--systems", "cairn", "--clients", "zero")).isEqualTo(2);
        assertThat(stderr()).contains("--clients: zero (expected: a whole number)").doesNotContain("bench: starting");
        assertThat(resultsDir()).doesNotExist();
    }

    @Test
    void aBadWorkloadIsRefusedBeforeAnyServerStarts() {
        assertThat(bench("ycsb", "--systems", "cairn", "--workloads", "a,z")).isEqualTo(2);
        assertThat(stderr()).contains("workload: z (expected: a, b, c, d, e, f or rmw)").doesNotContain("bench: starting");
    }

    @Test
    void optionsReadOnlyLaterAreCheckedBeforeAnyServerStarts() {
        assertThat(bench("documents", "--systems", "cairn", "--price-per-month", "-1")).isEqualTo(2);
        assertThat(stderr()).contains("--price-per-month: -1.0 (expected: a number >= 0.0)").doesNotContain("bench: starting");
        assertThat(bench("ycsb", "--systems", "cairn", "--load-clients", "0")).isEqualTo(2);
        assertThat(stderr()).contains("--load-clients: 0 (expected: 1 to 10000)").doesNotContain("bench: starting");
        assertThat(bench("ycsb", "--systems", "cairn", "--price-per-month", "cheap")).isEqualTo(2);
        assertThat(stderr()).contains("--price-per-month").doesNotContain("bench: starting");
        assertThat(resultsDir()).doesNotExist();
    }

    @Test
    void aBadMemoryOptionIsRefusedBeforeAnyServerStarts() {
        assertThat(bench("memory", "--systems", "cairn", "--types", "list,tree")).isEqualTo(2);
        assertThat(stderr()).contains("type: tree (expected: list, set, zset, hash or stream)").doesNotContain("bench: starting");
        assertThat(bench("redis-benchmark", "--systems", "cairn", "--tests", "lpop", "--duration", "3")).isEqualTo(2);
        assertThat(stderr()).contains("--duration: 3.0 (expected: 0 with lpop").doesNotContain("bench: starting");
        assertThat(resultsDir()).doesNotExist();
    }

    @Test
    void anUnknownSystemIsRefused() {
        assertThat(bench("documents", "--systems", "cairn,mongodb")).isEqualTo(2);
        assertThat(stderr()).contains("system: mongodb (expected: cairn, cairn-disk, redis, tarantool, tarantool-vinyl or memcached)")
                .doesNotContain("bench: starting");
    }

    /** Those of {@code commands} the server's COMMAND INFO does not know. */
    private static List<String> unknownCommands(ProcessPeer peer, List<String> commands) throws IOException {
        try (RespSetup setup = RespSetup.connect(peer.address())) {
            return setup.unknown(commands);
        }
    }

    // --- reading the report ----------------------------------------------------------------------

    /** Checks the exit code and the files, and returns results.csv's rows. */
    private List<Map<String, String>> reportOf(int exit) throws IOException {
        assertThat(exit).as("exit code; stderr:\n%s", stderr()).isZero();
        Path dir = resultsDir();
        assertThat(dir.resolve("results.csv")).isRegularFile();
        assertThat(dir.resolve("results.json")).isRegularFile();
        assertThat(Files.readString(dir.resolve("results.json")).strip()).startsWith("{").endsWith("}");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<html").contains("data:image/svg+xml");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.filter(p -> p.toString().endsWith(".svg")).toList()).isNotEmpty();
        }
        assertThat(stdout()).contains("wrote ").contains(dir.toAbsolutePath().toString());
        return CsvText.rows(Files.readString(dir.resolve("results.csv"), UTF_8));
    }

    /** The {@code all} rows by {@code system/durability/workload/phase}. */
    private static Map<String, List<Map<String, String>>> allRows(List<Map<String, String>> rows) {
        return rows.stream().filter(r -> r.get("operation").equals("all"))
                .collect(Collectors.groupingBy(r -> r.get("system") + "/" + r.get("durability") + "/"
                        + r.get("workload") + "/" + r.get("phase"), LinkedHashMap::new, Collectors.toList()));
    }

    /**
     * Every measured {@code all} row counts exactly the operations asked for (the records for a load
     * phase) without errors; unsupported rows measured nothing.
     */
    private static void assertMeasured(Map<String, List<Map<String, String>>> all, long operations, long records) {
        for (Map.Entry<String, List<Map<String, String>>> e : all.entrySet()) {
            for (Map<String, String> r : e.getValue()) {
                if (!r.get("unsupported").isEmpty()) {
                    assertThat(r.get("count")).as(e.getKey()).isEmpty();
                    continue;
                }
                long expected = r.get("phase").equals("load") ? records : operations;
                assertThat(r.get("count")).as(e.getKey() + " count").isEqualTo(Long.toString(expected));
                assertThat(r.get("errors")).as(e.getKey() + " errors").isEqualTo("0");
                assertThat(Double.parseDouble(r.get("ops_per_sec"))).as(e.getKey() + " ops/s").isPositive();
                assertThat(r.get("p99_us")).as(e.getKey() + " p99").isNotEmpty();
            }
        }
    }

    private static Map<String, String> only(List<Map<String, String>> rows) {
        assertThat(rows).hasSize(1);
        return rows.getFirst();
    }

    /** The per-operation counts of one result (summed if there are several client settings). */
    private static Map<String, Long> opCounts(List<Map<String, String>> rows, String system, String workload,
            String phase) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Map<String, String> r : rows) {
            if (r.get("system").equals(system) && r.get("workload").equals(workload) && r.get("phase").equals(phase)
                    && !r.get("operation").equals("all")) {
                counts.merge(r.get("operation"), Long.parseLong(r.get("count")), Long::sum);
            }
        }
        return counts;
    }
}
