package io.cairn.it.server;

import io.cairn.testkit.DebianPackages;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * The npm packages the framework tests drive, installed from the project's own files: {@code
 * src/test/node} holds {@code package.json} and the {@code package-lock.json} that pins every
 * version (beside the scripts, which run from a test's directory with {@code NODE_PATH}); {@link
 * #install} copies the two to {@code target/node} and runs {@code npm ci} there unless its {@code node_modules} was installed from the same lock file.
 *
 * <p>Node.js and npm are Debian packages ({@code nodejs}, {@code npm}) that {@code .ci/run}
 * installs, so a missing one follows {@link DebianPackages} (a skip, a failure under {@code
 * CI=true}). The registry is another matter: when {@code npm ci} cannot reach it, the tests are
 * skipped, saying why, in CI too. Serialised by the class lock; safe to call from every test.
 */
final class NodePackages {
    static final Path SOURCE = Path.of("src", "test", "node");
    static final Path TARGET = Path.of("target", "node");
    /** Where a successful {@code npm ci} leaves a copy of the lock file it installed. */
    private static final Path INSTALLED_LOCK = TARGET.resolve("node_modules").resolve(".cairn-installed-lock.json");

    /** Why npm could not install the packages, once it has failed in this JVM; later tests skip at once. */
    private static String unavailable;

    private NodePackages() {
    }

    /** The first executable {@code name} on {@code PATH}. */
    static Optional<Path> onPath(String name) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(d -> !d.isEmpty()).map(d -> Path.of(d, name)).filter(Files::isExecutable).findFirst();
    }

    /** The node binary; skips the calling test when there is none. */
    static Path node() {
        Optional<Path> node = onPath("node");
        DebianPackages.assumeInstalled(node.isPresent(), "nodejs", "node on PATH");
        return node.orElseThrow();
    }

    /**
     * Makes {@code target/node/node_modules} hold the locked packages; returns its absolute path,
     * for {@code NODE_PATH}. Skips the calling test, printing why, when npm cannot install them.
     */
    static synchronized Path install() {
        node();
        Optional<Path> npm = onPath("npm");
        DebianPackages.assumeInstalled(npm.isPresent(), "npm", "npm on PATH");
        Assumptions.assumeTrue(unavailable == null, () -> unavailable);
        try {
            Files.createDirectories(TARGET);
            for (String f : List.of("package.json", "package-lock.json")) {
                Files.copy(SOURCE.resolve(f), TARGET.resolve(f), StandardCopyOption.REPLACE_EXISTING);
            }
            if (!Arrays.equals(Files.readAllBytes(TARGET.resolve("package-lock.json")), lockAtLastInstall())) {
                npmCi(npm.get());
            }
            return TARGET.resolve("node_modules").toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] lockAtLastInstall() throws IOException {
        return Files.isRegularFile(INSTALLED_LOCK) ? Files.readAllBytes(INSTALLED_LOCK) : new byte[0];
    }

    private static void npmCi(Path npm) throws IOException {
        Path log = TARGET.resolve("npm-ci.log");
        List<String> cmd = List.of(npm.toString(), "ci", "--no-audit", "--no-fund", "--fetch-retries=1",
                "--fetch-timeout=30000");
        ProcessBuilder b = new ProcessBuilder(cmd).directory(TARGET.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        b.environment().putAll(Map.of("npm_config_update_notifier", "false"));
        Process p = b.start();
        boolean done;
        try {
            done = p.waitFor(180, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new AssertionError("interrupted in npm ci", e);
        }
        if (!done) {
            p.destroyForcibly();
        }
        if (!done || p.exitValue() != 0) {
            String out = Files.readString(log);
            String reason = "npm ci in " + TARGET + " could not install the locked npm packages ("
                    + (done ? "exit " + p.exitValue() : "still running after 180 s")
                    + "; is the npm registry reachable?): " + firstError(out) + " (" + log + " has the rest)";
            System.err.println("[cairn] skipping the tests that need it: " + reason);
            unavailable = reason;
            Assumptions.abort(reason);
        }
        Files.copy(TARGET.resolve("package-lock.json"), INSTALLED_LOCK, StandardCopyOption.REPLACE_EXISTING);
    }

    /** npm's error lines name the cause first ({@code code ECONNREFUSED}, then the failed request). */
    private static String firstError(String out) {
        return String.join("; ", out.lines().filter(l -> l.startsWith("npm error") && !l.contains("    at "))
                .limit(4).map(l -> l.substring("npm error".length()).strip()).toList());
    }
}
