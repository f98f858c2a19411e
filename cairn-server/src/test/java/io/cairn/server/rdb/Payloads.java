package io.cairn.server.rdb;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Test helpers: redis-cli's quoting of a payload, bodies sealed with a footer, hand-built ziplists. */
final class Payloads {
    private Payloads() {
    }

    /** The bytes of a string as {@code redis-cli --no-raw} prints it (without the outer quotes). */
    static byte[] cli(String quoted) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < quoted.length(); i++) {
            char c = quoted.charAt(i);
            if (c != '\\') {
                out.write(c);
                continue;
            }
            char e = quoted.charAt(++i);
            switch (e) {
                case 'n' -> out.write('\n');
                case 'r' -> out.write('\r');
                case 't' -> out.write('\t');
                case 'a' -> out.write(7);
                case 'b' -> out.write(8);
                case 'x' -> {
                    out.write(Integer.parseInt(quoted.substring(i + 1, i + 3), 16));
                    i += 2;
                }
                default -> out.write(e);
            }
        }
        return out.toByteArray();
    }

    /** {@code body} followed by a footer of {@code version} and a correct checksum. */
    static byte[] seal(int version, int... body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int b : body) {
            out.write(b);
        }
        return RdbFormat.seal(out, version);
    }

    static byte[] seal(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(body);
        return RdbFormat.seal(out, RdbFormat.DUMP_VERSION);
    }

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static List<String> texts(List<byte[]> l) {
        List<String> out = new ArrayList<>();
        for (byte[] e : l) {
            out.add(new String(e, StandardCharsets.ISO_8859_1));
        }
        return out;
    }

    /**
     * A ziplist of these entries: a String under 64 bytes, or an Integer (0 to 12 immediate, else
     * as an int16 or int32), each with its prevlen.
     */
    static byte[] ziplist(Object... entries) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int prev = 0;
        int tail = 10;
        for (Object e : entries) {
            tail = 10 + body.size();
            ByteArrayOutputStream entry = new ByteArrayOutputStream();
            entry.write(prev);
            if (e instanceof String s) {
                entry.write(s.length());
                entry.writeBytes(b(s));
            } else {
                int v = (Integer) e;
                if (v >= 0 && v <= 12) {
                    entry.write(0xf1 + v);
                } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
                    entry.write(0xc0);
                    entry.write(v);
                    entry.write(v >>> 8);
                } else {
                    entry.write(0xd0);
                    for (int i = 0; i < 4; i++) {
                        entry.write(v >>> (8 * i));
                    }
                }
            }
            prev = entry.size();
            body.writeBytes(entry.toByteArray());
        }
        int total = 10 + body.size() + 1;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        le(out, total, 4);
        le(out, tail, 4);
        le(out, entries.length, 2);
        out.writeBytes(body.toByteArray());
        out.write(0xff);
        return out.toByteArray();
    }

    /** A body: the type byte, then the blob as a raw RDB string. */
    static byte[] typed(int type, byte[] blob) {
        RdbOutput out = new RdbOutput();
        out.u8(type);
        out.rawString(blob);
        byte[] sealed = out.seal(RdbFormat.DUMP_VERSION);
        return sealed;
    }

    private static void le(ByteArrayOutputStream out, long v, int n) {
        for (int i = 0; i < n; i++) {
            out.write((int) (v >>> (8 * i)));
        }
    }
}
