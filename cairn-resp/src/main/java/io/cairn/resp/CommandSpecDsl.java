package io.cairn.resp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The small language {@link CommandTable}'s rows are written in: turns one row into a
 * {@link CommandSpec}, checking every name. Stateless; only the table uses it.
 *
 * <p><b>Flags and categories are what {@code COMMAND INFO} reports</b>, not the raw json: flags Redis
 * hides there ({@code may_replicate}, {@code sentinel}, {@code protected},
 * {@code touches_arbitrary_keys}) are left out, {@code movablekeys} is added where Redis adds it
 * (SET, which has a getkeys procedure), and the ACL categories include the implicit ones Redis derives
 * from the flags ({@code write} gives {@code @write}, {@code readonly} {@code @read}, {@code admin}
 * {@code @admin @dangerous}, {@code fast} {@code @fast}, anything not fast {@code @slow}). Both are
 * stored in Redis's reply order whatever order a row lists them in, and an unknown name fails class
 * initialisation. Key positions are the legacy first/last/step that {@code COMMAND INFO} derives
 * from the key specs (RENAME and COPY: 1 2 1; MSET: 1 -1 2).
 *
 * <p><b>Argument mini-language</b> (for {@code COMMAND DOCS}); arguments are separated by spaces:
 * <ul>
 *   <li>{@code name:type} an argument; type is one of {@code key string integer double pattern
 *       unix-time}: {@code key:key}, {@code seconds:integer}</li>
 *   <li>{@code TOKEN} a pure token named after itself in lower case: {@code GET}, {@code WITHSCORES}</li>
 *   <li>{@code TOKEN=name} a pure token with another name: {@code CH=change}</li>
 *   <li>{@code TOKEN=name:type} an argument that follows a token: {@code MATCH=pattern:pattern}</li>
 *   <li>{@code name{a|b|c}} one of the alternatives, each itself an argument:
 *       {@code condition{NX|XX}}, {@code expiration{EX=seconds:integer|KEEPTTL}}</li>
 *   <li>{@code name(a b c)} a block of arguments given together: {@code data(field:string value:string)};
 *       a oneof or block may be preceded by a token: {@code LIMIT=limit(offset:integer count:integer)}</li>
 *   <li>{@code [x]} makes {@code x} optional; a trailing {@code ...} makes it repeatable:
 *       {@code key:key...}, {@code [section:string...]}, {@code data(key:key value:string)...}</li>
 * </ul>
 */
final class CommandSpecDsl {
    /** Flags in the order {@code COMMAND INFO} prints them (server.c {@code addReplyCommandFlags}). */
    private static final List<String> FLAG_ORDER = List.of("write", "readonly", "denyoom", "module", "admin",
            "pubsub", "noscript", "blocking", "loading", "stale", "skip_monitor", "skip_slowlog", "asking", "fast",
            "no_auth", "no_mandatory_keys", "no_async_loading", "no_multi", "movablekeys", "allow_busy");

    /** ACL categories in Redis's order (acl.c {@code ACLCommandCategories}). */
    private static final List<String> ACL_ORDER = List.of("@keyspace", "@read", "@write", "@set", "@sortedset",
            "@list", "@hash", "@string", "@bitmap", "@hyperloglog", "@geo", "@stream", "@pubsub", "@admin", "@fast",
            "@slow", "@blocking", "@dangerous", "@connection", "@transaction", "@scripting",
            // module categories come after Redis's own, as Redis lists them
            "@json", "@search");

    private static final Set<String> ARG_TYPES = Set.of("key", "string", "integer", "double", "pattern", "unix-time");

    private CommandSpecDsl() {
    }

    static CommandSpec spec(String name, int arity, String flags, int firstKey, int lastKey, int step,
                                   String acl, String group, String summary, String since, String complexity,
                                   String args) {
        return new CommandSpec(name, arity, ordered(name, flags, FLAG_ORDER), firstKey, lastKey, step,
                ordered(name, acl, ACL_ORDER), group, summary, since, complexity, new ArgParser(name, args).parseAll());
    }

