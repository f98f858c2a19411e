package io.cairn.bench.cli;

import io.cairn.bench.report.Machine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Reads what a report records of the machine: cores, memory, CPU, OS, kernel, JDK, commit. */
final class MachineInfo {
    private MachineInfo() {
    }

    static Machine read() {
        long memory = 0;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            memory = os.getTotalMemorySize();
        }
        return new Machine(Runtime.getRuntime().availableProcessors(), memory, cpu(),
                osName(), firstLine(Path.of("/proc/sys/kernel/osrelease"), System.getProperty("os.version")),
                System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"),
                hostname(), System.getProperty("cairn.commit", "unknown"),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    }

    private static String cpu() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException ignored) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch");
    }

    private static String osName() {
        try {
            for (String line : Files.readAllLines(Path.of("/etc/os-release"))) {
                if (line.startsWith("PRETTY_NAME=")) {
                    return line.substring(12).replace("\"", "");
                }
            }
        } catch (IOException ignored) {
            // no os-release: fall through
        }
        return System.getProperty("os.name") + " " + System.getProperty("os.version");
    }

    private static String firstLine(Path p, String fallback) {
        try {
            return Files.readAllLines(p).getFirst().strip();
        } catch (IOException | RuntimeException e) {
            return fallback;
        }
    }

    private static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
