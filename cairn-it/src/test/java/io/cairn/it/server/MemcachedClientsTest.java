package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cairn.testkit.DebianPackages;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import net.spy.memcached.CASResponse;
import net.spy.memcached.CASValue;
import net.spy.memcached.MemcachedClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unchanged memcached clients against Cairn's memcached port: spymemcached 2.12.3 (Maven
 * Central), pymemcache (Debian's python3-pymemcache, {@code src/test/python/memcached_client.py}),
 * memcslap and memccapable's ASCII suite (Debian's libmemcached-tools).
 */
class MemcachedClientsTest {
    private static final Path PYTHON = Path.of("/usr/bin/python3");

    @TempDir
    Path dir;
    TestServer server;

    @BeforeEach
    void start() {
        server = TestServer.startWithMemcached(dir.resolve("data"), "fsync");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private MemcachedClient spy() throws IOException {
        return new MemcachedClient(new InetSocketAddress("127.0.0.1", server.memcachedPort()));
    }

    @Test
    void spymemcachedStoresEveryTypeAndFollowsCas() throws Exception {
        MemcachedClient c = spy();
        try {
            assertThat(c.set("s", 0, "text").get(10, TimeUnit.SECONDS)).isTrue();
            assertThat(c.set("i", 0, 42).get(10, TimeUnit.SECONDS)).isTrue(); // spymemcached's flags say "int"
            assertThat(c.set("l", 0, 1L << 40).get(10, TimeUnit.SECONDS)).isTrue();
            byte[] big = new byte[200_000]; // compressed by the client (a flag says so)
            assertThat(c.set("big", 0, big).get(10, TimeUnit.SECONDS)).isTrue();
            assertThat(c.get("s")).isEqualTo("text");
            assertThat(c.get("i")).isEqualTo(42);
            assertThat(c.get("l")).isEqualTo(1L << 40);
            assertThat((byte[]) c.get("big")).isEqualTo(big);
            assertThat(c.getBulk(List.of("s", "i", "missing"))).isEqualTo(Map.of("s", "text", "i", 42));
            assertThat(c.add("s", 0, "x").get(10, TimeUnit.SECONDS)).isFalse();
            assertThat(c.replace("missing", 0, "x").get(10, TimeUnit.SECONDS)).isFalse();

            CASValue<Object> v = c.gets("s");
            assertThat(v.getValue()).isEqualTo("text");
            assertThat(c.cas("s", v.getCas(), "changed")).isEqualTo(CASResponse.OK);
            assertThat(c.cas("s", v.getCas(), "again")).isEqualTo(CASResponse.EXISTS);
            assertThat(c.cas("missing", 1, "x")).isEqualTo(CASResponse.NOT_FOUND);
            assertThat(c.append(0, "s", "+").get(10, TimeUnit.SECONDS)).isTrue();
            assertThat(c.prepend(0, "s", "-").get(10, TimeUnit.SECONDS)).isTrue();
            assertThat(c.get("s")).isEqualTo("-changed+");

            assertThat(c.incr("n", 5, 10)).isEqualTo(10); // absent: created with the default
            assertThat(c.incr("n", 5)).isEqualTo(15);
            assertThat(c.decr("n", 100)).isZero();
            assertThat(c.touch("n", 100).get(10, TimeUnit.SECONDS)).isTrue();
            assertThat(c.get("n")).isEqualTo("0 "); // memcached pads a shorter number in place
            assertThat(c.delete("n").get(10, TimeUnit.SECONDS)).isTrue();
            assertThat(c.get("n")).isNull();
            assertThat(c.getVersions().values()).allSatisfy(ver -> assertThat(ver).startsWith("1.6"));
            assertThat(c.getStats().values()).allSatisfy(st -> assertThat(st).containsKeys("curr_items", "get_hits"));
            assertThat(c.flush().get(10, TimeUnit.SECONDS)).isTrue();
            assertThat(c.get("i")).isNull();
        } finally {
            c.shutdown(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void twoSpymemcachedClientsCountingByCasLoseNoIncrement() throws Exception {
        MemcachedClient a = spy();
        MemcachedClient b = spy();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            a.set("counter", 0, "0").get(10, TimeUnit.SECONDS);
            int rounds = 200;
            List<Future<Integer>> results = pool.invokeAll(List.of(casLoop(a, rounds), casLoop(b, rounds)));
            for (Future<Integer> f : results) {
                f.get(120, TimeUnit.SECONDS); // each client's CAS retries; the sum below is what must hold
            }
            assertThat(a.get("counter")).isEqualTo(Integer.toString(2 * rounds));
        } finally {
            pool.shutdownNow();
            a.shutdown(10, TimeUnit.SECONDS);
            b.shutdown(10, TimeUnit.SECONDS);
        }
    }

    /** Increments "counter" {@code rounds} times by gets/cas, retrying on EXISTS; returns the retries. */
    private static Callable<Integer> casLoop(MemcachedClient c, int rounds) {
        return () -> {
            int retries = 0;
            for (int i = 0; i < rounds; i++) {
                while (true) {
                    CASValue<Object> v = c.gets("counter");
                    String next = Integer.toString(Integer.parseInt((String) v.getValue()) + 1);
                    CASResponse r = c.cas("counter", v.getCas(), next);
                    if (r == CASResponse.OK) {
                        break;
                    }
                    assertThat(r).isEqualTo(CASResponse.EXISTS);
                    retries++;
                }
            }
            return retries;
        };
    }

    @Test
    void pymemcacheRunsUnchanged() throws Exception {
        requirePython("pymemcache", "python3-pymemcache");
        Path script = Files.copy(Path.of("src", "test", "python", "memcached_client.py"), dir.resolve("memcached_client.py"),
                StandardCopyOption.REPLACE_EXISTING);
        JsonNode result = FrameworkProcess.run(dir, Map.of(), Duration.ofMinutes(2),
                List.of(PYTHON.toString(), script.toString(), Integer.toString(server.memcachedPort())));
        assertThat(result.get("ok").asBoolean()).isTrue();
        assertThat(result.get("items").asInt()).isGreaterThanOrEqualTo(200);
    }

    @Test
    void memcslapLoadsAndReads() {
        requireTool("memcslap");
        String servers = "--servers=127.0.0.1:" + server.memcachedPort();
        for (String test : List.of("set", "get", "mget")) {
            try (FrameworkProcess p = FrameworkProcess.start(dir, Map.of(), List.of("/usr/bin/memcslap", servers,
                    "--test=" + test, "--concurrency=2", "--execute-number=2000"))) {
                assertThat(p.awaitExit(Duration.ofMinutes(2))).as("memcslap --test=%s: %s", test, p.output()).isZero();
                assertThat(p.output()).contains("Time to " + test);
            }
        }
        assertThat(server.server.store().<Long>read(t -> t.size())).isGreaterThanOrEqualTo(2000);
    }

    @Test
    void memccapablesAsciiSuitePasses() {
        requireTool("memccapable");
        try (FrameworkProcess p = FrameworkProcess.start(dir, Map.of(), List.of("/usr/bin/memccapable", "-h", "127.0.0.1",
                "-p", Integer.toString(server.memcachedPort()), "-a", "-t", "10"))) {
            assertThat(p.awaitExit(Duration.ofMinutes(2))).as("memccapable: %s", p.output()).isZero();
            assertThat(p.output()).contains("All tests passed").doesNotContain("[fail]");
        }
    }

    private static void requireTool(String name) {
        DebianPackages.assumeInstalled(Files.isExecutable(Path.of("/usr/bin", name)), "libmemcached-tools", "/usr/bin/" + name);
    }

    /** Skips unless Debian's python3 imports {@code module} (from the Debian package {@code pkg}). */
    private static void requirePython(String module, String pkg) throws Exception {
        DebianPackages.assumeInstalled(Files.isExecutable(PYTHON), "python3", PYTHON.toString());
        Process p = new ProcessBuilder(PYTHON.toString(), "-c", "import " + module).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        boolean imports = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        DebianPackages.assumeInstalled(imports, pkg, "the Python module " + module + " for " + PYTHON);
    }
}
