package io.cairn.cli.load;

import java.util.List;

/**
 * Aborts a connection whose write has made no progress for longer than the timeout; a read needs
 * no watchdog, since socket reads time out by themselves. Java cannot time out a blocking socket
 * write, and a server that stops reading would otherwise hang the load for ever.
 *
 * <p>Runs one daemon thread from construction to {@link #close}.
 */
final class StallWatchdog implements AutoCloseable {
    private final Thread thread;

    StallWatchdog(List<RespConnection> connections, long timeoutNanos) {
        long period = Math.max(10, Math.min(250, timeoutNanos / 4_000_000));
        thread = Thread.ofPlatform().daemon().name("cairn-load-watchdog").start(() -> {
            try {
                while (true) {
                    Thread.sleep(period); // a watchdog checks on a period: a stall is the absence of an event
                    long now = System.nanoTime();
                    for (RespConnection c : connections) {
                        long since = c.stalledSince();
                        if (since != 0 && now - since > timeoutNanos) {
                            c.abort();
                        }
                    }
                }
            } catch (InterruptedException e) {
                // closed
            }
        });
    }

    @Override
    public void close() {
        thread.interrupt();
    }
}
