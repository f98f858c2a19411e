package io.cairn.bench.search;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Resident memory and directory sizes, read from /proc and the file system. Stateless. */
final class ProcessMemory {
    private ProcessMemory() {
    }

    /** VmRSS of {@code pid} in bytes, or -1 when unknown. */
    static long rss(long pid) {
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
     * The Java heap {@code pid} uses after a full collection, by {@code jcmd} (GC.run, then
     * GC.heap_info), or -1 when that fails: what a JVM server holds, not what it reserved.
     */
    static long heapAfterGc(long pid) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            run(jcmd.toString(), Long.toString(pid), "GC.run");
            String info = run(jcmd.toString(), Long.toString(pid), "GC.heap_info");
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("heap.*?used (\\d+)K").matcher(info);
            return m.find() ? Long.parseLong(m.group(1)) * 1024 : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    private static String run(String... cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        try {
            p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        return out;
    }

    /** Bytes of every regular file under {@code dir}. */
    static long du(Path dir) throws IOException {
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
