package io.cairn.server.command.server;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.CommandKeys;
import io.cairn.resp.CommandSpec;
import io.cairn.resp.KeySpec;
import io.cairn.resp.RespValue;
import io.cairn.server.command.Command;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.CommandRegistry;
import io.cairn.server.command.Glob;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * COMMAND and its subcommands (COUNT, INFO, DOCS, GETKEYS, GETKEYSANDFLAGS, LIST), answered from
 * the same {@link CommandRegistry} dispatch uses, in Redis 7.2's reply shapes (server.c's
 * {@code addReplyCommandInfo} and {@code addReplyCommandDocs}): sets where Redis replies sets,
 * maps where it replies maps, so RESP2 gets flat arrays and RESP3 the typed aggregates. COMMAND
 * DOCS leaves out what the table does not hold: a command's history and an argument's
 * {@code since}. Stateless.
 */
final class CommandIntrospection {
    private CommandIntrospection() {
    }

    private static CommandRegistry registry(CommandContext c) {
        return c.server().dispatcher().registry();
    }

    /** COMMAND: every top-level command, as COMMAND INFO shows it. */
    static RespValue all(CommandContext c) {
        List<RespValue> out = new ArrayList<>();
        for (Command cmd : registry(c).commands()) {
            out.add(info(cmd));
        }
        return RespValue.array(out);
    }

    static RespValue count(CommandContext c) {
        return RespValue.integer(registry(c).commands().size());
    }

    /** COMMAND INFO [name ...]: every command without names; a null for a name that is none. */
    static RespValue info(CommandContext c) {
        if (c.argc() == 2) {
            return all(c);
        }
        List<RespValue> out = new ArrayList<>();
        for (int i = 2; i < c.argc(); i++) {
            Command cmd = byFullName(c, i);
            out.add(cmd == null ? RespValue.NULL : info(cmd));
        }
        return RespValue.array(out);
    }

    /** A name as COMMAND INFO and DOCS take it: {@code get}, {@code client|id}, in any letter case. */
    private static Command byFullName(CommandContext c, int i) {
        return registry(c).command(new String(c.arg(i), StandardCharsets.UTF_8).toLowerCase(Locale.ROOT));
    }

    /** One command as Redis 7's COMMAND INFO shows it: the ten fields of {@code addReplyCommandInfo}. */
    private static RespValue info(Command cmd) {
        CommandSpec s = cmd.spec();
        List<RespValue> subs = new ArrayList<>();
        for (Command sub : cmd.subcommands()) {
            subs.add(info(sub));
        }
        List<RespValue> tips = new ArrayList<>();
        for (String tip : s.tips()) {
            tips.add(RespValue.bulk(tip));
        }
        List<RespValue> keySpecs = new ArrayList<>();
        for (KeySpec k : s.keySpecs()) {
            keySpecs.add(keySpec(k));
        }
        return RespValue.array(List.of(
                RespValue.bulk(s.name()),
                RespValue.integer(s.arity()),
                statuses(s.flags()),
                RespValue.integer(s.firstKey()),
                RespValue.integer(s.lastKey()),
                RespValue.integer(s.step()),
                statuses(s.aclCategories()),
                new RespValue.SetReply(tips),
                new RespValue.SetReply(keySpecs),
                cmd.hasSubcommands() ? RespValue.array(subs) : new RespValue.SetReply(List.of())));
    }

    private static RespValue keySpec(KeySpec k) {
        List<Map.Entry<RespValue, RespValue>> m = new ArrayList<>();
        if (k.notes() != null) {
            m.add(entry("notes", RespValue.bulk(k.notes())));
        }
        m.add(entry("flags", statuses(k.flags())));
        m.add(entry("begin_search", switch (k.beginSearch()) {
            case KeySpec.BeginSearch.Index i -> search("index", entry("index", RespValue.integer(i.pos())));
            case KeySpec.BeginSearch.Keyword w -> search("keyword", entry("keyword", RespValue.bulk(w.keyword())),
                    entry("startfrom", RespValue.integer(w.startFrom())));
            case KeySpec.BeginSearch.Unknown u -> search("unknown");
        }));
        m.add(entry("find_keys", switch (k.findKeys()) {
            case KeySpec.FindKeys.Range r -> search("range", entry("lastkey", RespValue.integer(r.lastKey())),
                    entry("keystep", RespValue.integer(r.keyStep())), entry("limit", RespValue.integer(r.limit())));
            case KeySpec.FindKeys.KeyNum n -> search("keynum", entry("keynumidx", RespValue.integer(n.keyNumIdx())),
                    entry("firstkey", RespValue.integer(n.firstKey())), entry("keystep", RespValue.integer(n.keyStep())));
            case KeySpec.FindKeys.Unknown u -> search("unknown");
        }));
        return new RespValue.MapReply(m);
    }

