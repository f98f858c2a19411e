package io.cairn.resp;

import java.util.Set;

/**
 * Where a command finds keys in its arguments and what it does with them, as Redis 7's key
 * specifications ({@code key_specs} in {@code src/commands/*.json}) describe it: first a
 * {@link BeginSearch} finds where the keys start, then {@link FindKeys} says how many follow.
 * {@code COMMAND INFO} shows them, {@code COMMAND GETKEYS} follows them ({@link CommandKeys}).
 * Immutable.
 *
 * @param notes  free text Redis shows with the spec, or null
 * @param flags  {@code RO RW OW RM access update insert delete not_key incomplete variable_flags},
 *               in Redis's reply order
 */
public record KeySpec(String notes, Set<String> flags, BeginSearch beginSearch, FindKeys findKeys) {

    /** Where the search for keys begins. */
    public sealed interface BeginSearch {
        /** At argument {@code pos} (the command name is 0). */
        record Index(int pos) implements BeginSearch {
        }

        /**
         * After the first argument equal (in any letter case) to {@code keyword}, searching from
         * argument {@code startFrom}: forwards when positive, backwards from the end when negative.
         */
        record Keyword(String keyword, int startFrom) implements BeginSearch {
        }

        /** Not describable: the command's own procedure finds its keys. */
        record Unknown() implements BeginSearch {
        }
    }

    /** How many keys follow where the search began. */
    public sealed interface FindKeys {
        /**
         * Keys up to {@code lastKey} arguments after the first (negative: counted from the end, -1
         * being the last argument), every {@code keyStep}-th; with a {@code limit} above 0 and
         * {@code lastKey} -1, only the first 1/limit of the rest.
         */
        record Range(int lastKey, int keyStep, int limit) implements FindKeys {
        }

        /**
         * The argument {@code keyNumIdx} after the start holds the number of keys, which begin
         * {@code firstKey} arguments after the start, every {@code keyStep}-th.
         */
        record KeyNum(int keyNumIdx, int firstKey, int keyStep) implements FindKeys {
        }

        /** Not describable: the command's own procedure finds its keys. */
        record Unknown() implements FindKeys {
        }
    }

    /** Whether the spec names real keys (not {@code not_key}, as the channel of a pub/sub command). */
    public boolean isKey() {
        return !flags.contains("not_key");
    }
}
