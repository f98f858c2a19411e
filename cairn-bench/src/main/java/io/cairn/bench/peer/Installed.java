package io.cairn.bench.peer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Finds the peers' programs on the PATH and asks them their version. */
public final class Installed {
    private Installed() {
    }

    /** The program on the PATH (or under /usr/bin, /usr/sbin), if there is one. */
    public static Optional<Path> find(String program) {
        String path = System.getenv().getOrDefault("PATH", "") + ":/usr/bin:/usr/sbin:/usr/local/bin";
        for (String dir : path.split(":")) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, program);
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** @throws IOException saying how to install it when the program is missing */
    public static Path require(String program) throws IOException {
        return find(program).orElseThrow(() -> new IOException(program
                + " is not installed (run ./cairn bench peers install, or apt-get install it)"));
    }

    /** The first line the program prints for {@code flag}, or {@code "not installed"}. */
    public static String version(String program, String flag) {
        return find(program).map(p -> firstLine(List.of(p.toString(), flag))).orElse("not installed");
    }

    /**
     * The first line {@code command} prints (stdout and stderr together), or {@code "unknown"}
     * when it cannot run; a command still running after 10 s is killed.
     */
    public static String firstLine(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out = process.getInputStream().readNBytes(4096);
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            String text = new String(out, StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? "unknown" : text.lines().findFirst().orElse("unknown");
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
