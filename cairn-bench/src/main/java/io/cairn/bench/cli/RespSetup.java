package io.cairn.bench.cli;

import io.cairn.resp.RespReplyDecoder.Token;
import io.cairn.resp.RespValue;
import io.cairn.resp.client.RespClient;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Direct RESP calls that prepare a Redis-protocol server outside any measurement: which commands it
 * knows ({@code COMMAND INFO}), deleting a key, filling a collection, reading a number back. A fill
 * sends commands of {@value #ELEMENTS_PER_COMMAND} elements each, {@value #IN_FLIGHT} in flight, so
 * that a million elements take a thousand round trips rather than a million. Every error reply is
 * an {@link IOException} naming the command.
 *
 * <p>Owns one connection; not thread-safe.
 */
final class RespSetup implements AutoCloseable {
    static final int ELEMENTS_PER_COMMAND = 1000;
    static final int IN_FLIGHT = 16;

    /** Writes the arguments of element {@code i} of a fill: a value, a member, a score and a member... */
    interface ElementArgs {
        /** How many arguments each element has. */
        int perElement();

        void write(RespClient c, long i) throws IOException;
    }

    private final RespClient client;

    private RespSetup(RespClient client) {
        this.client = client;
    }

    static RespSetup connect(InetSocketAddress address) throws IOException {
        return new RespSetup(RespClient.connect(address, RespClient.Options.DEFAULT));
    }

    /** Those of {@code commands} the server does not know (its {@code COMMAND INFO} answers nil). */
    List<String> unknown(List<String> commands) throws IOException {
        List<String> args = new ArrayList<>(List.of("COMMAND", "INFO"));
        commands.forEach(c -> args.add(c.toLowerCase(Locale.ROOT)));
        RespValue reply = client.call(args.toArray(String[]::new));
        if (!(reply instanceof RespValue.ArrayReply a) || a.items().size() != commands.size()) {
            throw new IOException("COMMAND INFO answered " + reply + " (expected: one entry per command)");
        }
        List<String> unknown = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            RespValue entry = a.items().get(i);
            if (entry instanceof RespValue.NullReply || entry instanceof RespValue.NullArray) {
                unknown.add(commands.get(i));
            }
        }
        return unknown;
    }

    void delete(String key) throws IOException {
        call("DEL", key);
    }

    /** Sends a command and returns its reply, failing on an error reply. */
    RespValue call(String... args) throws IOException {
        RespValue r = client.call(args);
        if (r instanceof RespValue.ErrorReply e) {
            throw new IOException(String.join(" ", args) + ": " + e.message());
        }
        return r;
    }

    /** An integer reply ({@code LLEN}, {@code SCARD}, ...). */
    long integer(String... args) throws IOException {
        if (!(call(args) instanceof RespValue.IntegerReply i)) {
            throw new IOException(String.join(" ", args) + ": not an integer reply");
        }
        return i.value();
    }

    /**
     * Adds {@code elements} elements to {@code key}: {@code command key <args of element 0> <args of
     * element 1> ...}, {@value #ELEMENTS_PER_COMMAND} elements per command.
     */
    void fill(String command, String key, long elements, ElementArgs args) throws IOException {
        int pending = 0;
        for (long from = 0; from < elements; from += ELEMENTS_PER_COMMAND) {
            int n = (int) Math.min(ELEMENTS_PER_COMMAND, elements - from);
            client.writeArrayHeader(2 + n * args.perElement());
            client.writeBulk(command);
            client.writeBulk(key);
            for (long i = from; i < from + n; i++) {
                args.write(client, i);
            }
            if (++pending == IN_FLIGHT) {
                drain(command, key, pending);
                pending = 0;
            }
        }
        drain(command, key, pending);
    }

    private void drain(String command, String key, int replies) throws IOException {
        client.flush();
        IOException failed = null;
        for (int i = 0; i < replies; i++) {
            Token t = client.next();
            if (t.isError() && failed == null) {
                failed = new IOException(command + " " + key + ": " + client.reply().text());
            }
            client.skip(t);
        }
        if (failed != null) {
            throw failed;
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
