package io.cairn.it.server;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One RESP2 or RESP3 reply, as the differential test compares it. {@link #toString()} is the
 * canonical text the scripts in {@code differential/*.txt} use for {@code # cairn:} expectations:
 *
 * <pre>
 * +OK   -ERR msg   :1   $"bytes\r\n\x00"   $-1 (RESP2 nil bulk)   *-1 (RESP2 nil array)
 * *[:1, $"a"]   %{$"k": $"v"}   ~[...] (set)   &gt;[...] (push)   _ (RESP3 null)
 * ,1.5 (double)   #t / #f   (123 (big number)   ="txt:text" (verbatim)
 * </pre>
 *
 * <p>Bulk strings escape {@code "}, {@code \}, CR, LF, TAB and every byte outside printable ASCII
 * as {@code \xHH}. For a map, {@code items} holds keys and values alternately. {@link #parse} reads
 * the text back; inside an aggregate, a simple string, error or number runs to the next {@code ", "},
 * {@code ": "} (map keys) or closing bracket, so one that contains those is read wrongly there.
 *
 * @param type the RESP type byte
 * @param text the scalar's text (escaped for bulk and verbatim strings); null for a nil bulk
 * @param items the aggregate's elements; null for scalars and for a nil array
 */
record Reply(char type, String text, List<Reply> items) {

    static Reply scalar(char type, String text) {
        return new Reply(type, text, null);
    }

    static Reply aggregate(char type, List<Reply> items) {
        return new Reply(type, null, items == null ? null : List.copyOf(items));
    }

    boolean isAggregate() {
        return type == '*' || type == '~' || type == '>' || type == '%';
    }

    /** The same reply with its top-level elements (map entries for a map) in canonical-text order. */
    Reply sorted() {
        return isAggregate() && items != null ? withItems(sortGroups(type == '%' ? 2 : 1)) : this;
    }

    /** A flat array of field/value pairs (RESP2 HGETALL, ZRANGE WITHSCORES) with the pairs sorted. */
    Reply sortedPairs() {
        return isAggregate() && items != null ? withItems(sortGroups(2)) : this;
    }

    /** A cursor reply {@code *[cursor, *[page]]} with its page sorted ({@code pairs}: as pairs). */
    Reply scanPageSorted(boolean pairs) {
        if (type != '*' || items == null || items.size() != 2) {
            return this;
        }
        Reply page = items.get(1);
        return withItems(List.of(items.get(0), pairs ? page.sortedPairs() : page.sorted()));
    }

    private Reply withItems(List<Reply> newItems) {
        return new Reply(type, null, newItems);
    }

    private List<Reply> sortGroups(int size) {
        List<List<Reply>> groups = new ArrayList<>();
        for (int i = 0; i < items.size(); i += size) {
            groups.add(items.subList(i, Math.min(items.size(), i + size)));
        }
        groups.sort(Comparator.comparing(Object::toString));
        List<Reply> out = new ArrayList<>(items.size());
        groups.forEach(out::addAll);
        return out;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        render(sb);
        return sb.toString();
    }

    private void render(StringBuilder sb) {
        switch (type) {
            case '$', '=' -> {
                if (text == null) {
                    sb.append("$-1");
                } else {
                    sb.append(type).append('"').append(text).append('"');
                }
            }
            case '_' -> sb.append('_');
            case '*', '~', '>' -> {
                if (items == null) {
                    sb.append(type).append("-1");
                    return;
                }
                sb.append(type).append('[');
                for (int i = 0; i < items.size(); i++) {
                    sb.append(i == 0 ? "" : ", ");
                    items.get(i).render(sb);
                }
                sb.append(']');
            }
            case '%' -> {
                sb.append("%{");
                for (int i = 0; i + 1 < items.size(); i += 2) {
                    sb.append(i == 0 ? "" : ", ");
                    items.get(i).render(sb);
                    sb.append(": ");
                    items.get(i + 1).render(sb);
                }
                sb.append('}');
            }
            default -> sb.append(type).append(text);
        }
    }

    /** Escapes bytes for the canonical bulk-string form. */
    static String escape(byte[] bytes) {
        StringBuilder sb = new StringBuilder(bytes.length);
        for (byte b : bytes) {
            int c = b & 0xff;
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c >= 0x20 && c < 0x7f) {
                        sb.append((char) c);
                    } else {
                        sb.append(String.format("\\x%02x", c));
                    }
                }
            }
        }
        return sb.toString();
    }

    /** Reads canonical text back into a reply, the inverse of {@link #toString()} (see the class comment). */
    static Reply parse(String canonical) {
        int[] pos = {0};
        Reply r = parse(canonical, pos);
        if (pos[0] != canonical.length()) {
            throw new IllegalArgumentException("unexpected '" + canonical.substring(pos[0]) + "' after a reply in: "
                    + canonical);
        }
        return r;
    }

    /** Parses one reply at {@code pos[0]}; a simple scalar ends before any of {@code stops} (or at the end). */
    private static Reply parse(String s, int[] pos, String... stops) {
        if (pos[0] >= s.length()) {
            throw new IllegalArgumentException("a reply is missing at the end of: " + s);
        }
        char type = s.charAt(pos[0]++);
        switch (type) {
            case '_' -> {
                return scalar('_', "");
            }
            case '$', '=' -> {
                if (s.startsWith("-1", pos[0])) {
                    pos[0] += 2;
                    return scalar('$', null);
                }
                expect(s, pos, "\"");
                int start = pos[0];
                while (pos[0] < s.length() && s.charAt(pos[0]) != '"') {
                    pos[0] += s.charAt(pos[0]) == '\\' ? 2 : 1;
                }
                String text = s.substring(start, Math.min(pos[0], s.length()));
                expect(s, pos, "\"");
                return scalar(type, text);
            }
            case '*', '~', '>', '%' -> {
                if (s.startsWith("-1", pos[0])) {
                    pos[0] += 2;
                    return aggregate(type, null);
                }
                boolean map = type == '%';
                expect(s, pos, map ? "{" : "[");
                String close = map ? "}" : "]";
                List<Reply> items = new ArrayList<>();
                while (!s.startsWith(close, pos[0])) {
                    if (!items.isEmpty()) {
                        expect(s, pos, ", ");
                    }
                    if (map) {
                        items.add(parse(s, pos, ": "));
                        expect(s, pos, ": ");
                    }
                    items.add(parse(s, pos, ", ", close));
                }
                pos[0]++;
                return aggregate(type, items);
            }
            case '+', '-', ':', ',', '#', '(' -> {
                int end = s.length();
                for (String stop : stops) {
                    int at = s.indexOf(stop, pos[0]);
                    if (at >= 0 && at < end) {
                        end = at;
                    }
                }
                String text = s.substring(pos[0], end);
                pos[0] = end;
                return scalar(type, text);
            }
            default -> throw new IllegalArgumentException("no reply type '" + type + "' in: " + s);
        }
    }

    private static void expect(String s, int[] pos, String token) {
        if (!s.startsWith(token, pos[0])) {
            throw new IllegalArgumentException("expected '" + token + "' at offset " + pos[0] + " of: " + s);
        }
        pos[0] += token.length();
    }
}