    @SafeVarargs
    private static RespValue search(String type, Map.Entry<RespValue, RespValue>... spec) {
        return new RespValue.MapReply(List.of(entry("type", RespValue.bulk(type)),
                entry("spec", new RespValue.MapReply(List.of(spec)))));
    }

    /** COMMAND DOCS [name ...]: a map of every command without names; names that are none are left out. */
    static RespValue docs(CommandContext c) {
        List<Map.Entry<RespValue, RespValue>> out = new ArrayList<>();
        if (c.argc() == 2) {
            for (Command cmd : registry(c).commands()) {
                out.add(entry(cmd.spec().name(), doc(cmd)));
            }
        } else {
            for (int i = 2; i < c.argc(); i++) {
                Command cmd = byFullName(c, i);
                if (cmd != null) {
                    out.add(entry(cmd.spec().name(), doc(cmd)));
                }
            }
        }
        return new RespValue.MapReply(out);
    }

    /** One command as {@code addReplyCommandDocs} shows it, in its field order. */
    private static RespValue doc(Command cmd) {
        CommandSpec s = cmd.spec();
        List<Map.Entry<RespValue, RespValue>> m = new ArrayList<>();
        m.add(entry("summary", RespValue.bulk(s.summary())));
        m.add(entry("since", RespValue.bulk(s.since())));
        m.add(entry("group", RespValue.bulk(s.group())));
        if (!s.complexity().isEmpty()) { // Redis gives MONITOR none
            m.add(entry("complexity", RespValue.bulk(s.complexity())));
        }
        if (s.module() != null) {
            m.add(entry("module", RespValue.bulk(s.module())));
        }
        if (!s.docFlags().isEmpty()) {
            m.add(entry("doc_flags", statuses(s.docFlags())));
        }
        if (s.deprecatedSince() != null) {
            m.add(entry("deprecated_since", RespValue.bulk(s.deprecatedSince())));
        }
        if (s.replacedBy() != null) {
            m.add(entry("replaced_by", RespValue.bulk(s.replacedBy())));
        }
        if (!s.arguments().isEmpty()) {
            m.add(entry("arguments", args(s.arguments(), new int[] {0}, s.keySpecs().size())));
        }
        if (cmd.hasSubcommands()) {
            List<Map.Entry<RespValue, RespValue>> sm = new ArrayList<>();
            for (Command sub : cmd.subcommands()) {
                sm.add(entry(sub.spec().name(), doc(sub)));
            }
            m.add(entry("subcommands", new RespValue.MapReply(sm)));
        }
        return new RespValue.MapReply(m);
    }

    /**
     * Arguments as {@code addReplyCommandArgList} shows them. A key argument's
     * {@code key_spec_index} is its place among the key arguments, in order (so it is in Redis's
     * table), capped at the last spec for a command whose one spec covers several key arguments.
     */
    private static RespValue args(List<CommandSpec.Arg> args, int[] keyArgs, int keySpecs) {
        List<RespValue> out = new ArrayList<>();
        for (CommandSpec.Arg a : args) {
            boolean nested = a.type().equals("oneof") || a.type().equals("block");
            List<Map.Entry<RespValue, RespValue>> m = new ArrayList<>();
            m.add(entry("name", RespValue.bulk(a.name())));
            m.add(entry("type", RespValue.bulk(a.type())));
            if (!nested) {
                m.add(entry("display_text", RespValue.bulk(a.name())));
            }
            if (a.type().equals("key") && keySpecs > 0) {
                m.add(entry("key_spec_index", RespValue.integer(Math.min(keyArgs[0]++, keySpecs - 1))));
            }
            if (a.token() != null) {
                m.add(entry("token", RespValue.bulk(a.token())));
            }
            List<RespValue> flags = new ArrayList<>();
            if (a.optional()) {
                flags.add(RespValue.simple("optional"));
            }
            if (a.multiple()) {
                flags.add(RespValue.simple("multiple"));
            }
            if (!flags.isEmpty()) {
                m.add(entry("flags", new RespValue.SetReply(flags)));
            }
            if (nested) {
                m.add(entry("arguments", args(a.children(), keyArgs, keySpecs)));
            }
            out.add(new RespValue.MapReply(m));
        }
        return RespValue.array(out);
    }

