package io.cairn.it.server;

import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A framework's own program (a Node, Python or Ruby script, a Celery or Sidekiq worker) run as a
 * child process, its stdout and stderr in one log file. The scripts {@link FrameworksTest} runs
 * end by printing one line {@code RESULT <json>}, or {@code FAILED <reason>} and a non-zero
 * exit. {@link #close()} ends the process and its descendants (a worker's pool) and waits for
 * them. Not thread-safe: the test's thread owns it.
 */
final class FrameworkProcess implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final Path log;
    private final String name;

    private FrameworkProcess(Process process, Path log, String name) {
        this.process = process;
        this.log = log;
        this.name = name;
    }

    /** Starts {@code command} in {@code cwd} with {@code env} added to this JVM's environment. */
    static FrameworkProcess start(Path cwd, Map<String, String> env, List<String> command) {
        String name = Path.of(command.getFirst()).getFileName() + " " + String.join(" ", command.subList(1, command.size()));
        Path log = cwd.resolve("process-" + Math.abs(name.hashCode()) + "-" + System.nanoTime() + ".log");
        ProcessBuilder b = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        b.environment().putAll(env);
        try {
            return new FrameworkProcess(b.start(), log, name);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name, e);
        }
    }

    /** Runs {@code command} to its end and returns the JSON of its {@code RESULT} line. */
    static JsonNode run(Path cwd, Map<String, String> env, Duration timeout, List<String> command) {
        try (FrameworkProcess p = start(cwd, env, command)) {
            return p.result(timeout);
        }
    }

    /** Waits for the exit, at most {@code timeout}; fails, quoting the output, unless it printed a result. */
    JsonNode result(Duration timeout) {
        int code = awaitExit(timeout);
        String out = output();
        for (String line : out.split("\n")) {
            if (line.startsWith("RESULT ") && code == 0) {
                try {
                    return JSON.readTree(line.substring("RESULT ".length()));
                } catch (IOException e) {
                    return fail(name + " printed a result that is not JSON: " + line);
                }
            }
        }
        return fail(name + " exited " + code + " without a result; its output:\n" + tail(out));
    }

    /** Waits for the exit, at most {@code timeout}, and returns its code; fails, quoting the output, on a timeout. */
    int awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                close();
                return fail(name + " still running after " + timeout.toSeconds() + " s; its output:\n" + tail(output()));
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new AssertionError("interrupted waiting for " + name, e);
        }
    }

    /** All it printed so far. */
    String output() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String tail(String out) {
        return out.length() <= 6000 ? out : "..." + out.substring(out.length() - 6000);
    }

    /** Asks the process and its descendants to stop (SIGTERM), then kills what is left after 15 s. */
    @Override
    public void close() {
        List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
        all.addFirst(process.toHandle());
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException e) {
                h.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                h.destroyForcibly();
            }
        }
    }
}
