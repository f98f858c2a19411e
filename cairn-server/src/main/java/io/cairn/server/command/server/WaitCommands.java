package io.cairn.server.command.server;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.storage.engine.ReplicaGroup;
import io.cairn.storage.engine.WalMode;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * WAIT and WAITAOF. In a replicated group WAIT counts the other copies that hold every write
 * committed before it (each acknowledged write is already on a majority); on a single node, and
 * for WAITAOF, what follows holds.
 *
 * <p>On a server without replicas: Arguments are checked as Redis checks them; the
 * answer is what Redis answers once nothing more can change it, given at once rather than after
 * the timeout: no replica ever acknowledges, and locally every acknowledged write is already as
 * durable as the WAL mode makes it (a reply leaves only then), so there is nothing to wait for.
 *
 * <p>WAITAOF's local count: {@code wal fsync} 1 (each acknowledged write was fsynced before its
 * reply); {@code wal write} 0 (the log is written to the OS, not fsynced, and nothing fsyncs it
 * on a schedule, so "fsynced to the local log" never comes true); {@code wal none} refuses
 * numlocal 1 as Redis refuses it with appendonly off.
 */
final class WaitCommands {
    private WaitCommands() {
    }

    static void register(Commands.Registrar r) {
        r.async("wait", c -> {
            long numreplicas = c.integer(1); // any integer
            long timeout = timeout(c, 2);
            ReplicaGroup group = c.server().replication();
            if (group == null) {
                return CompletableFuture.completedFuture(RespValue.ZERO); // no replica ever acknowledges
            }
            if (!group.writable()) {
                throw new InvalidRequestException("ERR WAIT cannot be used with replica instances. Please also note that"
                        + " since Redis 4.0 if a replica is configured to be writable (which is not the default) writes"
                        + " to replicas are just local and are not propagated.");
            }
            // Each acknowledged write is already on a majority; this counts the copies that hold all of it.
            // Inside EXEC it answers at once with the count now, as Redis's WAIT does in a transaction.
            int wanted = (int) Math.max(0, Math.min(Integer.MAX_VALUE, numreplicas));
            return group.waitForReplicas(c.session().executingQueued() ? Integer.MAX_VALUE : wanted,
                    c.session().executingQueued() ? -1 : timeout).thenApply(n -> RespValue.integer(n));
        });
        r.server("waitaof", c -> {
            long numlocal;
            numlocal = c.integer(1);
            if (numlocal < 0 || numlocal > 1) {
                throw new InvalidRequestException("ERR value is out of range, value must between 0 and 1");
            }
            long numreplicas;
            try {
                numreplicas = c.integer(2);
            } catch (InvalidRequestException e) {
                numreplicas = -1;
            }
            if (numreplicas < 0) {
                throw new InvalidRequestException("ERR value is out of range, must be positive");
            }
            timeout(c, 3);
            WalMode wal = c.server().config().wal();
            if (numlocal > 0 && wal == WalMode.NONE) {
                throw new InvalidRequestException("ERR WAITAOF cannot be used when numlocal is set but appendonly is disabled.");
            }
            return RespValue.array(List.of(RespValue.integer(wal == WalMode.FSYNC ? 1 : 0), RespValue.ZERO));
        });
    }

    /** A timeout in milliseconds, as Redis's getTimeoutFromObjectOrReply reads it. */
    private static long timeout(CommandContext c, int i) {
        long ms;
        try {
            ms = c.integer(i);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException("ERR timeout is not an integer or out of range");
        }
        if (ms < 0) {
            throw new InvalidRequestException("ERR timeout is negative");
        }
        if (ms > Long.MAX_VALUE - System.currentTimeMillis()) {
            throw new InvalidRequestException("ERR timeout is out of range");
        }
        return ms;
    }
}
