package io.cairn.resp.client;

import io.cairn.common.Checks;
import io.cairn.resp.RespProtocolException;
import io.cairn.resp.RespReplyAggregator;
import io.cairn.resp.RespReplyDecoder;
import io.cairn.resp.RespReplyLimits;
import io.cairn.resp.RespRequestEncoder;
import io.cairn.resp.RespValue;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.List;

/**
 * A blocking RESP client on one TCP socket, the one Cairn's own tools use: {@code cairn load},
 * the {@code cairn bench} drivers and the tests. Requests are encoded by {@link RespRequestEncoder}
 * into a write buffer that reaches the socket at {@link #flush} (or earlier, once 64 KiB are
 * waiting), so any number of commands can be pipelined; replies are read back in order, either
 * whole as {@link RespValue}s ({@link #read}) or token by token ({@link #next}), which lets a
 * caller that only counts or skips allocate nothing per reply. RESP2 and RESP3 replies are both
 * understood; {@link #hello} switches the protocol. A RESP3 push is returned by {@link #read} like
 * a reply (in RESP3 the confirmations of {@code SUBSCRIBE} are pushes); attributes are dropped.
 *
 * <p>The socket lives here, in its own package, and not in the codec beside it: the codec classes
 * of {@code io.cairn.resp} stay free of sockets and the server shares them, while this client adds
 * only blocking I/O (plain streams and two heap buffers) on top, for tools and tests that want
 * neither Netty's transport nor a client library's threads.
 *
 * <p><b>Failures.</b> Every failure is an {@link IOException} naming the server, and leaves the
 * connection closed: later calls fail with the first failure's message.
 * <ul>
 *   <li>{@code cannot connect to host:port: <reason>}, within the connect timeout;</li>
 *   <li>{@code no reply from host:port within N s}, a {@link SocketTimeoutException}, when a read
 *       waits longer than the read timeout;</li>
 *   <li>{@code protocol error from host:port: <what>} when the server's bytes are not RESP or
 *       break the {@link RespReplyLimits} (the cause is the {@link RespProtocolException});</li>
 *   <li>{@code connection to host:port failed during read: connection closed by the server}, an
 *       {@link EOFException}, with {@code inside a reply} when it ended in the middle of one;</li>
 *   <li>{@code connection to host:port failed during read|write: <reason>} for any other I/O error;</li>
 *   <li>the reason given to {@link #abort}, for the call the abort interrupted.</li>
 * </ul>
 * A reply the server sends as an error is not a failure: it is an {@link RespValue.ErrorReply}.
 *
 * <p><b>Threads.</b> Not thread-safe, except that one thread may write and flush while one other
 * reads (the two sides share only the socket); {@link #writeBlockedSince}, {@link #abort} and
 * {@link #close} may be called from any thread, and closing makes blocked calls fail. Java cannot
 * time out a blocked socket write, so a watchdog that needs one polls {@link #writeBlockedSince}
 * and calls {@link #abort}.
 */
public final class RespClient implements AutoCloseable {

    /**
     * How a client connects and reads.
     *
     * @param connectTimeoutMillis how long connecting may take
     * @param readTimeoutMillis how long one read may wait for the server; 0 waits for ever
     * @param limits what a reply may hold before it is a protocol error
     */
    public record Options(int connectTimeoutMillis, int readTimeoutMillis, RespReplyLimits limits) {
        public static final Options DEFAULT = new Options(10_000, 30_000, RespReplyLimits.DEFAULT);

        public Options {
            Checks.positive("connectTimeoutMillis", connectTimeoutMillis);
            Checks.nonNegative("readTimeoutMillis", readTimeoutMillis);
            Checks.notNull("limits", limits);
        }

        public Options withConnectTimeoutMillis(int value) {
            return new Options(value, readTimeoutMillis, limits);
        }

        public Options withReadTimeoutMillis(int value) {
            return new Options(connectTimeoutMillis, value, limits);
        }

        public Options withLimits(RespReplyLimits value) {
            return new Options(connectTimeoutMillis, readTimeoutMillis, value);
        }
    }

    /** Initial size of each buffer, and how much waits in the write buffer before it is sent. */
    static final int BUFFER_BYTES = 64 * 1024;
    /** An argument at least this long goes to the socket from the caller's array, not copied. */
    static final int DIRECT_WRITE_BYTES = 32 * 1024;
    /** An empty buffer that grew past this for one large reply or command shrinks back. */
    private static final int MAX_IDLE_CAPACITY = 1024 * 1024;
    /** Room made in the read buffer before each socket read. */
    private static final int MIN_READ_BYTES = 8 * 1024;
    private static final byte[] CRLF = {'\r', '\n'};

    private final Socket socket;
    private final String peer;
    private final Options options;
    private final InputStream input;
    private final OutputStream output;
    private final RespReplyAggregator aggregator;
    private final RespReplyDecoder decoder;
    private ByteBuf in = Unpooled.buffer(BUFFER_BYTES);
    private ByteBuf out = Unpooled.buffer(BUFFER_BYTES);

