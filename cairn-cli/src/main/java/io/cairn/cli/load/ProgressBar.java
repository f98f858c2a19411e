package io.cairn.cli.load;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * One status line on a terminal, redrawn in place with {@code \r} at most {@value #REDRAWS_PER_SECOND}
 * times a second by its own daemon thread: documents loaded and failed, bytes read, rates, and
 * percent and ETA when the input's size is known. Other lines (errors) go through
 * {@link #printAbove}, which wipes the status line first so the two never mix.
 *
 * <p>Thread-safe: every write to the stream happens under this object's lock. A disabled bar draws
 * nothing and prints other lines as they are.
 */
final class ProgressBar implements AutoCloseable {
    static final int REDRAWS_PER_SECOND = 5;

    /** What the line shows, read from the load as it runs. */
    record Counts(long loaded, long failed, long bytesRead) {
    }

    /** Reads the current counts; called from the drawing thread. */
    interface CountsSource {
        Counts counts();
    }

    private final PrintStream err;
    private final boolean enabled;
    private final long totalBytes;
    private volatile CountsSource source;
    private final LongSupplier nanoTime;
    private final long startNanos;
    private int drawnWidth;
    private Thread ticker;

    /**
     * @param totalBytes the input's size, or -1 when not known (no percent, no ETA)
     * @param nanoTime the clock, {@code System::nanoTime} outside tests
     */
    ProgressBar(PrintStream err, boolean enabled, long totalBytes, LongSupplier nanoTime) {
        this.err = err;
        this.enabled = enabled;
        this.totalBytes = totalBytes;
        this.nanoTime = nanoTime;
        this.startNanos = nanoTime.getAsLong();
    }

    /** Shows the counts {@code source} gives from now on, without redrawing by itself. */
    void attach(CountsSource source) {
        this.source = source;
    }

    /** Attaches {@code source} and starts redrawing; draws nothing when disabled. */
    void start(CountsSource source) {
        attach(source);
        if (!enabled) {
            return;
        }
        ticker = Thread.ofPlatform().daemon().name("cairn-load-progress").start(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    draw();
                    Thread.sleep(1000 / REDRAWS_PER_SECOND); // redraws are periodic by design
                }
            } catch (InterruptedException e) {
                // closed
            }
        });
    }

    /** Prints {@code line} on its own line, above the status line. */
    synchronized void printAbove(String line) {
        wipe();
        err.println(line);
        err.flush();
    }

    /** Redraws the status line now; nothing before {@link #start}. */
    synchronized void draw() {
        CountsSource source = this.source;
        if (!enabled || source == null) {
            return;
        }
        String line = render(source.counts(), nanoTime.getAsLong() - startNanos, totalBytes);
        int pad = Math.max(0, drawnWidth - line.length());
        err.print("\r" + line + " ".repeat(pad));
        err.flush();
        drawnWidth = line.length();
    }

    private void wipe() {
        if (drawnWidth > 0) {
            err.print("\r" + " ".repeat(drawnWidth) + "\r");
            drawnWidth = 0;
        }
    }

    /** Draws the final counts and ends the line, so what follows starts on a fresh one. */
    @Override
    public void close() {
        if (ticker != null) {
            ticker.interrupt();
            try {
                ticker.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            if (enabled && source != null) {
                draw();
                err.println();
                err.flush();
                drawnWidth = 0;
            }
        }
    }

    /**
     * The status line for {@code c} after {@code elapsedNanos}, e.g.
     * {@code 12345 docs, 3 failed, 45.2 MB, 10234 docs/s, 12.3 MB/s, 37%, ETA 0:42}.
     */
    static String render(Counts c, long elapsedNanos, long totalBytes) {
        double seconds = Math.max(elapsedNanos, 1) / 1e9;
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%d docs, %d failed, %s, %.0f docs/s, %s/s", c.loaded(), c.failed(),
                Units.bytes(c.bytesRead()), c.loaded() / seconds, Units.bytes((long) (c.bytesRead() / seconds))));
        if (totalBytes > 0) {
            long read = Math.min(c.bytesRead(), totalBytes);
            b.append(String.format(Locale.ROOT, ", %d%%", read * 100 / totalBytes));
            if (read > 0 && read < totalBytes) {
                long eta = (long) Math.ceil(seconds * (totalBytes - read) / read);
                b.append(", ETA ").append(Units.clock(eta));
            }
        }
        return b.toString();
    }
}
