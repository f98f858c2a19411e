package io.cairn.bench.driver;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A RESP2 connection: each {@link Command} becomes one command (two when a record insert also
 * indexes its key), and replies are read in order, which RESP guarantees. Replies are parsed as far
 * as a benchmark needs: every byte is read, but record fields are counted rather than kept.
 *
 * <p>One thread may send while one other receives: the only state they share is the queue of
 * outstanding commands.
 */
final class RespConnection implements Connection {
    private static final byte[] CRLF = {'\r', '\n'};

    private final Wire wire;
    private final RespProtocol.ScanStyle scanStyle;
    private final ConcurrentLinkedQueue<Command> outstanding = new ConcurrentLinkedQueue<>();

    RespConnection(Wire wire, RespProtocol.ScanStyle scanStyle) {
        this.wire = wire;
        this.scanStyle = scanStyle;
    }

    void authenticate(String password) throws IOException {
        writeArrayHeader(2);
        writeBulk("AUTH");
        writeBulk(password);
        wire.flush();
        Object reply = readReply(false);
        if (reply instanceof ErrorReply e) {
            close();
            throw new IOException("AUTH refused: " + e.message);
        }
    }

    @Override
    public void send(Command command) throws IOException {
        switch (command) {
            case Command.ReadRecord r -> {
                writeArrayHeader(2);
                writeBulk("HGETALL");
                writeBulk(r.key());
            }
            case Command.WriteRecord w -> {
                writeArrayHeader(2 + 2 * w.values().size());
                writeBulk("HSET");
                writeBulk(w.key());
                for (Map.Entry<String, byte[]> e : w.values().entrySet()) {
                    writeBulk(e.getKey());
                    writeBulk(e.getValue());
                }
                if (w.wholeRecord() && scanStyle == RespProtocol.ScanStyle.SORTED_SET_INDEX) {
                    writeArrayHeader(4);
                    writeBulk("ZADD");
                    writeBulk(RespProtocol.KEY_INDEX);
                    writeBulk("0");
                    writeBulk(w.key());
                }
            }
            case Command.Scan s -> {
                switch (scanStyle) {
                    case KEYRANGE -> {
                        writeArrayHeader(3);
                        writeBulk("KEYRANGE");
                        writeBulk(s.key());
                        writeBulk(Integer.toString(s.count()));
                    }
                    case KEYRANGE_WITH_VALUES -> {
                        writeArrayHeader(4);
                        writeBulk("KEYRANGE");
                        writeBulk(s.key());
                        writeBulk(Integer.toString(s.count()));
                        writeBulk("WITHVALUES");
                    }
                    case SORTED_SET_INDEX -> {
                        writeArrayHeader(8);
                        writeBulk("ZRANGE");
                        writeBulk(RespProtocol.KEY_INDEX);
                        writeBulk("[" + s.key());
                        writeBulk("+");
                        writeBulk("BYLEX");
                        writeBulk("LIMIT");
                        writeBulk("0");
                        writeBulk(Integer.toString(s.count()));
                    }
                    case NONE -> throw new UnsupportedOperationException("scan: this RESP server has no ordered key space");
                }
            }
            case Command.SetValue s -> {
                writeArrayHeader(3);
                writeBulk("SET");
                writeBulk(s.key());
                writeBulk(s.value());
            }
            case Command.GetValue g -> {
                writeArrayHeader(2);
                writeBulk("GET");
                writeBulk(g.key());
            }
            case Command.SetField f -> {
                writeArrayHeader(4);
                writeBulk("HSET");
                writeBulk(f.key());
                writeBulk(f.field());
                writeBulk(f.value());
            }
            case Command.Increment i -> {
                writeArrayHeader(2);
                writeBulk("INCR");
                writeBulk(i.key());
            }
            case Command.Delete d -> {
                writeArrayHeader(2);
                writeBulk("DEL");
                writeBulk(d.key());
            }
        }
        outstanding.add(command);
    }

    @Override
    public void flush() throws IOException {
        wire.flush();
    }

