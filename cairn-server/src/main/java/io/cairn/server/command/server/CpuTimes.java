package io.cairn.server.command.server;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The process's CPU time for INFO cpu: system and user seconds of the process and of its waited-for
 * children. Read from /proc/self/stat (fields 14 to 17, in clock ticks of 1/100 s, Linux's
 * USER_HZ); where there is none, the JVM's threads (user time, and the rest of their CPU time as
 * system time; children 0).
 */
final class CpuTimes {
    private static final double TICKS_PER_SECOND = 100.0;

    private CpuTimes() {
    }

    /** {sys, user, sys children, user children}, in seconds. */
    static double[] read() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // The command name (field 2) is in parentheses and may hold spaces: count from after it.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            // f[0] is field 3 (state); utime is field 14, stime 15, cutime 16, cstime 17.
            double utime = Long.parseLong(f[11]) / TICKS_PER_SECOND;
            double stime = Long.parseLong(f[12]) / TICKS_PER_SECOND;
            double cutime = Long.parseLong(f[13]) / TICKS_PER_SECOND;
            double cstime = Long.parseLong(f[14]) / TICKS_PER_SECOND;
            return new double[] {stime, utime, cstime, cutime};
        } catch (IOException | RuntimeException e) {
            return fromThreads();
        }
    }

    private static double[] fromThreads() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu = 0;
        long user = 0;
        for (long id : threads.getAllThreadIds()) {
            long c = threads.getThreadCpuTime(id);
            long u = threads.getThreadUserTime(id);
            if (c > 0 && u >= 0) {
                cpu += c;
                user += u;
            }
        }
        return new double[] {(cpu - user) / 1e9, user / 1e9, 0, 0};
    }
}
