package io.cairn.bench.driver;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A test's window into a RESP server (Cairn or Redis), independent of the driver under test: sends
 * one command and returns its whole reply, to check what the driver stored or how a peer was
 * configured. Simple and bulk strings decode as String (UTF-8, null for nil), integers as Long,
 * arrays as List; an error reply throws.
 *
 * <p>Not thread-safe; owns its socket.
 */
public final class RawRespClient implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    public RawRespClient(InetSocketAddress address) throws IOException {
        socket = new Socket();
        socket.connect(address, 5000);
        socket.setSoTimeout(30_000);
        in = new BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    /** Sends {@code args} as one command and returns the reply; an error reply throws, with its text. */
    public Object call(String... args) throws IOException {
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.writeBytes(("*" + args.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (String a : args) {
            byte[] b = a.getBytes(StandardCharsets.UTF_8);
            request.writeBytes(("$" + b.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            request.writeBytes(b);
            request.writeBytes(new byte[] {'\r', '\n'});
        }
        out.write(request.toByteArray());
        out.flush();
        return read();
    }

    private Object read() throws IOException {
        int type = in.read();
        String line = line();
        return switch (type) {
            case '+' -> line;
            case '-' -> throw new IOException("error reply: " + line);
            case ':' -> Long.parseLong(line);
            case '$' -> {
                int n = Integer.parseInt(line);
                if (n < 0) {
                    yield null;
                }
                byte[] b = in.readNBytes(n + 2);
                if (b.length < n + 2) {
                    throw new EOFException("bulk string cut short");
                }
                yield new String(b, 0, n, StandardCharsets.UTF_8);
            }
            case '*' -> {
                int n = Integer.parseInt(line);
                List<Object> items = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    items.add(read());
                }
                yield items;
            }
            case -1 -> throw new EOFException("connection closed by the server");
            default -> throw new IOException("reply starts with byte " + type);
        };
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != '\r') {
            if (c < 0) {
                throw new EOFException("connection closed by the server");
            }
            b.write(c);
        }
        if (in.read() != '\n') {
            throw new IOException("CR without LF");
        }
        return b.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
