package io.cairn.server.command;

import io.cairn.server.command.bitmap.BitmapCommands;
import io.cairn.server.command.connection.ConnectionCommands;
import io.cairn.server.command.geo.GeoCommands;
import io.cairn.server.command.hash.HashCommands;
import io.cairn.server.command.hll.HllCommands;
import io.cairn.server.command.json.JsonCommands;
import io.cairn.server.command.keys.DatabaseCommands;
import io.cairn.server.command.keys.KeyCommands;
import io.cairn.server.command.list.ListCommands;
import io.cairn.server.command.pubsub.PubSubCommands;
import io.cairn.server.command.search.SearchCommands;
import io.cairn.server.command.server.ServerCommands;
import io.cairn.server.command.set.SetCommands;
import io.cairn.server.command.sort.SortCommands;
import io.cairn.server.command.string.StringCommands;
import io.cairn.server.command.transaction.TransactionCommands;
import io.cairn.server.command.script.FunctionCommands;
import io.cairn.server.command.script.ScriptCommands;
import io.cairn.server.command.zset.ZSetCommands;
import java.util.HashMap;
import java.util.Map;

/** Collects the handlers of every family, keyed by spec name ({@code "get"}, {@code "client|id"}). */
public final class Commands {
    private Commands() {
    }

    public static Map<String, Handler> handlers() {
        Registrar r = new Registrar();
        ConnectionCommands.register(r);
        io.cairn.server.command.tracking.TrackingCommands.register(r);
        ServerCommands.register(r);
        io.cairn.server.command.server.AclCommands.register(r);
        KeyCommands.register(r);
        DatabaseCommands.register(r);
        StringCommands.register(r);
        BitmapCommands.register(r);
        HllCommands.register(r);
        HashCommands.register(r);
        SetCommands.register(r);
        ZSetCommands.register(r);
        GeoCommands.register(r);
        ListCommands.register(r);
        SortCommands.register(r);
        JsonCommands.register(r);
        SearchCommands.register(r);
        TransactionCommands.register(r);
        ScriptCommands.register(r);
        FunctionCommands.register(r);
        PubSubCommands.register(r);
        io.cairn.server.command.stream.StreamCommands.register(r);
        return r.handlers;
    }

    /** Collects handlers; refuses a name registered twice. */
    public static final class Registrar {
        private final Map<String, Handler> handlers = new HashMap<>();

        /** A command parsed before the lock into an {@link Operation}. */
        public void data(String name, DataCommand h) {
            add(name, h);
        }

        /** A command that still parses inside the lock (see {@link DataCommand#inline}). */
        public void inline(String name, DataCommand.Inline h) {
            add(name, DataCommand.inline(h));
        }

        /** A command that may wait for a write to its keys (BLPOP and the like). */
        public void blocking(String name, BlockingCommand h) {
            add(name, h);
        }

        public void server(String name, ServerCommand h) {
            add(name, h);
        }

        public void async(String name, AsyncCommand h) {
            add(name, h);
        }

        private void add(String name, Handler h) {
            if (handlers.put(name, h) != null) {
                throw new IllegalStateException("handler registered twice: " + name);
            }
        }
    }
}
