package io.cairn.bench.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict recursive-descent JSON parser (RFC 8259) for checking what the bench writes with
 * Jackson ({@link JsonReport}, the corpus's JSONL): objects become {@link LinkedHashMap}s, arrays
 * {@link List}s, numbers {@link BigDecimal}s, and anything not JSON (NaN, trailing commas, raw
 * control characters, trailing text) fails. Kept rather than parsing with Jackson so that the
 * writer's output is checked by code that does not share its assumptions.
 */
public final class MiniJson {
    private final String s;
    private int pos;

    private MiniJson(String s) {
        this.s = s;
    }

    public static Object parse(String text) {
        MiniJson p = new MiniJson(text);
        Object v = p.value();
        p.ws();
        if (p.pos != text.length()) {
            throw p.error("trailing text");
        }
        return v;
    }

    private Object value() {
        ws();
        if (pos >= s.length()) {
            throw error("unexpected end");
        }
        char c = s.charAt(pos);
        return switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new LinkedHashMap<>();
        pos++;
        ws();
        if (peek('}')) {
            pos++;
            return m;
        }
        while (true) {
            ws();
            String key = string();
            ws();
            expect(':');
            if (m.put(key, value()) != null) {
                throw error("duplicate key " + key);
            }
            ws();
            if (peek(',')) {
                pos++;
            } else {
                expect('}');
                return m;
            }
        }
    }

    private List<Object> array() {
        List<Object> l = new ArrayList<>();
        pos++;
        ws();
        if (peek(']')) {
            pos++;
            return l;
        }
        while (true) {
            l.add(value());
            ws();
            if (peek(',')) {
                pos++;
            } else {
                expect(']');
                return l;
            }
        }
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= s.length()) {
                throw error("unterminated string");
            }
            char c = s.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c < 0x20) {
                throw error("raw control character");
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            char e = s.charAt(pos++);
            switch (e) {
                case '"', '\\', '/' -> sb.append(e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                    pos += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private BigDecimal number() {
        int start = pos;
        if (peek('-')) {
            pos++;
        }
        if (peek('0')) {
            pos++;
        } else {
            digits();
        }
        if (peek('.')) {
            pos++;
            digits();
        }
        if (peek('e') || peek('E')) {
            pos++;
            if (peek('+') || peek('-')) {
                pos++;
            }
            digits();
        }
        return new BigDecimal(s.substring(start, pos));
    }

    private void digits() {
        int start = pos;
        while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
            pos++;
        }
        if (pos == start) {
            throw error("digit expected");
        }
    }

    private Object literal(String word, Object v) {
        if (!s.startsWith(word, pos)) {
            throw error("expected " + word);
        }
        pos += word.length();
        return v;
    }

    private void ws() {
        while (pos < s.length() && " \t\r\n".indexOf(s.charAt(pos)) >= 0) {
            pos++;
        }
    }

    private boolean peek(char c) {
        return pos < s.length() && s.charAt(pos) == c;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at " + pos + ": "
                + s.substring(Math.max(0, pos - 20), Math.min(s.length(), pos + 20)));
    }
}
