package io.cairn.resp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The small language {@link CommandTable}'s rows are written in: turns one row into a
 * {@link CommandSpec}, checking every name, and the key specs against first/last/step. Only the
 * table (and its tests) use it; a {@link Row} is built once, on one thread.
 *
 * <p><b>Flags and categories are what {@code COMMAND INFO} reports</b>, not the raw json: flags Redis
 * hides there ({@code may_replicate}, {@code sentinel}, {@code protected},
 * {@code touches_arbitrary_keys}) are left out, {@code movablekeys} is given where Redis 7.2 derives
 * it from the key specs (a keynum or keyword spec, an incomplete one: ZUNIONSTORE, EVAL), and the
 * ACL categories include the implicit ones Redis derives from the flags ({@code write} gives
 * {@code @write}, {@code readonly} {@code @read}, {@code admin} {@code @admin @dangerous},
 * {@code fast} {@code @fast}, anything not fast {@code @slow}). Both are stored in Redis's reply
 * order whatever order a row lists them in, and an unknown name fails class initialisation. Key
 * positions are the legacy first/last/step that {@code COMMAND INFO} derives from the key specs
 * (RENAME and COPY: 1 2 1; MSET: 1 -1 2).
 *
 * <p><b>Key specs</b> ({@link Row#keys}) are Redis 7's, written {@code flags begin find [notes(text)]}
 * and {@code ;}-separated; a row that gives them has its first/last/step and {@code movablekeys}
 * checked against them as Redis derives those. A row without them gets the one spec Redis gives a
 * command declared by first/last/step alone (a module command): {@code RW access update}, beginning
 * at the first key, a range to the last.
 *
 * <p><b>Argument mini-language</b> (for {@code COMMAND DOCS}); arguments are separated by spaces:
 * <ul>
 *   <li>{@code name:type} an argument; type is one of {@code key string integer double pattern
 *       unix-time}: {@code key:key}, {@code seconds:integer}</li>
 *   <li>{@code TOKEN} a pure token named after itself in lower case: {@code GET}, {@code WITHSCORES}</li>
 *   <li>{@code TOKEN=name} a pure token with another name: {@code CH=change}, {@code ~=approximately},
 *       {@code ==equal} (the token {@code =})</li>
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

    /** Key spec flags in the order {@code COMMAND INFO} prints them (server.c {@code addReplyFlagsForKeyArgs}). */
    private static final List<String> KEY_FLAG_ORDER = List.of("RO", "RW", "OW", "RM", "access", "update", "insert",
            "delete", "not_key", "incomplete", "variable_flags");

    /** Tips as Redis writes them (server.h's {@code COMMAND TIPS}), lower case. */
    private static final Pattern TIP = Pattern.compile("nondeterministic_output(_order)?"
            + "|request_policy:(all_nodes|all_shards|multi_shard|special)"
            + "|response_policy:(one_succeeded|all_succeeded|agg_logical_and|agg_logical_or|agg_min|agg_max|agg_sum|special)");

    private static final Pattern BEGIN = Pattern.compile("index\\((-?\\d+)\\)|keyword\\(([^,()]+),(-?\\d+)\\)|unknown");
    private static final Pattern FIND = Pattern.compile(
            "range\\((-?\\d+),(-?\\d+),(-?\\d+)\\)|keynum\\((-?\\d+),(-?\\d+),(-?\\d+)\\)|unknown");

    /** What Redis gives a command declared with first/last/step only (a module's): full access. */
    private static final Set<String> FULL_ACCESS = ordered("(default)", "RW access update", KEY_FLAG_ORDER);

    private CommandSpecDsl() {
    }

    /**
     * One row of the table: the columns every row has, plus what only some give, chained:
     * {@code .keys(...)} Redis 7 key specs (without it, one range spec with full access is made
     * from first/last/step, as Redis does for a module command), {@code .tips(...)},
     * {@code .deprecated(since, replacedBy)} and {@code .syscmd()}. Not thread-safe; the table
     * builds each row once.
     */
    static final class Row {
        private final String name;
        private final int arity;
        private final String flags;
        private final int firstKey;
        private final int lastKey;
        private final int step;
        private final String acl;
        private final String group;
        private final String summary;
        private final String since;
        private final String complexity;
        private final String args;
        private String keys;
        private String tips = "";
        private String deprecatedSince;
        private String replacedBy;
        private boolean syscmd;

        Row(String name, int arity, String flags, int firstKey, int lastKey, int step, String acl, String group,
            String summary, String since, String complexity, String args) {
            this.name = name;
            this.arity = arity;
            this.flags = flags;
            this.firstKey = firstKey;
            this.lastKey = lastKey;
            this.step = step;
            this.acl = acl;
            this.group = group;
            this.summary = summary;
            this.since = since;
            this.complexity = complexity;
            this.args = args;
        }

        /**
         * The key specs, {@code ;}-separated, each: its flags, where the search begins
         * ({@code index(pos)}, {@code keyword(WORD,startfrom)} or {@code unknown}), how keys are found
         * ({@code range(lastkey,step,limit)}, {@code keynum(keynumidx,firstkey,step)} or
         * {@code unknown}), and optionally {@code notes(text)}:
         * {@code "RW access delete index(1) range(0,1,0); OW update index(2) range(0,1,0)"}.
         */
        Row keys(String specs) {
            this.keys = specs;
            return this;
        }

        /** Command tips, space-separated, as {@code COMMAND INFO} prints them: {@code "nondeterministic_output"}. */
        Row tips(String tips) {
            this.tips = tips;
            return this;
        }

        Row deprecated(String since, String replacedBy) {
            this.deprecatedSince = since;
            this.replacedBy = replacedBy;
            return this;
        }

        /** The {@code syscmd} doc flag: a command meant for the system (DEBUG), not for applications. */
        Row syscmd() {
            this.syscmd = true;
            return this;
        }

        CommandSpec build() {
            Set<String> flagSet = ordered(name, flags, FLAG_ORDER);
            List<KeySpec> specs = keys == null ? defaultKeySpecs() : parseKeySpecs(name, keys);
            if (keys != null) {
                checkLegacyRange(specs, flagSet.contains("movablekeys"));
            }
            List<String> tipList = tips.isBlank() ? List.of() : List.of(tips.trim().split("\\s+"));
            for (String tip : tipList) {
                if (!TIP.matcher(tip).matches()) {
                    throw new IllegalStateException("command table: " + name + ": unknown tip '" + tip + "'");
                }
            }
            Set<String> docFlags = new LinkedHashSet<>();
            if (deprecatedSince != null) {
                docFlags.add("deprecated");
            }
            if (syscmd) {
                docFlags.add("syscmd");
            }
            return new CommandSpec(name, arity, flagSet, firstKey, lastKey, step, ordered(name, acl, ACL_ORDER), group,
                    summary, since, complexity, new ArgParser(name, args).parseAll(), specs, tipList,
                    Collections.unmodifiableSet(docFlags), deprecatedSince, replacedBy,
                    flagSet.contains("module") ? moduleOf(name) : null);
        }

        private List<KeySpec> defaultKeySpecs() {
            if (firstKey == 0) {
                return List.of();
            }
            return List.of(new KeySpec(null, FULL_ACCESS, new KeySpec.BeginSearch.Index(firstKey),
                    new KeySpec.FindKeys.Range(lastKey < 0 ? lastKey : lastKey - firstKey, step, 0)));
        }

        /**
         * Checks first/last/step and {@code movablekeys} against the key specs, as Redis derives them
         * ({@code populateCommandLegacyRangeSpec}): plain index+range specs that follow one another
         * make the legacy range; any other spec, a step other than 1 among several, or an
         * {@code incomplete} one makes the keys movable.
         */
        private void checkLegacyRange(List<KeySpec> specs, boolean movable) {
            int first = 0;
            int last = 0;
            int keyStep = 0;
            boolean moves = false;
            if (specs.size() == 1 && isPlainRange(specs.get(0))) {
                KeySpec s = specs.get(0);
                first = ((KeySpec.BeginSearch.Index) s.beginSearch()).pos();
                KeySpec.FindKeys.Range r = (KeySpec.FindKeys.Range) s.findKeys();
                last = r.lastKey() < 0 ? r.lastKey() : r.lastKey() + first;
                keyStep = r.keyStep();
                moves = s.flags().contains("incomplete");
            } else if (!specs.isEmpty()) {
                int lowest = Integer.MAX_VALUE;
                int previous = 0;
                for (KeySpec s : specs) {
                    if (!isPlainRange(s)) {
                        moves = true;
                        continue;
                    }
                    int pos = ((KeySpec.BeginSearch.Index) s.beginSearch()).pos();
                    KeySpec.FindKeys.Range r = (KeySpec.FindKeys.Range) s.findKeys();
                    if (r.keyStep() != 1 || previous != 0 && previous != pos - 1) {
                        moves = true;
                        continue;
                    }
                    moves |= s.flags().contains("incomplete");
                    lowest = Math.min(lowest, pos);
                    int end = r.lastKey() >= 0 ? r.lastKey() + pos : r.lastKey();
                    last = Integer.compareUnsigned(last, end) >= 0 ? last : end; // -1 is the largest, as in Redis
                    previous = last;
                }
                if (lowest == Integer.MAX_VALUE) {
                    moves = true;
                } else {
                    first = lowest;
                    keyStep = 1;
                }
            }
            if (first != firstKey || last != lastKey || keyStep != step) {
                throw new IllegalStateException("command table: " + name + ": first/last/step " + firstKey + " " + lastKey
                        + " " + step + " but the key specs make " + first + " " + last + " " + keyStep);
            }
            if (moves != movable) {
                throw new IllegalStateException("command table: " + name + ": the key specs make movablekeys " + moves
                        + " but the flags say " + movable);
            }
        }
    }

    private static boolean isPlainRange(KeySpec s) {
        return s.beginSearch() instanceof KeySpec.BeginSearch.Index && s.findKeys() instanceof KeySpec.FindKeys.Range;
    }

    /** The module a module command belongs to, by its name's prefix, as Redis reports it. */
    private static String moduleOf(String command) {
        if (command.startsWith("json.")) {
            return "ReJSON";
        }
        if (command.startsWith("ft.")) {
            return "search";
        }
        throw new IllegalStateException("command table: " + command + ": a module command of no known module");
    }

    /** Parses the key-spec language of {@link Row#keys}. */
    static List<KeySpec> parseKeySpecs(String command, String text) {
        List<KeySpec> specs = new ArrayList<>();
        for (String one : text.split(";")) {
            String spec = one.trim();
            String notes = null;
            int n = spec.indexOf("notes(");
            if (n >= 0) {
                if (!spec.endsWith(")")) {
                    throw new IllegalStateException("command table: " + command + ": notes( without its ) in \"" + spec + "\"");
                }
                notes = spec.substring(n + "notes(".length(), spec.length() - 1);
                spec = spec.substring(0, n).trim();
            }
            List<String> words = List.of(spec.split("\\s+"));
            if (words.size() < 2) {
                throw new IllegalStateException("command table: " + command + ": key spec \"" + one
                        + "\" needs where the search begins and how keys are found");
            }
            specs.add(new KeySpec(notes, ordered(command, String.join(" ", words.subList(0, words.size() - 2)),
                    KEY_FLAG_ORDER), begin(command, words.get(words.size() - 2)), find(command, words.get(words.size() - 1))));
        }
        return List.copyOf(specs);
    }

    private static KeySpec.BeginSearch begin(String command, String word) {
        Matcher m = BEGIN.matcher(word);
        if (!m.matches()) {
            throw new IllegalStateException("command table: " + command + ": begin search '" + word
                    + "' (expected index(pos), keyword(WORD,startfrom) or unknown)");
        }
        if (m.group(1) != null) {
            return new KeySpec.BeginSearch.Index(Integer.parseInt(m.group(1)));
        }
        if (m.group(2) != null) {
            return new KeySpec.BeginSearch.Keyword(m.group(2), Integer.parseInt(m.group(3)));
        }
        return new KeySpec.BeginSearch.Unknown();
    }

    private static KeySpec.FindKeys find(String command, String word) {
        Matcher m = FIND.matcher(word);
        if (!m.matches()) {
            throw new IllegalStateException("command table: " + command + ": find keys '" + word
                    + "' (expected range(lastkey,step,limit), keynum(keynumidx,firstkey,step) or unknown)");
        }
        if (m.group(1) != null) {
            return new KeySpec.FindKeys.Range(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)));
        }
        if (m.group(4) != null) {
            return new KeySpec.FindKeys.KeyNum(Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)),
                    Integer.parseInt(m.group(6)));
        }
        return new KeySpec.FindKeys.Unknown();
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
            int eq = word.indexOf('=', 1); // from 1: a token may itself be "=" (XADD's "==equal")
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
