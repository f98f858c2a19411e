package io.cairn.search.query;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses RediSearch's query language with DIALECT 2 precedence: {@code |} binds loosest, so
 * {@code a b | c d} is {@code (a b) | (c d)}; juxtaposition is AND; {@code -x} is NOT,
 * {@code ~x} optional; {@code @f:...} scopes to a field ({@code @f|g:...} to several); {@code "..."}
 * a phrase; {@code w*} a prefix; {@code %w%} fuzzy (up to three {@code %}); {@code @n:[lo hi]} a
 * numeric range with {@code (} for an exclusive bound and {@code -inf}/{@code +inf}; {@code @t:{a|b}}
 * tags; {@code *} alone every document. A backslash escapes the next character.
 *
 * <p>Errors say "Syntax error at offset N near X", as RediSearch does. Field names are not checked
 * here (the index does that). Not thread-safe; one instance per parse.
 */
public final class QueryParser {
    /** Nesting deeper than this is refused rather than risking the stack. */
    public static final int MAX_DEPTH = 128;
    /** Minimum characters before {@code *} in a prefix, as RediSearch's MINPREFIX. */
    public static final int MIN_PREFIX = 2;

    private final String q;
    private int pos;
    private int depth;

    private QueryParser(String query) {
        this.q = query;
    }

    public static QueryNode parse(String query) {
        QueryParser p = new QueryParser(query);
        p.skipWs();
        if (p.pos == p.q.length()) {
            throw new QuerySyntaxException("Syntax error at offset 0 near the empty query; use * for every document");
        }
        if (query.strip().equals("*")) {
            return new QueryNode.All();
        }
        QueryNode n = p.union(List.of());
        p.skipWs();
        if (p.pos < p.q.length()) {
            throw p.error();
        }
        return n;
    }

    private QueryNode union(List<String> fields) {
        enter();
        List<QueryNode> alternatives = new ArrayList<>();
        alternatives.add(intersection(fields));
        while (true) {
            skipWs();
            if (pos < q.length() && q.charAt(pos) == '|') {
                pos++;
                alternatives.add(intersection(fields));
            } else {
                break;
            }
        }
        depth--;
        return alternatives.size() == 1 ? alternatives.getFirst() : new QueryNode.Or(List.copyOf(alternatives));
    }

    private QueryNode intersection(List<String> fields) {
        List<QueryNode> items = new ArrayList<>();
        while (true) {
            skipWs();
            if (pos >= q.length()) {
                break;
            }
            char c = q.charAt(pos);
            if (c == ')' || c == '|') {
                break;
            }
            items.add(unary(fields));
        }
        if (items.isEmpty()) {
            throw error();
        }
        return items.size() == 1 ? items.getFirst() : new QueryNode.And(List.copyOf(items));
    }

    private QueryNode unary(List<String> fields) {
        char c = q.charAt(pos);
        if (c == '-') {
            pos++;
            enter();
            QueryNode child = unary(fields);
            depth--;
            return new QueryNode.Not(child);
        }
        if (c == '~') {
            pos++;
            enter();
            QueryNode child = unary(fields);
            depth--;
            return new QueryNode.Optional(child);
        }
        return primary(fields);
    }

    private QueryNode primary(List<String> fields) {
        if (pos >= q.length()) {
            throw error();
        }
        char c = q.charAt(pos);
        switch (c) {
            case '(' -> {
                pos++;
                QueryNode n = union(fields);
                expect(')');
                return n;
            }
            case '@' -> {
                return fieldExpression();
            }
            case '"' -> {
                return new QueryNode.Phrase(fields, quoted());
            }
            case '%' -> {
                return fuzzy(fields);
            }
            case '*' -> {
                pos++;
                return new QueryNode.All();
            }
            default -> {
                return term(fields);
            }
        }
    }

    private QueryNode fieldExpression() {
        int start = pos;
        pos++; // '@'
        List<String> names = new ArrayList<>();
        names.add(name());
        while (pos < q.length() && q.charAt(pos) == '|') {
            pos++;
            names.add(name());
        }
        if (pos >= q.length() || q.charAt(pos) != ':') {
            pos = start;
            throw error();
        }
        pos++;
        skipWs();
        if (pos >= q.length()) {
            throw error();
        }
        char c = q.charAt(pos);
        if (c == '[' || c == '{') {
            if (names.size() != 1) {
                pos = start;
                throw error();
            }
            return c == '[' ? range(names.getFirst()) : tags(names.getFirst());
        }
        enter(); // @a:@a:@a:... nests too
        QueryNode n = unary(List.copyOf(names));
        depth--;
        return n;
    }

    private String name() {
        int start = pos;
        StringBuilder sb = new StringBuilder();
        while (pos < q.length()) {
            char c = q.charAt(pos);
            if (c == '\\' && pos + 1 < q.length()) {
                sb.append(q.charAt(pos + 1));
                pos += 2;
            } else if (Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '$' || c == '-') {
                sb.append(c);
                pos++;
            } else {
                break;
            }
        }
        if (sb.isEmpty()) {
            pos = start;
            throw error();
        }
        return sb.toString();
    }

    private QueryNode range(String field) {
        int start = pos;
        pos++; // '['
        skipWs();
        Bound lo = bound();
        skipWs();
        if (pos < q.length() && q.charAt(pos) == ',') { // RediSearch accepts [lo, hi] too
            pos++;
            skipWs();
        }
        Bound hi = bound();
        skipWs();
        if (pos >= q.length() || q.charAt(pos) != ']') {
            pos = start;
            throw error();
        }
        pos++;
        return new QueryNode.Range(field, lo.value, lo.inclusive, hi.value, hi.inclusive);
    }

    private record Bound(double value, boolean inclusive) {
    }

    private Bound bound() {
        int start = pos;
        boolean inclusive = true;
        if (pos < q.length() && q.charAt(pos) == '(') {
            inclusive = false;
            pos++;
        }
        int s = pos;
        while (pos < q.length() && !Character.isWhitespace(q.charAt(pos)) && q.charAt(pos) != ']' && q.charAt(pos) != ',') {
            pos++;
        }
        String text = q.substring(s, pos);
        double v;
        switch (text.toLowerCase(java.util.Locale.ROOT)) {
            case "inf", "+inf" -> v = Double.POSITIVE_INFINITY;
            case "-inf" -> v = Double.NEGATIVE_INFINITY;
            default -> {
                try {
                    v = Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    pos = start;
                    throw error();
                }
                if (Double.isNaN(v) || text.isEmpty() || !Character.isDigit(text.charAt(text.length() - 1))
                        && text.charAt(text.length() - 1) != '.') {
                    pos = start;
                    throw error();
                }
            }
        }
        return new Bound(v, inclusive);
    }

    private QueryNode tags(String field) {
        int start = pos;
        pos++; // '{'
        List<QueryNode.Tag> tags = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        boolean escapedEnd = false;
        while (true) {
            if (pos >= q.length()) {
                pos = start;
                throw error();
            }
            char c = q.charAt(pos);
            if (c == '\\' && pos + 1 < q.length()) {
                sb.append(q.charAt(pos + 1));
                pos += 2;
                escapedEnd = true;
                continue;
            }
            if (c == '|' || c == '}') {
                addTag(tags, sb, escapedEnd, start);
                sb.setLength(0);
                escapedEnd = false;
                pos++;
                if (c == '}') {
                    break;
                }
                continue;
            }
            if (!Character.isWhitespace(c)) {
                escapedEnd = false;
            }
            sb.append(c);
            pos++;
        }
        return new QueryNode.Tags(field, List.copyOf(tags));
    }

    private void addTag(List<QueryNode.Tag> tags, StringBuilder sb, boolean escapedEnd, int start) {
        String t = sb.toString().strip();
        boolean prefix = false;
        if (!escapedEnd && t.endsWith("*")) {
            prefix = true;
            t = t.substring(0, t.length() - 1).strip();
        }
        if (t.isEmpty()) {
            pos = start;
            throw error();
        }
        tags.add(new QueryNode.Tag(t, prefix));
    }

    private String quoted() {
        int start = pos;
        pos++; // '"'
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= q.length()) {
                pos = start;
                throw error();
            }
            char c = q.charAt(pos);
            if (c == '\\' && pos + 1 < q.length()) {
                sb.append(q.charAt(pos + 1));
                pos += 2;
            } else if (c == '"') {
                pos++;
                break;
            } else {
                sb.append(c);
                pos++;
            }
        }
        if (sb.toString().isBlank()) {
            pos = start;
            throw error();
        }
        return sb.toString();
    }

    private QueryNode fuzzy(List<String> fields) {
        int start = pos;
        int level = 0;
        while (pos < q.length() && q.charAt(pos) == '%') {
            level++;
            pos++;
        }
        if (level > 3) {
            pos = start;
            throw error();
        }
        String word = word();
        for (int i = 0; i < level; i++) {
            if (pos >= q.length() || q.charAt(pos) != '%') {
                pos = start;
                throw error();
            }
            pos++;
        }
        if (word.isEmpty()) {
            pos = start;
            throw error();
        }
        return new QueryNode.Term(fields, word, false, level);
    }

    private QueryNode term(List<String> fields) {
        int start = pos;
        String word = word();
        if (word.isEmpty()) {
            throw error();
        }
        boolean prefix = false;
        if (pos < q.length() && q.charAt(pos) == '*') {
            pos++;
            prefix = true;
            if (word.length() < MIN_PREFIX) {
                pos = start;
                throw error();
            }
        }
        return new QueryNode.Term(fields, word, prefix, 0);
    }

    /** Characters up to the next operator or space; a backslash escapes one character. */
    private String word() {
        StringBuilder sb = new StringBuilder();
        while (pos < q.length()) {
            char c = q.charAt(pos);
            if (c == '\\' && pos + 1 < q.length()) {
                sb.append(q.charAt(pos + 1));
                pos += 2;
                continue;
            }
            if (Character.isWhitespace(c) || "()|@\"{}[]~%*:".indexOf(c) >= 0) {
                break;
            }
            sb.append(c);
            pos++;
        }
        return sb.toString();
    }

    private void expect(char c) {
        skipWs();
        if (pos >= q.length() || q.charAt(pos) != c) {
            throw error();
        }
        pos++;
    }

    private void skipWs() {
        while (pos < q.length() && Character.isWhitespace(q.charAt(pos))) {
            pos++;
        }
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw new QuerySyntaxException("Syntax error at offset " + pos + ": the query nests deeper than "
                    + MAX_DEPTH + " levels");
        }
    }

    private QuerySyntaxException error() {
        if (pos >= q.length()) {
            return new QuerySyntaxException("Syntax error at offset " + q.length() + " near the end of the query");
        }
        int end = pos;
        while (end < q.length() && end - pos < 20 && !Character.isWhitespace(q.charAt(end))) {
            end++;
        }
        String near = q.substring(pos, Math.max(end, pos + 1));
        return new QuerySyntaxException("Syntax error at offset " + pos + " near " + near);
    }
}
