package io.cairn.server.command;

import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import io.cairn.storage.engine.Store;

/**
 * {@code maxmemory} before each command, as Redis's processCommand: when the store holds more
 * than its limit, keys are evicted by the policy first ({@link Store#makeRoom}, published as
 * {@code evicted} notifications); if nothing could go, a command that adds data ({@code denyoom},
 * or an EXEC queueing one) is refused with Redis's {@code -OOM}, and inside MULTI every command
 * but EXEC, DISCARD, QUIT and RESET is (queueing takes memory too), flagging the transaction so
 * its EXEC aborts, as Redis 7.2 does. Reads and deletes outside MULTI always run, so memory can be
 * freed.
 */
public final class MemoryGate {
    public static final String OOM = "OOM command not allowed when used memory > 'maxmemory'.";
    private static final RespValue OOM_REPLY = RespValue.error(OOM);

    private MemoryGate() {
    }

    /** The refusal to answer instead of running {@code cmd}, or null to run it. Cheap when within the limit. */
    static RespValue check(ServerContext server, Session session, Command cmd, Dispatcher dispatcher) {
        Store store = server.store();
        if (!store.overMemoryLimit()) {
            return null;
        }
        Store.Evictions evictions;
        try {
            evictions = store.makeRoom();
        } catch (RuntimeException e) { // a store that refuses writes: the command meets that itself
            return null;
        }
        server.notifier().evicted(evictions.keys());
        if (evictions.roomMade() || !deniedOnOom(cmd, session, dispatcher)) {
            return null;
        }
        if (session.inMulti()) {
            session.flagMultiError();
        }
        return OOM_REPLY;
    }

    private static boolean deniedOnOom(Command cmd, Session session, Dispatcher dispatcher) {
        String name = cmd.spec().name();
        if (session.inMulti() && !name.equals("exec") && !name.equals("discard") && !name.equals("quit")
                && !name.equals("reset")) {
            return true; // as Redis 7.2: queueing may take any amount of memory
        }
        if (name.equals("exec")) {
            return session.queuedAny(q -> {
                Command c = dispatcher.registry().lookup(q[0]);
                return c != null && c.spec().flags().contains("denyoom");
            });
        }
        return cmd.spec().flags().contains("denyoom");
    }
}
