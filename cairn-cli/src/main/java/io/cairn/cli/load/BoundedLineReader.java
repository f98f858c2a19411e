package io.cairn.cli.load;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads lines of bytes, ended by LF (a CR before it is dropped), never holding more than
 * {@code maxBytes} of one line: a longer line is skipped up to its LF without being buffered and
 * reported by its length only.
 *
 * <p>Not thread-safe, except {@link #bytesRead}, which any thread may read.
 */
final class BoundedLineReader {
    private static final int BUFFER = 64 * 1024;

    /** A line: its bytes, or null when it was longer than the limit; {@code length} in both cases. */
    record Line(byte[] bytes, long length) {
    }

    private final InputStream in;
    private final long maxBytes;
    private final byte[] buf = new byte[BUFFER];
    private int pos;
    private int limit;
    private volatile long bytesRead;
    private byte[] line = new byte[256];

    BoundedLineReader(InputStream in, long maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** The next line without its line end, or null at the end of the input. */
    Line next() throws IOException {
        int kept = 0;
        long length = 0;
        boolean any = false;
        int last = -1;
        while (true) {
            if (pos == limit && !fill()) {
                if (!any) {
                    return null;
                }
                return finish(kept, length, last);
            }
            any = true;
            int start = pos;
            int lf = indexOfLf(start);
            int end = lf >= 0 ? lf : limit;
            int n = end - start;
            // keep up to maxBytes + 1 bytes: one more than the limit may be the CR before the LF
            if (length + n <= maxBytes + 1) {
                ensure(kept + n);
                System.arraycopy(buf, start, line, kept, n);
                kept += n;
            } else {
                kept = -1;
            }
            length += n;
            if (n > 0) {
                last = buf[end - 1];
            }
            pos = lf >= 0 ? lf + 1 : limit;
            bytesRead += pos - start;
            if (lf >= 0) {
                return finish(kept, length, last);
            }
        }
    }

    /** {@code last} is the line's last byte, or -1 for an empty line: a CR there belongs to the line end. */
    private Line finish(int kept, long length, int last) {
        if (last == '\r') {
            kept = kept > 0 ? kept - 1 : kept;
            length--;
        }
        if (kept < 0 || length > maxBytes) {
            return new Line(null, length);
        }
        return new Line(Arrays.copyOf(line, kept), length);
    }

    private void ensure(int size) {
        if (size > line.length) {
            line = Arrays.copyOf(line, (int) Math.min(Math.max(size, 2L * line.length), maxBytes + 1));
        }
    }

    private int indexOfLf(int from) {
        for (int i = from; i < limit; i++) {
            if (buf[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            return false;
        }
        pos = 0;
        limit = n;
        return true;
    }

    long bytesRead() {
        return bytesRead;
    }
}
