package io.cairn.server.command.server;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.storage.engine.CheckpointInfo;
import io.cairn.storage.engine.StoreStats;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
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
        r.server("config|get", ConfigCommands::get);
        r.server("config|set", ConfigCommands::set);
        r.server("config|resetstat", c -> {
            c.server().stats().reset();
            c.server().commandStats().reset();
            c.server().acl().log().resetCounts();
            MemoryFigures.resetPeak();
            c.server().resetUsedMemoryPeak();
            if (c.server().store().walWriteLatency() != null) {
                c.server().store().walWriteLatency().reset();
                c.server().store().walSyncLatency().reset();
            }
            c.server().store().resetDiskStats();
            if (c.server().search() != null) { // a context without search (handler tests)
                c.server().search().resetStats();
            }
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
        r.server("slowlog|get", c -> {
            long count = 10;
            if (c.argc() == 3) {
                try {
                    count = CommandContext.parseLong(c.arg(2));
                } catch (RuntimeException e) {
                    count = -2;
                }
                if (count < -1) {
                    throw new InvalidRequestException("ERR count should be greater than or equal to -1");
                }
            } else if (c.argc() > 3) {
                throw new InvalidRequestException("ERR wrong number of arguments for 'slowlog|get' command");
            }
            return c.server().slowLog().get(count);
        });
        LatencyCommands.register(r);
        MemoryCommands.register(r);
        WaitCommands.register(r);
        ReplicationCommands.register(r);
        r.server("slowlog|len", c -> RespValue.integer(c.server().slowLog().size()));
        r.server("slowlog|reset", c -> {
            c.server().slowLog().reset();
            return RespValue.OK;
        });
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
        r.server("command|getkeys", c -> CommandIntrospection.getKeys(c, false));
        r.server("command|getkeysandflags", c -> CommandIntrospection.getKeys(c, true));
        r.server("command|list", CommandIntrospection::list);
        r.inline("object|encoding", (t, c) -> {
            String e = t.encoding(c.arg(2));
            return e == null ? RespValue.NULL : RespValue.bulk(e);
        });
        r.inline("object|refcount", (t, c) -> t.exists(c.arg(2)) ? RespValue.ONE : RespValue.NULL);
        r.inline("object|idletime", (t, c) -> {
            if (t.lfuClocks()) {
                throw new InvalidRequestException("ERR An LFU maxmemory policy is selected, idle time not tracked. "
                        + "Please note that when switching between policies at runtime LRU and LFU data will take some time to adjust.");
            }
            long idle = t.idleTime(c.arg(2));
            return idle < 0 ? RespValue.NULL : RespValue.integer(idle);
        });
        r.inline("object|freq", (t, c) -> {
            if (!t.lfuClocks()) {
                throw new InvalidRequestException("ERR An LFU maxmemory policy is not selected, access frequency not tracked. "
                        + "Please note that when switching between policies at runtime LRU and LFU data will take some time to adjust.");
            }
            int freq = t.frequency(c.arg(2));
            return freq < 0 ? RespValue.NULL : RespValue.integer(freq);
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
        if (c.server().scripts().thread().running()) {
            if (save) { // a checkpoint would wait for the script; Redis too allows only SHUTDOWN NOSAVE now
                throw new InvalidRequestException(((RespValue.ErrorReply) c.server().scripts().busyReply()).message());
            }
            c.server().scripts().abandonForShutdown(); // its writes are not logged
        }
        if (explicitSave) {
            checkpoint(c.server()); // SHUTDOWN SAVE checkpoints even with --wal none
        }
        c.server().shutdown(save);
        return null; // no reply: the connection closes, as with Redis
    }
}
