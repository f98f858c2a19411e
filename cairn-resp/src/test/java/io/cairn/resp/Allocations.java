package io.cairn.resp;

import java.lang.management.ManagementFactory;

/** What the decoder tests use to show that a limit is checked before allocating. */
final class Allocations {
    private Allocations() {
    }

    /** Bytes the current thread allocated while running {@code action}. */
    static long allocatedBy(Runnable action) {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        action.run();
        return threads.getCurrentThreadAllocatedBytes() - before;
    }
}
