package io.cairn.it.server;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 connection on a plain socket, for what {@code java.net.http.HttpClient} will not
 * do: pipelining several requests in one write, a request without Content-Length, malformed
 * bytes. Reads replies framed by Content-Length (all the HTTP API sends). Not thread-safe.
 */
final class RawHttpConnection implements AutoCloseable {
    /** One reply: status, headers with lower-case names, body as UTF-8. */
    record Response(int status, Map<String, String> headers, String body) {
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    RawHttpConnection(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(20_000);
        in = new BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    void send(String raw) throws IOException {
        out.write(raw.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    Response read() throws IOException {
        String status = line();
        Map<String, String> headers = new LinkedHashMap<>();
        for (String h = line(); !h.isEmpty(); h = line()) {
            int colon = h.indexOf(':');
            headers.put(h.substring(0, colon).strip().toLowerCase(Locale.ROOT), h.substring(colon + 1).strip());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        if (body.length < length) {
            throw new EOFException("body cut at " + body.length + " of " + length + " bytes");
        }
        return new Response(Integer.parseInt(status.split(" ")[1]), headers, new String(body, StandardCharsets.UTF_8));
    }

    /** Bytes that arrived and are not read yet, without blocking. */
    int available() throws IOException {
        return in.available();
    }

    /** True when the server closed the connection (reads end of stream). */
    boolean closedByServer() throws IOException {
        try {
            return in.read() == -1;
        } catch (java.net.SocketException e) {
            return true; // reset
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != '\n') {
            if (c == -1) {
                throw new EOFException("connection closed");
            }
            if (c != '\r') {
                b.write(c);
            }
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
