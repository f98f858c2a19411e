package io.cairn.server.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The path of a request URI, and percent-decoding of its segments. Netty hands the request line
 * over with one char per byte, so a raw non-ASCII byte arrives as a char up to {@code 0xFF} and is
 * kept as that byte; {@code %XX} is one byte; {@code +} is itself (this is a path, not a form).
 * Keys are bytes, so a decoded key is bytes too: UTF-8 text when the client encoded UTF-8.
 * Stateless.
 */
final class RequestPath {
    private RequestPath() {
    }

    /**
     * The path of {@code uri}: without query and fragment, and without scheme and authority when
     * the client sent the absolute form ({@code http://host:port/docs/k}).
     */
    static String of(String uri) {
        String p = uri;
        int scheme = p.indexOf("://");
        if (scheme > 0 && p.indexOf('/') > scheme) {
            int slash = p.indexOf('/', scheme + 3);
            p = slash < 0 ? "/" : p.substring(slash);
        }
        int end = p.length();
        int q = p.indexOf('?');
        if (q >= 0) {
            end = q;
        }
        int f = p.indexOf('#');
        if (f >= 0 && f < end) {
            end = f;
        }
        return p.substring(0, end);
    }

    /**
     * Percent-decodes a raw path segment into bytes.
     *
     * @throws ApiException (400) for a {@code %} not followed by two hex digits, or a char that is
     *     not a byte
     */
    static byte[] decode(String raw, String what) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                int hi = i + 1 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
                int lo = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 2), 16) : -1;
                if (hi < 0 || lo < 0) {
                    throw ApiException.badRequest(what + ": malformed percent-encoding at offset " + i
                            + " (expected: % and two hex digits)");
                }
                out.write(hi << 4 | lo);
                i += 2;
            } else if (c > 0xFF) {
                throw ApiException.badRequest(what + ": character U+" + Integer.toHexString(c) + " at offset " + i
                        + " (expected: percent-encoded UTF-8)");
            } else {
                out.write(c);
            }
        }
        return out.toByteArray();
    }

    /**
     * The query parameters of {@code uri}, each name and value percent-decoded as UTF-8 text
     * ({@code +} is itself, as {@code encodeURIComponent} writes it); a repeated name keeps its
     * last value, a name without {@code =} has the empty value.
     */
    static java.util.Map<String, String> query(String uri) {
        java.util.Map<String, String> out = new java.util.HashMap<>();
        int q = uri.indexOf('?');
        if (q < 0) {
            return out;
        }
        int end = uri.indexOf('#', q);
        for (String pair : uri.substring(q + 1, end < 0 ? uri.length() : end).split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decodeText(eq < 0 ? pair : pair.substring(0, eq), "query parameter");
            out.put(name, eq < 0 ? "" : decodeText(pair.substring(eq + 1), "query parameter " + name));
        }
        return out;
    }

    static String decodeText(String raw, String what) {
        return new String(decode(raw, what), StandardCharsets.UTF_8);
    }
}
