package io.cairn.server.command.keys;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Parsed;
import io.cairn.server.rdb.DumpPayload;
import io.cairn.server.rdb.DumpValue;
import io.cairn.storage.engine.LimitExceededException;
import io.cairn.storage.engine.Txn;

/**
 * DUMP and RESTORE: a key's value as Redis serializes it ({@link DumpPayload},
 * {@code docs/format/dump-restore.md}), so keys move between Cairn and Redis. RESTORE decodes and
 * checks the whole payload before the store's lock, then writes in one transaction: a corrupt
 * payload changes nothing, nor does a value too large for one record of the log (refused
 * before the first write, by a lower bound of what the writes will log). IDLETIME and FREQ set the
 * restored key's access clock as Redis sets it: IDLETIME under an LRU policy, FREQ under an LFU
 * one, the other ignored.
 */
final class DumpRestore {
    static final String BUSYKEY = "BUSYKEY Target key name already exists.";

    private DumpRestore() {
    }

    /** DUMP key: the payload, or nil for a missing key. */
    record Dump(byte[] key) implements Operation {
        @Override
        public RespValue run(Txn t) {
            DumpValue v = StoredValues.read(t, key);
            return v == null ? RespValue.NULL : RespValue.bulk(DumpPayload.write(v));
        }
    }

    /**
     * RESTORE key ttl payload [REPLACE] [ABSTTL] [IDLETIME s] [FREQ f], checked in Redis's order:
     * the options (here, before the lock), then BUSYKEY, then the ttl, then the payload's footer,
     * then its body (the last two held in {@link Parsed}).
     */
    record Restore(byte[] key, Parsed<Long> ttl, Parsed<DumpValue> value, boolean replace, boolean absttl,
                   long maxLogBytes, long idle, int freq) implements Operation {

        static Restore parse(CommandContext c) {
            boolean replace = false;
            boolean absttl = false;
            long idle = -1;
            long freq = -1;
            for (int j = 4; j < c.argc(); j++) {
                boolean more = j + 1 < c.argc();
                switch (c.option(j)) {
                    case "REPLACE" -> replace = true;
                    case "ABSTTL" -> absttl = true;
                    case "IDLETIME" -> {
                        if (!more || freq != -1) {
                            throw new InvalidRequestException(CommandContext.SYNTAX);
                        }
                        idle = c.integer(++j);
                        if (idle < 0) {
                            throw new InvalidRequestException("ERR Invalid IDLETIME value, must be >= 0");
                        }
                    }
                    case "FREQ" -> {
                        if (!more || idle != -1) {
                            throw new InvalidRequestException(CommandContext.SYNTAX);
                        }
                        freq = c.integer(++j);
                        if (freq < 0 || freq > 255) {
                            throw new InvalidRequestException("ERR Invalid FREQ value, must be >= 0 and <= 255");
                        }
                    }
                    default -> throw new InvalidRequestException(CommandContext.SYNTAX);
                }
            }
            Parsed<Long> ttl = Parsed.of(() -> {
                long v = c.integer(2);
                if (v < 0) {
                    throw new InvalidRequestException("ERR Invalid TTL value, must be >= 0");
                }
                return v;
            });
            long maxString = c.server().config().protoMaxBulkLen();
            Parsed<DumpValue> value = Parsed.of(() -> DumpPayload.read(c.arg(3), maxString));
            return new Restore(c.arg(1), ttl, value, replace, absttl, c.server().store().config().maxRecordBytes(), idle,
                    (int) freq);
        }

        @Override
        public RespValue run(Txn t) {
            if (!replace && t.exists(key)) {
                throw new InvalidRequestException(BUSYKEY);
            }
            long millis = ttl.get();
            DumpValue v = value.get();
            long logBytes = StoredValues.minLogBytes(key, v);
            if (logBytes > maxLogBytes) {
                // refused before the first write, so a value the log cannot take changes nothing
                throw new LimitExceededException(LimitExceededException.Limit.TRANSACTION_BYTES, logBytes, maxLogBytes);
            }
            if (replace) {
                t.delete(key);
            }
            long expireAt = 0;
            if (millis != 0) {
                // A relative ttl that overflows is in the past, as Redis's arithmetic makes it.
                expireAt = absttl ? millis : millis > Long.MAX_VALUE - t.now() ? Long.MIN_VALUE : millis + t.now();
                if (expireAt <= t.now()) {
                    return RespValue.OK; // already expired: the key is not created (and REPLACE deleted it)
                }
            }
            StoredValues.write(t, key, v, expireAt);
            t.setAccess(key, idle, freq);
            return RespValue.OK;
        }
    }
}
