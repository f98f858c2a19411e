package io.cairn.it.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A raw memcached text-protocol connection for tests: writes bytes as given, reads reply lines.
 * {@link #exchange} marks the end of a request's replies with {@code mn} (answered {@code MN}), so
 * a request answered with nothing (noreply) or with several lines reads right on any server.
 * Not thread-safe.
 */
final class MemcachedConnection implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    MemcachedConnection(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(30_000);
        socket.setTcpNoDelay(true);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    void write(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    void write(String text) throws IOException {
        write(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** One reply line without its CRLF, or null at the end of the stream. */
    String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int c; (c = in.read()) >= 0; ) {
            if (c == '\n') {
                byte[] b = line.toByteArray();
                int n = b.length > 0 && b[b.length - 1] == '\r' ? b.length - 1 : b.length;
                return new String(b, 0, n, StandardCharsets.ISO_8859_1);
            }
            line.write(c);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }

    /**
     * Sends {@code request} followed by {@code mn} and returns the lines answered before
     * {@code MN}; a closed connection ends the list with {@code <closed>}.
     */
    List<String> exchange(byte[] request) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(request);
        b.write("mn\r\n".getBytes(StandardCharsets.US_ASCII));
        write(b.toByteArray());
        List<String> lines = new ArrayList<>();
        for (String l; ; ) {
            try {
                l = readLine();
            } catch (java.net.SocketException e) {
                l = null;
            }
            if (l == null) {
                lines.add("<closed>");
                return lines;
            }
            if (l.equals("MN")) {
                return lines;
            }
            lines.add(l);
        }
    }

    List<String> exchange(String request) throws IOException {
        return exchange(request.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
