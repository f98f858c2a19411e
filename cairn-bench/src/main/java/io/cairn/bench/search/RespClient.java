package io.cairn.bench.search;

import io.cairn.bench.driver.Wire;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A minimal RESP2 client for arbitrary commands (FT.*, JSON.*): send any number, then read their
 * replies in order. Replies are {@link Long}, {@code byte[]} (bulk), {@link String} (simple),
 * {@link Error} (an error reply, returned, not thrown), {@link List} or null. Not thread-safe: one
 * per connection.
 */
final class RespClient implements AutoCloseable {
    /** An error reply. */
    record Error(String message) {
    }

    private final Wire wire;

    private RespClient(Wire wire) {
        this.wire = wire;
    }

    static RespClient connect(InetSocketAddress address) throws IOException {
        return new RespClient(Wire.connect(address, Wire.READ_TIMEOUT_MILLIS));
    }

    /** Queues one command; {@link #flush} sends what is queued. */
    void send(List<String> args) throws IOException {
        wire.write('*');
        wire.writeDecimal(args.size());
        wire.write('\r');
        wire.write('\n');
        for (String a : args) {
            byte[] b = a.getBytes(StandardCharsets.UTF_8);
            wire.write('$');
            wire.writeDecimal(b.length);
            wire.write('\r');
            wire.write('\n');
            wire.write(b);
            wire.write('\r');
            wire.write('\n');
        }
    }

    void flush() throws IOException {
        wire.flush();
    }

    Object read() throws IOException {
        int n = wire.readLine();
        if (n == 0) {
            throw new IOException("protocol: empty line");
        }
        byte type = wire.line()[0];
        return switch (type) {
            case '+' -> wire.lineString(n).substring(1);
            case '-' -> new Error(wire.lineString(n).substring(1));
            case ':' -> wire.parseDecimal(1, n);
            case '$' -> {
                long len = wire.parseDecimal(1, n);
                if (len < 0) {
                    yield null;
                }
                byte[] b = wire.readExactly((int) len);
                wire.expectCrlf();
                yield b;
            }
            case '*' -> {
                long len = wire.parseDecimal(1, n);
                if (len < 0) {
                    yield null;
                }
                List<Object> items = new ArrayList<>((int) Math.min(len, 1 << 16));
                for (long i = 0; i < len; i++) {
                    items.add(read());
                }
                yield items;
            }
            default -> throw new IOException("protocol: unexpected reply type " + (char) type);
        };
    }

    /** Sends one command and returns its reply; an error reply is thrown. */
    Object call(String... args) throws IOException {
        send(List.of(args));
        flush();
        Object r = read();
        if (r instanceof Error e) {
            throw new IOException(String.join(" ", args).substring(0, Math.min(60, String.join(" ", args).length()))
                    + ": " + e.message());
        }
        return r;
    }

    @Override
    public void close() {
        wire.close();
    }
}
