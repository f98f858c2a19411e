package io.cairn.cli.load;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits RFC 4180 CSV into rows of fields, as bytes, one row at a time:
 *
 * <pre>
 *   row    = field *("," field) (CRLF | LF | CR | end of input)
 *   field  = quoted | plain
 *   quoted = '"' *(any byte except '"' | '""') '"'     (commas, quotes, line ends inside)
 *   plain  = *(any byte except ',' '"' CR LF)
 * </pre>
 *
 * <p>A malformed row (a quote inside a plain field, text after a closing quote, a quote left open
 * at the end of the input) is returned with its problem, and reading goes on after its end. An
 * empty line is skipped. A row longer than {@code maxBytes} is read to its end without keeping
 * its fields and returned as too large.
 *
 * <p>Not thread-safe, except {@link #bytesRead}, which any thread may read.
 */
final class CsvReader {
    private static final int BUFFER = 64 * 1024;

    /**
     * A row: its fields (null when it has a problem), the line it starts on (from 1), its size in bytes.
     */
    record Row(List<byte[]> fields, long line, long bytes, String problem) {
    }

    private enum State {
        FIELD_START, PLAIN, QUOTED, QUOTE_IN_QUOTED
    }

    private final InputStream in;
    private final long maxBytes;
    private final byte[] buf = new byte[BUFFER];
    private int pos;
    private int limit;
    /** Bytes taken from the buffer; {@link #published} is its copy for other threads, updated per buffer and row. */
    private long consumed;
    private volatile long published;
    private long line = 1;
    private byte[] field = new byte[64];
    private int fieldLength;

    CsvReader(InputStream in, long maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** The next non-empty row, or null at the end of the input. */
    Row next() throws IOException {
        while (true) {
            if (peek() < 0) {
                return null;
            }
            int c = peek();
            if (c == '\n' || c == '\r') {
                // an empty line
                take();
                if (c == '\r' && peek() == '\n') {
                    take();
                }
                line++;
                continue;
            }
            return row();
        }
    }

    private Row row() throws IOException {
        long startLine = line;
        long startBytes = consumed;
        List<byte[]> fields = new ArrayList<>();
        fieldLength = 0;
        String problem = null;
        boolean tooLarge = false;
        long quoteLine = 0;
        State state = State.FIELD_START;
        while (true) {
            int c = take();
            if (!tooLarge && consumed - startBytes > maxBytes) {
                tooLarge = true;
                fields.clear();
                fieldLength = 0;
            }
            if (c < 0) {
                if (state == State.QUOTED) {
                    problem = "quoted field opened at line " + quoteLine + " is not closed at the end of the input";
                }
                break;
            }
            if (state == State.QUOTED) {
                if (c == '"') {
                    state = State.QUOTE_IN_QUOTED;
                } else {
                    if (c == '\n') {
                        line++;
                    }
                    keep(c, tooLarge);
                }
                continue;
            }
            if (c == ',') {
                endField(fields, tooLarge);
                state = State.FIELD_START;
                continue;
            }
            if (c == '\n' || c == '\r') {
                if (c == '\r' && peek() == '\n') {
                    take();
                }
                line++;
                break;
            }
            switch (state) {
                case FIELD_START -> {
                    if (c == '"') {
                        state = State.QUOTED;
                        quoteLine = line;
                    } else {
                        keep(c, tooLarge);
                        state = State.PLAIN;
                    }
                }
                case PLAIN -> {
                    if (c == '"' && problem == null) {
                        problem = "a quote inside an unquoted field (line " + line + "; quote the whole field and double the quote)";
                    }
                    keep(c, tooLarge);
                }
                case QUOTE_IN_QUOTED -> {
                    if (c == '"') {
                        keep(c, tooLarge);
                        state = State.QUOTED;
                    } else {
                        if (problem == null) {
                            problem = "text after the closing quote of a field (line " + line + ")";
                        }
                        keep(c, tooLarge);
                        state = State.PLAIN;
                    }
                }
                default -> throw new AssertionError(state);
            }
        }
        endField(fields, tooLarge);
        published = consumed;
        long size = consumed - startBytes;
        if (tooLarge) {
            return new Row(null, startLine, size, SourceRecord.tooLarge(size, maxBytes));
        }
        return new Row(problem == null ? fields : null, startLine, size, problem);
    }

    private void keep(int c, boolean tooLarge) {
        if (tooLarge) {
            return;
        }
        if (fieldLength == field.length) {
            // a row holds at most maxBytes, so the field buffer never grows past it
            field = Arrays.copyOf(field, (int) Math.min(2L * field.length, maxBytes + 1));
        }
        field[fieldLength++] = (byte) c;
    }

    private void endField(List<byte[]> fields, boolean tooLarge) {
        if (!tooLarge) {
            fields.add(Arrays.copyOf(field, fieldLength));
        }
        fieldLength = 0;
    }

    private int peek() throws IOException {
        if (pos == limit && !fill()) {
            return -1;
        }
        return buf[pos] & 0xff;
    }

    private int take() throws IOException {
        int c = peek();
        if (c >= 0) {
            pos++;
            consumed++;
        }
        return c;
    }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            return false;
        }
        pos = 0;
        limit = n;
        published = consumed;
        return true;
    }

    long bytesRead() {
        return published;
    }
}
