package io.cairn.bench.driver;

import static io.cairn.bench.driver.TarantoolProtocol.INCREMENT_FUNCTION;
import static io.cairn.bench.driver.TarantoolProtocol.KV_SPACE_ID;
import static io.cairn.bench.driver.TarantoolProtocol.USERTABLE_SPACE_ID;

import io.cairn.bench.driver.iproto.IprotoFormat;
import io.cairn.bench.driver.iproto.IprotoFrame;
import io.cairn.bench.driver.iproto.IprotoFrameReader;
import io.cairn.bench.driver.iproto.MsgPackBuffers;
import io.cairn.bench.driver.iproto.RequestBuffer;
import io.cairn.bench.workload.KeyNames;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.SequencedMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.msgpack.core.MessagePackException;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.core.buffer.ArrayBufferInput;
import org.msgpack.value.ValueType;

/**
 * An IPROTO connection, as {@link TarantoolProtocol} describes: each {@link Command} becomes one
 * request with its own sync, encoded into a buffer by {@link #send} and written by {@link #flush}.
 * {@link #receive} reads replies until the one for the oldest outstanding request arrives, keeping
 * any that overtook it (by sync) for later calls, so replies come back in request order.
 *
 * <p>One thread may send and flush while one other receives. The send side owns the request
 * buffer and the next sync; the receive side owns the frame reader and the replies that arrived
 * early; the only state they share is the {@link ConcurrentLinkedQueue} of outstanding requests, to
 * which {@link #send} adds a request before {@link #flush} can write it, so its entry is there by
 * the time its reply is read.
 *
 * <p>Requests are packed with msgpack-core into a {@link RequestBuffer} and replies decoded with
 * one reused {@link MessageUnpacker}, so the steady state allocates per request only the pending
 * entry, each string's UTF-8 bytes, the reply frame's array and the {@link Reply}.
 */
final class TarantoolConnection implements Connection {
    private static final int BUFFER = 64 * 1024;
    private static final byte[] ASSIGN = {'='};

    /** How to read the reply of a request. */
    private enum Kind { READ_RECORD, STORED, UPDATED, SCAN, GET_VALUE, INCREMENT, DELETE }

    private record Pending(long sync, Kind kind) {
    }

    private final Socket socket;
    private final OutputStream out;
    private final boolean scan;
    private final String greeting;
    private final ConcurrentLinkedQueue<Pending> outstanding = new ConcurrentLinkedQueue<>();
    // Send side.
    private final RequestBuffer requests = new RequestBuffer(BUFFER);
    private final MessagePacker pack = requests.packer();
    private long nextSync = 1;
    // Receive side.
    private final IprotoFrameReader frames;
    private final Map<Long, IprotoFrame> early = new HashMap<>();
    private final ArrayBufferInput bodyInput = MsgPackBuffers.emptyInput();
    private final MessageUnpacker body = MsgPackBuffers.unpacker(bodyInput);

