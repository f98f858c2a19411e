package io.cairn.bench.driver;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A blocking socket with buffered streams and the few reads the text protocols need (a CRLF line,
 * an exact number of bytes). Shared by the protocol clients; owns its socket.
 *
 * <p>Not thread-safe, except that one thread may write while one other reads; {@link #close} may be
 * called from any thread.
 */
public final class Wire implements AutoCloseable {
    /** The longest line a reply may have before the protocol is broken (Memcached and RESP headers). */
    public static final int MAX_LINE = 64 * 1024;
    private static final int BUFFER = 64 * 1024;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private byte[] line = new byte[256];

    private Wire(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream(), BUFFER);
        this.out = new BufferedOutputStream(socket.getOutputStream(), BUFFER);
    }

    public static Wire connect(InetSocketAddress address, int timeoutMillis) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(address, timeoutMillis);
            return new Wire(socket);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    public OutputStream out() {
        return out;
    }

    public InputStream in() {
        return in;
    }

    public void write(byte[] bytes) throws IOException {
        out.write(bytes);
    }

    public void writeAscii(String s) throws IOException {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            out.write(s.charAt(i));
        }
    }

    /** Writes a non-negative decimal number in ASCII. */
    public void writeDecimal(long value) throws IOException {
        if (value < 0) {
            out.write('-');
            value = -value;
        }
        if (value >= 10) {
            writeDecimal(value / 10);
        }
        out.write((int) ('0' + value % 10));
    }

    public void flush() throws IOException {
        out.flush();
    }

    public int read() throws IOException {
        int b = in.read();
        if (b < 0) {
            throw new EOFException("connection closed by the server");
        }
        return b;
    }

    /**
     * Reads up to CRLF and returns the line's length; its bytes are in {@link #line()} until the
     * next call.
     */
    public int readLine() throws IOException {
        int n = 0;
        while (true) {
            int b = read();
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
            line[n++] = (byte) b;
        }
    }

    public byte[] line() {
        return line;
    }

    public String lineString(int length) {
        return new String(line, 0, length, StandardCharsets.UTF_8);
    }

    /** The decimal number in {@code line()[from, to)}. */
    public long parseDecimal(int from, int to) throws IOException {
        if (from >= to) {
            throw new IOException("protocol: empty number");
        }
        boolean negative = line[from] == '-';
        int i = negative ? from + 1 : from;
        long v = 0;
        for (; i < to; i++) {
            int d = line[i] - '0';
            if (d < 0 || d > 9) {
                throw new IOException("protocol: not a number: " + lineString(to).substring(from));
            }
            v = v * 10 + d;
        }
        return negative ? -v : v;
    }

    public byte[] readExactly(int length) throws IOException {
        byte[] bytes = new byte[length];
        int n = in.readNBytes(bytes, 0, length);
        if (n < length) {
            throw new EOFException("connection closed by the server");
        }
        return bytes;
    }

    /** Reads and discards {@code length} bytes. */
    public void skip(long length) throws IOException {
        long left = length;
        while (left > 0) {
            long n = in.skip(left);
            if (n <= 0) {
                read();
                n = 1;
            }
            left -= n;
        }
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
