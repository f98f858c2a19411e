package io.cairn.server.command.server;

import io.cairn.resp.CommandSpec;
import io.cairn.resp.RespValue;
import io.cairn.server.command.Command;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.CommandRegistry;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** COMMAND, COMMAND COUNT, COMMAND INFO and COMMAND DOCS, answered from the spec table. */
final class CommandIntrospection {
    private CommandIntrospection() {
    }

    static RespValue all(CommandContext c) {
        CommandRegistry reg = c.server().dispatcher().registry();
        List<RespValue> out = new ArrayList<>();
        for (Command cmd : reg.commands()) {
            out.add(info(cmd));
        }
        return RespValue.array(out);
    }

    static RespValue count(CommandContext c) {
        return RespValue.integer(c.server().dispatcher().registry().commands().size());
    }

    static RespValue info(CommandContext c) {
        CommandRegistry reg = c.server().dispatcher().registry();
        if (c.argc() == 2) {
            return all(c);
        }
        List<RespValue> out = new ArrayList<>();
        for (int i = 2; i < c.argc(); i++) {
            Command cmd = reg.command(c.string(i).toLowerCase(Locale.ROOT));
            out.add(cmd == null ? RespValue.NULL : info(cmd));
        }
        return RespValue.array(out);
    }

    /** One command as Redis 7's COMMAND INFO shows it (key specs and tips left empty). */
    private static RespValue info(Command cmd) {
        CommandSpec s = cmd.spec();
        List<RespValue> subs = new ArrayList<>();
        for (Command sub : cmd.subcommands()) {
            subs.add(info(sub));
        }
        return RespValue.array(List.of(
                RespValue.bulk(s.name()),
                RespValue.integer(s.arity()),
                new RespValue.SetReply(statuses(s.flags())),
                RespValue.integer(s.firstKey()),
                RespValue.integer(s.lastKey()),
                RespValue.integer(s.step()),
                new RespValue.SetReply(statuses(s.aclCategories())),
                RespValue.EMPTY_ARRAY,
                RespValue.EMPTY_ARRAY,
                RespValue.array(subs)));
    }

    private static List<RespValue> statuses(Iterable<String> items) {
        List<RespValue> out = new ArrayList<>();
        for (String f : items) {
            out.add(RespValue.simple(f));
        }
        return out;
    }

    static RespValue docs(CommandContext c) {
        CommandRegistry reg = c.server().dispatcher().registry();
        List<Map.Entry<RespValue, RespValue>> out = new ArrayList<>();
        if (c.argc() == 2) {
            for (Command cmd : reg.commands()) {
                out.add(entry(cmd.spec().name(), doc(cmd)));
            }
        } else {
            for (int i = 2; i < c.argc(); i++) {
                Command cmd = reg.command(c.string(i).toLowerCase(Locale.ROOT));
                if (cmd != null) {
                    out.add(entry(cmd.spec().name(), doc(cmd)));
                }
            }
        }
        return new RespValue.MapReply(out);
    }

    private static RespValue doc(Command cmd) {
        CommandSpec s = cmd.spec();
        List<Map.Entry<RespValue, RespValue>> m = new ArrayList<>();
        m.add(entry("summary", RespValue.bulk(s.summary())));
        m.add(entry("since", RespValue.bulk(s.since())));
        m.add(entry("group", RespValue.bulk(s.group())));
        m.add(entry("complexity", RespValue.bulk(s.complexity())));
        if (!s.arguments().isEmpty()) {
            m.add(entry("arguments", args(s.arguments())));
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

    private static RespValue args(List<CommandSpec.Arg> args) {
        List<RespValue> out = new ArrayList<>();
        for (CommandSpec.Arg a : args) {
            List<Map.Entry<RespValue, RespValue>> m = new ArrayList<>();
            m.add(entry("name", RespValue.bulk(a.name())));
            m.add(entry("type", RespValue.bulk(a.type())));
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
                m.add(entry("flags", RespValue.array(flags)));
            }
            if (a.children() != null && !a.children().isEmpty()) {
                m.add(entry("arguments", args(a.children())));
            }
            out.add(new RespValue.MapReply(m));
        }
        return RespValue.array(out);
    }

    private static Map.Entry<RespValue, RespValue> entry(String k, RespValue v) {
        return new AbstractMap.SimpleImmutableEntry<>(RespValue.bulk(k), v);
    }
}
