package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cairn.testkit.DebianPackages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Frameworks that teams run on Redis, unchanged, each in its own language's process against a
 * Cairn server (issue 11): BullMQ (Lua scripts with cmsgpack, streams for its events, BZPOPMIN),
 * Celery on the Redis broker and result backend, RQ, Sidekiq, and redis-py's {@code Lock} beside
 * a redlock-style lock. The programs are the project's files in {@code src/test/node}, {@code
 * src/test/python} and {@code src/test/ruby}; each checks its own results and prints {@code RESULT
 * <json>}, which the test asserts on (see {@link FrameworkProcess}). The Debian packages come with
 * {@code .ci/run} and a missing one is a skip ({@link DebianPackages}); the npm packages come from
 * the lock file ({@link NodePackages}).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class FrameworksTest {
    /** Debian's interpreter, where python3-celery, python3-rq and python3-redis install (not a pyenv one on PATH). */
    private static final Path PYTHON = Path.of("/usr/bin/python3");
    private static final Path RUBY = Path.of("/usr/bin/ruby");
    private static final Path SIDEKIQ = Path.of("/usr/bin/sidekiq");
    private static final Duration RUN = Duration.ofSeconds(60);

    @TempDir
    Path dir;
    private TestServer server;

    @BeforeEach
    void start() throws IOException {
        server = TestServer.start(Files.createDirectories(dir.resolve("cairn")), "fsync");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void bullmqQueueWorkerAndQueueEvents() {
        JsonNode r = bullmq("check");
        assertThat(r.get("completed").asInt()).isEqualTo(200);
        assertThat(r.get("completedEvents").asInt()).isEqualTo(200);
        assertThat(r.get("delayedDone").asInt()).isEqualTo(10);
        assertThat(r.get("flakyAttempts").asInt()).isEqualTo(2);
        assertThat(r.get("flakyAttemptsMade").asInt()).isEqualTo(2);
        assertThat(r.get("flakyState").asText()).isEqualTo("completed");
        assertThat(r.get("sq0ReturnValue").toString()).isEqualTo("{\"square\":0,\"delayed\":false}");
        assertThat(r.get("counts").toString())
                .isEqualTo("{\"completed\":200,\"failed\":0,\"delayed\":0,\"wait\":0,\"active\":0}");
    }

    @Test
    void bullmqPrioritiesRateLimitFlowsAndJobSchedulers() {
        JsonNode r = bullmq("features");
        assertThat(r.get("order").toString()).isEqualTo("[\"high\",\"mid\",\"low\"]");
        assertThat(r.get("parentValue").asInt()).isEqualTo(6);
        assertThat(r.get("ticks").asBoolean()).isTrue();
        assertThat(r.get("schedulers").toString()).isEqualTo("[\"ticker\"]");
        assertThat(r.get("schedulersAfterRemove").asInt()).isZero();
        assertThat(r.get("workers").asInt()).as("workers found by CLIENT LIST").isEqualTo(1);
        assertThat(r.get("failed").asInt()).isZero();
    }

    @Test
    void celeryWorkerOnTheRedisBrokerAndResultBackend() {
        requirePython("celery", "python3-celery");
        requirePython("redis", "python3-redis");
        Path tasks = copy("python", "celery_tasks.py");
        Map<String, String> env = Map.of("CAIRN_PORT", Integer.toString(server.port()));
        try (FrameworkProcess worker = FrameworkProcess.start(tasks.getParent(), env, List.of(PYTHON.toString(),
                "-m", "celery", "-A", "celery_tasks", "worker", "--pool=threads", "--concurrency=4",
                "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO"))) {
            JsonNode r = FrameworkProcess.run(tasks.getParent(), env, RUN,
                    List.of(PYTHON.toString(), "celery_tasks.py", "200"));
            assertThat(r.get("tasks").asInt()).isEqualTo(200);
            assertThat(r.get("sumsOk").asBoolean()).isTrue();
            assertThat(r.get("group").toString()).isEqualTo("[1,2,3,4,5,6,7,8,9,10]");
            assertThat(r.get("chain").asInt()).isEqualTo(10);
            assertThat(r.get("chord").asInt()).isEqualTo(380);
            assertThat(r.get("countdown").asInt()).isEqualTo(42);
            assertThat(r.get("retried").asInt()).isEqualTo(70);
            assertThat(r.get("retriedState").asText()).isEqualTo("SUCCESS");
            worker.close();
            String log = worker.output();
            assertThat(log).contains("celery_tasks.flaky").contains("Retry in");
            assertThat(log).as("the worker's log").doesNotContain("ERROR/").doesNotContain("Traceback");
        }
    }

    @Test
    void rqBurstWorker() {
        requirePython("rq", "python3-rq");
        Path jobs = copy("python", "rq_jobs.py");
        JsonNode r = FrameworkProcess.run(jobs.getParent(), Map.of(), RUN,
                List.of(PYTHON.toString(), "rq_jobs.py", Integer.toString(server.port()), "100"));
        assertThat(r.get("squares").asInt()).isEqualTo(100);
        assertThat(r.get("finished").asInt()).isEqualTo(102); // the squares, the retried job and the dependent one
        assertThat(r.get("failed").toString()).isEqualTo("[\"broken-0\",\"broken-1\",\"broken-2\"]");
        assertThat(r.get("retried").toString()).isEqualTo("[\"finished\",\"ok after retry\"]");
        assertThat(r.get("attempts").asInt()).isEqualTo(2);
        assertThat(r.get("dependent").toString()).isEqualTo("[\"finished\",14]");
        assertThat(r.get("left").asInt()).isZero();
    }

    @Test
    void sidekiqServerAndClient() {
        DebianPackages.assumeInstalled(Files.isExecutable(RUBY), "ruby", RUBY.toString());
        DebianPackages.assumeInstalled(Files.isExecutable(SIDEKIQ), "ruby-sidekiq", SIDEKIQ.toString());
        Path jobs = copy("ruby", "sidekiq_jobs.rb");
        Map<String, String> env = Map.of("REDIS_URL", "redis://127.0.0.1:" + server.port() + "/0");
        try (FrameworkProcess worker = FrameworkProcess.start(jobs.getParent(), env,
                List.of(SIDEKIQ.toString(), "-r", "./sidekiq_jobs.rb", "-c", "5"))) {
            JsonNode r = FrameworkProcess.run(jobs.getParent(), env, RUN,
                    List.of(RUBY.toString(), "sidekiq_jobs.rb", "200"));
            assertThat(r.get("jobs").asInt()).isEqualTo(202);
            assertThat(r.get("attempts").asInt()).isEqualTo(2);
            assertThat(r.get("retries").asInt()).isZero();
            assertThat(r.get("dead").asInt()).isZero();
            assertThat(r.get("scheduled").asInt()).isZero();
            assertThat(r.get("enqueued").asInt()).isZero();
            assertThat(r.get("processes").asInt()).isEqualTo(1);
            worker.close();
            assertThat(worker.output()).contains("first attempt fails on purpose").doesNotContain("ERROR");
        }
    }

    @Test
    void redisPyLockAndARedlockStyleLockUnderContention() {
        requirePython("redis", "python3-redis");
        Path locks = copy("python", "locks.py");
        JsonNode r = FrameworkProcess.run(locks.getParent(), Map.of(), RUN,
                List.of(PYTHON.toString(), "locks.py", Integer.toString(server.port()), "150"));
        assertThat(r.get("pyCounter").asInt()).isEqualTo(300);
        assertThat(r.get("luaCounter").asInt()).isEqualTo(300);
        assertThat(r.get("extended").asInt()).isEqualTo(300);
        assertThat(r.get("left").asInt()).isZero();
    }

    /** Runs {@code bullmq-check.js} in {@code mode} with the locked npm packages. */
    private JsonNode bullmq(String mode) {
        Path node = NodePackages.node();
        Path modules = NodePackages.install();
        Path script = copy("node", "bullmq-check.js");
        return FrameworkProcess.run(script.getParent(), Map.of("NODE_PATH", modules.toString()), RUN,
                List.of(node.toString(), "bullmq-check.js", Integer.toString(server.port()), mode));
    }

    /** Skips unless Debian's python3 imports {@code module} (from the Debian package {@code pkg}). */
    private static void requirePython(String module, String pkg) {
        DebianPackages.assumeInstalled(Files.isExecutable(PYTHON), "python3", PYTHON.toString());
        boolean imports;
        try {
            Process p = new ProcessBuilder(PYTHON.toString(), "-c", "import " + module).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            imports = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            imports = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        DebianPackages.assumeInstalled(imports, pkg, "the Python module " + module + " for " + PYTHON);
    }

    /** Copies {@code src/test/<language>/<file>} into the test's directory; returns the copy. */
    private Path copy(String language, String file) {
        try {
            Path work = Files.createDirectories(dir.resolve(language));
            return Files.copy(Path.of("src", "test", language, file), work.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