    /** The space-separated words of {@code text}, each checked against and sorted by {@code order}. */
    private static Set<String> ordered(String command, String text, List<String> order) {
        List<String> words = text.isBlank() ? List.of() : List.of(text.trim().split("\\s+"));
        for (String word : words) {
            if (!order.contains(word)) {
                throw new IllegalStateException("command table: " + command + ": unknown name '" + word
                        + "' (expected one of " + order + ")");
            }
        }
        Set<String> result = new LinkedHashSet<>();
        for (String known : order) {
            if (words.contains(known)) {
                result.add(known);
            }
        }
        return Collections.unmodifiableSet(result);
    }

    /** Recursive-descent parser for the argument mini-language described in the class Javadoc. */
    private static final class ArgParser {
        private final String command;
        private final String text;
        private int pos;

        ArgParser(String command, String text) {
            this.command = command;
            this.text = text;
        }

        List<CommandSpec.Arg> parseAll() {
            List<CommandSpec.Arg> args = parseSequence('\0');
            if (pos < text.length()) {
                throw error("unexpected '" + text.charAt(pos) + "'");
            }
            return args;
        }

        /** Arguments separated by spaces, up to {@code end} (not consumed) or the end of the text. */
        private List<CommandSpec.Arg> parseSequence(char end) {
            List<CommandSpec.Arg> args = new ArrayList<>();
            skipSpaces();
            while (pos < text.length() && text.charAt(pos) != end) {
                args.add(parseArg());
                skipSpaces();
            }
            return List.copyOf(args);
        }

        private CommandSpec.Arg parseArg() {
            CommandSpec.Arg arg;
            if (peek() == '[') {
                pos++;
                skipSpaces();
                CommandSpec.Arg inner = parseArg();
                skipSpaces();
                expect(']');
                arg = new CommandSpec.Arg(inner.name(), inner.type(), inner.token(), true, inner.multiple(),
                        inner.children());
            } else {
                arg = parseWord();
            }
            if (text.startsWith("...", pos)) {
                pos += 3;
                arg = new CommandSpec.Arg(arg.name(), arg.type(), arg.token(), arg.optional(), true, arg.children());
            }
            return arg;
        }

        private CommandSpec.Arg parseWord() {
            int start = pos;
            while (pos < text.length() && " []{}()|".indexOf(text.charAt(pos)) < 0
                    && !text.startsWith("...", pos)) {
                pos++;
            }
            String word = text.substring(start, pos);
            if (word.isEmpty()) {
                throw error("expected an argument");
            }
            int eq = word.indexOf('=');
            String token = eq < 0 ? null : word.substring(0, eq);
            String rest = eq < 0 ? word : word.substring(eq + 1);
            if (peek() == '{') {
                pos++;
                List<CommandSpec.Arg> alternatives = new ArrayList<>();
                while (true) {
                    skipSpaces();
                    alternatives.add(parseArg());
                    skipSpaces();
                    if (peek() != '|') {
                        break;
                    }
                    pos++;
                }
                expect('}');
                return new CommandSpec.Arg(rest, "oneof", token, false, false, List.copyOf(alternatives));
            }
            if (peek() == '(') {
                pos++;
                List<CommandSpec.Arg> children = parseSequence(')');
                expect(')');
                return new CommandSpec.Arg(rest, "block", token, false, false, children);
            }
            int colon = rest.indexOf(':');
            if (colon >= 0) {
                String type = rest.substring(colon + 1);
                if (!ARG_TYPES.contains(type)) {
                    throw error("unknown argument type '" + type + "' (expected one of " + ARG_TYPES + ")");
                }
                return new CommandSpec.Arg(rest.substring(0, colon), type, token, false, false, List.of());
            }
            if (token != null) {
                return new CommandSpec.Arg(rest, "pure-token", token, false, false, List.of());
            }
            if (!word.equals(word.toUpperCase(Locale.ROOT))) {
                throw error("'" + word + "' is neither name:type nor an upper-case TOKEN");
            }
            return new CommandSpec.Arg(word.toLowerCase(Locale.ROOT), "pure-token", word, false, false, List.of());
        }

        private char peek() {
            return pos < text.length() ? text.charAt(pos) : '\0';
        }

        private void expect(char c) {
            if (peek() != c) {
                throw error("expected '" + c + "'");
            }
            pos++;
        }

        private void skipSpaces() {
            while (pos < text.length() && text.charAt(pos) == ' ') {
                pos++;
            }
        }

        private IllegalStateException error(String message) {
            return new IllegalStateException("command table: " + command + ": arguments \"" + text + "\" at "
                    + pos + ": " + message);
        }
    }
}
