package io.cairn.resp;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Finds the keys of one invocation of a command from its {@link CommandSpec#keySpecs() key specs},
 * as Redis 7.2's {@code getKeysFromCommandWithSpecs} does for {@code COMMAND GETKEYS}: each spec's
 * search begins at an index or after a keyword, then takes a range or a counted run of keys. A
 * command whose specs cannot say it all (a spec with {@code variable_flags}, or one that fails)
 * falls back to its own procedure, as in Redis; {@link #procedure} holds them (SET, whose key is
 * read as well as written only with GET; BITFIELD, read-only unless it sets or increments; SORT,
 * whose STORE may come anywhere). Stateless and thread-safe.
 */
public final class CommandKeys {
    /** One key: its position among the arguments (the command name is 0) and its key spec flags. */
    public record KeyRef(int position, Set<String> flags) {
    }

    private static final Set<String> OW_UPDATE = orderedFlags("OW", "update");
    private static final Set<String> RW_ACCESS_UPDATE = orderedFlags("RW", "access", "update");
    private static final Set<String> RO_ACCESS = orderedFlags("RO", "access");

    private CommandKeys() {
    }

    /** Whether the command can have keys at all: a key spec that names keys, or a procedure. */
    public static boolean hasKeys(CommandSpec spec) {
        return spec.keySpecs().stream().anyMatch(KeySpec::isKey) || hasProcedure(spec);
    }

    /**
     * The keys of {@code args} (the command's own arguments, its name first), in spec order; empty
     * when none could be found, which Redis reports as invalid arguments unless the command has
     * the {@code no_mandatory_keys} flag. The arity must have been checked.
     */
    public static List<KeyRef> find(CommandSpec spec, byte[][] args) {
        boolean variable = spec.keySpecs().stream().anyMatch(s -> s.flags().contains("variable_flags"));
        if (!variable && spec.keySpecs().stream().anyMatch(KeySpec::isKey)) {
            List<KeyRef> keys = fromSpecs(spec, args);
            if (keys != null) {
                return keys;
            }
        }
        return procedure(spec, args);
    }

    /**
     * The keys as the specs alone find them, or null when a spec is unknown, incomplete, or does not
     * fit the arguments (a key count that is not a number, keys past the end).
     */
    static List<KeyRef> fromSpecs(CommandSpec spec, byte[][] args) {
        int argc = args.length;
        List<KeyRef> keys = new ArrayList<>();
        for (KeySpec s : spec.keySpecs()) {
            if (!s.isKey()) {
                continue;
            }
            int first;
            switch (s.beginSearch()) {
                case KeySpec.BeginSearch.Index index -> first = index.pos();
                case KeySpec.BeginSearch.Keyword keyword -> {
                    first = afterKeyword(args, keyword);
                    if (first == 0) {
                        continue; // keyword not given: this spec has no keys here
                    }
                }
                case KeySpec.BeginSearch.Unknown unknown -> {
                    return null;
                }
            }
            int last;
            int step;
            switch (s.findKeys()) {
                case KeySpec.FindKeys.Range range -> {
                    step = range.keyStep();
                    if (range.lastKey() >= 0) {
                        last = first + range.lastKey();
                    } else if (range.limit() == 0) {
                        last = argc + range.lastKey();
                    } else {
                        last = first + ((argc - first) / range.limit() + range.lastKey());
                    }
                }
                case KeySpec.FindKeys.KeyNum keyNum -> {
                    step = keyNum.keyStep();
                    int countAt = first + keyNum.keyNumIdx();
                    if (countAt >= argc) {
                        return null;
                    }
                    long count = count(args[countAt]);
                    if (count < 0) {
                        return null;
                    }
                    first += keyNum.firstKey();
                    last = (int) Math.min(Integer.MAX_VALUE, first + count - 1);
                }
                case KeySpec.FindKeys.Unknown unknown -> {
                    return null;
                }
            }
            if (last >= argc || last < first || first >= argc) {
                return null;
            }
            for (int i = first; i <= last; i += step) {
                keys.add(new KeyRef(i, s.flags()));
            }
            if (s.flags().contains("incomplete")) {
                return null;
            }
        }
        return keys;
    }

    /** The argument after the keyword (searched from {@code startFrom}, backwards when negative), or 0. */
    private static int afterKeyword(byte[][] args, KeySpec.BeginSearch.Keyword keyword) {
        int argc = args.length;
        int start = keyword.startFrom() > 0 ? keyword.startFrom() : argc + keyword.startFrom();
        int end = keyword.startFrom() > 0 ? argc - 1 : 1;
        for (int i = start; i != end; i = start <= end ? i + 1 : i - 1) {
            if (i >= argc || i < 1) {
                break;
            }
            if (word(args[i]).equals(keyword.keyword().toUpperCase(Locale.ROOT))) {
                return i + 1;
            }
        }
        return 0;
    }

    /** A key count as Redis's string2ll reads it, or -1 when it is not a non-negative integer. */
    private static long count(byte[] text) {
        if (text.length == 0 || text.length > 19 || text.length > 1 && text[0] == '0') {
            return -1;
        }
        long n = 0;
        for (byte b : text) {
            if (b < '0' || b > '9') {
                return -1;
            }
            n = n * 10 + (b - '0');
        }
        return n;
    }

    private static boolean hasProcedure(CommandSpec spec) {
        return switch (spec.name()) {
            case "set", "bitfield", "sort", "sort_ro" -> true;
            default -> false;
        };
    }

    /**
     * The command's own key procedure, for what its specs cannot say; empty when it has none.
     * SET's key is overwritten, or read and updated with GET (Redis's {@code setGetKeys}); BITFIELD's
     * is only read while every operation is a GET or OVERFLOW, and read and updated from the first
     * SET, INCRBY or malformed one on (Redis's {@code bitfieldGetKeys}). SORT's key is read, and the
     * argument after its last STORE overwritten, skipping the arguments of LIMIT, GET and BY as
     * Redis's {@code sortGetKeys} does (so {@code BY store} names no key); SORT_RO's is only read.
     */
    static List<KeyRef> procedure(CommandSpec spec, byte[][] args) {
        switch (spec.name()) {
            case "set" -> {
                for (int i = 3; i < args.length; i++) {
                    if (word(args[i]).equals("GET")) {
                        return List.of(new KeyRef(1, RW_ACCESS_UPDATE));
                    }
                }
                return List.of(new KeyRef(1, OW_UPDATE));
            }
            case "bitfield" -> {
                boolean readOnly = true;
                for (int i = 2; i < args.length && readOnly; i++) {
                    int rest = args.length - i - 1;
                    String op = word(args[i]);
                    if (op.equals("GET") && rest >= 2) {
                        i += 2;
                    } else if (op.equals("OVERFLOW") && rest >= 1) {
                        i += 1;
                    } else {
                        readOnly = false; // SET, INCRBY, or a syntax error: assume a write, as Redis does
                    }
                }
                return List.of(new KeyRef(1, readOnly ? RO_ACCESS : RW_ACCESS_UPDATE));
            }
            case "sort" -> {
                int store = 0;
                for (int i = 2; i < args.length; i++) {
                    switch (word(args[i])) {
                        case "LIMIT" -> i += 2;
                        case "GET", "BY" -> i += 1;
                        case "STORE" -> {
                            if (i + 1 < args.length) {
                                store = i + 1; // the last STORE counts, as in SORT itself
                            }
                        }
                        default -> {
                        }
                    }
                }
                return store == 0 ? List.of(new KeyRef(1, RO_ACCESS))
                        : List.of(new KeyRef(1, RO_ACCESS), new KeyRef(store, OW_UPDATE));
            }
            case "sort_ro" -> {
                return List.of(new KeyRef(1, RO_ACCESS));
            }
            default -> {
                return List.of();
            }
        }
    }

    private static String word(byte[] arg) {
        return new String(arg, StandardCharsets.ISO_8859_1).toUpperCase(Locale.ROOT);
    }

    private static Set<String> orderedFlags(String... flags) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(List.of(flags)));
    }
}
