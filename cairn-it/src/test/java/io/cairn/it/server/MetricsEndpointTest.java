package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.testkit.DebianPackages;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.search.SearchProtocol.SearchCommand;

/**
 * {@code GET /metrics} scraped from a running server over a socket: the text parses strictly
 * ({@link PrometheusText}), {@code redis_exporter}'s names and labels are there, and the values
 * move with the traffic sent, equal to what INFO says at the same moment.
 */
class MetricsEndpointTest {
    @TempDir
    Path dir;
    TestServer server;
    HttpClient http;
    UnifiedJedis jedis;

    @BeforeEach
    void start() {
        server = TestServer.startWithHttp(dir, "fsync");
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        jedis = new UnifiedJedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().timeoutMillis(30_000).build());
    }

    @AfterEach
    void stop() {
        jedis.close();
        http.close();
        server.close();
    }

    private HttpResponse<String> get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + path))
                .timeout(Duration.ofSeconds(30)).GET();
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.setHeader(headers[i], headers[i + 1]);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private PrometheusText scrape() throws Exception {
        HttpResponse<String> r = get("/metrics");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("content-type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
        return PrometheusText.parse(r.body());
    }

    private Map<String, String> info(String section) {
        return jedis.sendCommand(Protocol.Command.INFO, section) instanceof byte[] b
                ? new String(b, StandardCharsets.UTF_8).lines().filter(l -> l.contains(":") && !l.startsWith("#"))
                        .collect(Collectors.toMap(l -> l.substring(0, l.indexOf(':')), l -> l.substring(l.indexOf(':') + 1)))
                : Map.of();
    }

    @Test
    void commandCountsFollowTheCommandsSent() throws Exception {
        for (int i = 0; i < 7; i++) {
            jedis.set("k" + i, "v");
        }
        jedis.get("k1");
        jedis.get("missing");
        PrometheusText m = scrape();
        assertThat(m.value("redis_up")).isEqualTo(1.0);
        assertThat(m.types).containsEntry("redis_commands_total", "counter");
        assertThat(m.value("redis_commands_total", "cmd", "set")).isEqualTo(7.0);
        assertThat(m.value("redis_commands_total", "cmd", "get")).isEqualTo(2.0);
        assertThat(m.value("redis_commands_duration_seconds_total", "cmd", "set")).isPositive();
        assertThat(m.value("redis_keyspace_hits_total")).isEqualTo(1.0);
        assertThat(m.value("redis_keyspace_misses_total")).isEqualTo(1.0);
        assertThat(m.value("redis_latency_percentiles_usec_count", "cmd", "set")).isEqualTo(7.0);
        assertThat(m.value("redis_latency_percentiles_usec", "cmd", "set", "quantile", "0.99")).isPositive();

        jedis.set("k7", "v");
        assertThatThrownBy(() -> jedis.sendCommand(Protocol.Command.GET)) // wrong arity: refused before it runs
                .hasMessageContaining("wrong number of arguments");
        jedis.set("n", "x");
        assertThatThrownBy(() -> jedis.incr("n")).hasMessageContaining("not an integer"); // ran and failed
        PrometheusText after = scrape();
        assertThat(after.value("redis_commands_total", "cmd", "set")).isEqualTo(9.0);
        assertThat(after.value("redis_commands_rejected_calls_total", "cmd", "get")).isEqualTo(1.0);
        assertThat(after.value("redis_commands_failed_calls_total", "cmd", "incr")).isEqualTo(1.0);
        assertThat(after.value("redis_errors_total", "err", "ERR")).isEqualTo(2.0);
        assertThat(after.value("redis_commands_processed_total"))
                .isGreaterThan(m.value("redis_commands_processed_total"));
        assertThat(after.value("redis_net_input_bytes_total")).isGreaterThan(m.value("redis_net_input_bytes_total"));
    }

    @Test
    void databaseKeysFollowDbsize() throws Exception {
        jedis.set("a", "1");
        jedis.set("b", "2");
        jedis.setex("c", 1000, "3");
        PrometheusText m = scrape();
        assertThat(m.value("redis_db_keys", "db", "db0")).isEqualTo((double) jedis.dbSize());
        assertThat(m.value("redis_db_keys", "db", "db0")).isEqualTo(3.0);
        assertThat(m.value("redis_db_keys_expiring", "db", "db0")).isEqualTo(1.0);
        assertThat(m.value("redis_db_avg_ttl_seconds", "db", "db0")).isBetween(900.0, 1000.0);
        assertThat(m.value("redis_db_keys", "db", "db15")).isEqualTo(0.0); // every database, as INFO's count
        jedis.del("a", "c");
        PrometheusText after = scrape();
        assertThat(after.value("redis_db_keys", "db", "db0")).isEqualTo((double) jedis.dbSize()).isEqualTo(1.0);
        assertThat(after.value("redis_db_keys_expiring", "db", "db0")).isEqualTo(0.0);
    }

    @Test
    void infoFieldsKeepRedisExportersNames() throws Exception {
        jedis.set("k", "v");
        PrometheusText m = scrape();
        Map<String, String> stats = info("everything");
        for (String name : List.of("redis_uptime_in_seconds", "redis_connected_clients", "redis_blocked_clients",
                "redis_memory_used_bytes", "redis_memory_max_bytes", "redis_expired_keys_total",
                "redis_evicted_keys_total", "redis_rdb_last_save_timestamp_seconds", "redis_connected_slaves",
                "redis_net_input_bytes_total", "redis_net_output_bytes_total", "redis_pubsub_channels",
                "redis_pubsub_patterns", "redis_slowlog_length", "redis_start_time_seconds",
                "redis_rdb_last_bgsave_status", "redis_aof_enabled", "redis_cpu_user_seconds_total")) {
            assertThat(m.value(name)).as(name).isNotNull();
        }
        assertThat(m.value("redis_connected_clients")).isEqualTo(Double.parseDouble(stats.get("connected_clients")));
        assertThat(m.value("redis_evicted_keys_total")).isEqualTo(Double.parseDouble(stats.get("evicted_keys")));
        assertThat(m.value("redis_memory_max_bytes")).isEqualTo(Double.parseDouble(stats.get("maxmemory")));
        assertThat(m.value("redis_rdb_last_save_timestamp_seconds"))
                .isEqualTo(Double.parseDouble(stats.get("rdb_last_save_time")));
        assertThat(m.value("redis_rdb_last_bgsave_status")).isEqualTo(1.0);
        assertThat(m.value("redis_aof_enabled")).isEqualTo(1.0);
        PrometheusText.Sample info = m.samples("redis_instance_info").getFirst();
        assertThat(info.labels()).containsEntry("role", "master").containsEntry("redis_version", stats.get("redis_version"))
                .containsEntry("run_id", stats.get("run_id"));
    }

    @Test
    void walFsyncsAreAHistogramInSeconds() throws Exception {
        for (int i = 0; i < 5; i++) {
            jedis.set("k" + i, "v"); // wal fsync: each acknowledged after its fsync
        }
        PrometheusText m = scrape();
        assertThat(m.types).containsEntry("cairn_wal_fsync_seconds", "histogram");
        List<PrometheusText.Sample> buckets = m.samples("cairn_wal_fsync_seconds_bucket");
        assertThat(buckets).isNotEmpty();
        double previous = 0;
        for (PrometheusText.Sample b : buckets) {
            assertThat(b.value()).as("cumulative at le=%s", b.labels().get("le")).isGreaterThanOrEqualTo(previous);
            previous = b.value();
        }
        assertThat(buckets.getLast().labels()).containsEntry("le", "+Inf");
        double count = m.value("cairn_wal_fsync_seconds_count");
        assertThat(count).isGreaterThanOrEqualTo(5.0).isEqualTo(buckets.getLast().value());
        assertThat(m.value("cairn_wal_fsync_seconds_sum")).isPositive();
        assertThat(m.value("cairn_wal_fsyncs_total")).isGreaterThanOrEqualTo(5.0);
        assertThat(m.value("cairn_wal_groups_total")).isGreaterThanOrEqualTo(5.0);
        assertThat(m.value("cairn_wal_written_bytes_total")).isPositive();
        assertThat(m.value("cairn_wal_last_lsn")).isGreaterThanOrEqualTo(5.0);
        assertThat(m.types).containsEntry("cairn_wal_write_seconds", "histogram");

        jedis.sendCommand(Protocol.Command.SAVE);
        PrometheusText saved = scrape();
        assertThat(saved.value("cairn_checkpoint_last_keys")).isEqualTo(5.0);
        assertThat(saved.value("cairn_checkpoint_last_duration_seconds")).isNotNull();
        assertThat(saved.value("cairn_checkpoint_in_progress")).isEqualTo(0.0);
        assertThat(saved.value("redis_rdb_last_save_timestamp_seconds"))
                .isEqualTo(Math.floor(saved.value("cairn_checkpoint_last_timestamp_seconds")));
    }

    @Test
    void searchIndexesAndTheJvmAreReported() throws Exception {
        jedis.sendCommand(SearchCommand.CREATE, "idx", "ON", "HASH", "PREFIX", "1", "doc:", "SCHEMA", "t", "TEXT");
        jedis.hset("doc:1", "t", "hello world");
        jedis.hset("doc:2", "t", "hello again");
        jedis.sendCommand(SearchCommand.SEARCH, "idx", "hello"); // waits until the index has both
        PrometheusText m = scrape();
        assertThat(m.value("redis_search_index_num_docs", "index_name", "idx")).isEqualTo(2.0);
        assertThat(m.value("redis_search_index_indexing", "index_name", "idx")).isEqualTo(0.0);
        assertThat(m.value("cairn_search_index_backlog", "index_name", "idx")).isNotNull();
        assertThat(m.value("cairn_search_index_refresh_seconds_count", "index_name", "idx")).isPositive();
        assertThat(m.types).containsEntry("cairn_search_index_merge_seconds", "histogram");

        assertThat(m.value("jvm_memory_used_bytes", "area", "heap")).isPositive();
        assertThat(m.types).containsKey("jvm_gc_collection_seconds").containsKey("jvm_threads_current");

        // the open descriptors are counted off the scrape, so a scrape shows the last count once there is one
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (scrape().value("process_open_fds") == null) {
            assertThat(System.nanoTime()).as("process_open_fds reported within 30 s").isLessThan(deadline);
            Thread.onSpinWait();
        }
        assertThat(scrape().value("process_open_fds")).isGreaterThan(3.0);
        assertThat(scrape().types).containsEntry("process_open_fds", "gauge").containsKey("process_max_fds");
    }

    @Test
    void thePrometheusClientsOwnParsersReadTheScrape() throws Exception {
        java.nio.file.Path python = java.nio.file.Path.of("/usr/bin/python3");
        DebianPackages.assumeInstalled(java.nio.file.Files.isExecutable(python), "python3", python.toString());
        Process probe = new ProcessBuilder(python.toString(), "-c", "import prometheus_client").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        DebianPackages.assumeInstalled(probe.waitFor(30, java.util.concurrent.TimeUnit.SECONDS) && probe.exitValue() == 0,
                "python3-prometheus-client", "the Python module prometheus_client for " + python);
        java.nio.file.Path script = java.nio.file.Files.copy(java.nio.file.Path.of("src", "test", "python", "prometheus_parse.py"),
                dir.resolve("prometheus_parse.py"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        try (RespTextClient c = RespTextClient.connect(server.port())) {
            c.call("SET", "k", "v");
        }
        com.fasterxml.jackson.databind.JsonNode r = FrameworkProcess.run(dir, java.util.Map.of(), Duration.ofMinutes(2),
                List.of(python.toString(), script.toString(), "http://127.0.0.1:" + server.httpPort() + "/metrics"));
        com.fasterxml.jackson.databind.JsonNode families = r.get("families");
        // the text parser names a counter's family without _total
        assertThat(families.get("redis_up").asText()).isEqualTo("gauge");
        assertThat(families.get("redis_commands").asText()).isEqualTo("counter");
        assertThat(families.get("redis_db_keys").asText()).isEqualTo("gauge");
        assertThat(families.get("cairn_wal_fsync_seconds").asText()).isEqualTo("histogram");
        assertThat(families.get("jvm_memory_used_bytes").asText()).isEqualTo("gauge");
        assertThat(r.get("values").get("redis_up").asDouble()).isEqualTo(1.0);
        assertThat(r.get("samples").asInt()).isGreaterThan(100);
        assertThat(r.get("openmetrics_families").asInt()).isGreaterThanOrEqualTo(families.size() / 2);
    }

    @Test
    void openMetricsWhenAskedByAccept() throws Exception {
        jedis.set("k", "v");
        HttpResponse<String> r = get("/metrics", "Accept", "application/openmetrics-text; version=1.0.0; charset=utf-8");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("content-type").orElseThrow()).startsWith("application/openmetrics-text");
        assertThat(r.body()).contains("# TYPE redis_commands counter\n").contains("redis_commands_total{cmd=\"set\"} 1")
                .endsWith("# EOF\n");
        HttpResponse<String> plain = get("/metrics", "Accept", "text/plain");
        assertThat(plain.headers().firstValue("content-type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
    }

    @Test
    void metricsObeyTheHttpPassword(@TempDir Path authDir) throws Exception {
        stop();
        server = TestServer.startWithHttp(authDir, "fsync", "requirepass", "s3cret");
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        jedis = new UnifiedJedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().password("s3cret").build());
        assertThat(get("/metrics").statusCode()).isEqualTo(401);
        assertThat(get("/metrics", "Authorization", "Bearer guess").statusCode()).isEqualTo(401);
        HttpResponse<String> ok = get("/metrics", "Authorization", "Bearer s3cret");
        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(PrometheusText.parse(ok.body()).value("redis_up")).isEqualTo(1.0);
    }
}
