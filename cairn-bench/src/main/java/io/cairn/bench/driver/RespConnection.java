package io.cairn.bench.driver;

import io.cairn.resp.RespReplyDecoder;
import io.cairn.resp.RespReplyDecoder.Token;
import io.cairn.resp.RespValue;
import io.cairn.resp.client.RespClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A RESP2 connection on cairn-resp's {@link RespClient}: each {@link Command} becomes one command
 * (two when a record insert also indexes its key), and replies are read in order, which RESP
 * guarantees. Replies are read token by token and parsed as far as a benchmark needs: every byte
 * is read, but record fields are counted rather than kept, so a reply allocates nothing but the
 * value a GET returns or the key names a keys-only scan returns.
 *
 * <p>One thread may send while one other receives: the only state they share is the queue of
 * outstanding commands (and the client, which allows exactly that).
 */
final class RespConnection implements Connection {
    private static final byte[] HGETALL = bytes("HGETALL");
    private static final byte[] HSET = bytes("HSET");
    private static final byte[] ZADD = bytes("ZADD");
    private static final byte[] ZRANGE = bytes("ZRANGE");
    private static final byte[] KEYRANGE = bytes("KEYRANGE");
    private static final byte[] WITHVALUES = bytes("WITHVALUES");
    private static final byte[] BYLEX = bytes("BYLEX");
    private static final byte[] LIMIT = bytes("LIMIT");
    private static final byte[] SET = bytes("SET");
    private static final byte[] GET = bytes("GET");
    private static final byte[] INCR = bytes("INCR");
    private static final byte[] DEL = bytes("DEL");
    private static final byte[] KEY_INDEX = bytes(RespProtocol.KEY_INDEX);

    private final RespClient client;
    private final RespReplyDecoder reply;
    private final RespProtocol.ScanStyle scanStyle;
    private final ConcurrentLinkedQueue<Command> outstanding = new ConcurrentLinkedQueue<>();

    RespConnection(RespClient client, RespProtocol.ScanStyle scanStyle) {
        this.client = client;
        this.reply = client.reply();
        this.scanStyle = scanStyle;
    }

    void authenticate(String password) throws IOException {
        RespValue r = client.call("AUTH", password);
        if (r instanceof RespValue.ErrorReply e) {
            close();
            throw new IOException("AUTH refused: " + e.message());
        }
    }

    @Override
    public void send(Command command) throws IOException {
        RespClient c = client;
        switch (command) {
            case Command.ReadRecord r -> {
                c.writeArrayHeader(2);
                c.writeBulk(HGETALL);
                c.writeBulk(r.key());
            }
            case Command.WriteRecord w -> {
                c.writeArrayHeader(2 + 2 * w.values().size());
                c.writeBulk(HSET);
                c.writeBulk(w.key());
                for (Map.Entry<String, byte[]> e : w.values().entrySet()) {
                    c.writeBulk(e.getKey());
                    c.writeBulk(e.getValue());
                }
                if (w.wholeRecord() && scanStyle == RespProtocol.ScanStyle.SORTED_SET_INDEX) {
                    c.writeArrayHeader(4);
                    c.writeBulk(ZADD);
                    c.writeBulk(KEY_INDEX);
                    c.writeBulk(0);
                    c.writeBulk(w.key());
                }
            }
            case Command.Scan s -> {
                switch (scanStyle) {
                    case KEYRANGE -> {
                        c.writeArrayHeader(3);
                        c.writeBulk(KEYRANGE);
                        c.writeBulk(s.key());
                        c.writeBulk(s.count());
                    }
                    case KEYRANGE_WITH_VALUES -> {
                        c.writeArrayHeader(4);
                        c.writeBulk(KEYRANGE);
                        c.writeBulk(s.key());
                        c.writeBulk(s.count());
                        c.writeBulk(WITHVALUES);
                    }
                    case SORTED_SET_INDEX -> {
                        c.writeArrayHeader(8);
                        c.writeBulk(ZRANGE);
                        c.writeBulk(KEY_INDEX);
                        c.writeBulk("[" + s.key());
                        c.writeBulk("+");
                        c.writeBulk(BYLEX);
                        c.writeBulk(LIMIT);
                        c.writeBulk(0);
                        c.writeBulk(s.count());
                    }
                    case NONE -> throw new UnsupportedOperationException("scan: this RESP server has no ordered key space");
                }
            }
            case Command.SetValue s -> {
                c.writeArrayHeader(3);
                c.writeBulk(SET);
                c.writeBulk(s.key());
                c.writeBulk(s.value());
            }
            case Command.GetValue g -> {
                c.writeArrayHeader(2);
                c.writeBulk(GET);
                c.writeBulk(g.key());
            }
            case Command.SetField f -> {
                c.writeArrayHeader(4);
                c.writeBulk(HSET);
                c.writeBulk(f.key());
                c.writeBulk(f.field());
                c.writeBulk(f.value());
            }
            case Command.Increment i -> {
                c.writeArrayHeader(2);
                c.writeBulk(INCR);
                c.writeBulk(i.key());
            }
            case Command.Delete d -> {
                c.writeArrayHeader(2);
                c.writeBulk(DEL);
                c.writeBulk(d.key());
            }
            case Command.Call call -> {
                c.writeArrayHeader(call.args().size());
                for (byte[] arg : call.args()) {
                    c.writeBulk(arg);
                }
            }
        }
        outstanding.add(command);
    }

