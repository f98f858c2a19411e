package io.cairn.cli.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The status line's content, and that error lines never mix with it. */
class ProgressBarTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void withAKnownSizeTheLineHasPercentAndEta() {
        assertThat(ProgressBar.render(new ProgressBar.Counts(1000, 2, 25L << 20), 5 * SECOND, 100L << 20))
                .isEqualTo("1000 docs, 2 failed, 25.0 MB, 200 docs/s, 5.0 MB/s, 25%, ETA 0:15");
    }

    @Test
    void withoutASizeThereIsNoPercentAndWhenDoneNoEta() {
        assertThat(ProgressBar.render(new ProgressBar.Counts(10, 0, 512), 2 * SECOND, -1))
                .isEqualTo("10 docs, 0 failed, 512 B, 5 docs/s, 256 B/s");
        assertThat(ProgressBar.render(new ProgressBar.Counts(10, 0, 512), 2 * SECOND, 512))
                .isEqualTo("10 docs, 0 failed, 512 B, 5 docs/s, 256 B/s, 100%");
    }

    @Test
    void aLinePrintedAboveWipesTheStatusLineFirst() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        AtomicLong clock = new AtomicLong();
        ProgressBar bar = new ProgressBar(new PrintStream(buf, true, StandardCharsets.UTF_8), true, 60, clock::get);
        clock.set(SECOND);
        bar.draw(); // not started: nothing to show yet
        bar.attach(() -> new ProgressBar.Counts(3, 0, 30));
        bar.draw();
        bar.printAbove("error: x");
        bar.close();
        String line = "3 docs, 0 failed, 30 B, 3 docs/s, 30 B/s, 50%, ETA 0:01";
        assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo(
                "\r" + line + "\r" + " ".repeat(line.length()) + "\rerror: x\n\r" + line + "\n");
    }

    @Test
    void aDisabledBarPrintsOnlyTheOtherLines() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        ProgressBar bar = new ProgressBar(new PrintStream(buf, true, StandardCharsets.UTF_8), false, 60, System::nanoTime);
        bar.start(() -> new ProgressBar.Counts(3, 0, 30));
        bar.draw();
        bar.printAbove("error: x");
        bar.close();
        assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo("error: x\n");
    }
}
