package io.cairn.server.command.server;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.ServerConfig;
import io.cairn.server.ServerContext;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Glob;
import io.cairn.storage.engine.CheckpointInfo;
import io.cairn.storage.engine.StoreStats;
import io.cairn.storage.engine.WalMode;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;

/** Commands about the server and its data as a whole. */
public final class ServerCommands {
    private ServerCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.server("info", c -> {
            Set<String> wanted = new HashSet<>();
            for (int i = 1; i < c.argc(); i++) {
                wanted.add(c.string(i).toLowerCase(Locale.ROOT));
            }
            String text = Info.render(c.server(), wanted);
            return c.session().protocol() == 3 ? new RespValue.VerbatimString("txt", text) : RespValue.bulk(text);
        });
        r.server("config|get", ServerCommands::configGet);
        r.server("config|set", ServerCommands::configSet);
        r.server("config|resetstat", c -> {
            c.server().stats().reset();
            if (c.server().store().walWriteLatency() != null) {
                c.server().store().walWriteLatency().reset();
                c.server().store().walSyncLatency().reset();
            }
            c.server().search().resetStats();
            return RespValue.OK;
        });
        r.inline("dbsize", (t, c) -> RespValue.integer(t.size()));
        r.inline("flushdb", (t, c) -> flush(t, c, false));
        r.inline("flushall", (t, c) -> flush(t, c, true));
        r.server("time", c -> {
            java.time.Instant now = java.time.Instant.now();
            return RespValue.array(List.of(RespValue.bulk(Long.toString(now.getEpochSecond())),
                    RespValue.bulk(Long.toString(now.getNano() / 1000))));
        });
        r.server("save", c -> {
            checkpoint(c.server());
            return RespValue.OK;
        });
        r.server("bgsave", c -> {
            boolean schedule = c.argc() == 2 && c.option(1).equals("SCHEDULE");
            if (c.argc() == 2 && !schedule) {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
            if (c.server().store().stats().checkpointRunning()) {
                if (schedule) {
                    return RespValue.simple("Background saving scheduled");
                }
                throw new InvalidRequestException("ERR Background save already in progress");
            }
            c.server().store().checkpoint();
            return RespValue.simple("Background saving started");
        });
        r.server("lastsave", c -> {
            StoreStats st = c.server().store().stats();
            CheckpointInfo cp = st.lastCheckpoint();
            return RespValue.integer(cp != null ? cp.finishedAt() / 1000 : c.server().startMillis() / 1000);
        });
        r.server("shutdown", ServerCommands::shutdown);
        r.server("debug", c -> {
            if (c.argc() == 3 && c.option(1).equals("SLEEP")) {
                double seconds = c.number(2);
                // DEBUG SLEEP is meant to block: Redis stops its whole server; here the connection's
                // event loop (and the connections sharing it) wait, which is what tests use it for.
                try {
                    Thread.sleep((long) (seconds * 1000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return RespValue.OK;
            }
            throw new InvalidRequestException("ERR DEBUG subcommand not supported by Cairn: " + (c.argc() > 1 ? c.string(1) : "")
                    + " (Cairn supports DEBUG SLEEP seconds)");
        });
        r.server("command", CommandIntrospection::all);
        r.server("command|count", CommandIntrospection::count);
        r.server("command|info", CommandIntrospection::info);
        r.server("command|docs", CommandIntrospection::docs);
        r.inline("object|encoding", (t, c) -> {
            String e = t.encoding(c.arg(2));
            return e == null ? RespValue.NULL : RespValue.bulk(e);
        });
        r.inline("object|refcount", (t, c) -> t.exists(c.arg(2)) ? RespValue.ONE : RespValue.NULL);
        r.inline("object|idletime", (t, c) -> t.exists(c.arg(2)) ? RespValue.ZERO : RespValue.NULL);
        r.inline("object|freq", (t, c) -> {
            throw new InvalidRequestException("ERR An LFU maxmemory policy is not selected, access frequency not tracked. "
                    + "Please note that when switching between policies at runtime LRU and LFU data will take some time to adjust.");
        });
    }

    private static RespValue flush(io.cairn.storage.engine.Txn t, CommandContext c, boolean all) {
        if (c.argc() > 2 || c.argc() == 2 && !c.option(1).equals("ASYNC") && !c.option(1).equals("SYNC")) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        c.server().beforeFlush(t, all);
        if (all) {
            t.flushAll();
        } else {
            t.flushDb();
        }
        return RespValue.OK;
    }

    private static void checkpoint(ServerContext s) {
        try {
            s.store().checkpoint().join();
        } catch (CompletionException e) {
            throw new InvalidRequestException("ERR checkpoint failed: " + e.getCause().getMessage());
        }
    }

    private static RespValue shutdown(CommandContext c) {
        boolean save = true; // a checkpoint at shutdown makes the next start load a snapshot
        boolean explicitSave = false;
        for (int i = 1; i < c.argc(); i++) {
            switch (c.option(i)) {
                case "SAVE" -> explicitSave = true;
                case "NOSAVE" -> save = false;
                case "NOW", "FORCE" -> {
                }
                case "ABORT" -> throw new InvalidRequestException("ERR There is no shutdown in progress");
                default -> throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        if (explicitSave && !save) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        if (explicitSave) {
            checkpoint(c.server()); // SHUTDOWN SAVE checkpoints even with --wal none
        }
        c.server().shutdown(save);
        return null; // no reply: the connection closes, as with Redis
    }

    /** Settings CONFIG GET shows: Cairn's own, plus Redis names that tools ask for. */
    private static Map<String, String> settings(ServerContext s) {
        Map<String, String> m = new LinkedHashMap<>();
        ServerConfig cfg = s.config();
        for (ServerConfig.Key k : ServerConfig.Key.values()) {
            m.put(k.name, cfg.get(k));
        }
        m.put("requirepass", s.requirepass());
        m.put("maxclients", Integer.toString(s.maxclients()));
        m.put("timeout", Long.toString(s.timeoutSeconds()));
        m.put("hll-sparse-max-bytes", Long.toString(s.hllSparseMaxBytes()));
        m.put("port", Integer.toString(s.port()));
        m.put("save", "");
        m.put("appendonly", cfg.wal() == WalMode.NONE ? "no" : "yes");
        m.put("appendfsync", cfg.wal() == WalMode.FSYNC ? "always" : "no");
        m.put("maxmemory", "0");
        m.put("maxmemory-policy", "noeviction");
        return m;
    }

    private static RespValue configGet(CommandContext c) {
        Map<String, String> all = settings(c.server());
        List<Map.Entry<RespValue, RespValue>> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 2; i < c.argc(); i++) {
            byte[] pattern = c.string(i).toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8);
            for (Map.Entry<String, String> e : all.entrySet()) {
                if (Glob.matches(pattern, e.getKey().getBytes(StandardCharsets.UTF_8)) && seen.add(e.getKey())) {
                    out.add(new AbstractMap.SimpleImmutableEntry<>(RespValue.bulk(e.getKey()), RespValue.bulk(e.getValue())));
                }
            }
        }
        return new RespValue.MapReply(out);
    }

    private static RespValue configSet(CommandContext c) {
        if ((c.argc() - 2) % 2 != 0) {
            throw new InvalidRequestException("ERR wrong number of arguments for 'config|set' command");
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        for (int i = 2; i < c.argc(); i += 2) {
            String name = c.string(i).toLowerCase(Locale.ROOT);
            String value = c.string(i + 1);
            if (!settings(c.server()).containsKey(name)) {
                throw new InvalidRequestException("ERR Unknown option or number of arguments for CONFIG SET - '" + name + "'");
            }
            if (!Set.of("requirepass", "maxclients", "timeout", "hll-sparse-max-bytes").contains(name)) {
                throw new InvalidRequestException("ERR CONFIG SET failed (possibly related to argument '" + name
                        + "') - can't set immutable config");
            }
            try {
                changes.put(name, ServerConfig.Key.of(name).parse(value)); // the rule of the settings table
            } catch (IllegalArgumentException e) {
                boolean memory = ServerConfig.Key.of(name).type instanceof io.cairn.server.SettingType.ByteSize;
                throw new InvalidRequestException("ERR CONFIG SET failed (possibly related to argument '" + name
                        + "') - " + (memory ? "argument must be a memory value" : "argument couldn't be parsed into an integer"));
            }
        }
        changes.forEach((name, value) -> {
            switch (name) {
                case "requirepass" -> c.server().requirepass((String) value);
                case "maxclients" -> c.server().maxclients(((Long) value).intValue());
                case "hll-sparse-max-bytes" -> c.server().hllSparseMaxBytes((Long) value);
                default -> c.server().timeoutSeconds((Long) value);
            }
        });
        return RespValue.OK;
    }
}
