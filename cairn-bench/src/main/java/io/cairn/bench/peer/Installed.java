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

    /** The first line the program prints for {@code flag}, or {@code "unknown"}. */
    public static String version(String program, String flag) {
        Optional<Path> p = find(program);
        if (p.isEmpty()) {
            return "not installed";
        }
        try {
            Process process = new ProcessBuilder(List.of(p.get().toString(), flag))
                    .redirectErrorStream(true).start();
            byte[] out = process.getInputStream().readNBytes(4096);
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            String text = new String(out, StandardCharsets.UTF_8).strip();
            int nl = text.indexOf('\n');
            return nl < 0 ? text : text.substring(0, nl);
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
