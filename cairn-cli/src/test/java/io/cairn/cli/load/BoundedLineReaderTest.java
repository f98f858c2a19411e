package io.cairn.cli.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lines of bytes under a size limit, whatever sizes the input arrives in. */
class BoundedLineReaderTest {

    /** Reads every line, showing a too-long one as {@code <N bytes>}. */
    private static List<String> lines(InputStream in, long max) throws IOException {
        BoundedLineReader r = new BoundedLineReader(in, max);
        List<String> out = new ArrayList<>();
        BoundedLineReader.Line l;
        while ((l = r.next()) != null) {
            out.add(l.bytes() == null ? "<" + l.length() + " bytes>" : new String(l.bytes(), StandardCharsets.UTF_8));
        }
        return out;
    }

    /** An input that hands out at most {@code chunk} bytes per read, to split lines anywhere. */
    private static InputStream chunked(String s, int chunk) {
        return new FilterInputStream(new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8))) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return super.read(b, off, Math.min(len, chunk));
            }
        };
    }

    @Test
    void linesEndAtLfAndACrBeforeItIsDropped() throws Exception {
        String text = "one\r\ntwo\n\nthree\r\nlast";
        for (int chunk = 1; chunk <= text.length(); chunk++) {
            assertThat(lines(chunked(text, chunk), 100)).as("chunk %d", chunk)
                    .containsExactly("one", "two", "", "three", "last");
        }
    }

    @Test
    void aLineOverTheLimitIsReportedByLengthAndTheNextLineIsIntact() throws Exception {
        String text = "12345\r\n123456\r\n1234567\nok\n";
        for (int chunk = 1; chunk <= text.length(); chunk++) {
            assertThat(lines(chunked(text, chunk), 6)).as("chunk %d", chunk)
                    .containsExactly("12345", "123456", "<7 bytes>", "ok");
        }
    }

    @Test
    void bytesReadCountsEverythingConsumed() throws Exception {
        byte[] text = "a\r\nbb\nccc".getBytes(StandardCharsets.UTF_8);
        BoundedLineReader r = new BoundedLineReader(new ByteArrayInputStream(text), 2);
        r.next();
        assertThat(r.bytesRead()).isEqualTo(3);
        while (r.next() != null) {
            // drain
        }
        assertThat(r.bytesRead()).isEqualTo(text.length);
    }

    @Test
    void anEmptyInputHasNoLines() throws Exception {
        assertThat(lines(InputStream.nullInputStream(), 10)).isEmpty();
    }
}
