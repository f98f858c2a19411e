package io.cairn.resp;

import java.util.List;
import java.util.Set;

/**
 * One command as data, after Redis's {@code src/commands/*.json}: enough to answer
 * {@code COMMAND}, {@code COMMAND INFO} and {@code COMMAND DOCS}, to check arity before a handler
 * runs, and to find the keys a command touches.
 *
 * @param name         lower-case name, e.g. {@code "get"}; a subcommand is {@code "client|id"}
 * @param arity        argument count including the name; negative means "at least -arity"
 * @param flags        Redis command flags ({@code write}, {@code readonly}, {@code denyoom},
 *                     {@code fast}, {@code loading}, {@code stale}, {@code noscript}, ...)
 * @param firstKey     position of the first key argument, 0 when none
 * @param lastKey      position of the last key; -1 means the last argument
 * @param step         distance between keys
 * @param aclCategories {@code @read}, {@code @write}, {@code @string}, ...
 * @param group        Redis's documentation group: {@code string}, {@code hash}, {@code sorted-set},
 *                     {@code geo}, {@code generic}, {@code connection}, {@code server}, {@code transactions}
 * @param summary      one-line description for COMMAND DOCS and redis-cli's help
 * @param since        the Redis version that introduced it (Cairn-only commands: "0.1.0")
 * @param complexity   time complexity text
 * @param arguments    argument descriptions for COMMAND DOCS (may be empty)
 */
public record CommandSpec(String name, int arity, Set<String> flags, int firstKey, int lastKey, int step,
                          Set<String> aclCategories, String group, String summary, String since,
                          String complexity, List<Arg> arguments) {

    /** One argument as COMMAND DOCS describes it. */
    public record Arg(String name, String type, String token, boolean optional, boolean multiple, List<Arg> children) {
    }

    public boolean isWrite() {
        return flags.contains("write");
    }

    /** Whether {@code argc} (the name included) satisfies the arity. */
    public boolean arityAccepts(int argc) {
        return arity >= 0 ? argc == arity : argc >= -arity;
    }

    /** The container name of a subcommand ({@code "client"} for {@code "client|id"}), or null. */
    public String container() {
        int bar = name.indexOf('|');
        return bar < 0 ? null : name.substring(0, bar);
    }
}
