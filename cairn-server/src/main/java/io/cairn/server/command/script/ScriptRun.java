package io.cairn.server.command.script;

import io.cairn.server.Session;
import io.cairn.storage.engine.Txn;
import java.util.List;

/**
 * One call in progress: what {@code redis.call} runs against, and what other threads see of it
 * (how long it has run, whether it wrote, the kill and abandon requests).
 */
final class ScriptRun {
    final Txn txn;
    final Session session;
    final boolean readOnly;
    final long callerId;
    /** Whether it is a function (FCALL): BUSY then names FUNCTION KILL, and only FUNCTION KILL stops it. */
    volatile boolean function;
    /** A function's name and the FCALL that runs it, for FUNCTION STATS; set before {@link #function}. */
    String name;
    List<byte[]> command = List.of();
    final long startNanos = System.nanoTime();
    int resp = 2;
    final long allocatedAtStart = THREADS.getCurrentThreadAllocatedBytes();
    final long memoryLimit;
    /** RUNNING, then WROTE (SCRIPT KILL can no longer stop it) or KILLED, whichever comes first. */
    final java.util.concurrent.atomic.AtomicInteger state = new java.util.concurrent.atomic.AtomicInteger(RUNNING);
    volatile boolean abandon;

    /** For FUNCTION LOAD: when its code must have run (System.nanoTime()), 0 for no limit. */
    final long deadline;
    /**
     * Whether the store was over its memory limit when the script started (Redis's
     * pre_command_oom_state): its calls of commands that add data are then refused with -OOM.
     */
    final boolean oomAtStart;

    ScriptRun(Txn txn, Session session, boolean readOnly, long memoryLimit, long deadline, boolean oomAtStart) {
        this.txn = txn;
        this.session = session;
        this.readOnly = readOnly;
        this.callerId = session.id();
        this.memoryLimit = memoryLimit;
        this.deadline = deadline;
        this.oomAtStart = oomAtStart;
    }

    /** Stops the script if it is to be stopped: killed, abandoned, or past its memory. On the script's thread. */
    void check() {
        if (abandon) {
            throw new Aborted(Stop.ABANDON);
        }
        if (state.get() == KILLED) {
            throw new Aborted(Stop.KILL);
        }
        if (memoryLimit > 0 && THREADS.getCurrentThreadAllocatedBytes() - allocatedAtStart > memoryLimit) {
            throw new Aborted(Stop.MEMORY);
        }
        if (deadline != 0 && System.nanoTime() - deadline > 0) {
            throw new Aborted(Stop.TIMEOUT);
        }
    }

    /** Before a write command: from now on SCRIPT KILL cannot stop the script; if it was killed first, it stops. */
    void writing() {
        if (!state.compareAndSet(RUNNING, WROTE) && state.get() == KILLED) {
            throw new Aborted(Stop.KILL);
        }
    }

    /** Whether {@code bytes} more would still fit the script's memory. */
    boolean fits(long bytes) {
        return memoryLimit <= 0 || THREADS.getCurrentThreadAllocatedBytes() - allocatedAtStart + bytes <= memoryLimit;
    }

    /** SCRIPT KILL: false when it wrote first (UNKILLABLE), else the script is to stop. */
    boolean kill() {
        return state.compareAndSet(RUNNING, KILLED) || state.get() != WROTE;
    }

    static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();

    private static final int RUNNING = 0;
    private static final int WROTE = 1;
    private static final int KILLED = 2;

    /** Why a script is stopped from outside its own code. */
    enum Stop { KILL, ABANDON, MEMORY, TIMEOUT }

    /** Ends a script from its instruction hook; an Error, so no {@code pcall} inside the script catches it. */
    static final class Aborted extends Error {
        private static final long serialVersionUID = 1L;
        final Stop why;

        Aborted(Stop why) {
            super(null, null, false, false);
            this.why = why;
        }
    }
}
