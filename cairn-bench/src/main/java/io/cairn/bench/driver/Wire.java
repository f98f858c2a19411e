package io.cairn.bench.driver;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A blocking socket with its own read and write buffers and the few reads Memcached's text
 * protocol needs (a byte, a CRLF line, an exact number of bytes); owns its socket. RESP does not
 * use it: {@link RespConnection} runs on cairn-resp's {@code RespClient}, whose codec is RESP's
 * own state machine. {@link #READ_TIMEOUT_MILLIS} is every driver's.
 *
 * <p>The buffers are plain arrays rather than {@code BufferedInputStream}/{@code
 * BufferedOutputStream}: those lock on every single-byte call, which a profile of the bench client
 * showed as half its CPU time while parsing replies.
 *
 * <p>Not thread-safe, except that one thread may write while one other reads (the two sides share
 * nothing but the socket); {@link #close} may be called from any thread.
 */
public final class Wire implements AutoCloseable {
    /**
     * How long a read may wait for the server before the connection counts as failed, so that a
     * stalled server fails its clients' operations instead of hanging the bench.
     */
    public static final int READ_TIMEOUT_MILLIS = 30_000;
    /** The longest line a reply may have before the protocol is broken. */
    public static final int MAX_LINE = 64 * 1024;
    private static final int BUFFER = 64 * 1024;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final byte[] readBuffer = new byte[BUFFER];
    private int readPos;
    private int readLimit;
    private final byte[] writeBuffer = new byte[BUFFER];
    private int writePos;
    private byte[] line = new byte[256];

    private Wire(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    public static Wire connect(InetSocketAddress address, int timeoutMillis) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(address, timeoutMillis);
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            return new Wire(socket);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    public void write(int b) throws IOException {
        if (writePos == writeBuffer.length) {
            drain();
        }
        writeBuffer[writePos++] = (byte) b;
    }

    public void write(byte[] bytes) throws IOException {
        if (bytes.length > writeBuffer.length - writePos) {
            drain();
            if (bytes.length > writeBuffer.length) {
                out.write(bytes);
                return;
            }
        }
        System.arraycopy(bytes, 0, writeBuffer, writePos, bytes.length);
        writePos += bytes.length;
    }

    private void writeAscii(String s) throws IOException {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            write(s.charAt(i));
        }
    }

    /** Writes a decimal number in ASCII. */
    public void writeDecimal(long value) throws IOException {
        if (value < 0) {
            write('-');
            if (value == Long.MIN_VALUE) {
                writeAscii("9223372036854775808");
                return;
            }
            value = -value;
        }
        if (value >= 10) {
            writeDecimal(value / 10);
        }
        write((int) ('0' + value % 10));
    }

    /** Sends everything written so far. */
    public void flush() throws IOException {
        drain();
        out.flush();
    }

    private void drain() throws IOException {
        if (writePos > 0) {
            out.write(writeBuffer, 0, writePos);
            writePos = 0;
        }
    }

    private boolean fill() throws IOException {
        int n = in.read(readBuffer, 0, readBuffer.length);
        if (n <= 0) {
            return false;
        }
        readPos = 0;
        readLimit = n;
        return true;
    }

    public int read() throws IOException {
        if (readPos == readLimit && !fill()) {
            throw new EOFException("connection closed by the server");
        }
        return readBuffer[readPos++] & 0xff;
    }

    /**
     * Reads up to CRLF and returns the line's length; its bytes are in {@link #line()} until the
     * next call.
     */
    public int readLine() throws IOException {
        int n = 0;
        while (true) {
            if (readPos == readLimit && !fill()) {
                throw new EOFException("connection closed by the server");
            }
            byte b = readBuffer[readPos++];
            if (b == '\r') {
                int lf = read();
                if (lf != '\n') {
                    throw new IOException("protocol: CR followed by " + lf + " (expected: LF)");
                }
                return n;
            }
            if (n == line.length) {
                if (n >= MAX_LINE) {
                    throw new IOException("protocol: line longer than " + MAX_LINE + " bytes");
                }
                line = java.util.Arrays.copyOf(line, n * 2);
            }
            line[n++] = b;
        }
    }

    public byte[] line() {
        return line;
    }

    public String lineString(int length) {
        return new String(line, 0, length, StandardCharsets.UTF_8);
    }

    /** The decimal number in {@code line()[from, to)}, any long from {@code Long.MIN_VALUE} up. */
    public long parseDecimal(int from, int to) throws IOException {
        boolean negative = from < to && line[from] == '-';
        int i = negative ? from + 1 : from;
        if (i == to || to - i > 19) {
            throw notANumber(from, to);
        }
        long v = 0; // accumulated negatively, so that Long.MIN_VALUE fits
        for (; i < to; i++) {
            int d = line[i] - '0';
            if (d < 0 || d > 9 || v < (Long.MIN_VALUE + d) / 10) {
                throw notANumber(from, to);
            }
            v = v * 10 - d;
        }
        if (!negative && v == Long.MIN_VALUE) {
            throw notANumber(from, to);
        }
        return negative ? v : -v;
    }

    private IOException notANumber(int from, int to) {
        return new IOException("protocol: not a number: " + new String(line, from, to - from, StandardCharsets.UTF_8));
    }

    public byte[] readExactly(int length) throws IOException {
        byte[] bytes = new byte[length];
        int done = 0;
        while (done < length) {
            if (readPos == readLimit && !fill()) {
                throw new EOFException("connection closed by the server");
            }
            int n = Math.min(length - done, readLimit - readPos);
            System.arraycopy(readBuffer, readPos, bytes, done, n);
            readPos += n;
            done += n;
        }
        return bytes;
    }

    /** Reads CRLF. */
    public void expectCrlf() throws IOException {
        if (read() != '\r' || read() != '\n') {
            throw new IOException("protocol: missing CRLF after data");
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing: nothing left to tell the caller
        }
    }
}
