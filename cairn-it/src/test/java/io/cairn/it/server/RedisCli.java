package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.testkit.DebianPackages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs Debian's {@code redis-cli} against a port. Tests that use it are skipped, saying why, when
 * redis-cli is missing, but fail in CI ({@code CI=true}), where {@code .ci/run} installs
 * redis-tools ({@link DebianPackages}).
 */
final class RedisCli {
    private RedisCli() {
    }

    static void requireInstalled() {
        DebianPackages.assumeInstalled(new java.io.File("/usr/bin/redis-cli").canExecute(), "redis-tools", "/usr/bin/redis-cli");
    }

    /** Runs redis-cli with the given arguments (and optional stdin); returns stdout. */
    static String run(int port, String stdin, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("redis-cli", "-h", "127.0.0.1", "-p", Integer.toString(port)));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (stdin != null) {
            p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new String(out, StandardCharsets.UTF_8);
    }
}