    @Override
    public Reply receive() throws IOException {
        Command command = outstanding.poll();
        if (command == null) {
            throw new IllegalStateException("receive: no command outstanding");
        }
        Object reply = readReply(command instanceof Command.Scan
                && scanStyle != RespProtocol.ScanStyle.KEYRANGE_WITH_VALUES);
        if (command instanceof Command.WriteRecord w && w.wholeRecord()
                && scanStyle == RespProtocol.ScanStyle.SORTED_SET_INDEX) {
            Object indexed = readReply(false);
            if (!(reply instanceof ErrorReply) && indexed instanceof ErrorReply) {
                reply = indexed;
            }
        }
        if (reply instanceof ErrorReply e) {
            return Reply.error(e.message);
        }
        return switch (command) {
            case Command.ReadRecord r -> {
                long n = (Long) reply;
                yield n == 0 ? Reply.missing() : Reply.ok(n / 2);
            }
            case Command.GetValue g -> reply == null ? Reply.missing() : Reply.value((byte[]) reply);
            case Command.Scan s when scanStyle == RespProtocol.ScanStyle.KEYRANGE_WITH_VALUES ->
                    Reply.ok((Long) reply / 2); // key, value, key, value...
            case Command.Scan s -> {
                @SuppressWarnings("unchecked")
                List<String> keys = (List<String>) reply;
                yield Reply.keys(keys);
            }
            case Command.Increment i -> Reply.ok((Long) reply);
            case Command.Delete d -> Reply.ok((Long) reply);
            case Command.WriteRecord w -> Reply.ok();
            case Command.SetValue s -> Reply.ok();
            case Command.SetField f -> Reply.ok();
        };
    }

    /** Marks an error reply among the parsed values. */
    private record ErrorReply(String message) {
    }

    /**
     * Reads one reply: a simple string as {@code ""}, an error as {@link ErrorReply}, an integer as
     * a Long, a bulk string as byte[] (null when nil), an array as the Long count of its elements
     * or, with {@code keepArray}, a List of the elements as strings.
     */
    private Object readReply(boolean keepArray) throws IOException {
        int type = wire.read();
        int len = wire.readLine();
        return switch (type) {
            case '+' -> "";
            case '-' -> new ErrorReply(wire.lineString(len));
            case ':' -> wire.parseDecimal(0, len);
            case '$' -> {
                long n = wire.parseDecimal(0, len);
                if (n < 0) {
                    yield null;
                }
                checkLength(n);
                byte[] bytes = wire.readExactly((int) n);
                wire.expectCrlf();
                yield bytes;
            }
            case '*' -> {
                long n = wire.parseDecimal(0, len);
                if (n < 0) {
                    yield keepArray ? List.of() : 0L;
                }
                checkLength(n);
                if (keepArray) {
                    List<String> items = new ArrayList<>((int) n);
                    for (long i = 0; i < n; i++) {
                        Object item = readReply(false);
                        items.add(item instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(item));
                    }
                    yield items;
                }
                for (long i = 0; i < n; i++) {
                    skipReply();
                }
                yield n;
            }
            default -> throw new IOException("protocol: reply starts with byte " + type);
        };
    }

    /** Reads one reply and forgets it, without allocating for bulk strings. */
    private void skipReply() throws IOException {
        int type = wire.read();
        int len = wire.readLine();
        switch (type) {
            case '+', '-', ':' -> { }
            case '$' -> {
                long n = wire.parseDecimal(0, len);
                if (n >= 0) {
                    checkLength(n);
                    wire.skip(n);
                    wire.expectCrlf();
                }
            }
            case '*' -> {
                long n = wire.parseDecimal(0, len);
                for (long i = 0; i < n; i++) {
                    skipReply();
                }
            }
            default -> throw new IOException("protocol: reply starts with byte " + type);
        }
    }

    private static void checkLength(long n) throws IOException {
        if (n > 512L * 1024 * 1024) {
            throw new IOException("protocol: length " + n + " (expected: <= 536870912)");
        }
    }

    private void writeArrayHeader(int n) throws IOException {
        wire.write('*');
        wire.writeDecimal(n);
        wire.write(CRLF);
    }

    private void writeBulk(String s) throws IOException {
        writeBulk(s.getBytes(StandardCharsets.UTF_8));
    }

    private void writeBulk(byte[] b) throws IOException {
        wire.write('$');
        wire.writeDecimal(b.length);
        wire.write(CRLF);
        wire.write(b);
        wire.write(CRLF);
    }

    @Override
    public void close() {
        wire.close();
    }
}
