package io.cairn.bench.cli;

import io.cairn.bench.peer.CairnPeer;
import io.cairn.bench.report.Machine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
                hostname(), commit(),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    }

    /**
     * The commit of the build that runs: the system property {@code cairn.commit} if set, else
     * {@code git rev-parse --short HEAD} in the directory of the running jar (the working directory
     * when not run from a jar), with {@code +changes} when {@code git status} shows any; else
     * {@code unknown}.
     */
    static String commit() {
        String given = System.getProperty("cairn.commit");
        if (given != null) {
            return given;
        }
        Path jar = CairnPeer.runningJar();
        String dir = (jar != null ? jar.toAbsolutePath().getParent() : Path.of("").toAbsolutePath()).toString();
        String head = git(dir, "rev-parse", "--short", "HEAD");
        if (head == null || head.isBlank()) {
            return "unknown";
        }
        String status = git(dir, "status", "--porcelain");
        return head.strip() + (status != null && !status.isBlank() ? "+changes" : "");
    }

    /** What {@code git -C dir args} prints, or null when it fails. */
    private static String git(String dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
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
