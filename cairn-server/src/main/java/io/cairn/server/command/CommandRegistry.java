package io.cairn.server.command;

import io.cairn.resp.CommandSpec;
import io.cairn.resp.CommandTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every command Cairn serves: the {@link CommandTable} specs, each paired with exactly one
 * handler. Built once at startup; building fails if a spec has no handler or a handler no spec,
 * so the table and the code cannot drift apart. Immutable and thread-safe.
 */
public final class CommandRegistry {
    private final Map<String, CommandSpec> specs = new HashMap<>();
    private final Map<String, Handler> handlers;
    private final Map<String, List<CommandSpec>> subcommands = new HashMap<>();
    /** Top-level commands by lower-case name bytes, probed without building a String per request. */
    private final CommandSpec[] byBytes = new CommandSpec[1024];

    /**
     * @throws IllegalStateException naming the specs without handlers and the handlers without specs
     */
    public CommandRegistry(List<CommandSpec> table, Map<String, Handler> handlers) {
        this.handlers = Map.copyOf(handlers);
        List<String> problems = new ArrayList<>();
        for (CommandSpec s : table) {
            if (specs.put(s.name(), s) != null) {
                problems.add("spec listed twice: " + s.name());
            }
            if (s.container() != null) {
                subcommands.computeIfAbsent(s.container(), k -> new ArrayList<>()).add(s);
            }
        }
        for (CommandSpec s : table) {
            // A container runs its own handler only when it may be called bare (COMMAND, arity -1).
            boolean needsHandler = !subcommands.containsKey(s.name()) || s.arityAccepts(1);
            if (needsHandler && !handlers.containsKey(s.name())) {
                problems.add("no handler for: " + s.name());
            }
            if (!needsHandler && handlers.containsKey(s.name())) {
                problems.add("container has its own handler: " + s.name());
            }
        }
        for (String name : handlers.keySet()) {
            if (!specs.containsKey(name)) {
                problems.add("handler without a spec: " + name);
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("command table and handlers disagree: " + problems);
        }
        for (CommandSpec s : table) {
            if (s.container() == null) {
                byte[] name = s.name().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                int i = hashIgnoreCase(name) & (byBytes.length - 1);
                while (byBytes[i] != null) {
                    i = (i + 1) & (byBytes.length - 1);
                }
                byBytes[i] = s;
            }
        }
    }

    /** The top-level command named by {@code name} in any letter case, or null. */
    public CommandSpec lookup(byte[] name) {
        int mask = byBytes.length - 1;
        for (int i = hashIgnoreCase(name) & mask; ; i = (i + 1) & mask) {
            CommandSpec s = byBytes[i];
            if (s == null) {
                return null;
            }
            if (equalsIgnoreCase(s.name(), name)) {
                return s;
            }
        }
    }

    private static int hashIgnoreCase(byte[] b) {
        int h = 0;
        for (byte c : b) {
            h = 31 * h + lower(c);
        }
        return h ^ (h >>> 16);
    }

    private static int lower(byte c) {
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    }

    private static boolean equalsIgnoreCase(String name, byte[] b) {
        if (name.length() != b.length) {
            return false;
        }
        for (int i = 0; i < b.length; i++) {
            if (name.charAt(i) != lower(b[i])) {
                return false;
            }
        }
        return true;
    }

    public CommandSpec spec(String lowerName) {
        return specs.get(lowerName);
    }

    public Handler handler(String lowerName) {
        return handlers.get(lowerName);
    }

    /** Subcommands of a container command such as {@code client}; empty for plain commands. */
    public List<CommandSpec> subcommands(String container) {
        return subcommands.getOrDefault(container, List.of());
    }

    public int size() {
        return specs.size();
    }
}
