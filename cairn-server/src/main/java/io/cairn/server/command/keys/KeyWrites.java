package io.cairn.server.command.keys;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import java.util.Arrays;
import java.util.List;

/** The key writes: DEL, UNLINK, RENAME, RENAMENX, COPY, the EXPIRE family, PERSIST. Each record holds its checked arguments. */
sealed interface KeyWrites extends Operation {

    /** DEL / UNLINK key [key ...]. */
    record Del(List<byte[]> keys) implements KeyWrites {
        @Override
        public RespValue run(Txn t) {
            long n = 0;
            for (byte[] k : keys) {
                n += t.delete(k) ? 1 : 0;
            }
            return RespValue.integer(n);
        }
    }

    /** RENAME (or, with {@code nx}, RENAMENX) key newkey: "no such key" first, then the same name is a no-op. */
    record Rename(byte[] source, byte[] destination, boolean nx) implements KeyWrites {
        @Override
        public RespValue run(Txn t) {
            if (!t.exists(source)) {
                throw new InvalidRequestException("ERR no such key");
            }
            if (Arrays.equals(source, destination)) {
                return nx ? RespValue.ZERO : RespValue.OK;
            }
            if (nx && t.exists(destination)) {
                return RespValue.ZERO;
            }
            ValueCopy.copy(t, source, destination);
            t.delete(source);
            return nx ? RespValue.ONE : RespValue.OK;
        }
    }

    /**
     * COPY source destination [DB db] [REPLACE]: into database {@code db}, or the selected one when
     * {@link #SAME_DB}; the same name in the same database is refused, as Redis refuses it.
     */
    record Copy(byte[] source, byte[] destination, int db, boolean replace) implements KeyWrites {
        static final int SAME_DB = -1;

        @Override
        public RespValue run(Txn t) {
            int target = db == SAME_DB ? t.db() : db;
            if (target == t.db() && Arrays.equals(source, destination)) {
                throw new InvalidRequestException("ERR source and destination objects are the same");
            }
            if (!t.exists(source)) {
                return RespValue.ZERO;
            }
            return ValueCopy.copy(t, source, target, destination, replace) ? RespValue.ONE : RespValue.ZERO;
        }
    }

    /**
     * EXPIRE, PEXPIRE, EXPIREAT, PEXPIREAT key time [NX|XX|GT|LT], as Redis's
     * {@code expireGenericCommand}: {@code millis} is the time in milliseconds (relative unless
     * {@code absolute}), its unit conversion checked before the lock; adding the transaction's time
     * is checked here, then the key and the condition. A time not after now deletes the key.
     */
    record Expire(byte[] key, long millis, boolean absolute, boolean nx, boolean xx, boolean gt, boolean lt,
                  String command) implements KeyWrites {
        @Override
        public RespValue run(Txn t) {
            long base = absolute ? 0 : t.now();
            if (millis > Long.MAX_VALUE - base) {
                throw KeyCommands.invalidExpire(command);
            }
            long at = millis + base;
            long current = t.expireAt(key);
            if (current == Txn.ABSENT) {
                return RespValue.ZERO;
            }
            boolean hasTtl = current != Txn.NO_EXPIRY;
            if (nx && hasTtl || xx && !hasTtl) {
                return RespValue.ZERO;
            }
            // A key without expiry counts as an infinite TTL for GT and LT.
            if (gt && (!hasTtl || at <= current) || lt && hasTtl && at >= current) {
                return RespValue.ZERO;
            }
            t.expireAt(key, Math.max(at, 1));
            return RespValue.ONE;
        }
    }

    /** PERSIST key. */
    record Persist(byte[] key) implements KeyWrites {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.persist(key) ? 1 : 0);
        }
    }
}
