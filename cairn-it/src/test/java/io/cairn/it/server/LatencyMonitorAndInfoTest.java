package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * Over a socket: a slow command shows in LATENCY LATEST and HISTORY once past
 * latency-monitor-threshold, and INFO's text, read through Jedis, parses as redis-py's
 * {@code parse_info} and the exporters read it (sections headed {@code # Name}, every other line {@code name:value}, the
 * per-command lines {@code k=v} lists).
 */
class LatencyMonitorAndInfoTest {
    @TempDir
    Path dir;

    @Test
    void aSlowCommandIsACommandEventOfTheLatencyMonitor() throws Exception {
        try (TestServer server = TestServer.start(dir, "fsync"); RespTextClient c = RespTextClient.connect(server.port())) {
            assertThat(c.call("LATENCY", "LATEST").items()).isEmpty();
            assertThat(c.call("CONFIG", "SET", "latency-monitor-threshold", "20").toString()).isEqualTo("+OK");
            assertThat(c.call("DEBUG", "SLEEP", "0.05").toString()).isEqualTo("+OK");
            List<Reply> latest = c.call("LATENCY", "LATEST").items();
            Reply command = latest.stream().filter(r -> r.items().get(0).text().equals("command")).findFirst().orElseThrow();
            long second = Long.parseLong(command.items().get(1).text());
            assertThat(second).isBetween(System.currentTimeMillis() / 1000 - 5, System.currentTimeMillis() / 1000);
            assertThat(Long.parseLong(command.items().get(2).text())).isGreaterThanOrEqualTo(50);
            assertThat(Long.parseLong(command.items().get(3).text())).isGreaterThanOrEqualTo(50);
            List<Reply> history = c.call("LATENCY", "HISTORY", "command").items();
            // DEBUG SLEEP's sample is the last one; on a loaded machine CONFIG SET may have passed 20 ms too
            assertThat(history).isNotEmpty();
            assertThat(history.getLast().items().get(0).text()).isEqualTo(command.items().get(1).text());
            assertThat(Long.parseLong(history.getLast().items().get(1).text())).isGreaterThanOrEqualTo(50);
            assertThat(c.call("LATENCY", "GRAPH", "command").text()).startsWith("command - high ");
            assertThat(c.call("LATENCY", "RESET").toString()).isEqualTo(":" + latest.size());
            assertThat(c.call("LATENCY", "LATEST").items()).isEmpty();
            // the same numbers feed the per-command histograms
            Reply histogram = c.call("LATENCY", "HISTOGRAM", "debug");
            assertThat(histogram.items().get(0).text()).isEqualTo("debug");
            assertThat(c.call("WAITAOF", "1", "0", "0").toString()).isEqualTo("*[:1, :0]"); // wal fsync
        }
    }

    @Test
    void infoParsesAsRedisPyAndTheExportersReadIt() throws Exception {
        try (TestServer server = TestServer.start(dir, "none"); RespTextClient c = RespTextClient.connect(server.port());
             Jedis jedis = new Jedis("127.0.0.1", server.port())) {
            c.call("SET", "k", "v");
            c.call("EXPIRE", "k", "100");
            c.call("GET", "k");
            c.call("GET", "missing");
            c.call("LPUSH", "k", "x"); // WRONGTYPE
            c.call("NOSUCHCOMMAND");
            // commands a script calls count as theirs, once each, as in Redis
            c.call("EVAL", "redis.call('get', 'k'); return redis.pcall('lpush', 'k', 'x')", "0");
            Map<String, Map<String, String>> info = parse(jedis.info("everything"));
            assertThat(info.keySet()).containsExactly("Server", "Clients", "Memory", "Persistence", "Stats", "Replication",
                    "Cpu", "Modules", "Commandstats", "Errorstats", "Latencystats", "Cluster", "Keyspace");
            assertThat(info.get("Server")).containsEntry("redis_version", "7.2.0").containsEntry("redis_mode", "standalone")
                    .containsEntry("tcp_port", Integer.toString(server.port())).containsKeys("os", "arch_bits",
                            "process_id", "run_id", "uptime_in_seconds", "uptime_in_days", "hz", "executable", "config_file");
            assertThat(info.get("Clients")).containsEntry("connected_clients", "2").containsKeys("blocked_clients",
                    "tracking_clients", "pubsub_clients", "maxclients");
            assertThat(Long.parseLong(info.get("Memory").get("used_memory"))).isPositive();
            assertThat(info.get("Memory")).containsKeys("used_memory_human", "used_memory_rss", "used_memory_peak",
                    "maxmemory", "maxmemory_policy", "mem_fragmentation_ratio");
            Double.parseDouble(info.get("Memory").get("mem_fragmentation_ratio"));
            assertThat(info.get("Persistence")).containsEntry("loading", "0").containsEntry("aof_enabled", "0")
                    .containsKeys("rdb_changes_since_last_save", "rdb_last_save_time");
            assertThat(info.get("Stats")).containsEntry("keyspace_hits", "2").containsEntry("keyspace_misses", "1")
                    .containsKeys("total_connections_received", "total_commands_processed", "instantaneous_ops_per_sec",
                            "expired_keys", "evicted_keys", "pubsub_channels", "total_error_replies");
            assertThat(info.get("Replication")).containsEntry("role", "master").containsEntry("connected_slaves", "0")
                    .containsEntry("master_repl_offset", "0");
            Double.parseDouble(info.get("Cpu").get("used_cpu_sys"));
            Double.parseDouble(info.get("Cpu").get("used_cpu_user_children"));
            assertThat(subFields(info.get("Commandstats").get("cmdstat_get"))).containsEntry("calls", "3")
                    .containsEntry("rejected_calls", "0").containsEntry("failed_calls", "0").containsKeys("usec", "usec_per_call");
            assertThat(subFields(info.get("Commandstats").get("cmdstat_lpush"))).containsEntry("calls", "2")
                    .containsEntry("failed_calls", "2");
            assertThat(subFields(info.get("Commandstats").get("cmdstat_eval"))).containsEntry("calls", "1")
                    .containsEntry("failed_calls", "1");
            assertThat(subFields(info.get("Errorstats").get("errorstat_WRONGTYPE"))).containsEntry("count", "2");
            assertThat(subFields(info.get("Errorstats").get("errorstat_ERR"))).containsEntry("count", "1");
            assertThat(subFields(info.get("Latencystats").get("latency_percentiles_usec_get")).keySet())
                    .containsExactly("p50", "p99", "p99.9");
            assertThat(subFields(info.get("Keyspace").get("db0"))).containsEntry("keys", "1").containsEntry("expires", "1");
            assertThat(c.call("CONFIG", "RESETSTAT").toString()).isEqualTo("+OK");
            assertThat(parse(jedis.info("commandstats")).get("Commandstats")).doesNotContainKey("cmdstat_get");
        }
    }

    /** INFO's text as redis-py's parse_info reads it: a heading starts a section, every other line splits at its first ':'. */
    private static Map<String, Map<String, String>> parse(String text) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        Map<String, String> section = null;
        for (String line : text.split("\r\n", -1)) {
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("# ")) {
                section = new LinkedHashMap<>();
                out.put(line.substring(2), section);
                continue;
            }
            assertThat(section).as("a line before any heading: %s", line).isNotNull();
            int colon = line.indexOf(':');
            assertThat(colon).as("no ':' in %s", line).isPositive();
            assertThat(section.put(line.substring(0, colon), line.substring(colon + 1))).as("twice: %s", line).isNull();
        }
        return out;
    }

    /** A {@code k=v,k=v} value, as redis-py splits it. */
    private static Map<String, String> subFields(String value) {
        assertThat(value).isNotNull();
        Map<String, String> out = new LinkedHashMap<>();
        for (String kv : value.split(",")) {
            int eq = kv.indexOf('=');
            assertThat(eq).as("no '=' in %s", kv).isPositive();
            out.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return out;
    }
}