    @Override
    public void flush() throws IOException {
        client.flush();
    }

    @Override
    public Reply receive() throws IOException {
        Command command = outstanding.poll();
        if (command == null) {
            throw new IllegalStateException("receive: no command outstanding");
        }
        Reply r = readReply(command);
        if (command instanceof Command.WriteRecord w && w.wholeRecord()
                && scanStyle == RespProtocol.ScanStyle.SORTED_SET_INDEX) {
            Token indexed = client.next();
            if (indexed.isError()) {
                if (!r.isError()) {
                    r = Reply.error(reply.text());
                }
            } else {
                client.skip(indexed);
            }
        }
        return r;
    }

    /** Reads the whole reply to {@code command}. */
    private Reply readReply(Command command) throws IOException {
        Token t = client.next();
        if (t.isError()) {
            return Reply.error(reply.text());
        }
        return switch (command) {
            case Command.ReadRecord r -> {
                long n = elements(t, command);
                client.skip(t);
                yield n == 0 ? Reply.missing() : Reply.ok(n / 2);
            }
            case Command.GetValue g -> switch (t) {
                case BULK_STRING -> Reply.value(reply.bytes());
                case NULL_BULK, NULL -> Reply.missing();
                default -> throw unexpected(t, command);
            };
            case Command.Scan s when scanStyle == RespProtocol.ScanStyle.KEYRANGE_WITH_VALUES -> {
                long n = elements(t, command);
                client.skip(t);
                yield Reply.ok(n / 2); // key, value, key, value...
            }
            case Command.Scan s -> {
                int n = (int) elements(t, command);
                if (t == Token.NULL_ARRAY) {
                    yield Reply.keys(List.of());
                }
                List<String> keys = new ArrayList<>(n);
                for (Token item = client.next(); item != Token.END; item = client.next()) {
                    if (item.isAggregate()) {
                        throw unexpected(item, command);
                    }
                    keys.add(reply.text());
                }
                yield Reply.keys(keys);
            }
            case Command.Increment i -> Reply.ok(integer(t, command));
            case Command.Delete d -> Reply.ok(integer(t, command));
            case Command.WriteRecord w -> {
                client.skip(t);
                yield Reply.ok();
            }
            case Command.SetValue s -> {
                client.skip(t);
                yield Reply.ok();
            }
            case Command.SetField f -> {
                client.skip(t);
                yield Reply.ok();
            }
            case Command.Call call -> called(t);
        };
    }

    /** A {@link Command.Call}'s reply, reduced as {@link Command.Call} says. */
    private Reply called(Token t) throws IOException {
        return switch (t) {
            case INTEGER -> Reply.ok(reply.integer());
            case BULK_STRING, VERBATIM_STRING -> Reply.ok(reply.contentLength());
            case NULL_BULK, NULL, NULL_ARRAY -> Reply.missing();
            case ARRAY, SET, MAP, PUSH -> {
                long n = t == Token.MAP ? 2L * reply.length() : reply.length();
                client.skip(t);
                yield n == 0 ? Reply.missing() : Reply.ok(n);
            }
            default -> Reply.ok();
        };
    }

    /** The element count of an array (a RESP3 map's keys and values both count). */
    private long elements(Token t, Command command) throws IOException {
        return switch (t) {
            case ARRAY, SET -> reply.length();
            case MAP -> 2L * reply.length();
            case NULL_ARRAY -> 0;
            default -> throw unexpected(t, command);
        };
    }

    private long integer(Token t, Command command) throws IOException {
        if (t != Token.INTEGER) {
            throw unexpected(t, command);
        }
        return reply.integer();
    }

    private IOException unexpected(Token t, Command command) {
        return new IOException("protocol: a " + t + " reply to " + command.getClass().getSimpleName()
                + " (" + command.key() + ")");
    }

    private static byte[] bytes(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    @Override
    public void close() {
        client.close();
    }
}