    private volatile IOException failure;
    private volatile String abortReason;
    /** {@link System#nanoTime} when the socket write in progress began, or 0 when none is. */
    private volatile long writingSince;
    private volatile int protocol = 2;

    private RespClient(Socket socket, String peer, Options options) throws IOException {
        this.socket = socket;
        this.peer = peer;
        this.options = options;
        this.input = socket.getInputStream();
        this.output = socket.getOutputStream();
        this.aggregator = new RespReplyAggregator(options.limits());
        this.decoder = aggregator.decoder();
    }

    /** Connects to {@code host:port} with TCP_NODELAY. */
    public static RespClient connect(String host, int port, Options options) throws IOException {
        return connect(new InetSocketAddress(host, port), options);
    }

    /** Connects to {@code address} with TCP_NODELAY. */
    public static RespClient connect(InetSocketAddress address, Options options) throws IOException {
        String peer = address.getHostString() + ":" + address.getPort();
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(address, options.connectTimeoutMillis());
            s.setSoTimeout(options.readTimeoutMillis());
            return new RespClient(s, peer, options);
        } catch (IOException | RuntimeException e) {
            s.close();
            throw new IOException("cannot connect to " + peer + ": " + e.getMessage(), e);
        }
    }

    /** {@code host:port}, as errors name the server. */
    public String peer() {
        return peer;
    }

    /** 2, or what the last successful {@link #hello} chose. */
    public int protocol() {
        return protocol;
    }

    // ---------------------------------------------------------------------------------------------
    // Writing

    /** Buffers one command, an array of bulk strings. */
    public void send(byte[]... args) throws IOException {
        writeArrayHeader(args.length);
        for (byte[] arg : args) {
            writeBulk(arg);
        }
    }

    /** Buffers one command, each argument as UTF-8. */
    public void send(CharSequence... args) throws IOException {
        writeArrayHeader(args.length);
        for (CharSequence arg : args) {
            writeBulk(arg);
        }
    }

    /** Buffers one command, each argument as UTF-8. */
    public void send(List<? extends CharSequence> args) throws IOException {
        writeArrayHeader(args.size());
        for (CharSequence arg : args) {
            writeBulk(arg);
        }
    }

    /** Starts a command of {@code count} arguments, each to be written by one {@code writeBulk}. */
    public void writeArrayHeader(int count) throws IOException {
        RespRequestEncoder.writeArrayHeader(out, count);
        drainIfFull();
    }

    public void writeBulk(byte[] value) throws IOException {
        if (value.length >= DIRECT_WRITE_BYTES) {
            RespRequestEncoder.writeBulkHeader(out, value.length);
            drain();
            writeToSocket(value, 0, value.length);
            out.writeBytes(CRLF);
            return;
        }
        RespRequestEncoder.writeBulk(out, value);
        drainIfFull();
    }

    public void writeBulk(CharSequence value) throws IOException {
        RespRequestEncoder.writeBulk(out, value);
        drainIfFull();
    }

    /** {@code value}'s decimal digits as one argument. */
    public void writeBulk(long value) throws IOException {
        RespRequestEncoder.writeBulk(out, value);
        drainIfFull();
    }

    /** Sends everything buffered. */
    public void flush() throws IOException {
        drain();
    }

    /** When the socket write in progress began ({@link System#nanoTime}), or 0 if none is blocked. */
    public long writeBlockedSince() {
        return writingSince;
    }

    private void drainIfFull() throws IOException {
        if (out.readableBytes() >= BUFFER_BYTES) {
            drain();
        }
    }

    private void drain() throws IOException {
        int n = out.readableBytes();
        if (n == 0) {
            return;
        }
        writeToSocket(out.array(), out.arrayOffset() + out.readerIndex(), n);
        out.clear();
        if (out.capacity() > MAX_IDLE_CAPACITY) {
            out.capacity(BUFFER_BYTES);
        }
    }

    private void writeToSocket(byte[] bytes, int offset, int length) throws IOException {
        ensureUsable();
        long now = System.nanoTime();
        writingSince = now == 0 ? 1 : now;
        try {
            output.write(bytes, offset, length);
        } catch (IOException e) {
            throw failed("write", e);
        } finally {
            writingSince = 0;
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Reading

    /** Reads the next whole reply; not to be called in the middle of a reply read by {@link #next}. */
    public RespValue read() throws IOException {
        ensureUsable();
        while (true) {
            RespValue value;
            try {
                value = aggregator.decode(in);
            } catch (RespProtocolException e) {
                throw protocolError(e);
            }
            if (value != null) {
                return value;
            }
            fill();
        }
    }

    /**
     * Reads the next token of the reply stream, skipping attributes; its value, length or content
     * are then read from {@link #reply()}, and stay valid until the next call.
     */
    public RespReplyDecoder.Token next() throws IOException {
        ensureUsable();
        while (true) {
            RespReplyDecoder.Token token;
            try {
                token = decoder.next(in);
            } catch (RespProtocolException e) {
                throw protocolError(e);
            }
            if (token == RespReplyDecoder.Token.ATTRIBUTE) {
                skipAggregate();
            } else if (token != null) {
                return token;
            } else {
                fill();
            }
        }
    }

    /** The token {@link #next} last returned: its value, length and content. */
    public RespReplyDecoder reply() {
        return decoder;
    }

    /** Reads the rest of the value {@code token} (just returned by {@link #next}) began. */
    public void skip(RespReplyDecoder.Token token) throws IOException {
        if (token.isAggregate()) {
            skipAggregate();
        }
    }

    /** After an aggregate header from {@link #next}, reads up to and including its {@code END}. */
    private void skipAggregate() throws IOException {
        int outside = decoder.depth() - 1;
        RespReplyDecoder.Token token;
        do {
            token = next();
        } while (token != RespReplyDecoder.Token.END || decoder.depth() != outside);
    }

    private void fill() throws IOException {
        ensureUsable();
        if (!in.isReadable()) {
            in.clear();
            if (in.capacity() > MAX_IDLE_CAPACITY) {
                in.capacity(BUFFER_BYTES);
            }
        } else if (in.writableBytes() < MIN_READ_BYTES && in.readerIndex() > 0) {
            in.discardReadBytes();
        }
        in.ensureWritable(MIN_READ_BYTES);
        int n;
        try {
            n = in.writeBytes(input, in.writableBytes());
        } catch (IOException e) {
            throw failed("read", e);
        }
        if (n < 0) {
            boolean inside = in.isReadable() || !decoder.atReplyBoundary();
            throw fail(new EOFException("connection to " + peer + " failed during read: connection closed by the server"
                    + (inside ? " inside a reply" : "")));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Commands

    /** Sends one command, flushes, and reads its reply. */
    public RespValue call(CharSequence... args) throws IOException {
        send(args);
        flush();
        return read();
    }

    /** Sends one command, flushes, and reads its reply. */
    public RespValue call(byte[]... args) throws IOException {
        send(args);
        flush();
        return read();
    }

    /** {@code HELLO protover}: see {@link #hello(int, String, String)}. */
    public RespValue hello(int protover) throws IOException {
        return hello(protover, null, null);
    }

    /**
     * {@code HELLO protover [AUTH user password]}: asks the server to speak RESP2 or RESP3 from now
     * on, authenticating when {@code user} is not null.
     *
     * @return the server's description of itself (a map in RESP3, a flat array in RESP2)
     * @throws IOException when the server refuses, with its words: {@code HELLO 3 refused by host:port: NOPROTO ...}
     */
    public RespValue hello(int protover, String user, String password) throws IOException {
        Checks.inRange("protover", protover, 2, 3);
        RespValue reply = user == null ? call("HELLO", Integer.toString(protover))
                : call("HELLO", Integer.toString(protover), "AUTH", user, password);
        if (reply instanceof RespValue.ErrorReply e) {
            throw new IOException("HELLO " + protover + " refused by " + peer + ": " + e.message());
        }
        protocol = protover;
        return reply;
    }

    // ---------------------------------------------------------------------------------------------
    // Failure and close

    /**
     * Closes the socket under whatever call is blocked on it; that call, and every later one,
     * fails with {@code reason}.
     */
    public void abort(String reason) {
        abortReason = Checks.notNull("reason", reason);
        fail(new IOException(reason));
    }

    @Override
    public void close() {
        closeSocket();
    }

    private void ensureUsable() throws IOException {
        IOException f = failure;
        if (f != null) {
            throw new IOException(f.getMessage(), f);
        }
    }

    private IOException protocolError(RespProtocolException e) {
        return fail(new IOException("protocol error from " + peer + ": " + e.getMessage(), e));
    }

    private IOException failed(String op, IOException e) {
        String reason = abortReason;
        if (reason != null) {
            return new IOException(reason, e);
        }
        IOException earlier = failure;
        if (earlier != null) {
            return new IOException(earlier.getMessage(), earlier);
        }
        if (e instanceof SocketTimeoutException) {
            SocketTimeoutException timeout = new SocketTimeoutException(
                    "no reply from " + peer + " within " + Math.max(1, options.readTimeoutMillis() / 1000) + " s");
            timeout.initCause(e);
            return fail(timeout);
        }
        return fail(new IOException("connection to " + peer + " failed during " + op + ": " + e.getMessage(), e));
    }

    /** Records the first failure and closes the socket, so the other side's thread fails too. */
    private IOException fail(IOException e) {
        synchronized (this) {
            if (failure == null) {
                failure = e;
            }
        }
        closeSocket();
        return e;
    }

    private void closeSocket() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing: nothing left to tell the caller
        }
    }
}
