package io.cairn.server.command;

import io.cairn.resp.CommandSpec;
import io.cairn.resp.CommandTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every command Cairn serves: the {@link CommandTable} specs, each paired with exactly one
 * handler into a {@link Command}, so that a request costs one probe ({@link #lookup}), plus one in
 * its container's own table for a subcommand. Building fails if a spec has no handler or a handler
 * no spec, so the table and the code cannot drift apart. Built once at startup; immutable and
 * thread-safe.
 */
public final class CommandRegistry {
    private final NameTable topLevel;
    private final List<Command> commands;
    private final Map<String, Command> byName = new HashMap<>();

    /**
     * @throws IllegalStateException naming the specs without handlers and the handlers without specs
     */
    public CommandRegistry(List<CommandSpec> table, Map<String, Handler> handlers) {
        List<String> problems = new ArrayList<>();
        Map<String, CommandSpec> specs = new LinkedHashMap<>();
        Map<String, List<CommandSpec>> subSpecs = new HashMap<>();
        for (CommandSpec s : table) {
            if (specs.put(s.name(), s) != null) {
                problems.add("spec listed twice: " + s.name());
            }
            if (s.container() != null) {
                subSpecs.computeIfAbsent(s.container(), k -> new ArrayList<>()).add(s);
            }
        }
        for (CommandSpec s : specs.values()) {
            // A container runs its own handler only when it may be called bare (COMMAND, arity -1).
            boolean needsHandler = !subSpecs.containsKey(s.name()) || s.arityAccepts(1);
            if (needsHandler && !handlers.containsKey(s.name())) {
                problems.add("no handler for: " + s.name());
            }
            if (!needsHandler && handlers.containsKey(s.name())) {
                problems.add("container has its own handler: " + s.name());
            }
            if (s.container() != null && !specs.containsKey(s.container())) {
                problems.add("subcommand without its container: " + s.name());
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
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < table.size(); i++) {
            index.putIfAbsent(table.get(i).name(), i);
        }
        List<String> names = new ArrayList<>();
        List<Command> top = new ArrayList<>();
        for (CommandSpec s : specs.values()) {
            if (s.container() != null) {
                continue;
            }
            List<Command> subs = new ArrayList<>();
            for (CommandSpec sub : subSpecs.getOrDefault(s.name(), List.of())) {
                Command c = new Command(sub, handlers.get(sub.name()), List.of(), index.get(sub.name()));
                subs.add(c);
                byName.put(sub.name(), c);
            }
            Command c = new Command(s, handlers.get(s.name()), subs, index.get(s.name()));
            byName.put(s.name(), c);
            names.add(s.name());
            top.add(c);
        }
        this.topLevel = new NameTable(names, top);
        this.commands = List.copyOf(top);
    }

    /** The top-level command named by {@code name} in any letter case, or null. */
    public Command lookup(byte[] name) {
        return topLevel.get(name);
    }

    /** The command or subcommand by its lower-case full name ({@code "get"}, {@code "client|id"}), or null. */
    public Command command(String lowerName) {
        return byName.get(lowerName);
    }

    /** The top-level commands in table order, each with its subcommands. */
    public List<Command> commands() {
        return commands;
    }

    /** The number of commands and subcommands. */
    public int size() {
        return byName.size();
    }
}
