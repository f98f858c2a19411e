package io.cairn.server.command;

import io.cairn.common.ManualClock;
import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import io.cairn.server.TestServerContexts;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import io.cairn.testkit.fs.InMemoryFileSystem;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Runs data commands without sockets: {@link #parse} turns arguments into the command's
 * {@link Operation} as the dispatcher does before it takes the store's lock (arity and argument
 * errors are thrown here), {@link #run} runs an operation inside a store transaction (errors that
 * depend on the data are thrown there). The store lives in memory, its clock is a
 * {@link ManualClock} at a fixed time, and the session speaks {@link #protocol(int) RESP2} until
 * told otherwise. Close it after the test.
 */
public final class CommandHarness implements AutoCloseable {
    public static final long NOW = 1_700_000_000_000L;

    private final ManualClock clock = new ManualClock(NOW);
    private final Store store;
    private final ServerContext server;
    private final Session session = new Session(1, null, NOW, true);

    public CommandHarness(String... serverSettings) {
        StoreConfig config = StoreConfig.builder(Path.of("/harness")).walMode(WalMode.NONE)
                .expiryCycle(Duration.ofHours(1)).checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build();
        store = Store.open(config, new InMemoryFileSystem(), clock);
        server = TestServerContexts.open(store, serverSettings);
    }

    /** The operation the command's handler builds from {@code args}, before any lock. */
    public Operation parse(String... args) {
        return parse(bytes(args));
    }

    /** As {@link #parse(String...)}, for binary arguments (RESTORE's payload). */
    public Operation parse(byte[]... a) {
        Command cmd = server.dispatcher().resolve(a);
        if (!(cmd.handler() instanceof DataCommand dc)) {
            throw new IllegalArgumentException(new String(a[0], java.nio.charset.StandardCharsets.UTF_8) + " is not a data command: " + cmd.handler());
        }
        return dc.parse(new CommandContext(a, cmd.spec(), session, server));
    }

    /** Runs {@code op} in a write transaction and returns its reply. */
    public RespValue run(Operation op) {
        return store.execute(op::run).value();
    }

    /** Parses and runs, as one request does. */
    public RespValue exec(String... args) {
        return run(parse(args));
    }

    /** Parses and runs, turning any error into its reply, as the dispatcher does. */
    public RespValue reply(String... args) {
        try {
            return exec(args);
        } catch (RuntimeException e) {
            return Errors.toReply(e);
        }
    }

    /** As {@link #reply(String...)}, for binary arguments. */
    public RespValue reply(byte[]... args) {
        try {
            return run(parse(args));
        } catch (RuntimeException e) {
            return Errors.toReply(e);
        }
    }

    /**
     * Any command as one request runs it through the dispatcher (arity, MULTI, the handler), its
     * error as its reply; waits for a reply computed elsewhere.
     */
    public RespValue call(String... args) {
        return switch (server.dispatcher().dispatch(session, bytes(args))) {
            case Outcome.Now now -> now.reply();
            case Outcome.AfterDurable later -> later.reply();
            case Outcome.Deferred deferred -> deferred.reply().join();
            case Outcome.Close close -> null;
        };
    }

    public CommandHarness protocol(int protocol) {
        session.protocol(protocol);
        return this;
    }

    /** The session every call runs as. */
    public Session session() {
        return session;
    }

    public ManualClock clock() {
        return clock;
    }

    public Store store() {
        return store;
    }

    public ServerContext server() {
        return server;
    }

    public static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    public static byte[][] bytes(String... args) {
        byte[][] a = new byte[args.length][];
        for (int i = 0; i < args.length; i++) {
            a[i] = bytes(args[i]);
        }
        return a;
    }

    /** A bulk reply of {@code s}. */
    public static RespValue bulk(String s) {
        return RespValue.bulk(s);
    }

    @Override
    public void close() {
        store.close();
    }
}
