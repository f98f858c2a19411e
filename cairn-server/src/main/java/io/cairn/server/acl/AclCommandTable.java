package io.cairn.server.acl;

import io.cairn.resp.CommandKeys;
import io.cairn.resp.CommandSpec;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The commands as ACL rules see them: each command and subcommand has an id (its index in the
 * command table, the same index {@code CommandRegistry} gives its {@code Command}), a parent for a
 * subcommand, the subcommands of a container, and the ACL categories of its spec. Immutable and
 * thread-safe.
 */
public final class AclCommandTable {
    /** Redis's categories, in ACL CAT's order (acl.c {@code ACLCommandCategories}). */
    public static final List<String> REDIS_CATEGORIES = List.of("keyspace", "read", "write", "set", "sortedset",
            "list", "hash", "string", "bitmap", "hyperloglog", "geo", "stream", "pubsub", "admin", "fast", "slow",
            "blocking", "dangerous", "connection", "transaction", "scripting");

    /** What the channel arguments of a pub/sub command are. */
    enum Channels { NONE, FIRST, ALL, ALL_PATTERNS }

    private final List<CommandSpec> specs;
    private final Map<String, Integer> ids = new HashMap<>();
    private final int[] parent;
    private final int[][] subcommands;
    private final boolean[] hasKeys;
    private final Channels[] channels;
    private final Map<String, BitSet> byCategory = new LinkedHashMap<>();
    private final Map<String, BitSet> expandedByCategory = new HashMap<>();

    /** @param table the command table in its order ({@code CommandTable.all()}) */
    public AclCommandTable(List<CommandSpec> table) {
        this.specs = List.copyOf(table);
        int n = specs.size();
        parent = new int[n];
        subcommands = new int[n][];
        hasKeys = new boolean[n];
        channels = new Channels[n];
        for (int i = 0; i < n; i++) {
            ids.put(specs.get(i).name(), i);
        }
        Map<Integer, List<Integer>> subs = new HashMap<>();
        for (String c : REDIS_CATEGORIES) {
            byCategory.put(c, new BitSet(n));
        }
        for (int i = 0; i < n; i++) {
            CommandSpec s = specs.get(i);
            String container = s.container();
            parent[i] = container == null ? -1 : ids.getOrDefault(container, -1);
            if (parent[i] >= 0) {
                subs.computeIfAbsent(parent[i], k -> new ArrayList<>()).add(i);
            }
            hasKeys[i] = CommandKeys.hasKeys(s);
            channels[i] = switch (s.name()) {
                case "publish", "spublish" -> Channels.FIRST;
                case "subscribe", "ssubscribe" -> Channels.ALL;
                case "psubscribe" -> Channels.ALL_PATTERNS;
                default -> Channels.NONE;
            };
            for (String cat : s.aclCategories()) {
                byCategory.computeIfAbsent(cat.substring(1), k -> new BitSet(n)).set(i);
            }
        }
        for (int i = 0; i < n; i++) {
            List<Integer> l = subs.getOrDefault(i, List.of());
            subcommands[i] = l.stream().mapToInt(Integer::intValue).toArray();
        }
        // +@cat allows each command of the category and, for a container, all its subcommands (acl.c)
        for (Map.Entry<String, BitSet> e : byCategory.entrySet()) {
            BitSet expanded = (BitSet) e.getValue().clone();
            e.getValue().stream().forEach(id -> {
                for (int sub : subcommands[id]) {
                    expanded.set(sub);
                }
            });
            expandedByCategory.put(e.getKey(), expanded);
        }
    }

    /** The number of ids (commands and subcommands). */
    public int size() {
        return specs.size();
    }

    public CommandSpec spec(int id) {
        return specs.get(id);
    }

    /** The id of a command or subcommand by its full name in any letter case ({@code get}, {@code config|get}), or -1. */
    public int id(String fullName) {
        Integer id = ids.get(fullName.toLowerCase(Locale.ROOT));
        return id == null ? -1 : id;
    }

    /** The container of a subcommand, or -1. */
    int parent(int id) {
        return parent[id];
    }

    int[] subcommands(int id) {
        return subcommands[id];
    }

    boolean hasKeys(int id) {
        return hasKeys[id];
    }

    Channels channels(int id) {
        return channels[id];
    }

    /** Whether {@code name} (without the {@code @}) is a category: Redis's, or a module's ({@code json}, {@code search}). */
    public boolean isCategory(String name) {
        return name.equals("all") || byCategory.containsKey(name.toLowerCase(Locale.ROOT));
    }

    /** The categories ACL CAT lists: Redis's, then the modules'. */
    public List<String> categories() {
        return List.copyOf(byCategory.keySet());
    }

    /** What {@code +@name} sets: the commands of the category and the subcommands of its containers. */
    BitSet expanded(String category) {
        return expandedByCategory.get(category.toLowerCase(Locale.ROOT));
    }

    /**
     * ACL CAT category: the full names of the commands and subcommands in it, containers before
     * their subcommands, leaving out module commands as Redis does.
     */
    public List<String> commandsIn(String category) {
        BitSet direct = byCategory.get(category.toLowerCase(Locale.ROOT));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            if (parent[i] >= 0) {
                continue;
            }
            if (direct.get(i) && specs.get(i).module() == null) {
                out.add(specs.get(i).name());
            }
            for (int sub : subcommands[i]) {
                if (direct.get(sub) && specs.get(sub).module() == null) {
                    out.add(specs.get(sub).name());
                }
            }
        }
        return out;
    }
}
