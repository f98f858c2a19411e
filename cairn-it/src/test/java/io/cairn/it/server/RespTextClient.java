package io.cairn.it.server;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A minimal blocking RESP client for the differential test: sends a command as an array of bulk
 * strings and parses exactly one reply, of any RESP2 or RESP3 type, into a {@link Reply}. It keeps
 * no protocol state, so {@code HELLO 3} needs no special handling. Not thread-safe.
 */
final class RespTextClient implements AutoCloseable {
    private static final int TIMEOUT_MILLIS = 10_000;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private RespTextClient(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = new BufferedOutputStream(socket.getOutputStream());
    }

    static RespTextClient connect(int port) throws IOException {
        Socket s = new Socket("127.0.0.1", port);
        s.setSoTimeout(TIMEOUT_MILLIS);
        s.setTcpNoDelay(true);
        return new RespTextClient(s);
    }

    Reply call(List<byte[]> args) throws IOException {
        out.write(("*" + args.size() + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (byte[] a : args) {
            out.write(("$" + a.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(a);
            out.write('\r');
            out.write('\n');
        }
        out.flush();
        return read();
    }

    Reply call(String... args) throws IOException {
        List<byte[]> bytes = new ArrayList<>();
        for (String a : args) {
            bytes.add(a.getBytes(StandardCharsets.UTF_8));
        }
        return call(bytes);
    }

    private Reply read() throws IOException {
        int type = in.read();
        if (type < 0) {
            throw new EOFException("connection closed before a reply");
        }
        String line = line();
        return switch (type) {
            case '+', '-', ':', ',', '(' -> Reply.scalar((char) type, line);
            case '#' -> Reply.scalar('#', line);
            case '_' -> Reply.scalar('_', "");
            case '$', '=', '!' -> {
                int len = Integer.parseInt(line);
                if (len < 0) {
                    yield Reply.scalar('$', null);
                }
                byte[] data = in.readNBytes(len);
                if (data.length < len || in.read() != '\r' || in.read() != '\n') {
                    throw new IOException("bad bulk string of length " + len);
                }
                // A RESP3 blob error reads as an ordinary error.
                yield type == '!' ? Reply.scalar('-', new String(data, StandardCharsets.UTF_8))
                        : Reply.scalar((char) type, Reply.escape(data));
            }
            case '*', '~', '>', '%' -> {
                int n = Integer.parseInt(line);
                if (n < 0) {
                    yield Reply.aggregate((char) type, null);
                }
                int count = type == '%' ? 2 * n : n;
                List<Reply> items = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    items.add(read());
                }
                yield Reply.aggregate((char) type, items);
            }
            case '|' -> { // attributes annotate the reply that follows: skip them
                int n = Integer.parseInt(line);
                for (int i = 0; i < 2 * n; i++) {
                    read();
                }
                yield read();
            }
            default -> throw new IOException("unknown RESP type byte " + type + " followed by " + line);
        };
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != '\r') {
            if (c < 0) {
                throw new EOFException("connection closed inside a reply");
            }
            b.write(c);
        }
        if (in.read() != '\n') {
            throw new IOException("CR without LF after " + b);
        }
        return b.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
