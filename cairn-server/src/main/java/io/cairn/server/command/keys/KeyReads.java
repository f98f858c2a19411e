package io.cairn.server.command.keys;

import io.cairn.document.json.JsonLimits;
import io.cairn.resp.RespValue;
import io.cairn.server.command.Glob;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Replies;
import io.cairn.server.command.json.JsonCommands;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToLongFunction;
import java.util.random.RandomGenerator;

/** The key reads: EXISTS, TYPE, KEYS, SCAN, the TTL family, RANDOMKEY, KEYRANGE. Each record holds its checked arguments. */
sealed interface KeyReads extends Operation {
    /** The most keys one SCAN or KEYRANGE call visits, whatever COUNT says. */
    int PAGE_LIMIT = 1_000_000;

    /** EXISTS key [key ...]: a key named twice counts twice. */
    record Exists(List<byte[]> keys) implements KeyReads {
        @Override
        public RespValue run(Txn t) {
            long n = 0;
            for (byte[] k : keys) {
                n += t.exists(k) ? 1 : 0;
            }
            return RespValue.integer(n);
        }
    }

    /** TYPE key. */
    record Type(byte[] key) implements KeyReads {
        @Override
        public RespValue run(Txn t) {
            return RespValue.simple(t.type(key).redisName());
        }
    }

    /** KEYS pattern: a literal prefix narrows the walk of the ordered index to that range. */
    record Keys(byte[] pattern) implements KeyReads {
        @Override
        public RespValue run(Txn t) {
            byte[] prefix = literalPrefix(pattern);
            List<byte[]> out = new ArrayList<>();
            byte[] from = prefix.length > 0 ? prefix : null;
            boolean exclusive = false;
            while (true) {
                List<byte[]> page = t.scanKeys(from, exclusive, 1024);
                if (page.isEmpty()) {
                    break;
                }
                for (byte[] k : page) {
                    if (!startsWith(k, prefix)) {
                        return Replies.bulks(out);
                    }
                    if (Glob.matches(pattern, k)) {
                        out.add(k);
                    }
                }
                from = page.get(page.size() - 1);
                exclusive = true;
            }
            return Replies.bulks(out);
        }

        private static byte[] literalPrefix(byte[] pattern) {
            int n = 0;
            while (n < pattern.length && "*?[\\".indexOf(pattern[n]) < 0) {
                n++;
            }
            return Arrays.copyOf(pattern, n);
        }

        private static boolean startsWith(byte[] k, byte[] prefix) {
            return k.length >= prefix.length && Arrays.equals(k, 0, prefix.length, prefix, 0, prefix.length);
        }
    }

    /**
     * SCAN cursor [MATCH pattern] [COUNT count] [TYPE type]: one page of up to {@code count} keys in
     * key order after {@code from} (null: from the first key), filtered; the next cursor names the
     * page's last key and is issued by {@code cursors} (the server's registry).
     *
     * @param match null for every key
     * @param type  null for every type; {@link ValueType#NONE} (an unknown name) matches nothing
     */
    record Scan(byte[] from, byte[] match, int count, ValueType type, ToLongFunction<byte[]> cursors)
            implements KeyReads {
        @Override
        public RespValue run(Txn t) {
            List<byte[]> page = t.scanKeys(from, true, count);
            List<byte[]> out = new ArrayList<>(page.size());
            for (byte[] k : page) {
                if ((match == null || Glob.matches(match, k)) && (type == null || t.type(k) == type)) {
                    out.add(k);
                }
            }
            String next = page.size() < count ? "0" : Long.toString(cursors.applyAsLong(page.get(page.size() - 1)));
            return RespValue.array(List.of(RespValue.bulk(next), Replies.bulks(out)));
        }
    }

    /** TTL, PTTL, EXPIRETIME, PEXPIRETIME key: -2 absent, -1 no expiry; seconds are rounded, as Redis rounds them. */
    record Ttl(byte[] key, boolean millis, boolean absolute) implements KeyReads {
        @Override
        public RespValue run(Txn t) {
            long at = t.expireAt(key);
            if (at == Txn.ABSENT || at == Txn.NO_EXPIRY) {
                return RespValue.integer(at);
            }
            long value = absolute ? at : Math.max(0, at - t.now());
            return RespValue.integer(millis ? value : (value + 500) / 1000);
        }
    }

    /** RANDOMKEY, with the generator it was given. */
    record RandomKey(RandomGenerator random) implements KeyReads {
        @Override
        public RespValue run(Txn t) {
            return RespValue.bulk(t.randomKey(random));
        }
    }

    /**
     * {@code KEYRANGE start count [WITHVALUES]}: up to {@code count} keys from {@code start} on, in
     * key order; with WITHVALUES each key is followed by its value, as the type's read command
     * answers it (GET, HGETALL, ZRANGE 0 -1 WITHSCORES, JSON.GET), so that a range of records takes
     * one round trip.
     *
     * @param start null for the first key
     */
    record KeyRange(byte[] start, int count, boolean withValues, int protocol, JsonLimits jsonLimits)
            implements KeyReads {
        @Override
        public RespValue run(Txn t) {
            List<byte[]> keys = t.scanKeys(start, false, count);
            if (!withValues) {
                return Replies.bulks(keys);
            }
            List<RespValue> out = new ArrayList<>(keys.size() * 2);
            for (byte[] k : keys) {
                out.add(RespValue.bulk(k));
                out.add(valueOf(t, k));
            }
            return RespValue.array(out);
        }

        private RespValue valueOf(Txn t, byte[] key) {
            return switch (t.type(key)) {
                case STRING -> RespValue.bulk(t.get(key));
                case HASH -> Replies.fieldMap(t.hashFields(key));
                case ZSET -> Replies.scored(t.zrangeByRank(key, 0, -1), true, protocol);
                case JSON -> JsonCommands.wholeDocument(t, key, jsonLimits);
                case LIST -> Replies.bulks(t.lists().range(key, 0, -1));
                case SET -> Replies.set(t.sets().members(key));
                case STREAM -> io.cairn.server.command.stream.StreamCommands.entries(t.streams().range(key,
                        io.cairn.storage.engine.StreamId.MIN, io.cairn.storage.engine.StreamId.MAX, 0, false));
                case NONE -> RespValue.NULL;
            };
        }
    }
}
