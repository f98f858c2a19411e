package io.cairn.cli.load;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The client side of RESP2 over one socket: commands go out as arrays of bulk strings through a
 * buffered stream (nothing is sent until {@link #flush}), replies are read back in order. Only the
 * reply types a loader meets are parsed: simple string, error, integer, bulk, array.
 *
 * <p>Limits are checked before anything is allocated: a header line longer than
 * {@value #MAX_LINE} bytes, a bulk longer than {@value #MAX_BULK} bytes, an array of more than
 * {@value #MAX_ARRAY} items or nested deeper than {@value #MAX_DEPTH} is a protocol error, which
 * leaves the connection unusable.
 *
 * <p>Stalls: a read that waits longer than the timeout fails with a {@link SocketTimeoutException};
 * a write cannot time out in Java, so {@link #stalledSince} tells a watchdog how long the current
 * write has been blocked and {@link #abort} closes the socket under it.
 *
 * <p>One thread uses a connection; only {@link #stalledSince} and {@link #abort} may be called from
 * another.
 */
final class RespConnection implements Closeable {
    static final int MAX_LINE = 64 * 1024;
    static final int MAX_BULK = 64 * 1024 * 1024;
    static final int MAX_ARRAY = 1024 * 1024;
    static final int MAX_DEPTH = 32;
    private static final int BUFFER = 64 * 1024;
    private static final byte[] CRLF = {'\r', '\n'};

    private final Socket socket;
    private final String peer;
    private final int timeoutMillis;
    private final InputStream in;
    private final OutputStream out;
    private final byte[] line = new byte[MAX_LINE];
    /** {@link System#nanoTime} when the write in progress started, or 0 when none is. */
    private volatile long writingSince;
    private volatile boolean aborted;

    private RespConnection(Socket socket, String peer, int timeoutMillis) throws IOException {
        this.socket = socket;
        this.peer = peer;
        this.timeoutMillis = timeoutMillis;
        this.in = new BufferedInputStream(socket.getInputStream(), BUFFER);
        this.out = new BufferedOutputStream(socket.getOutputStream(), BUFFER);
    }

    /**
     * Connects to {@code host:port}; connecting and each later read may take at most
     * {@code timeoutMillis}.
     */
    static RespConnection open(String host, int port, int timeoutMillis) throws IOException {
        Socket s = new Socket();
        String peer = host + ":" + port;
        try {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(host, port), timeoutMillis);
            s.setSoTimeout(timeoutMillis);
            return new RespConnection(s, peer, timeoutMillis);
        } catch (IOException e) {
            s.close();
            throw new IOException("cannot connect to " + peer + ": " + e.getMessage(), e);
        }
    }

    /** Sends {@code AUTH password} and waits for its reply. */
    void authenticate(String password) throws IOException {
        Reply r = call("AUTH", password);
        if (r instanceof Reply.Error e) {
            throw new IOException("AUTH refused by " + peer + ": " + e.message());
        }
    }

    String peer() {
        return peer;
    }

    /** Writes one command and flushes, then reads its reply. */
    Reply call(String... args) throws IOException {
        byte[][] bytes = new byte[args.length][];
        for (int i = 0; i < args.length; i++) {
            bytes[i] = args[i].getBytes(StandardCharsets.UTF_8);
        }
        write(bytes);
        flush();
        return read();
    }

    /** Buffers one command, an array of bulk strings; it may reach the socket before {@link #flush}. */
    void write(byte[]... args) throws IOException {
        writingSince = System.nanoTime();
        try {
            header('*', args.length);
            for (byte[] a : args) {
                header('$', a.length);
                out.write(a);
                out.write(CRLF);
            }
        } catch (IOException e) {
            throw failure("write", e);
        } finally {
            writingSince = 0;
        }
    }

    void flush() throws IOException {
        writingSince = System.nanoTime();
        try {
            out.flush();
        } catch (IOException e) {
            throw failure("write", e);
        } finally {
            writingSince = 0;
        }
    }

    /** Reads the next reply. */
    Reply read() throws IOException {
        try {
            return reply(0);
        } catch (SocketTimeoutException e) {
            throw new IOException("no reply from " + peer + " within " + seconds() + " s", e);
        } catch (IOException e) {
            throw failure("read", e);
        }
    }

    private Reply reply(int depth) throws IOException {
        int type = in.read();
        if (type < 0) {
            throw new EOFException("connection closed by the server");
        }
        int n = readLine();
        return switch (type) {
            case '+' -> new Reply.Simple(new String(line, 0, n, StandardCharsets.UTF_8));
            case '-' -> new Reply.Error(new String(line, 0, n, StandardCharsets.UTF_8));
            case ':' -> new Reply.Int(number(n));
            case '$' -> bulk(number(n));
            case '*' -> array(number(n), depth);
            default -> throw protocol("reply type: '" + printable(type) + "' (expected: one of + - : $ *)");
        };
    }

    private Reply bulk(long length) throws IOException {
        if (length == -1) {
            return new Reply.Null();
        }
        if (length < 0 || length > MAX_BULK) {
            throw protocol("bulk length: " + length + " (expected: -1 <= length <= " + MAX_BULK + ")");
        }
        byte[] b = in.readNBytes((int) length);
        if (b.length < length) {
            throw new EOFException("connection closed by the server inside a bulk reply");
        }
        if (in.read() != '\r' || in.read() != '\n') {
            throw protocol("bulk reply not followed by CRLF");
        }
        return new Reply.Bulk(b);
    }

    private Reply array(long count, int depth) throws IOException {
        if (count == -1) {
            return new Reply.Null();
        }
        if (count < 0 || count > MAX_ARRAY) {
            throw protocol("array length: " + count + " (expected: -1 <= length <= " + MAX_ARRAY + ")");
        }
        if (depth >= MAX_DEPTH) {
            throw protocol("array depth: " + (depth + 1) + " (expected: <= " + MAX_DEPTH + ")");
        }
        List<Reply> items = new ArrayList<>((int) Math.min(count, 1024));
        for (long i = 0; i < count; i++) {
            items.add(reply(depth + 1));
        }
        return new Reply.Array(items);
    }

    /** Reads up to CRLF into {@link #line}; answers the length without the CRLF. */
    private int readLine() throws IOException {
        int n = 0;
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection closed by the server inside a reply");
            }
            if (b == '\r') {
                if (in.read() != '\n') {
                    throw protocol("CR not followed by LF in a reply line");
                }
                return n;
            }
            if (n == MAX_LINE) {
                throw protocol("reply line longer than " + MAX_LINE + " bytes");
            }
            line[n++] = (byte) b;
        }
    }

    private long number(int n) throws IOException {
        try {
            return Long.parseLong(new String(line, 0, n, StandardCharsets.US_ASCII));
        } catch (NumberFormatException e) {
            throw protocol("number: '" + new String(line, 0, Math.min(n, 40), StandardCharsets.US_ASCII)
                    + "' (expected: an integer)");
        }
    }

    private void header(char type, int n) throws IOException {
        out.write(type);
        out.write(Integer.toString(n).getBytes(StandardCharsets.US_ASCII));
        out.write(CRLF);
    }

    private IOException protocol(String what) {
        return new IOException("protocol error from " + peer + ": " + what);
    }

    private IOException failure(String op, IOException e) {
        if (aborted) {
            return new IOException("no progress writing to " + peer + " for " + seconds() + " s (server stalled?)", e);
        }
        if (e.getMessage() != null && e.getMessage().startsWith("protocol error")) {
            return e;
        }
        return new IOException("connection to " + peer + " failed during " + op + ": " + e.getMessage(), e);
    }

    private static String printable(int b) {
        return b >= 0x20 && b < 0x7f ? Character.toString(b) : String.format("\\x%02x", b);
    }

    private long seconds() {
        return Math.max(1, timeoutMillis / 1000);
    }

    /** When the write in progress started ({@link System#nanoTime}), or 0 if no write is blocked. */
    long stalledSince() {
        return writingSince;
    }

    /** Closes the socket under a stalled write; the writer then fails with a "no progress" error. */
    void abort() {
        aborted = true;
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is best effort: the writer fails either way
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing is pending on a connection being closed
        }
    }
}
