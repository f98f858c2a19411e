package io.cairn.server;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** Counters INFO reports. Thread-safe. */
public final class ServerStats {
    private final LongAdder commands = new LongAdder();
    private final AtomicLong connectionsReceived = new AtomicLong();
    private final AtomicLong rejectedConnections = new AtomicLong();
    private final LongAdder keyspaceHits = new LongAdder();
    private final LongAdder keyspaceMisses = new LongAdder();
    private final LongAdder netInputBytes = new LongAdder();
    private final LongAdder netOutputBytes = new LongAdder();
    private volatile long opsPerSecond;
    private long lastSampleCommands;
    private long lastSampleNanos = System.nanoTime();

    public void commandProcessed() {
        commands.increment();
    }

    public void connectionReceived() {
        connectionsReceived.incrementAndGet();
    }

    public void connectionRejected() {
        rejectedConnections.incrementAndGet();
    }

    public void hit(boolean found) {
        (found ? keyspaceHits : keyspaceMisses).increment();
    }

    public void netInput(long n) {
        netInputBytes.add(n);
    }

    public void netOutput(long n) {
        netOutputBytes.add(n);
    }

    /** Called once a second to refresh {@link #opsPerSecond()}. */
    synchronized void sample() {
        long now = System.nanoTime();
        long c = commands.sum();
        long dt = now - lastSampleNanos;
        if (dt > 0) {
            opsPerSecond = (c - lastSampleCommands) * 1_000_000_000L / dt;
        }
        lastSampleCommands = c;
        lastSampleNanos = now;
    }

    public long commands() {
        return commands.sum();
    }

    public long connectionsReceived() {
        return connectionsReceived.get();
    }

    public long rejectedConnections() {
        return rejectedConnections.get();
    }

    public long keyspaceHits() {
        return keyspaceHits.sum();
    }

    public long keyspaceMisses() {
        return keyspaceMisses.sum();
    }

    public long netInputBytes() {
        return netInputBytes.sum();
    }

    public long netOutputBytes() {
        return netOutputBytes.sum();
    }

    public long opsPerSecond() {
        return opsPerSecond;
    }

    /** CONFIG RESETSTAT. */
    public void reset() {
        commands.reset();
        connectionsReceived.set(0);
        rejectedConnections.set(0);
        keyspaceHits.reset();
        keyspaceMisses.reset();
        netInputBytes.reset();
        netOutputBytes.reset();
    }
}
