package io.cairn.server.command.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandHarness;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** LATENCY, MEMORY, WAIT, WAITAOF, INFO's sections and CONFIG over the Redis parameters, through the dispatcher, without sockets. */
class ServerSurfaceCommandsTest {
    private final CommandHarness h = new CommandHarness();

    @AfterEach
    void close() {
        h.close();
    }

    private String text(String... args) {
        return str(h.call(args));
    }

    private static String str(RespValue v) {
        return switch (v) {
            case RespValue.ErrorReply e -> e.message();
            case RespValue.IntegerReply i -> Long.toString(i.value());
            case RespValue.DoubleReply d -> Double.toString(d.value());
            default -> RespValue.textOf(v);
        };
    }

    private static Map<String, String> map(RespValue v) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<RespValue, RespValue> e : ((RespValue.MapReply) v).entries()) {
            out.put(RespValue.textOf(e.getKey()), e.getValue() instanceof RespValue.MapReply ? "<map>" : str(e.getValue()));
        }
        return out;
    }

    @Test
    void latencyAnswersNothingWhileTheThresholdIsZero() {
        h.call("DEBUG", "SLEEP", "0.02");
        assertThat(h.call("LATENCY", "LATEST")).isEqualTo(RespValue.array(List.of()));
        assertThat(h.call("LATENCY", "HISTORY", "command")).isEqualTo(RespValue.array(List.of()));
        assertThat(h.call("LATENCY", "RESET")).isEqualTo(RespValue.ZERO);
        assertThat(text("LATENCY", "GRAPH", "command")).isEqualTo("ERR No samples available for event 'command'");
        assertThat(text("LATENCY", "DOCTOR")).contains("latency-monitor-threshold is 0");
    }

    @Test
    void aSlowCommandPastTheThresholdIsACommandEvent() {
        assertThat(h.call("CONFIG", "SET", "latency-monitor-threshold", "10")).isEqualTo(RespValue.OK);
        assertThat(map(h.call("CONFIG", "GET", "latency-*"))).containsEntry("latency-monitor-threshold", "10")
                .containsEntry("latency-tracking", "yes");
        h.call("DEBUG", "SLEEP", "0.03");
        h.call("PING"); // fast, and under the threshold
        List<RespValue> latest = ((RespValue.ArrayReply) h.call("LATENCY", "LATEST")).items();
        assertThat(latest).hasSize(1);
        List<RespValue> row = ((RespValue.ArrayReply) latest.get(0)).items();
        assertThat(RespValue.textOf(row.get(0))).isEqualTo("command");
        assertThat(((RespValue.IntegerReply) row.get(2)).value()).isGreaterThanOrEqualTo(30);
        assertThat(((RespValue.ArrayReply) h.call("LATENCY", "HISTORY", "command")).items()).hasSize(1);
        assertThat(text("LATENCY", "GRAPH", "command")).startsWith("command - high ");
        assertThat(text("LATENCY", "DOCTOR")).contains("1. command: 1 sample(s)");
        assertThat(h.call("LATENCY", "RESET", "command", "fast-command")).isEqualTo(RespValue.ONE);
    }

    @Test
    void histogramAnswersEachCommandThatRanItsCallsAndCumulativeBuckets() {
        h.call("SET", "k", "v");
        h.call("GET", "k");
        h.call("GET", "k");
        h.call("CONFIG", "GET", "port");
        Map<String, String> all = map(h.call("LATENCY", "HISTOGRAM"));
        assertThat(all).containsKeys("set", "get", "config|get");
        Map<String, String> some = map(h.call("LATENCY", "HISTOGRAM", "GET", "config", "no-such-command"));
        assertThat(some.keySet()).containsExactly("get", "config|get");
        RespValue get = ((RespValue.MapReply) h.call("LATENCY", "HISTOGRAM", "get")).entries().get(0).getValue();
        Map<String, String> fields = map(get);
        assertThat(fields).containsEntry("calls", "2").containsKey("histogram_usec");
    }

    @Test
    void waitAnswersZeroAtOnceAndChecksItsArgumentsAsRedis() {
        assertThat(h.call("WAIT", "0", "0")).isEqualTo(RespValue.ZERO);
        assertThat(h.call("WAIT", "1", "100")).isEqualTo(RespValue.ZERO);
        assertThat(text("WAIT", "x", "0")).isEqualTo("ERR value is not an integer or out of range");
        assertThat(text("WAIT", "0", "-1")).isEqualTo("ERR timeout is negative");
        assertThat(text("WAIT", "0", "1.5")).isEqualTo("ERR timeout is not an integer or out of range");
        h.call("MULTI");
        assertThat(text("WAIT", "0", "0")).isEqualTo("QUEUED");
        assertThat(h.call("EXEC")).isEqualTo(RespValue.array(List.of(RespValue.ZERO)));
    }

    @Test
    void waitaofCountsTheLocalLogWhenEveryWriteIsFsynced() {
        assertThat(h.call("WAITAOF", "1", "0", "0")).isEqualTo(RespValue.array(List.of(RespValue.ONE, RespValue.ZERO)));
        assertThat(text("WAITAOF", "2", "0", "0")).isEqualTo("ERR value is out of range, value must between 0 and 1");
        assertThat(text("WAITAOF", "0", "-1", "0")).isEqualTo("ERR value is out of range, must be positive");
        assertThat(text("WAITAOF", "0", "x", "0")).isEqualTo("ERR value is out of range, must be positive");
        assertThat(text("WAITAOF", "0", "0", "-5")).isEqualTo("ERR timeout is negative");
    }

    @Test
    void waitaofRefusesNumlocalWithoutALog() {
        try (CommandHarness none = new CommandHarness("wal", "none")) {
            assertThat(str(none.call("WAITAOF", "1", "0", "0")))
                    .isEqualTo("ERR WAITAOF cannot be used when numlocal is set but appendonly is disabled.");
            assertThat(none.call("WAITAOF", "0", "0", "0")).isEqualTo(RespValue.array(List.of(RespValue.ZERO, RespValue.ZERO)));
        }
        try (CommandHarness write = new CommandHarness("wal", "write")) {
            assertThat(write.call("WAITAOF", "1", "0", "0")).isEqualTo(RespValue.array(List.of(RespValue.ZERO, RespValue.ZERO)));
        }
    }

    @Test
    void memoryUsageEstimatesAKeyAndAnswersNilForAMissingOne() {
        assertThat(h.call("MEMORY", "USAGE", "missing")).isEqualTo(RespValue.NULL);
        h.call("SET", "small", "x");
        h.call("SET", "big", "x".repeat(10_000));
        long small = ((RespValue.IntegerReply) h.call("MEMORY", "USAGE", "small")).value();
        long big = ((RespValue.IntegerReply) h.call("MEMORY", "USAGE", "big")).value();
        assertThat(small).isBetween(16L, 200L);
        assertThat(big - small).isBetween(10_000L, 10_100L);
        assertThat(text("MEMORY", "USAGE", "big", "SAMPLES", "-1")).isEqualTo("ERR syntax error");
        assertThat(text("MEMORY", "USAGE", "big", "SAMPLES", "x")).isEqualTo("ERR value is not an integer or out of range");
        assertThat(text("MEMORY", "USAGE", "big", "SAMPLES")).isEqualTo("ERR syntax error");
        assertThat(text("MEMORY", "USAGE", "big", "NOPE", "1")).isEqualTo("ERR syntax error");
        assertThat(h.call("MEMORY", "USAGE", "big", "SAMPLES", "0")).isInstanceOf(RespValue.IntegerReply.class);
    }

    @Test
    void memoryStatsHasRedisFieldNames() {
        h.call("SET", "k", "v");
        Map<String, String> stats = map(h.call("MEMORY", "STATS"));
        assertThat(stats).containsKeys("peak.allocated", "total.allocated", "startup.allocated", "overhead.total",
                "keys.count", "keys.bytes-per-key", "dataset.bytes", "dataset.percentage", "peak.percentage",
                "allocator.allocated", "fragmentation", "db.0");
        assertThat(stats).containsEntry("keys.count", "1");
        assertThat(h.call("MEMORY", "PURGE")).isEqualTo(RespValue.OK);
        assertThat(text("MEMORY", "DOCTOR")).isNotEmpty();
        assertThat(text("MEMORY", "MALLOC-STATS")).contains("JVM memory pools");
        assertThat(((RespValue.ArrayReply) h.call("MEMORY", "HELP")).items().get(0).toString())
                .contains("MEMORY <subcommand>");
    }

    @Test
    void infoLinesAreNameColonValueUnderHashHeadings() {
        h.call("GET", "nothing");
        h.call("INCR", "nothing-either");
        h.call("HSET", "nothing-either", "f", "v"); // WRONGTYPE
        String all = text("INFO", "everything");
        String section = null;
        for (String line : all.split("\r\n")) {
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("# ")) {
                section = line.substring(2);
                continue;
            }
            assertThat(section).as("a line before any heading: " + line).isNotNull();
            assertThat(line).matches("[A-Za-z0-9_.|-]+:[^\r\n]*");
        }
        assertThat(all).contains("# Server\r\n", "# Clients\r\n", "# Memory\r\n", "# Persistence\r\n", "# Stats\r\n",
                "# Replication\r\nrole:master\r\n", "# Cpu\r\nused_cpu_sys:", "# Modules\r\n", "# Commandstats\r\n",
                "# Errorstats\r\n", "# Latencystats\r\n", "# Cluster\r\ncluster_enabled:0\r\n", "# Keyspace\r\n");
        assertThat(all).containsPattern("cmdstat_get:calls=1,usec=\\d+,usec_per_call=\\d+\\.\\d\\d,rejected_calls=0,failed_calls=0\r\n");
        assertThat(all).containsPattern("cmdstat_hset:calls=1,usec=\\d+,usec_per_call=\\d+\\.\\d\\d,rejected_calls=0,failed_calls=1\r\n");
        assertThat(all).contains("errorstat_WRONGTYPE:count=1\r\n");
        assertThat(all).containsPattern("latency_percentiles_usec_get:p50=\\d+\\.\\d{3},p99=\\d+\\.\\d{3},p99\\.9=\\d+\\.\\d{3}\r\n");
        assertThat(all).containsPattern("run_id:[0-9a-f]{40}\r\n").containsPattern("master_replid:[0-9a-f]{40}\r\n");
    }

    @Test
    void infoChoosesSectionsAsRedis7() {
        String def = text("INFO");
        assertThat(def).contains("# Server", "# Replication", "# Errorstats", "# Keyspace").doesNotContain("# Commandstats");
        assertThat(headings(text("INFO", "default"))).isEqualTo(headings(def)).containsExactly("Server", "Clients",
                "Memory", "Persistence", "Stats", "Replication", "Cpu", "Modules", "Errorstats", "Cluster", "Keyspace");
        String two = text("INFO", "CPU", "commandstats");
        assertThat(two).startsWith("# Cpu\r\n").contains("\r\n# Commandstats\r\n").doesNotContain("# Server");
        assertThat(text("INFO", "no-such-section")).isEmpty();
        assertThat(text("INFO", "all")).contains("# Latencystats");
    }

    private static List<String> headings(String info) {
        return info.lines().filter(l -> l.startsWith("# ")).map(l -> l.substring(2)).toList();
    }

    @Test
    void theCommandsOfAnExecCountAsCallsAndTheirErrorsAsFailures() {
        h.call("SET", "s", "v");
        h.call("MULTI");
        h.call("INCR", "counter");
        h.call("LPUSH", "s", "x"); // WRONGTYPE when EXEC runs it
        h.call("EXEC");
        String stats = text("INFO", "commandstats");
        assertThat(stats).contains("cmdstat_incr:calls=1,").containsPattern("cmdstat_lpush:calls=1,[^\r]*failed_calls=1")
                .contains("cmdstat_exec:calls=1,");
        assertThat(text("INFO", "errorstats")).contains("errorstat_WRONGTYPE:count=1");
    }

    @Test
    void rejectedAndResetStats() {
        h.call("GET"); // wrong number of arguments: rejected before it runs
        assertThat(text("INFO", "commandstats")).contains("cmdstat_get:calls=0,usec=0,usec_per_call=0.00,rejected_calls=1,failed_calls=0");
        assertThat(text("INFO", "errorstats")).contains("errorstat_ERR:count=1");
        h.call("CONFIG", "RESETSTAT");
        assertThat(text("INFO", "commandstats")).doesNotContain("cmdstat_get");
        assertThat(text("INFO", "errorstats")).doesNotContain("errorstat_ERR");
    }

    @Test
    void configGetTakesSeveralPatternsAndAnswersRedisDefaultsForWhatCairnDoesNotHave() {
        Map<String, String> m = map(h.call("CONFIG", "GET", "maxmemory*", "stream-node-*", "appendonly", "hz"));
        assertThat(m).containsEntry("maxmemory", "0").containsEntry("maxmemory-policy", "noeviction")
                .containsEntry("maxmemory-samples", "5").containsEntry("stream-node-max-bytes", "4096")
                .containsEntry("stream-node-max-entries", "100").containsEntry("appendonly", "yes").containsEntry("hz", "10");
        assertThat(text("CONFIG", "SET", "maxmemory-clients", "100mb"))
                .isEqualTo("ERR CONFIG SET failed (possibly related to argument 'maxmemory-clients') - Cairn does not support"
                        + " changing 'maxmemory-clients' (it stays '0')");
        assertThat(h.call("CONFIG", "SET", "maxmemory-clients", "0")).isEqualTo(RespValue.OK); // what it is already
        assertThat(text("CONFIG", "SET", "appendfilename", "x.aof"))
                .isEqualTo("ERR CONFIG SET failed (possibly related to argument 'appendfilename') - can't set immutable config");
        assertThat(text("CONFIG", "SET", "hz", "abc"))
                .isEqualTo("ERR CONFIG SET failed (possibly related to argument 'hz') - argument couldn't be parsed into an integer");
        assertThat(text("CONFIG", "SET", "activerehashing", "maybe"))
                .isEqualTo("ERR CONFIG SET failed (possibly related to argument 'activerehashing') - argument must be 'yes' or 'no'");
        assertThat(h.call("CONFIG", "SET", "hz", "20", "save", "")).isEqualTo(RespValue.OK);
        assertThat(map(h.call("CONFIG", "GET", "hz", "save"))).containsEntry("hz", "20").containsEntry("save", "");
        assertThat(text("CONFIG", "SET", "hz", "30", "maxmemory-clients", "1")).startsWith("ERR CONFIG SET failed");
        assertThat(map(h.call("CONFIG", "GET", "hz"))).containsEntry("hz", "20"); // nothing changed
        assertThat(text("CONFIG", "SET", "hz", "1", "HZ", "2")).contains("duplicate parameter");
    }
}
