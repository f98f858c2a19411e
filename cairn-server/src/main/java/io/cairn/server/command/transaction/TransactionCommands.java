package io.cairn.server.command.transaction;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.Session;
import io.cairn.server.command.Commands;
import java.util.List;

/**
 * Transactions as Redis has them: MULTI queues, EXEC runs the queue atomically (here: inside one
 * store transaction, logged as one WAL record), and a WATCHed key changed by anyone since WATCH
 * makes EXEC return a null array. Errors while queueing abort EXEC; errors while running are that
 * command's reply and the others still run.
 */
public final class TransactionCommands {
    private TransactionCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.server("multi", c -> {
            if (c.session().inMulti()) {
                throw new InvalidRequestException("ERR MULTI calls can not be nested");
            }
            c.session().beginMulti();
            return RespValue.OK;
        });
        r.inline("exec", (t, c) -> {
            Session s = c.session();
            if (!s.inMulti()) {
                throw new InvalidRequestException("ERR EXEC without MULTI");
            }
            boolean aborted = s.multiError();
            List<byte[][]> queued = s.endMulti();
            boolean conflict = s.watchedKeyChanged();
            c.server().unwatchAll(s);
            if (aborted) {
                throw new InvalidRequestException("EXECABORT Transaction discarded because of previous errors.");
            }
            if (conflict) {
                return RespValue.NULL_ARRAY;
            }
            return c.server().dispatcher().runQueued(t, s, queued);
        });
        r.server("discard", c -> {
            if (!c.session().inMulti()) {
                throw new InvalidRequestException("ERR DISCARD without MULTI");
            }
            c.session().endMulti();
            c.server().unwatchAll(c.session());
            return RespValue.OK;
        });
        r.inline("watch", (t, c) -> {
            if (c.session().inMulti()) {
                throw new InvalidRequestException("ERR WATCH inside MULTI is not allowed");
            }
            for (int i = 1; i < c.argc(); i++) {
                c.server().watch(c.session(), t.db(), c.arg(i));
            }
            return RespValue.OK;
        });
        r.server("unwatch", c -> {
            c.server().unwatchAll(c.session());
            return RespValue.OK;
        });
    }
}