    /**
     * COMMAND GETKEYS / GETKEYSANDFLAGS command [arg ...]: the keys the key specs find, with Redis's
     * refusals in its order: no such command, a command without keys, the wrong number of
     * arguments for it, arguments the specs cannot place.
     */
    static RespValue getKeys(CommandContext c, boolean withFlags) {
        byte[][] target = Arrays.copyOfRange(c.args(), 2, c.argc());
        Command cmd = registry(c).lookup(target[0]);
        if (cmd != null && cmd.hasSubcommands() && target.length > 1) {
            cmd = cmd.subcommand(target[1]);
        }
        if (cmd == null) {
            throw new InvalidRequestException("ERR Invalid command specified");
        }
        CommandSpec spec = cmd.spec();
        if (!CommandKeys.hasKeys(spec)) {
            throw new InvalidRequestException("ERR The command has no key arguments");
        }
        if (!spec.arityAccepts(target.length)) {
            throw new InvalidRequestException("ERR Invalid number of arguments specified for command");
        }
        List<CommandKeys.KeyRef> keys = CommandKeys.find(spec, target);
        if (keys.isEmpty() && !spec.flags().contains("no_mandatory_keys")) {
            throw new InvalidRequestException("ERR Invalid arguments specified for command");
        }
        List<RespValue> out = new ArrayList<>(keys.size());
        for (CommandKeys.KeyRef k : keys) {
            RespValue key = RespValue.bulk(target[k.position()]);
            out.add(withFlags ? RespValue.array(List.of(key, statuses(k.flags()))) : key);
        }
        return RespValue.array(out);
    }

    /** COMMAND LIST [FILTERBY MODULE name | ACLCAT category | PATTERN pattern]: commands and subcommands by full name. */
    static RespValue list(CommandContext c) {
        String filter = null;
        String value = null;
        for (int i = 2; i < c.argc(); i++) {
            if (c.option(i).equals("FILTERBY") && c.argc() - 1 - i == 2) {
                filter = c.option(i + 1);
                if (!filter.equals("MODULE") && !filter.equals("ACLCAT") && !filter.equals("PATTERN")) {
                    throw new InvalidRequestException(CommandContext.SYNTAX);
                }
                value = c.string(i + 2);
                i += 2;
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        List<RespValue> out = new ArrayList<>();
        for (Command cmd : registry(c).commands()) {
            listed(cmd, filter, value, out);
            for (Command sub : cmd.subcommands()) {
                listed(sub, filter, value, out);
            }
        }
        return RespValue.array(out);
    }

    private static void listed(Command cmd, String filter, String value, List<RespValue> out) {
        CommandSpec s = cmd.spec();
        boolean keep = filter == null || switch (filter) {
            case "MODULE" -> s.module() != null && s.module().equalsIgnoreCase(value);
            case "ACLCAT" -> s.aclCategories().contains("@" + value.toLowerCase(Locale.ROOT));
            default -> Glob.matches(asciiLower(value), s.name().getBytes(StandardCharsets.US_ASCII));
        };
        if (keep) {
            out.add(RespValue.bulk(s.name()));
        }
    }

    /** The pattern with ASCII letters lowered: names are lower case, so this is Redis's case-blind match. */
    private static byte[] asciiLower(String pattern) {
        byte[] b = pattern.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < b.length; i++) {
            if (b[i] >= 'A' && b[i] <= 'Z') {
                b[i] += 32;
            }
        }
        return b;
    }

    private static RespValue statuses(Iterable<String> items) {
        List<RespValue> out = new ArrayList<>();
        for (String f : items) {
            out.add(RespValue.simple(f));
        }
        return new RespValue.SetReply(out);
    }

    private static Map.Entry<RespValue, RespValue> entry(String k, RespValue v) {
        return new AbstractMap.SimpleImmutableEntry<>(RespValue.bulk(k), v);
    }
}
