package io.cairn.server.memcached;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * The answer to one request: its bytes (null for none: noreply, q), the future that completes once
 * what it depends on is durable, and whether the connection closes after it ({@code quit}).
 */
record Reply(byte[] bytes, CompletableFuture<Void> durable, boolean close) {
    static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    static Reply line(String line) {
        return new Reply((line + "\r\n").getBytes(StandardCharsets.ISO_8859_1), DONE, false);
    }

    static Reply none() {
        return new Reply(null, DONE, false);
    }

    /** {@code line}, or nothing when the request asked for no reply. */
    static Reply line(String line, boolean quiet) {
        return quiet ? none() : line(line);
    }

    Reply after(CompletableFuture<Void> future) {
        return new Reply(bytes, future, close);
    }

    /** A growing reply: lines, words and values. Not thread-safe. */
    static final class Builder extends ByteArrayOutputStream {
        Builder() {
            super(64);
        }

        Builder text(String s) {
            byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
            write(b, 0, b.length);
            return this;
        }

        Builder bytes(byte[] b) {
            write(b, 0, b.length);
            return this;
        }

        Builder crlf() {
            write('\r');
            write('\n');
            return this;
        }

        Reply reply(CompletableFuture<Void> durable) {
            return new Reply(toByteArray(), durable, false);
        }
    }
}
