package io.cairn.bench.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code cairn bench}'s picocli model without running anything: each scenario's defaults, values
 * given and recorded, the value syntax, the checks made before any server starts, refusals, and
 * the help. (The {@code cairn} command's wording of parse errors is cairn-cli's CommandLineTest.)
 */
class BenchCommandTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private CommandLine bench() {
        return BenchCommand.commandLine(new PrintStream(out, true, UTF_8), new PrintStream(err, true, UTF_8));
    }

    /** Parses {@code cairn bench args} and answers the scenario's command. */
    private CommandSpec parse(String... args) {
        return bench().parseArgs(args).subcommand().commandSpec();
    }

    private Map<String, String> recorded(String... args) {
        return MeasuredScenario.recorded(parse(args));
    }

    @Test
    void eachScenarioHasItsOwnDefaults() {
        assertThat(recorded("ycsb")).containsEntry("systems", "cairn,redis").containsEntry("durability", "none,fsync")
                .containsEntry("clients", "8,64").containsEntry("workloads", "a,b,c,d,e,f")
                .containsEntry("records", "200000").containsEntry("operations", "200000")
                .containsEntry("cairn-jvm", "-Xms2g -Xmx2g -XX:+UseG1GC -XX:+AlwaysPreTouch")
                .containsEntry("out", "").containsEntry("quiet", "false");
        assertThat(recorded("sweep")).containsEntry("workloads", "a").containsEntry("records", "100000")
                .containsEntry("clients", "1,2,4,8,16,32,64,128,256,512,1024").containsEntry("duration", "5")
                .containsEntry("warmup", "1").containsEntry("durability", "none");
        assertThat(recorded("durability")).containsEntry("systems", "cairn,redis,tarantool")
                .containsEntry("durability", "none,write,fsync").containsEntry("clients", "1,16,64");
        assertThat(recorded("redis-benchmark")).containsEntry("clients", "50").containsEntry("model", "pipeline")
                .containsEntry("pipeline", "1,16").containsEntry("operations", "1000000")
                .containsEntry("tests", "set,get,hset,incr").containsEntry("keyspace", "100000")
                .containsEntry("value-size", "3").containsEntry("elements", "1000000").containsEntry("repeat", "1");
        assertThat(recorded("memory")).containsEntry("types", "list,set,zset,hash,stream").containsEntry("elements", "1000000")
                .containsEntry("value-size", "20").containsEntry("clients", "4").containsEntry("model", "pipeline")
                .containsEntry("pipeline", "64").containsEntry("durability", "none")
                .containsEntry("cairn-jvm", MemoryScenario.JVM_OPTIONS);
        assertThat(MemoryScenario.JVM_OPTIONS).doesNotContain("AlwaysPreTouch");
        assertThat(recorded("documents")).containsEntry("operations", "20000").containsEntry("elements", "10,100")
                .containsEntry("element-size", "100");
        assertThat(recorded("ingest-query")).containsEntry("systems", "cairn").containsEntry("durability", "fsync")
                .containsEntry("operations", "2000").containsEntry("references", "postgres,lucene")
                .containsEntry("articles", "20000").containsEntry("phase-seconds", "60");
        YcsbScenario ycsb = parse("ycsb").commandLine().getCommand();
        assertThat(ycsb.records).isEqualTo(200_000);
        assertThat(ycsb.common.warmup).isEqualTo(2.0);
        assertThat(ycsb.common.quiet).isFalse();
    }

    @Test
    void everyOptionIsRecordedAsGivenInDeclarationOrderCommonOnesFirst() {
        Map<String, String> r = recorded("ycsb", "--out", "/tmp/x", "--workload", "c", "--records", "2k");
        assertThat(r).containsEntry("out", "/tmp/x").containsEntry("workloads", "c").containsEntry("records", "2k")
                .doesNotContainKey("workload").doesNotContainKey("help");
        List<String> names = List.copyOf(r.keySet());
        assertThat(names.getFirst()).isEqualTo("systems");
        assertThat(names).containsSubsequence("systems", "quiet", "workloads", "records", "load-clients");
        YcsbScenario ycsb = parse("ycsb", "--records", "2k").commandLine().getCommand();
        assertThat(ycsb.records).isEqualTo(2_000);
    }

    @Test
    void theLastOfARepeatedOptionWins() {
        assertThat(recorded("ycsb", "--records", "1", "--records", "2")).containsEntry("records", "2");
    }

    @Test
    void aValueMayLookLikeAnOptionOrBeEmpty() {
        Map<String, String> r = recorded("documents", "--out", "", "--cairn-jvm", "-Xmx1g");
        assertThat(r).containsEntry("out", "").containsEntry("cairn-jvm", "-Xmx1g");
        assertThat(recorded("documents", "--out=/tmp/y")).containsEntry("out", "/tmp/y");
    }

    @Test
    void numbersTakeUnderscoresAndThousandOrMillionSuffixes() {
        Values.WholeNumber n = new Values.WholeNumber();
        assertThat(n.convert("200k")).isEqualTo(200_000);
        assertThat(n.convert("200K")).isEqualTo(200_000);
        assertThat(n.convert("1m")).isEqualTo(1_000_000);
        assertThat(n.convert("200_000")).isEqualTo(200_000);
        assertThat(n.convert("1_5m")).isEqualTo(15_000_000);
        assertThat(n.convert(" 42 ")).isEqualTo(42);
        assertThat(n.convert("-7")).isEqualTo(-7);
        for (String bad : List.of("zero", "1.5k", "", "k", "1g", "99999999999999999999", "9223372036854775807k")) {
            assertThatThrownBy(() -> n.convert(bad)).as(bad).isInstanceOf(CommandLine.TypeConversionException.class)
                    .hasMessage("a whole number");
        }
    }

    @Test
    void aValueItsConverterRefusesIsAParseErrorNamingTheOptionAndTheValue() {
        for (String[] c : new String[][] {{"--records", "lots", "a whole number"}, {"--warmup", "soon", "a number"},
            {"--warmup", "NaN", "a number"}, {"--quiet", "yes", "true or false"}, {"--seed", "x", "a whole number"}}) {
            assertThatThrownBy(() -> parse("ycsb", c[0], c[1])).as(c[0] + " " + c[1])
                    .isInstanceOfSatisfying(CommandLine.ParameterException.class, e -> {
                        assertThat(((OptionSpec) e.getArgSpec()).longestName()).isEqualTo(c[0]);
                        assertThat(e.getValue()).isEqualTo(c[1]);
                        assertThat(e.getCause()).hasMessage(c[2]);
                    });
        }
    }

    @Test
    void rangesAndListsAreCheckedBeforeAnyServerStarts() {
        assertThat(checkOf("ycsb", "--load-clients", "0")).isEqualTo("--load-clients: 0 (expected: 1 to 10000)");
        assertThat(checkOf("ycsb", "--clients", "1,0")).isEqualTo("--clients: 0 (expected: 1 to 100000)");
        assertThat(checkOf("ycsb", "--clients", "zero")).isEqualTo("--clients: zero (expected: a whole number)");
        assertThat(checkOf("ycsb", "--systems", " , ")).isEqualTo("--systems: empty (expected: a comma-separated list)");
        assertThat(checkOf("ycsb", "--systems", "cairn,mongodb"))
                .isEqualTo("system: mongodb (expected: cairn, cairn-disk, redis, tarantool, tarantool-vinyl or memcached)");
        assertThat(checkOf("ycsb", "--workloads", "a,z")).isEqualTo("workload: z (expected: a, b, c, d, e, f or rmw)");
        assertThat(checkOf("ycsb", "--distribution", "pareto"))
                .isEqualTo("--distribution: pareto (expected: uniform, zipfian or latest)");
        assertThat(checkOf("ycsb", "--warmup", "-1")).isEqualTo("--warmup: -1.0 (expected: a number >= 0.0)");
        assertThat(checkOf("documents", "--price-per-month", "-3"))
                .isEqualTo("--price-per-month: -3.0 (expected: a number >= 0.0)");
        assertThat(checkOf("documents", "--cairn-address", "localhost"))
                .isEqualTo("--cairn-address: localhost (expected: host:port)");
        assertThat(checkOf("documents", "--cairn-address", "127.0.0.1:6379", "--durability", "none,fsync"))
                .startsWith("--durability: none,fsync (expected: one durability with --cairn-address");
        assertThat(checkOf("redis-benchmark", "--tests", "set,del")).isEqualTo("test: del (expected: set, get, hset,"
                + " incr, lpush, rpush, lpop, rpop, sadd, spop, zadd, zpopmin, lrange_100, lrange_300, lrange_500,"
                + " lrange_600 or zrank)");
        assertThat(checkOf("redis-benchmark", "--tests", "lpush,spop", "--duration", "5")).isEqualTo("--duration: 5.0"
                + " (expected: 0 with spop: a pop test pops exactly the elements filled for --operations)");
        assertThat(checkOf("redis-benchmark", "--tests", "lpush,zrank", "--duration", "5")).isNull();
        assertThat(checkOf("redis-benchmark", "--repeat", "0")).isEqualTo("--repeat: 0 (expected: 1 to 100)");
        assertThat(checkOf("redis-benchmark", "--elements", "0")).isEqualTo("--elements: 0 (expected: 1 to 100000000)");
        assertThat(checkOf("memory", "--types", "list,tree")).isEqualTo("type: tree (expected: list, set, zset, hash or stream)");
        assertThat(checkOf("memory", "--value-size", "19")).isEqualTo("--value-size: 19 (expected: 20 to 1048576)");
        assertThat(checkOf("memory", "--clients", "1,2"))
                .isEqualTo("--clients: 1,2 (expected: one client setting: the load runs once per collection)");
        assertThat(checkOf("memory", "--redis-address", "127.0.0.1:6379")).startsWith("--redis-address: given"
                + " (expected: none: the memory scenario starts each server itself");
        assertThat(checkOf("memory")).isNull();
        assertThat(checkOf("ingest-query", "--references", "mysql"))
                .isEqualTo("--references: mysql (expected: postgres, lucene)");
        assertThat(checkOf("ingest-query", "--durability", "none,fsync"))
                .isEqualTo("--durability: one durability (the references are run at the same)");
        assertThat(checkOf("sweep", "--client-threads", "green"))
                .isEqualTo("--client-threads: green (expected: platform or virtual)");
        assertThat(checkOf("sweep", "--tarantool-index", "bitmap"))
                .isEqualTo("--tarantool-index: bitmap (expected: tree or hash)");
        assertThat(checkOf("ycsb")).isNull();
    }

    /** The message of the checks {@code cairn bench args} makes before it starts a server, or null. */
    private String checkOf(String... args) {
        MeasuredScenario s = parse(args).commandLine().getCommand();
        try {
            s.common.check();
            s.check();
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    @Test
    void theDiskSystemsTheirMemoryOptionsAndRmwAreParsed() {
        YcsbScenario s = parse("ycsb", "--systems", "cairn-disk,tarantool-vinyl", "--workloads", "a,rmw",
                "--cairn-disk-cache", "64MB", "--tarantool-memory-mb", "96", "--tarantool-vinyl-cache-mb", "32")
                .commandLine().getCommand();
        assertThat(s.common.systems()).containsExactly(Systems.CAIRN_DISK, Systems.TARANTOOL_VINYL);
        assertThat(s.common.systems()).extracting(Systems::label).containsExactly("cairn-disk", "tarantool-vinyl");
        Systems.PeerOptions o = s.common.peerOptions();
        assertThat(o.cairnDiskCacheBytes()).isEqualTo(64L << 20);
        assertThat(o.tarantoolMemoryBytes()).isEqualTo(96L << 20);
        assertThat(o.tarantoolVinylCacheBytes()).isEqualTo(32L << 20);
        assertThat(checkOf("ycsb", "--systems", "cairn-disk,tarantool-vinyl", "--workloads", "a,rmw")).isNull();
        assertThat(recorded("ycsb")).containsEntry("cairn-disk-cache", "256mb")
                .containsEntry("tarantool-vinyl-cache-mb", "256");
        assertThat(parse("ycsb").commandLine().<YcsbScenario>getCommand().common.peerOptions().cairnDiskCacheBytes())
                .isEqualTo(256L << 20);
        assertThat(checkOf("ycsb", "--cairn-disk-cache", "1k")).isNull();
        assertThat(checkOf("ycsb", "--cairn-disk-cache", "lots"))
                .isEqualTo("--cairn-disk-cache: lots (expected: a byte count, optionally with k, kb, m, mb, g or gb)");
        assertThat(checkOf("ycsb", "--cairn-disk-cache", "99999999999gb")).startsWith("--cairn-disk-cache: 99999999999gb");
        assertThat(checkOf("ycsb", "--systems", "tarantool-vinyl", "--tarantool-index", "hash"))
                .isEqualTo("--tarantool-index: hash (expected: tree with tarantool-vinyl: a vinyl space has TREE"
                        + " indexes only)");
        assertThat(checkOf("ycsb", "--tarantool-vinyl-cache-mb", "-1"))
                .isEqualTo("--tarantool-vinyl-cache-mb: -1 (expected: 0 to 1048576)");
    }

    @Test
    void sizesAreRedisByteCounts() {
        assertThat(Values.size("--x", "300")).isEqualTo(300);
        assertThat(Values.size("--x", "2k")).isEqualTo(2_000);
        assertThat(Values.size("--x", "2kb")).isEqualTo(2_048);
        assertThat(Values.size("--x", " 3M ")).isEqualTo(3_000_000);
        assertThat(Values.size("--x", "3mb")).isEqualTo(3L << 20);
        assertThat(Values.size("--x", "1g")).isEqualTo(1_000_000_000L);
        assertThat(Values.size("--x", "1GB")).isEqualTo(1L << 30);
        assertThatThrownBy(() -> Values.size("--x", "-1mb")).hasMessageStartingWith("--x: -1mb (expected:");
        assertThatThrownBy(() -> Values.size("--x", "1tb")).hasMessageStartingWith("--x: 1tb (expected:");
    }

    @Test
    void listsAreTrimmedLowerCasedAndSkipBlanks() {
        YcsbScenario s = parse("ycsb", "--systems", " Cairn, REDIS ,,tarantool,", "--clients", "1, 8, 1k").commandLine()
                .getCommand();
        assertThat(s.common.systems()).containsExactly(Systems.CAIRN, Systems.REDIS, Systems.TARANTOOL);
        assertThat(s.common.clientSettings()).extracting(cs -> cs.clients()).containsExactly(1, 8, 1000);
    }

    @Test
    void anUnknownOptionOrAMissingValueIsAParseError() {
        assertThatThrownBy(() -> parse("sweep", "--recrods", "1"))
                .isInstanceOfSatisfying(CommandLine.UnmatchedArgumentException.class, e -> {
                    assertThat(e.getUnmatched()).startsWith("--recrods");
                    assertThat(e.getSuggestions()).contains("--records");
                });
        assertThatThrownBy(() -> parse("ycsb", "--systems", "cairn", "--records"))
                .isInstanceOf(CommandLine.MissingParameterException.class).hasMessageContaining("--records");
        assertThatThrownBy(() -> parse("ycsb", "records", "5")).isInstanceOf(CommandLine.UnmatchedArgumentException.class);
        assertThatThrownBy(() -> parse("ycbs")).isInstanceOf(CommandLine.UnmatchedArgumentException.class);
    }

    @Test
    void helpAfterAScenarioNamesEachOptionWithItsDefault() {
        CommandLine bench = bench();
        for (CommandLine sub : bench.getSubcommands().values()) {
            String help = sub.getUsageMessage();
            for (OptionSpec o : sub.getCommandSpec().options()) {
                assertThat(help).as(sub.getCommandName()).contains(o.longestName());
            }
        }
        assertThat(bench.execute("redis-benchmark", "--help")).isZero();
        assertThat(out.toString(UTF_8)).contains("usage: bench redis-benchmark").contains("--keyspace")
                .contains("--value-size").contains("set,get,hset,incr").contains("--cairn-address");
        out.reset();
        assertThat(bench.execute("sweep", "--clients", "2", "--help")).isZero();
        assertThat(out.toString(UTF_8)).contains("--records").contains("1,2,4,8,16,32,64,128,256,512,1024");
        out.reset();
        assertThat(bench.execute("--help")).isZero();
        assertThat(out.toString(UTF_8)).contains("usage: cairn bench <scenario>").contains("  ycsb ").contains("sweep")
                .contains("redis-benchmark").contains("durability").contains("documents").contains("ingest-query")
                .contains("memory")
                .contains("corpus").contains("peers");
    }

    @Test
    void benchAloneShowsTheUsageAndFails() {
        assertThat(bench().execute()).isEqualTo(2);
        assertThat(err.toString(UTF_8)).contains("usage: cairn bench <scenario>");
    }

    @Test
    void peersHasTwoVerbs() {
        assertThat(bench().execute("peers", "status")).isZero();
        assertThat(out.toString(UTF_8)).contains("redis-server").contains("redis-cli").contains("tarantool")
                .contains("memcached");
        assertThat(bench().execute("peers", "upgrade")).isEqualTo(2);
        assertThat(err.toString(UTF_8)).contains("unknown verb 'upgrade' (expected: install or status)");
    }
}
