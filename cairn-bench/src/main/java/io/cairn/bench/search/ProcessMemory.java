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
