package io.cairn.server;

import io.cairn.resp.CommandTable;
import io.cairn.server.command.CommandRegistry;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Dispatcher;
import io.cairn.storage.engine.Store;

/**
 * A {@link ServerContext} without sockets or search, for tests that run command handlers
 * directly: the default settings (with {@code overrides}, name and value in turn), the given store
 * and a dispatcher over every command. SHUTDOWN does nothing.
 */
public final class TestServerContexts {
    private TestServerContexts() {
    }

    public static ServerContext open(Store store, String... overrides) {
        ServerConfig.Builder b = new ServerConfig.Builder();
        for (int i = 0; i < overrides.length; i += 2) {
            b.set(overrides[i], overrides[i + 1]);
        }
        ServerContext server = new ServerContext(b.build(), store, null, save -> { });
        server.dispatcher(new Dispatcher(new CommandRegistry(CommandTable.all(), Commands.handlers()), server));
        return server;
    }
}
