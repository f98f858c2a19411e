package io.cairn.ycsb;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.function.Predicate;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB's view of Cairn: one record is one hash named by the record's key, each YCSB field one hash
 * field. The table name is ignored (Cairn has one keyspace).
 *
 * <ul>
 *   <li>insert and update: one {@code HSET key field value ...} of the given fields. An update of a
 *       missing record creates it, as in Redis.
 *   <li>read: {@code HGETALL}, or {@code HMGET} when fields are named; {@link Status#NOT_FOUND} when
 *       the record (or every named field) is missing. Named fields the record lacks are left out.
 *   <li>scan: {@code KEYRANGE start count} (Cairn's ordered range scan), then one pipelined
 *       {@code HGETALL}/{@code HMGET} per key; a key deleted in between is left out.
 *   <li>delete: {@code DEL}; {@link Status#NOT_FOUND} when there was no such key.
 * </ul>
 *
 * Values are bytes both ways (binary-safe). A server error reply or a lost connection makes the
 * operation return {@link Status#ERROR}; its message is printed once per distinct message (see
 * {@link ErrorLog}), and the next operation reconnects if the connection broke. Settings are the
 * {@code cairn.*} properties of {@link ClientSettings}.
 *
 * <p>Not thread-safe: YCSB creates one instance per client thread, and each holds one connection
 * from {@link #init()} to {@link #cleanup()}.
 */
public final class CairnClient extends DB {
    private final ErrorLog errors;
    private ClientSettings settings;
    private Jedis jedis;

    /** The constructor YCSB calls (it loads the class by name). */
    public CairnClient() {
        this(ErrorLog.STDERR);
    }

    CairnClient(ErrorLog errors) {
        this.errors = errors;
    }

    /**
     * Reads the settings, connects (sending AUTH if a password is set) and pings, so that a wrong
     * address or password stops YCSB before the run starts.
     *
     * @throws DBException when a setting is invalid or the server cannot be reached
     */
    @Override
    public void init() throws DBException {
        try {
            settings = ClientSettings.from(getProperties());
        } catch (IllegalArgumentException e) {
            throw new DBException(e.getMessage(), e);
        }
        try {
            connection().ping();
        } catch (JedisException e) {
            cleanup();
            throw new DBException("cannot use Cairn at " + settings.address() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void cleanup() {
        if (jedis != null) {
            jedis.close();
            jedis = null;
        }
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
        try {
            Jedis j = connection();
            byte[] k = bytes(key);
            boolean found;
            if (fields == null) {
                found = putAll(j.hgetAll(k), result);
            } else {
                List<String> names = List.copyOf(fields);
                found = putNamed(names, j.hmget(k, bytes(names)), result);
            }
            return found ? Status.OK : Status.NOT_FOUND;
        } catch (JedisException e) {
            return failed("read", key, e);
        }
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
            Vector<HashMap<String, ByteIterator>> result) {
        try {
            Jedis j = connection();
            List<byte[]> keys = keyRange(j, bytes(startkey), recordcount);
            List<String> names = fields == null ? null : List.copyOf(fields);
            byte[][] rawNames = names == null ? null : bytes(names);
            // Each entry fills one record from its pipelined reply once the pipeline has synced.
            List<Predicate<Map<String, ByteIterator>>> records = new ArrayList<>(keys.size());
            try (Pipeline p = j.pipelined()) {
                for (byte[] k : keys) {
                    if (names == null) {
                        Response<Map<byte[], byte[]>> reply = p.hgetAll(k);
                        records.add(record -> putAll(reply.get(), record));
                    } else {
                        Response<List<byte[]>> reply = p.hmget(k, rawNames);
                        records.add(record -> putNamed(names, reply.get(), record));
                    }
                }
                p.sync();
            }
            for (Predicate<Map<String, ByteIterator>> fill : records) {
                HashMap<String, ByteIterator> record = new HashMap<>();
                if (fill.test(record)) {
                    result.add(record);
                }
            }
            return Status.OK;
        } catch (JedisException e) {
            return failed("scan", startkey, e);
        }
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
        return hset("update", key, values);
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
        return hset("insert", key, values);
    }

    @Override
    public Status delete(String table, String key) {
        try {
            return connection().del(bytes(key)) > 0 ? Status.OK : Status.NOT_FOUND;
        } catch (JedisException e) {
            return failed("delete", key, e);
        }
    }

    private Status hset(String operation, String key, Map<String, ByteIterator> values) {
        try {
            Map<byte[], byte[]> hash = HashMap.newHashMap(values.size());
            for (Map.Entry<String, ByteIterator> field : values.entrySet()) {
                hash.put(bytes(field.getKey()), field.getValue().toArray());
            }
            connection().hset(bytes(key), hash);
            return Status.OK;
        } catch (JedisException e) {
            return failed(operation, key, e);
        }
    }

    /** The open connection; a new one if there is none yet or the last one broke. */
    private Jedis connection() {
        if (jedis != null && jedis.isBroken()) {
            cleanup();
        }
        if (jedis == null) {
            jedis = new Jedis(settings.address(), settings.jedisConfig());
        }
        return jedis;
    }

    private Status failed(String operation, String key, JedisException e) {
        // A server's error reply is its message alone; for anything else the type says what broke.
        errors.report(operation, key, e instanceof JedisDataException ? e.getMessage() : e.toString());
        return Status.ERROR;
    }

    private static List<byte[]> keyRange(Jedis j, byte[] start, int count) {
        Object reply = j.sendCommand(CairnCommand.KEYRANGE, start, bytes(Integer.toString(count)));
        if (!(reply instanceof List<?> items)) {
            throw new JedisDataException("KEYRANGE replied " + reply + " (expected: an array of keys)");
        }
        List<byte[]> keys = new ArrayList<>(items.size());
        for (Object item : items) {
            if (!(item instanceof byte[] key)) {
                throw new JedisDataException("KEYRANGE replied an element " + item + " (expected: a key)");
            }
            keys.add(key);
        }
        return keys;
    }

    /** Copies every field of {@code hash} to {@code out}; false when the hash is empty (missing). */
    private static boolean putAll(Map<byte[], byte[]> hash, Map<String, ByteIterator> out) {
        for (Map.Entry<byte[], byte[]> field : hash.entrySet()) {
            out.put(new String(field.getKey(), StandardCharsets.UTF_8), new ByteArrayByteIterator(field.getValue()));
        }
        return !hash.isEmpty();
    }

    /**
     * Copies the present values of {@code names} (an HMGET reply in the same order) to {@code out};
     * false when none is present.
     */
    private static boolean putNamed(List<String> names, List<byte[]> values, Map<String, ByteIterator> out) {
        boolean any = false;
        for (int i = 0; i < names.size(); i++) {
            byte[] value = values.get(i);
            if (value != null) {
                out.put(names.get(i), new ByteArrayByteIterator(value));
                any = true;
            }
        }
        return any;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[][] bytes(List<String> strings) {
        byte[][] out = new byte[strings.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = bytes(strings.get(i));
        }
        return out;
    }
}
