package io.cairn.server.command.string;

import io.cairn.resp.RespValue;
import io.cairn.server.ServerStats;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Parsed;
import io.cairn.storage.engine.Txn;
import java.util.List;

/**
 * The writes that replace a whole string value or its expiry: SET (and SETNX, SETEX, PSETEX,
 * which are SETs with fixed options), GETSET, GETDEL, GETEX, MSET and MSETNX. Each record holds
 * its checked arguments; what is left for {@link #run} is what depends on the data.
 */
sealed interface StringWrites extends Operation {

    /**
     * SET as Redis's {@code setGenericCommand} runs it: the expiry (already checked) is made
     * absolute, GET reads the old value (WRONGTYPE for another type), NX/XX decide whether to
     * write, and the value is stored with the new expiry, the kept one (KEEPTTL) or none.
     *
     * @param expiry  the EX/PX/EXAT/PXAT option, or null
     * @param ok      the reply when the value is written (+OK; 1 for SETNX)
     * @param aborted the reply when NX/XX prevent it (nil; 0 for SETNX)
     */
    record Set(byte[] key, byte[] value, boolean nx, boolean xx, boolean get, boolean keepTtl, Expiry expiry,
               RespValue ok, RespValue aborted) implements StringWrites {
        @Override
        public RespValue run(Txn t) {
            long expireAt = expiry == null ? 0 : expiry.deadline(t.now());
            byte[] old = get ? t.get(key) : null;
            if (nx || xx) {
                boolean exists = t.exists(key);
                if (nx && exists || xx && !exists) {
                    return get ? RespValue.bulk(old) : aborted;
                }
            }
            if (keepTtl) {
                long current = t.expireAt(key);
                expireAt = current > 0 ? current : 0;
            }
            t.set(key, value, expireAt);
            return get ? RespValue.bulk(old) : ok;
        }
    }

    /** GETSET key value: the old string (WRONGTYPE for another type), then the new one without expiry. */
    record GetSet(byte[] key, byte[] value) implements StringWrites {
        @Override
        public RespValue run(Txn t) {
            byte[] old = t.get(key);
            t.set(key, value, 0);
            return RespValue.bulk(old);
        }
    }

    /** GETDEL key. */
    record GetDel(byte[] key) implements StringWrites {
        @Override
        public RespValue run(Txn t) {
            byte[] old = t.get(key);
            if (old != null) {
                t.delete(key);
            }
            return RespValue.bulk(old);
        }
    }

    /**
     * GETEX key [EX|PX|EXAT|PXAT n|PERSIST]: the syntax was checked before the lock; the number is
     * refused, as Redis orders it, only once the key turned out to hold a string.
     *
     * @param expiry the expiry option, or null; its refusal is raised when the key exists
     */
    record GetEx(byte[] key, boolean persist, Parsed<Expiry> expiry, ServerStats stats) implements StringWrites {
        @Override
        public RespValue run(Txn t) {
            byte[] v = t.get(key);
            stats.hit(v != null);
            if (v == null) {
                return RespValue.NULL;
            }
            if (expiry != null) {
                t.expireAt(key, expiry.get().deadline(t.now())); // a deadline not after now deletes the key
            } else if (persist) {
                t.persist(key);
            }
            return RespValue.bulk(v);
        }
    }

    /** MSET (or, with {@code nx}, MSETNX) key value [key value ...]; the pairs were counted before the lock. */
    record MSet(List<byte[]> keys, List<byte[]> values, boolean nx) implements StringWrites {
        @Override
        public RespValue run(Txn t) {
            if (nx) {
                for (byte[] k : keys) {
                    if (t.exists(k)) {
                        return RespValue.ZERO;
                    }
                }
            }
            for (int i = 0; i < keys.size(); i++) {
                t.set(keys.get(i), values.get(i), 0);
            }
            return nx ? RespValue.ONE : RespValue.OK;
        }
    }
}
