package io.cairn.server.command.notify;

import io.cairn.resp.CommandKeys;
import io.cairn.resp.CommandSpec;
import io.cairn.resp.CommandTable;
import io.cairn.resp.RespValue;
import io.cairn.server.command.BlockingOperation;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.ChangeListener;
import io.cairn.storage.engine.Mutation;
import io.cairn.storage.engine.Txn;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Publishes keyspace notifications as Redis does, when {@code notify-keyspace-events} asks for
 * them: for each event, {@code <event>} on {@code __keyspace@<db>__:<key>} (K) and {@code <key>} on
 * {@code __keyevent@<db>__:<event>} (E). A command's events are published right after it ran,
 * inside its transaction ({@link #wrap}); {@code expired} from the change stream, for every key
 * that expired, by the expiry cycle or on access. Off (the default), a command pays one volatile
 * read. Thread-safe.
 */
public final class KeyspaceNotifier implements ChangeListener {
    /** Where notifications go: PUBLISH's delivery to the subscribers of a channel. */
    @FunctionalInterface
    public interface Publisher {
        void publish(byte[] channel, byte[] message);
    }

    private volatile NotifyFlags flags;
    private volatile Publisher publisher = (channel, message) -> {
    };

    public KeyspaceNotifier(NotifyFlags flags) {
        this.flags = flags;
    }

    public NotifyFlags flags() {
        return flags;
    }

    /** CONFIG SET notify-keyspace-events. */
    public void flags(NotifyFlags f) {
        flags = f;
    }

    public void publisher(Publisher p) {
        publisher = p;
    }

    /**
     * {@code op}, publishing the events of what it changed when notifications are on: first
     * {@code new} (class {@code n}) for each of its keys it created, then the command's own
     * events, and {@code keymiss} (class {@code m}) for each key a read-only command did not find,
     * as Redis's lookups do. The keys come from the command's key specs, and are only looked up
     * when {@code n} or {@code m} is asked for.
     */
    public Operation wrap(String command, byte[][] args, Operation op) {
        NotifyFlags f = flags;
        if (!f.enabled()) {
            return op;
        }
        if (!f.has(NotifyFlags.NEW) && !f.has(NotifyFlags.KEY_MISS)) {
            return txn -> {
                int mark = txn.mutationCount();
                RespValue reply = op.run(txn);
                after(txn, command, args, mark);
                return reply;
            };
        }
        CommandSpec spec = CommandTable.lookup(command);
        List<byte[]> keys = new ArrayList<>();
        if (spec != null) {
            for (CommandKeys.KeyRef k : CommandKeys.find(spec, args)) {
                keys.add(args[k.position()]);
            }
        }
        boolean readOnly = spec != null && spec.flags().contains("readonly");
        return txn -> {
            int db = txn.db();
            boolean[] existed = new boolean[keys.size()];
            for (int i = 0; i < existed.length; i++) {
                existed[i] = txn.exists(keys.get(i));
            }
            int mark = txn.mutationCount();
            RespValue reply = op.run(txn);
            int now = txn.db();
            txn.select(db);
            for (int i = 0; i < existed.length; i++) {
                if (readOnly && !existed[i]) {
                    publish(f, db, keys.get(i), NotifyFlags.KEY_MISS, "keymiss");
                } else if (!readOnly && !existed[i] && txn.exists(keys.get(i))) {
                    publish(f, db, keys.get(i), NotifyFlags.NEW, "new");
                }
            }
            txn.select(now);
            after(txn, command, args, mark);
            return reply;
        };
    }

    /** A blocking command's tries, each publishing what it changed. */
    public BlockingOperation wrap(String command, byte[][] args, BlockingOperation op) {
        if (!flags.enabled()) {
            return op;
        }
        return op.aroundAttempt((inner, txn) -> {
            int mark = txn.mutationCount();
            RespValue reply = inner.attempt(txn);
            after(txn, command, args, mark);
            return reply;
        });
    }

    /** Publishes the events of what {@code command} changed in {@code txn} since {@code mark}. */
    public void after(Txn txn, String command, byte[][] args, int mark) {
        NotifyFlags f = flags;
        if (!f.enabled() || txn.mutationCount() == mark) {
            return;
        }
        int selected = txn.db();
        List<KeyspaceEvents.Event> events = KeyspaceEvents.of(command, args, txn.mutationsSince(mark), (db, key) -> {
            txn.select(db);
            return txn.exists(key);
        });
        txn.select(selected);
        for (KeyspaceEvents.Event e : events) {
            publish(f, e.db(), e.key(), e.type(), e.name());
        }
    }

    @Override
    public void onCommit(long lsn, List<Mutation> mutations) {
        NotifyFlags f = flags;
        if (!f.enabled() || !f.has(NotifyFlags.EXPIRED)) {
            return;
        }
        for (Mutation m : mutations) {
            if (m instanceof Mutation.Expired x) {
                publish(f, x.db(), x.key(), NotifyFlags.EXPIRED, "expired");
            }
        }
    }

    /** {@code evicted} for each key maxmemory's policy took. */
    public void evicted(List<io.cairn.storage.engine.Store.EvictedKey> keys) {
        NotifyFlags f = flags;
        if (keys.isEmpty() || !f.enabled() || !f.has(NotifyFlags.EVICTED)) {
            return;
        }
        for (io.cairn.storage.engine.Store.EvictedKey k : keys) {
            publish(f, k.db(), k.key(), NotifyFlags.EVICTED, "evicted");
        }
    }

    private void publish(NotifyFlags f, int db, byte[] key, int type, String event) {
        if (!f.has(type)) {
            return;
        }
        Publisher p = publisher;
        byte[] name = event.getBytes(StandardCharsets.US_ASCII);
        if (f.has(NotifyFlags.KEYSPACE)) {
            p.publish(concat("__keyspace@" + db + "__:", key), name);
        }
        if (f.has(NotifyFlags.KEYEVENT)) {
            p.publish(concat("__keyevent@" + db + "__:", name), key);
        }
    }

    private static byte[] concat(String prefix, byte[] tail) {
        byte[] p = prefix.getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[p.length + tail.length];
        System.arraycopy(p, 0, out, 0, p.length);
        System.arraycopy(tail, 0, out, p.length, tail.length);
        return out;
    }
}
