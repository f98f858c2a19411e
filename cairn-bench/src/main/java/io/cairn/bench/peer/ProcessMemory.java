package io.cairn.bench.peer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Resident memory, a JVM's heap and directory sizes, read from /proc, with the JDK's {@code jcmd}
 * and from the file system. A JVM is collected with {@code jcmd <pid> GC.run}, which runs
 * {@code System.gc()} in it: a full, stop-the-world collection under G1 and the other collectors
 * unless the JVM was started with {@code -XX:+DisableExplicitGC} or
 * {@code -XX:+ExplicitGCInvokesConcurrent}. It changes no data. Stateless.
 */
public final class ProcessMemory {
    private static final Pattern HEAP_USED = Pattern.compile("heap.*?used (\\d+)K");
    private static final long JCMD_TIMEOUT_SECONDS = 120;

    private ProcessMemory() {
    }

    /** VmRSS of {@code pid} in bytes, or -1 when unknown. */
    public static long rss(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    /**
     * Runs a full collection in the JVM {@code pid} ({@code jcmd pid GC.run}) and waits for it.
     *
     * @return whether jcmd said it ran (false when it could not attach or timed out)
     */
    public static boolean collect(long pid) {
        try {
            jcmd(pid, "GC.run");
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The Java heap the JVM {@code pid} uses now, by {@code jcmd pid GC.heap_info}, or -1. */
    public static long heapUsed(long pid) {
        try {
            Matcher m = HEAP_USED.matcher(jcmd(pid, "GC.heap_info"));
            return m.find() ? Long.parseLong(m.group(1)) * 1024 : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    /**
     * The Java heap {@code pid} uses after a full collection ({@link #collect}, then
     * {@link #heapUsed}), or -1 when that fails: what a JVM server holds, not what it reserved.
     */
    public static long heapAfterGc(long pid) {
        return collect(pid) ? heapUsed(pid) : -1;
    }

    /** jcmd's output; fails when it exits with an error or does not end within the timeout. */
    private static String jcmd(long pid, String command) throws IOException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Path output = Files.createTempFile("cairn-bench-jcmd-", ".txt");
        try {
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
            try {
                if (!p.waitFor(JCMD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new IOException("jcmd " + pid + " " + command + ": no answer within "
                            + JCMD_TIMEOUT_SECONDS + " s");
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
            String out = Files.readString(output);
            if (p.exitValue() != 0) {
                throw new IOException("jcmd " + pid + " " + command + " exited with " + p.exitValue() + ": "
                        + out.strip());
            }
            return out;
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** Bytes of every regular file under {@code dir}. */
    public static long du(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return 0;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    return 0; // removed while walking (a merged segment, a recycled log)
                }
            }).sum();
        }
    }
}
