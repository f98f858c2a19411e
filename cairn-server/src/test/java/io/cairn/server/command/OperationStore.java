package io.cairn.server.command;

import io.cairn.common.Clock;
import io.cairn.resp.RespValue;
import io.cairn.storage.engine.Mutation;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.WalMode;
import io.cairn.testkit.fs.InMemoryFileSystem;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A store in memory for handler unit tests: operations in, replies out, with no server or
 * socket. Errors come back as the error reply the connection would send ({@link Errors#toReply}).
 */
public final class OperationStore implements AutoCloseable {
    private final Store store = Store.open(StoreConfig.builder(Path.of("/store")).walMode(WalMode.NONE).build(),
            new InMemoryFileSystem(), Clock.SYSTEM);
    private final List<Mutation> logged = new ArrayList<>();

    public OperationStore() {
        store.subscribe((lsn, batch) -> logged.addAll(batch));
    }

    /** The mutations committed since the last call (what the log would carry), oldest first. */
    public List<Mutation> takeLogged() {
        List<Mutation> out = List.copyOf(logged);
        logged.clear();
        return out;
    }

    /** Parses and runs one command in a write transaction, as the dispatcher runs a write. */
    public RespValue run(Function<byte[][], Operation> parse, String... args) {
        try {
            Operation op = parse.apply(args(args));
            return store.execute(op::run).value();
        } catch (RuntimeException e) {
            return Errors.toReply(e);
        }
    }

    /** Runs {@code body} in a write transaction and returns what it returns. */
    public <T> T write(Function<Txn, T> body) {
        return store.execute(body).value();
    }

    public static byte[][] args(String... args) {
        byte[][] out = new byte[args.length][];
        for (int i = 0; i < args.length; i++) {
            out[i] = args[i].getBytes(StandardCharsets.ISO_8859_1);
        }
        return out;
    }

    public static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() {
        store.close();
    }
}
