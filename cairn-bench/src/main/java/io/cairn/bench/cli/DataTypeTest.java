package io.cairn.bench.cli;

import io.cairn.bench.driver.Command;
import io.cairn.bench.run.OpRun;
import io.cairn.bench.run.OpSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * redis-benchmark's data-type tests, sent as Redis commands ({@link Command.Call}) with its keys
 * and arguments: {@code LPUSH mylist <value>}, {@code RPUSH mylist <value>}, {@code LPOP mylist},
 * {@code RPOP mylist}, {@code SADD myset element:<r>}, {@code SPOP myset}, {@code ZADD myzset <r>
 * element:<r>}, {@code ZPOPMIN myzset}, {@code LRANGE mylist 0 <n-1>} for n = 100, 300, 500, 600;
 * plus one redis-benchmark lacks, {@code ZRANK myzset:rank element:<r>}. {@code <value>} is the
 * {@code -d} value, {@code <r>} a number drawn anew for each placeholder from {@code --keyspace}
 * ({@code -r}; from {@code --elements} for ZRANK) and written in 12 digits, as redis-benchmark's
 * {@code __rand_int__}.
 *
 * <p>Each run starts from a known state, which {@link #prepare} makes: the key deleted, and filled
 * first for the tests that read or pop ({@link Fill}). A pop test gets exactly as many elements as
 * it pops, so it needs a count of operations, and it warms up on a fill of its own, not counted,
 * before it is filled again and measured. Immutable.
 */
enum DataTypeTest {
    LPUSH("list", "mylist", Fill.NONE, 0),
    RPUSH("list", "mylist", Fill.NONE, 0),
    LPOP("list", "mylist", Fill.OPERATIONS, 0),
    RPOP("list", "mylist", Fill.OPERATIONS, 0),
    SADD("set", "myset", Fill.NONE, 0),
    SPOP("set", "myset", Fill.OPERATIONS, 0),
    ZADD("zset", "myzset", Fill.NONE, 0),
    ZPOPMIN("zset", "myzset", Fill.OPERATIONS, 0),
    LRANGE_100("list", "mylist", Fill.LIST_600, 100),
    LRANGE_300("list", "mylist", Fill.LIST_600, 300),
    LRANGE_500("list", "mylist", Fill.LIST_600, 500),
    LRANGE_600("list", "mylist", Fill.LIST_600, 600),
    ZRANK("zset", "myzset:rank", Fill.ELEMENTS_ONCE, 0);

    /** What a collection holds before each run. */
    enum Fill {
        /** Nothing: the key is deleted. */
        NONE,
        /** As many elements as the run's operations: what a pop test pops. */
        OPERATIONS,
        /** 600 values: the list the LRANGE tests read. */
        LIST_600,
        /** {@code --elements} members, filled once per server and only read. */
        ELEMENTS_ONCE
    }

    /** The length of the list the LRANGE tests read. */
    static final int LRANGE_LIST = 600;

    private final String type;
    private final String key;
    private final Fill fill;
    private final int range;

    DataTypeTest(String type, String key, Fill fill, int range) {
        this.type = type;
        this.key = key;
        this.fill = fill;
        this.range = range;
    }

    /** The name {@code --tests} takes: {@code lpush}, {@code lrange_100}. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The test named {@code label}, or null. */
    static DataTypeTest of(String label) {
        for (DataTypeTest t : values()) {
            if (t.label().equals(label)) {
                return t;
            }
        }
        return null;
    }

    /** Whether the test takes from what was filled, so that it needs a count of operations. */
    boolean pops() {
        return fill == Fill.OPERATIONS;
    }

    Fill fill() {
        return fill;
    }

    /** Why a system without Redis commands cannot run it: {@code no lists}. */
    String withoutRedisCommands() {
        return switch (type) {
            case "list" -> "no lists";
            case "set" -> "no sets";
            default -> "no sorted sets";
        };
    }

    /** The commands the server must know: the test's own, and the one that fills its key. */
    List<String> commands() {
        String own = name().startsWith("LRANGE") ? "LRANGE" : name();
        String filler = switch (type) {
            case "list" -> "RPUSH";
            case "set" -> "SADD";
            default -> "ZADD";
        };
        return fill == Fill.NONE || own.equals(filler) ? List.of(own) : List.of(own, filler);
    }

    /**
     * Deletes the key and fills it as {@link #fill()} says ({@link Fill#ELEMENTS_ONCE} only when
     * {@code once}), then checks its size.
     *
     * @param operations the run's operations ({@link Fill#OPERATIONS})
     * @param elements {@code --elements} ({@link Fill#ELEMENTS_ONCE})
     * @throws IOException when the server refuses a command or the size is not what was filled
     */
    void prepare(RespSetup setup, boolean once, long operations, long elements, byte[] value, long seed)
            throws IOException {
        if (fill == Fill.ELEMENTS_ONCE && !once) {
            return;
        }
        setup.delete(key);
        long n = switch (fill) {
            case NONE -> 0;
            case OPERATIONS -> operations;
            case LIST_600 -> LRANGE_LIST;
            case ELEMENTS_ONCE -> elements;
        };
        if (n == 0) {
            return;
        }
        SplittableRandom random = new SplittableRandom(seed);
        String size = switch (type) {
            case "list" -> {
                setup.fill("RPUSH", key, n, args(1, (c, i) -> c.writeBulk(value)));
                yield "LLEN";
            }
            case "set" -> {
                setup.fill("SADD", key, n, args(1, (c, i) -> c.writeBulk(element(i))));
                yield "SCARD";
            }
            default -> {
                setup.fill("ZADD", key, n, args(2, (c, i) -> {
                    c.writeBulk(random.nextLong(n));
                    c.writeBulk(element(i));
                }));
                yield "ZCARD";
            }
        };
        long filled = setup.integer(size, key);
        if (filled != n) {
            throw new IOException(size + " " + key + ": " + filled + " after filling " + n + " (expected: " + n + ")");
        }
    }

    private interface ElementWriter {
        void write(io.cairn.resp.client.RespClient c, long i) throws IOException;
    }

    private static RespSetup.ElementArgs args(int perElement, ElementWriter w) {
        return new RespSetup.ElementArgs() {
            @Override
            public int perElement() {
                return perElement;
            }

            @Override
            public void write(io.cairn.resp.client.RespClient c, long i) throws IOException {
                w.write(c, i);
            }
        };
    }

    /**
     * One client's operations: its own random stream, {@code keyspace} the numbers the placeholders
     * are drawn from (for ZRANK, {@code --elements}).
     */
    OpSource source(SplittableRandom random, long keyspace, byte[] value) {
        String type = label();
        byte[] name = bytes(name().startsWith("LRANGE") ? "LRANGE" : name());
        byte[] k = bytes(key);
        Command fixed = switch (this) {
            case LPUSH, RPUSH -> call(name, k, value);
            case LPOP, RPOP, SPOP, ZPOPMIN -> call(name, k);
            case LRANGE_100, LRANGE_300, LRANGE_500, LRANGE_600 ->
                    call(name, k, bytes("0"), bytes(Integer.toString(range - 1)));
            default -> null;
        };
        if (fixed != null) {
            return () -> OpRun.single(type, fixed);
        }
        return switch (this) {
            case SADD -> () -> OpRun.single(type, call(name, k, element(random.nextLong(keyspace))));
            case ZADD -> () -> OpRun.single(type,
                    call(name, k, twelveDigits("", random.nextLong(keyspace)), element(random.nextLong(keyspace))));
            case ZRANK -> () -> OpRun.single(type, call(name, k, element(random.nextLong(keyspace))));
            default -> throw new IllegalStateException(type);
        };
    }

    private Command call(byte[]... args) {
        List<byte[]> list = new ArrayList<>(args.length);
        for (byte[] a : args) {
            list.add(a);
        }
        return new Command.Call(key, list);
    }

    /** redis-benchmark's {@code element:__rand_int__} for {@code n}: {@code element:000000000042}. */
    static byte[] element(long n) {
        return twelveDigits("element:", n);
    }

    /** {@code prefix} then {@code n} in 12 digits, zero-padded (the last 12 digits of a larger number). */
    static byte[] twelveDigits(String prefix, long n) {
        byte[] b = new byte[prefix.length() + 12];
        for (int i = 0; i < prefix.length(); i++) {
            b[i] = (byte) prefix.charAt(i);
        }
        long r = n;
        for (int i = b.length - 1; i >= prefix.length(); i--) {
            b[i] = (byte) ('0' + r % 10);
            r /= 10;
        }
        return b;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
