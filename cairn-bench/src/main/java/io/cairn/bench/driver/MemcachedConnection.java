package io.cairn.bench.driver;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A Memcached text-protocol connection, as {@link MemcachedProtocol} describes: each
 * {@link Command} becomes one command line (and data block), and replies are read in order, which
 * Memcached guarantees. Error lines ({@code ERROR}, {@code CLIENT_ERROR ...},
 * {@code SERVER_ERROR ...}) become {@link Reply.Status#ERROR} replies with the line as message.
 *
 * <p>One thread may send while one other receives: the only state they share is the queue of
 * outstanding commands.
 */
final class MemcachedConnection implements Connection {
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] GET = "get ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SET = "set ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] INCR = "incr ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DELETE = "delete ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SET_FLAGS = " 0 0 ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BY_ONE = " 1\r\n".getBytes(StandardCharsets.US_ASCII);
    /** The largest value read before the server is taken to be broken (Memcached's -I is at most 1 GiB). */
    private static final long MAX_VALUE_BYTES = 1L << 30;

    /** How to read the reply of a command. */
    private enum Kind { READ_RECORD, GET_VALUE, STORED, INCREMENT, DELETE }

    private final Wire wire;
    private final ConcurrentLinkedQueue<Kind> outstanding = new ConcurrentLinkedQueue<>();

    MemcachedConnection(Wire wire) {
        this.wire = wire;
    }

    @Override
    public void send(Command command) throws IOException {
        Kind kind = switch (command) {
            case Command.ReadRecord r -> {
                retrieve(key(r.key(), false));
                yield Kind.READ_RECORD;
            }
            case Command.WriteRecord w when w.wholeRecord() -> {
                byte[] key = key(w.key(), true);
                store(key, MemcachedProtocol.encodeRecord(w.values()));
                yield Kind.STORED;
            }
            case Command.WriteRecord w -> throw new UnsupportedOperationException(
                    "field update: a Memcached value is written whole");
            case Command.Scan s -> throw new UnsupportedOperationException(
                    "scan: Memcached has no key order");
            case Command.SetField f -> throw new UnsupportedOperationException(
                    "set field: a Memcached value is written whole");
            case Command.Call c -> throw new UnsupportedOperationException(
                    "Redis command: Memcached speaks its own protocol");
            case Command.SetValue s -> {
                store(key(s.key(), true), s.value());
                yield Kind.STORED;
            }
            case Command.GetValue g -> {
                retrieve(key(g.key(), false));
                yield Kind.GET_VALUE;
            }
            case Command.Increment i -> {
                byte[] key = key(i.key(), false);
                wire.write(INCR);
                wire.write(key);
                wire.write(BY_ONE);
                yield Kind.INCREMENT;
            }
            case Command.Delete d -> {
                byte[] key = key(d.key(), false);
                wire.write(DELETE);
                wire.write(key);
                wire.write(CRLF);
                yield Kind.DELETE;
            }
        };
        outstanding.add(kind);
    }

    private void retrieve(byte[] key) throws IOException {
        wire.write(GET);
        wire.write(key);
        wire.write(CRLF);
    }

    private void store(byte[] key, byte[] value) throws IOException {
        wire.write(SET);
        wire.write(key);
        wire.write(SET_FLAGS);
        wire.writeDecimal(value.length);
        wire.write(CRLF);
        wire.write(value);
        wire.write(CRLF);
    }

    /**
     * The key's UTF-8 bytes.
     *
     * @param storage whether a data block follows the command line, so that a key the server refuses
     *     would put the connection out of step
     * @throws IllegalArgumentException when the key is empty, has a space or control character, or
     *     is too long for a storage command
     */
    static byte[] key(String key, boolean storage) {
        byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
        if (bytes.length == 0) {
            throw new IllegalArgumentException("key: empty (expected: 1 to "
                    + MemcachedProtocol.MAX_KEY_BYTES + " bytes)");
        }
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xff;
            if (b <= ' ' || b == 0x7f) {
                throw new IllegalArgumentException("key: byte " + b + " at " + i
                        + " (expected: no spaces or control characters)");
            }
        }
        if (storage && bytes.length > MemcachedProtocol.MAX_KEY_BYTES) {
            throw new IllegalArgumentException("key: " + bytes.length + " bytes (expected: <= "
                    + MemcachedProtocol.MAX_KEY_BYTES + ")");
        }
        return bytes;
    }

    @Override
    public void flush() throws IOException {
        wire.flush();
    }

    @Override
    public Reply receive() throws IOException {
        Kind kind = outstanding.poll();
        if (kind == null) {
            throw new IllegalStateException("receive: no command outstanding");
        }
        int n = wire.readLine();
        if (isError(n)) {
            return Reply.error(wire.lineString(n));
        }
        return switch (kind) {
            case READ_RECORD, GET_VALUE -> {
                if (is(n, "END")) {
                    yield Reply.missing();
                }
                byte[] value = readValue(n);
                if (kind == Kind.GET_VALUE) {
                    yield Reply.value(value);
                }
                int fields = MemcachedProtocol.countFields(value, 0, value.length);
                yield fields < 0
                        ? Reply.error("WRONGTYPE the value of " + value.length + " bytes is not a record")
                        : Reply.ok(fields);
            }
            case STORED -> {
                if (is(n, "STORED")) {
                    yield Reply.ok();
                }
                if (is(n, "NOT_STORED")) {
                    yield Reply.error("NOT_STORED");
                }
                throw unexpected(n, "STORED");
            }
            case INCREMENT -> is(n, "NOT_FOUND") ? Reply.missing() : Reply.ok(wire.parseDecimal(0, n));
            case DELETE -> {
                if (is(n, "DELETED")) {
                    yield Reply.ok(1);
                }
                if (is(n, "NOT_FOUND")) {
                    yield Reply.ok(0);
                }
                throw unexpected(n, "DELETED or NOT_FOUND");
            }
        };
    }

    /** Reads the data block announced by the {@code VALUE key flags bytes} line and the END after it. */
    private byte[] readValue(int n) throws IOException {
        byte[] line = wire.line();
        if (!startsWith(n, "VALUE ")) {
            throw unexpected(n, "VALUE or END");
        }
        int from = n;
        while (from > 0 && line[from - 1] != ' ') {
            from--;
        }
        long length = wire.parseDecimal(from, n);
        if (length < 0 || length > MAX_VALUE_BYTES) {
            throw new IOException("protocol: value length " + length + " (expected: 0 to " + MAX_VALUE_BYTES + ")");
        }
        byte[] value = wire.readExactly((int) length);
        wire.expectCrlf();
        int end = wire.readLine();
        if (!is(end, "END")) {
            throw unexpected(end, "END after one value");
        }
        return value;
    }

    private boolean isError(int n) {
        return is(n, "ERROR") || startsWith(n, "CLIENT_ERROR") || startsWith(n, "SERVER_ERROR");
    }

    private boolean is(int n, String word) {
        return n == word.length() && startsWith(n, word);
    }

    private boolean startsWith(int n, String prefix) {
        if (n < prefix.length()) {
            return false;
        }
        byte[] line = wire.line();
        for (int i = 0; i < prefix.length(); i++) {
            if (line[i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private IOException unexpected(int n, String expected) {
        String line = wire.lineString(Math.min(n, 200));
        return new IOException("protocol: reply \"" + line + "\" (expected: " + expected + ")");
    }

    @Override
    public void close() {
        wire.close();
    }
}
