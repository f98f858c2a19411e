package io.cairn.it.server;

import io.cairn.resp.RespReplyDecoder;
import io.cairn.resp.RespReplyDecoder.Token;
import io.cairn.resp.client.RespClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The differential test's client: sends a command on cairn-resp's {@link RespClient} and turns
 * exactly one reply, of any RESP2 or RESP3 type, into a {@link Reply} from its tokens, so the
 * reply's text (a double's digits, a big number) is kept as the server wrote it. It keeps no
 * protocol state, so {@code HELLO 3} needs no special handling. Not thread-safe.
 */
final class RespTextClient implements AutoCloseable {
    private static final RespClient.Options OPTIONS = RespClient.Options.DEFAULT.withReadTimeoutMillis(10_000);

    private final RespClient client;

    private RespTextClient(RespClient client) {
        this.client = client;
    }

    static RespTextClient connect(int port) throws IOException {
        return new RespTextClient(RespClient.connect("127.0.0.1", port, OPTIONS));
    }

    Reply call(List<byte[]> args) throws IOException {
        client.send(args.toArray(byte[][]::new));
        client.flush();
        return read(client.next());
    }

    /** Asks INFO clients until the server counts {@code n} blocked clients (10 s at most). */
    void awaitBlockedClients(int n) throws IOException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        java.util.regex.Pattern want = java.util.regex.Pattern.compile("blocked_clients:" + n + "(?![0-9])");
        while (!want.matcher(call("INFO", "clients").toString()).find()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("blocked_clients never became " + n + ": " + call("INFO", "clients"));
            }
            Thread.onSpinWait();
        }
    }

    Reply call(String... args) throws IOException {
        client.send(args);
        client.flush();
        return read(client.next());
    }

    /** Sends a command without reading its reply (a blocking command that is to wait); {@link #read()} takes it later. */
    void send(String... args) throws IOException {
        client.send(args);
        client.flush();
    }

    /** Queues a request without sending it ({@link #flush} sends what is queued). */
    void sendOnly(List<byte[]> args) throws IOException {
        client.send(args.toArray(byte[][]::new));
    }

    void flush() throws IOException {
        client.flush();
    }

    /** The next reply. */
    Reply read() throws IOException {
        return read(client.next());
    }

    /** The value {@code token} begins (attributes are skipped by the client). */
    private Reply read(Token token) throws IOException {
        RespReplyDecoder r = client.reply();
        return switch (token) {
            case SIMPLE_STRING -> Reply.scalar('+', r.text());
            case SIMPLE_ERROR -> Reply.scalar('-', r.text());
            case BULK_ERROR -> Reply.scalar('-', r.text()); // a RESP3 blob error reads as an ordinary error
            case INTEGER -> Reply.scalar(':', r.text());
            case DOUBLE -> Reply.scalar(',', r.text());
            case BIG_NUMBER -> Reply.scalar('(', r.text());
            case BOOLEAN -> Reply.scalar('#', r.text());
            case NULL -> Reply.scalar('_', "");
            case NULL_BULK -> Reply.scalar('$', null);
            case NULL_ARRAY -> Reply.aggregate('*', null);
            case BULK_STRING -> Reply.scalar('$', Reply.escape(r.bytes()));
            case VERBATIM_STRING -> Reply.scalar('=', Reply.escape(r.bytes()));
            case ARRAY, SET, PUSH, MAP -> {
                char type = switch (token) {
                    case SET -> '~';
                    case PUSH -> '>';
                    case MAP -> '%';
                    default -> '*';
                };
                List<Reply> items = new ArrayList<>();
                for (Token item = client.next(); item != Token.END; item = client.next()) {
                    items.add(read(item));
                }
                yield Reply.aggregate(type, items);
            }
            case ATTRIBUTE, END -> throw new IOException("unexpected " + token + " where a value starts");
        };
    }

    @Override
    public void close() {
        client.close();
    }
}