    private TarantoolConnection(Socket socket, IprotoFrameReader frames, String greeting, boolean scan)
            throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.frames = frames;
        this.greeting = greeting;
        this.scan = scan;
    }

    /**
     * Connects and reads the server's greeting, both within {@code timeoutMillis} (0: no limit).
     *
     * @param scan whether the primary index is a TREE, which scans need
     */
    static TarantoolConnection open(InetSocketAddress address, int timeoutMillis, boolean scan)
            throws IOException {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(address, timeoutMillis);
            socket.setSoTimeout(timeoutMillis);
            IprotoFrameReader frames = new IprotoFrameReader(socket.getInputStream());
            String greeting = frames.readGreeting();
            socket.setSoTimeout(Wire.READ_TIMEOUT_MILLIS);
            return new TarantoolConnection(socket, frames, greeting, scan);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /** The first line of the server's greeting, such as {@code "Tarantool 2.6.0 (Binary) <uuid>"}. */
    String greeting() {
        return greeting;
    }

    @Override
    public void send(Command command) throws IOException {
        int start = requests.size();
        Kind kind;
        try {
            kind = switch (command) {
                case Command.ReadRecord r -> {
                    select(USERTABLE_SPACE_ID, r.key(), IprotoFormat.ITERATOR_EQ, 1);
                    yield Kind.READ_RECORD;
                }
                case Command.WriteRecord w when w.wholeRecord() -> {
                    replaceRecord(w.key(), w.values());
                    yield Kind.STORED;
                }
                case Command.WriteRecord w -> {
                    updateFields(w.key(), w.values());
                    yield Kind.UPDATED;
                }
                case Command.Scan s -> {
                    if (!scan) {
                        throw new UnsupportedOperationException(
                                "scan: the primary index is a HASH, which has no key order");
                    }
                    select(USERTABLE_SPACE_ID, s.key(), IprotoFormat.ITERATOR_GE, s.count());
                    yield Kind.SCAN;
                }
                case Command.SetValue s -> {
                    int at = begin(IprotoFormat.REPLACE);
                    pack.packMapHeader(2);
                    pack.packLong(IprotoFormat.SPACE_ID).packLong(KV_SPACE_ID);
                    pack.packLong(IprotoFormat.TUPLE).packArrayHeader(2).packString(s.key());
                    binary(s.value());
                    requests.end(at);
                    yield Kind.STORED;
                }
                case Command.GetValue g -> {
                    select(KV_SPACE_ID, g.key(), IprotoFormat.ITERATOR_EQ, 1);
                    yield Kind.GET_VALUE;
                }
                case Command.SetField f -> {
                    upsertField(f.key(), fieldNumber(f.field()), f.value());
                    yield Kind.STORED;
                }
                case Command.Increment i -> {
                    int at = begin(IprotoFormat.CALL);
                    pack.packMapHeader(2);
                    pack.packLong(IprotoFormat.FUNCTION_NAME).packString(INCREMENT_FUNCTION);
                    pack.packLong(IprotoFormat.TUPLE).packArrayHeader(1).packString(i.key());
                    requests.end(at);
                    yield Kind.INCREMENT;
                }
                case Command.Call c -> throw new UnsupportedOperationException(
                        "Redis command: Tarantool speaks IPROTO");
                case Command.Delete d -> {
                    int at = begin(IprotoFormat.DELETE);
                    pack.packMapHeader(3);
                    pack.packLong(IprotoFormat.SPACE_ID).packLong(USERTABLE_SPACE_ID);
                    pack.packLong(IprotoFormat.INDEX_ID).packLong(0);
                    pack.packLong(IprotoFormat.KEY).packArrayHeader(1).packString(d.key());
                    requests.end(at);
                    yield Kind.DELETE;
                }
            };
        } catch (IOException | RuntimeException e) {
            requests.truncate(start); // nothing of a refused command is sent
            throw e;
        }
        outstanding.add(new Pending(nextSync, kind));
        nextSync++;
    }

    /** Starts a request with the next sync; returns the offset of its length prefix. */
    private int begin(int requestType) throws IOException {
        int at = requests.begin();
        pack.packMapHeader(2);
        pack.packLong(IprotoFormat.REQUEST_TYPE).packLong(requestType);
        pack.packLong(IprotoFormat.SYNC).packLong(nextSync);
        return at;
    }

    private void select(int space, String key, int iterator, int limit) throws IOException {
        int at = begin(IprotoFormat.SELECT);
        pack.packMapHeader(5);
        pack.packLong(IprotoFormat.SPACE_ID).packLong(space);
        pack.packLong(IprotoFormat.INDEX_ID).packLong(0);
        pack.packLong(IprotoFormat.LIMIT).packLong(limit);
        pack.packLong(IprotoFormat.ITERATOR).packLong(iterator);
        pack.packLong(IprotoFormat.KEY).packArrayHeader(1).packString(key);
        requests.end(at);
    }

    private void replaceRecord(String key, SequencedMap<String, byte[]> values) throws IOException {
        byte[][] fields = inFieldOrder(values);
        int at = begin(IprotoFormat.REPLACE);
        pack.packMapHeader(2);
        pack.packLong(IprotoFormat.SPACE_ID).packLong(USERTABLE_SPACE_ID);
        pack.packLong(IprotoFormat.TUPLE).packArrayHeader(1 + fields.length).packString(key);
        for (byte[] value : fields) {
            binary(value);
        }
        requests.end(at);
    }

    private void updateFields(String key, SequencedMap<String, byte[]> values) throws IOException {
        int at = begin(IprotoFormat.UPDATE);
        pack.packMapHeader(4);
        pack.packLong(IprotoFormat.SPACE_ID).packLong(USERTABLE_SPACE_ID);
        pack.packLong(IprotoFormat.INDEX_ID).packLong(0);
        pack.packLong(IprotoFormat.KEY).packArrayHeader(1).packString(key);
        pack.packLong(IprotoFormat.TUPLE).packArrayHeader(values.size()); // UPDATE's operations
        for (Map.Entry<String, byte[]> e : values.entrySet()) {
            assign(fieldNumber(e.getKey()), e.getValue());
        }
        requests.end(at);
    }

    private void upsertField(String key, int field, byte[] value) throws IOException {
        int at = begin(IprotoFormat.UPSERT);
        pack.packMapHeader(4);
        pack.packLong(IprotoFormat.SPACE_ID).packLong(USERTABLE_SPACE_ID);
        pack.packLong(IprotoFormat.INDEX_ID).packLong(0);
        pack.packLong(IprotoFormat.TUPLE).packArrayHeader(field + 2).packString(key);
        for (int i = 0; i < field; i++) {
            pack.packNil();
        }
        binary(value);
        pack.packLong(IprotoFormat.OPS).packArrayHeader(1);
        assign(field, value);
        requests.end(at);
    }

    /** The update operation {@code ['=', N + 1, value]} for field {@code fieldN} (0-based numbering). */
    private void assign(int field, byte[] value) throws IOException {
        pack.packArrayHeader(3).packRawStringHeader(ASSIGN.length).writePayload(ASSIGN);
        pack.packLong(field + 1L);
        binary(value);
    }

    private void binary(byte[] value) throws IOException {
        pack.packBinaryHeader(value.length).writePayload(value);
    }

    /**
     * The values of a whole record, indexed by field number.
     *
     * @throws IllegalArgumentException unless the names are exactly {@code field0} to
     *     {@code field<n-1>}, in any order
     */
    static byte[][] inFieldOrder(SequencedMap<String, byte[]> values) {
        byte[][] fields = new byte[values.size()][];
        for (Map.Entry<String, byte[]> e : values.entrySet()) {
            int n = fieldNumber(e.getKey());
            if (n >= fields.length) {
                throw new IllegalArgumentException("values: " + e.getKey() + " in a record of "
                        + fields.length + " fields (expected: field0 to field" + (fields.length - 1) + ")");
            }
            if (fields[n] != null) {
                throw new IllegalArgumentException("values: field number " + n + " twice");
            }
            fields[n] = e.getValue();
        }
        return fields;
    }

    /**
     * N of a field named {@code fieldN} ({@link KeyNames#fieldName}).
     *
     * @throws IllegalArgumentException for any other name
     */
    static int fieldNumber(String field) {
        String prefix = KeyNames.FIELD_PREFIX;
        int digits = field.length() - prefix.length();
        boolean ok = field.startsWith(prefix) && digits >= 1 && digits <= 9
                && (digits == 1 || field.charAt(prefix.length()) != '0');
        int n = 0;
        for (int i = prefix.length(); ok && i < field.length(); i++) {
            char c = field.charAt(i);
            ok = c >= '0' && c <= '9';
            n = n * 10 + (c - '0');
        }
        if (!ok) {
            throw new IllegalArgumentException("field: " + field
                    + " (expected: " + prefix + "N, N a number below 10^9 without leading zeros)");
        }
        return n;
    }

    @Override
    public void flush() throws IOException {
        if (requests.size() > 0) {
            requests.writeTo(out);
        }
        out.flush();
    }

    @Override
    public Reply receive() throws IOException {
        Pending head = outstanding.poll();
        if (head == null) {
            throw new IllegalStateException("receive: no command outstanding");
        }
        IprotoFrame frame = early.remove(head.sync());
        while (frame == null) {
            IprotoFrame next = frames.next();
            if (next.code() == IprotoFormat.CHUNK) {
                continue; // a push ahead of a reply; the bench's functions push nothing
            }
            if (next.sync() == head.sync()) {
                frame = next;
            } else if (next.sync() < head.sync() || early.putIfAbsent(next.sync(), next) != null) {
                throw new IOException("protocol: a second reply for sync " + next.sync()
                        + " (expected: a reply for sync >= " + head.sync() + ")");
            }
        }
        try {
            return decode(head.kind(), frame);
        } catch (MessagePackException e) {
            throw new IOException("protocol: reply to sync " + frame.sync() + ": " + e.getMessage(), e);
        }
    }

    private Reply decode(Kind kind, IprotoFrame frame) throws IOException {
        bodyInput.reset(frame.body());
        body.reset(bodyInput);
        if (frame.isError()) {
            return Reply.error(errorMessage(frame.errorCode(), body));
        }
        if (kind == Kind.STORED) {
            return Reply.ok();
        }
        int tuples = dataArray(body);
        return switch (kind) {
            case READ_RECORD -> tuples == 0 ? Reply.missing() : Reply.ok(countFields(body));
            case UPDATED -> tuples == 0 ? Reply.missing() : Reply.ok();
            case SCAN -> {
                for (int i = 0; i < tuples; i++) {
                    countFields(body); // walk every record, as the RESP client walks every HGETALL reply
                }
                yield Reply.ok(tuples);
            }
            case DELETE -> Reply.ok(tuples == 0 ? 0 : 1);
            case GET_VALUE -> tuples == 0 ? Reply.missing() : value(body);
            case INCREMENT -> counter(body, tuples);
            case STORED -> throw new AssertionError(kind);
        };
    }

    /** Moves {@code body} into the DATA array and returns its length. */
    private static int dataArray(MessageUnpacker body) throws IOException {
        for (int i = body.unpackMapHeader(); i > 0; i--) {
            if (body.unpackLong() == IprotoFormat.DATA) {
                return body.unpackArrayHeader();
            }
            body.skipValue();
        }
        throw new IOException("protocol: a reply without DATA");
    }

    /** The non-nil fields after the key of the tuple at {@code body}. */
    private static long countFields(MessageUnpacker body) throws IOException {
        int n = body.unpackArrayHeader();
        if (n == 0) {
            throw new IOException("protocol: an empty tuple (expected: a key first)");
        }
        body.skipValue();
        long fields = 0;
        for (int i = 1; i < n; i++) {
            if (!body.tryUnpackNil()) {
                body.skipValue();
                fields++;
            }
        }
        return fields;
    }

    /** The value of the {@code kv} tuple at {@code body}; a counter reads as its decimal digits. */
    private static Reply value(MessageUnpacker body) throws IOException {
        int n = body.unpackArrayHeader();
        if (n < 2) {
            return Reply.error("kv tuple of " + n + " fields (expected: 2)");
        }
        body.skipValue();
        ValueType type = body.getNextFormat().getValueType();
        return switch (type) {
            case BINARY, STRING -> Reply.value(body.readPayload(body.unpackBinaryHeader())); // either header
            case INTEGER -> Reply.value(Long.toString(body.unpackLong()).getBytes(StandardCharsets.US_ASCII));
            default -> Reply.error("kv value is " + type + " (expected: bin, str or integer)");
        };
    }

    private static Reply counter(MessageUnpacker body, int results) throws IOException {
        if (results == 0) {
            return Reply.error(INCREMENT_FUNCTION + " returned nothing (expected: the new value)");
        }
        ValueType type = body.getNextFormat().getValueType();
        return switch (type) {
            case INTEGER -> Reply.ok(body.unpackLong());
            case FLOAT -> Reply.ok((long) body.unpackDouble());
            default -> Reply.error(INCREMENT_FUNCTION + " returned " + type + " (expected: a number)");
        };
    }

    private static String errorMessage(int code, MessageUnpacker body) throws IOException {
        if (body.hasNext()) {
            for (int i = body.unpackMapHeader(); i > 0; i--) {
                if (body.unpackLong() == IprotoFormat.ERROR
                        && body.getNextFormat().getValueType() == ValueType.STRING) {
                    return body.unpackString();
                }
                body.skipValue();
            }
        }
        return "Tarantool error code " + code;
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
