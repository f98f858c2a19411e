package io.cairn.cli.load;

import io.cairn.resp.client.RespClient;
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

    StallWatchdog(List<RespClient> connections, long timeoutNanos) {
        long period = Math.max(10, Math.min(250, timeoutNanos / 4_000_000));
        long seconds = Math.max(1, timeoutNanos / 1_000_000_000);
        thread = Thread.ofPlatform().daemon().name("cairn-load-watchdog").start(() -> {
            try {
                while (true) {
                    Thread.sleep(period); // a watchdog checks on a period: a stall is the absence of an event
                    long now = System.nanoTime();
                    for (RespClient c : connections) {
                        long since = c.writeBlockedSince();
                        if (since != 0 && now - since > timeoutNanos) {
                            c.abort("no progress writing to " + c.peer() + " for " + seconds + " s (server stalled?)");
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
