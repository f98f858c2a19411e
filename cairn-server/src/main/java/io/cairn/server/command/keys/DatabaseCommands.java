package io.cairn.server.command.keys;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;

/**
 * The commands that work across numbered databases: MOVE and SWAPDB, with Redis 7.2's replies and
 * errors (SELECT is a connection command; FLUSHDB, FLUSHALL and DBSIZE are server commands).
 * Search indexes cover database 0, so a SWAPDB that would exchange database 0 under them is
 * refused.
 */
public final class DatabaseCommands {
    static final String SAME_DB = "ERR source and destination objects are the same";

    private DatabaseCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("move", c -> new Move(c.arg(1), c.database(2, CommandContext.NOT_INTEGER)));
        r.data("swapdb", c -> {
            int a = swapIndex(c, 1);
            int b = swapIndex(c, 2);
            return new SwapDb(a, b, c.server());
        });
    }

    /** SWAPDB's own words for a bad index. */
    private static int swapIndex(CommandContext c, int i) {
        return c.database(i, "ERR invalid " + (i == 1 ? "first" : "second") + " DB index");
    }

    /**
     * MOVE key db: 1 when moved, 0 when absent here or present there. Between a memory and a disk
     * database the value is copied there and deleted here in the one transaction ({@link
     * ValueCopy#move}): O(size) where Redis's is O(1), but each database's log stays its own.
     */
    record Move(byte[] key, int toDb) implements Operation {
        @Override
        public RespValue run(Txn txn) {
            if (toDb == txn.db()) {
                throw new InvalidRequestException(SAME_DB);
            }
            if (txn.onDisk(txn.db()) != txn.onDisk(toDb)) {
                return ValueCopy.move(txn, key, toDb) ? RespValue.ONE : RespValue.ZERO;
            }
            return txn.move(key, toDb) ? RespValue.ONE : RespValue.ZERO;
        }
    }

    /** SWAPDB a b. */
    record SwapDb(int a, int b, ServerContext server) implements Operation {
        @Override
        public RespValue run(Txn txn) {
            if ((a == 0 || b == 0) && a != b && server.search() != null && !server.search().list().isEmpty()) {
                throw new InvalidRequestException("ERR SWAPDB with database 0 is not supported while search indexes exist"
                        + " (they cover database 0)");
            }
            if (a != b) {
                server.beforeSwap(txn, a, b);
                txn.swapDatabases(a, b);
            }
            return RespValue.OK;
        }
    }
}
