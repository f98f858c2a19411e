package io.cairn.bench.peer;

import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.TarantoolProtocol;
import io.cairn.bench.driver.TarantoolProtocol.PrimaryIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Starts Debian's {@code tarantool} for a benchmark: an init script, {@value #INIT_SCRIPT}, written
 * into the peer's directory, configures the instance (its {@link Engine}, its WAL mode from the
 * {@link Durability}, no telemetry), creates the schema {@link TarantoolProtocol} expects
 * ({@link #bootstrapLua}), and only then listens on 127.0.0.1, so a connection that answers finds the
 * schema in place.
 *
 * <p>The engine is memtx (every tuple in {@code memtx_memory}) or vinyl, Tarantool's LSM tree on
 * disk: its spaces then live in the peer's directory, and the memory it holds is
 * {@code vinyl_memory} (the in-memory level of each LSM tree, dumped to disk when full) plus
 * {@code vinyl_cache} (the tuple cache); memtx then keeps only the system spaces, in
 * {@value #MIN_MEMTX_MEMORY_MIB} MiB. A vinyl space has TREE indexes only.
 *
 * <p>Durability maps to {@code wal_mode}: {@code none} (and no checkpoints: nothing is written to
 * disk after the initial snapshot Tarantool takes on bootstrap), {@code write}, {@code fsync}; with a
 * WAL, checkpoints stay at Tarantool's default of one an hour, so they do not fall inside a typical
 * run.
 *
 * <p>Stateless; the peers it starts are {@link ProcessPeer}s.
 */
public final class TarantoolPeer {
    public static final String BINARY = "tarantool";
    /** The init script's name in the peer's directory. */
    public static final String INIT_SCRIPT = "init.lua";
    /** Tarantool's default {@code memtx_memory}: 256 MiB. */
    public static final long DEFAULT_MEMTX_MEMORY = 256L * 1024 * 1024;
    /** A key the readiness probe reads; it is never written. */
    static final String PROBE_KEY = "cairn-bench:probe";
    private static final long MIN_MEMTX_MEMORY_MIB = 32;
    private static final long MIN_MEMTX_MEMORY = MIN_MEMTX_MEMORY_MIB << 20;

    private TarantoolPeer() {
    }

    /**
     * Starts {@code tarantool} from the PATH and waits until it answers, as
     * {@link #start(Durability, PrimaryIndex, long)} with a HASH index when {@code hashIndex} and a
     * TREE index otherwise.
     */
    public static ProcessPeer start(Durability durability, boolean hashIndex, long memtxMemoryBytes)
            throws IOException {
        return start(durability, hashIndex ? PrimaryIndex.HASH : PrimaryIndex.TREE, memtxMemoryBytes);
    }

    /**
     * Starts {@code tarantool} from the PATH and waits until it answers.
     *
     * @param primaryIndex the type of both spaces' primary index; scans need a TREE
     * @param memtxMemoryBytes memtx's arena ({@code memtx_memory}), which must hold every tuple; at
     *     least 32 MiB
     * @throws IllegalArgumentException when {@code memtxMemoryBytes} is below 32 MiB
     * @throws IOException when tarantool is not installed, exits or does not answer
     */
    public static ProcessPeer start(Durability durability, PrimaryIndex primaryIndex, long memtxMemoryBytes)
            throws IOException {
        return start("tarantool", durability, primaryIndex, Engine.memtx(memtxMemoryBytes));
    }

    /**
     * Starts {@code tarantool} from the PATH with its spaces on {@code engine} and waits until it
     * answers.
     *
     * @param system the peer's name in the results ({@code tarantool}, {@code tarantool-vinyl})
     * @param primaryIndex the type of both spaces' primary index; scans need a TREE, and vinyl has
     *     no other
     * @throws IllegalArgumentException when vinyl is asked for a HASH index
     * @throws IOException when tarantool is not installed, exits or does not answer
     */
    public static ProcessPeer start(String system, Durability durability, PrimaryIndex primaryIndex, Engine engine)
            throws IOException {
        Objects.requireNonNull(durability, "durability");
        Objects.requireNonNull(primaryIndex, "primaryIndex");
        if (engine.vinyl() && primaryIndex != PrimaryIndex.TREE) {
            throw new IllegalArgumentException("primaryIndex: " + primaryIndex.label()
                    + " (expected: tree: a vinyl space has TREE indexes only)");
        }
        Path binary = Installed.require(BINARY);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("engine", engine.name());
        settings.put("wal_mode", walMode(durability));
        settings.put("checkpoint_interval", durability == Durability.NONE ? "0" : "3600");
        settings.put("memtx_memory", Long.toString(engine.memtxMemoryBytes()));
        if (engine.vinyl()) {
            settings.put("vinyl_memory", Long.toString(engine.memoryBytes()));
            settings.put("vinyl_cache", Long.toString(engine.cacheBytes()));
        }
        settings.put("primary_index", primaryIndex.label());
        settings.put("values", "msgpack bin");
        ProcessPeer.Launch launch = (port, dir) -> {
            Files.writeString(dir.resolve(INIT_SCRIPT), initLua(port, dir, durability, primaryIndex, engine));
            return List.of(binary.toString(), INIT_SCRIPT);
        };
        return ProcessPeer.start(system, durability, new TarantoolProtocol(primaryIndex), launch,
                new Command.GetValue(PROBE_KEY), settings, Installed.version(BINARY, "--version"));
    }

    /**
     * Where the spaces keep their tuples, and the memory that gets.
     *
     * @param name {@code memtx} or {@code vinyl}
     * @param memoryBytes memtx's arena ({@code memtx_memory}), which must hold every tuple, or
     *     vinyl's {@code vinyl_memory}; at least 32 MiB
     * @param cacheBytes vinyl's tuple cache ({@code vinyl_cache}); 0 for memtx
     */
    public record Engine(String name, long memoryBytes, long cacheBytes) {
        public Engine {
            if (!name.equals("memtx") && !name.equals("vinyl")) {
                throw new IllegalArgumentException("engine: " + name + " (expected: memtx or vinyl)");
            }
            String what = name.equals("memtx") ? "memtxMemoryBytes" : "vinylMemoryBytes";
            if (memoryBytes < MIN_MEMTX_MEMORY) {
                throw new IllegalArgumentException(what + ": " + memoryBytes + " (expected: >= " + MIN_MEMTX_MEMORY + ")");
            }
            if (cacheBytes < 0 || name.equals("memtx") && cacheBytes != 0) {
                throw new IllegalArgumentException("cacheBytes: " + cacheBytes
                        + (name.equals("memtx") ? " (expected: 0 for memtx)" : " (expected: >= 0)"));
            }
        }

        public static Engine memtx(long memtxMemoryBytes) {
            return new Engine("memtx", memtxMemoryBytes, 0);
        }

        public static Engine vinyl(long vinylMemoryBytes, long vinylCacheBytes) {
            return new Engine("vinyl", vinylMemoryBytes, vinylCacheBytes);
        }

        boolean vinyl() {
            return name.equals("vinyl");
        }

        /** {@code memtx_memory}: every tuple for memtx, only the system spaces for vinyl. */
        long memtxMemoryBytes() {
            return vinyl() ? MIN_MEMTX_MEMORY : memoryBytes;
        }
    }

    /** {@code wal_mode} for a durability. */
    public static String walMode(Durability durability) {
        return switch (durability) {
            case NONE -> "none";
            case WRITE -> "write";
            case FSYNC -> "fsync";
        };
    }

    /** The whole init script: configuration, then {@link #bootstrapLua}, then the listener. */
    static String initLua(int port, Path dir, Durability durability, PrimaryIndex primaryIndex, Engine engine) {
        String vinyl = !engine.vinyl() ? "" : """
                    vinyl_memory = %d,
                    vinyl_cache = %d,
                """.formatted(engine.memoryBytes(), engine.cacheBytes());
        return """
                -- Written by cairn bench (TarantoolPeer); the process runs in this directory.
                box.cfg{
                    work_dir = %s,
                    wal_mode = '%s',
                    memtx_memory = %d,
                %s    checkpoint_interval = %d,
                    feedback_enabled = false,
                }
                %s
                -- Listen last: a client that connects finds the schema in place.
                box.cfg{listen = '127.0.0.1:%d'}
                """.formatted(luaString(dir.toString()), walMode(durability), engine.memtxMemoryBytes(), vinyl,
                durability == Durability.NONE ? 0 : 3600, bootstrapLua(primaryIndex, engine.name()), port);
    }

    /**
     * The schema {@link TarantoolProtocol} expects, as Lua to run on a configured instance (also on
     * one the user started, before pointing the bench at it): spaces {@code usertable} and
     * {@code kv} with their fixed ids and a {@code primary} index on a string key, read, write and
     * execute for the {@code guest} user (the bench does not authenticate), and the function
     * {@value TarantoolProtocol#INCREMENT_FUNCTION}. Idempotent. The spaces are memtx's.
     */
    public static String bootstrapLua(PrimaryIndex primaryIndex) {
        return bootstrapLua(primaryIndex, "memtx");
    }

    /**
     * {@link #bootstrapLua(PrimaryIndex)} with the spaces on {@code engine} ({@code memtx} or
     * {@code vinyl}). A vinyl read may yield to another request, so there the increment runs in a
     * transaction ({@code box.atomic}): a concurrent increment of the same key then fails with
     * Tarantool's transaction conflict instead of losing a count.
     */
    static String bootstrapLua(PrimaryIndex primaryIndex, String engine) {
        return """
                for name, id in pairs({usertable = %d, kv = %d}) do
                    local space = box.schema.space.create(name, {id = id, engine = '%s', if_not_exists = true})
                    space:create_index('primary', {type = '%s', parts = {1, 'string'}, if_not_exists = true})
                end
                box.schema.user.grant('guest', 'read,write,execute', 'universe', nil, {if_not_exists = true})

                -- Adds one to kv[key] (0 when missing; a numeric string, as SetValue stores, counts as
                -- its number) and returns the new value. No yield between get and replace, so
                -- concurrent calls do not lose counts (on vinyl, whose reads may yield, a transaction).
                local function increment(key)
                    local kv = box.space.kv
                    local tuple = kv:get(key)
                    local value = 0
                    if tuple ~= nil then
                        value = tuple[2]
                        if type(value) == 'string' then
                            value = tonumber64(value)
                        end
                        if value == nil or (type(value) ~= 'number' and type(value) ~= 'cdata') then
                            box.error{code = 1, reason = 'kv value of ' .. key .. ' is not an integer'}
                        end
                    end
                    value = value + 1
                    kv:replace({key, value})
                    return value
                end
                function %s(key)
                    %s
                end
                """.formatted(TarantoolProtocol.USERTABLE_SPACE_ID, TarantoolProtocol.KV_SPACE_ID, engine,
                primaryIndex.luaName(), TarantoolProtocol.INCREMENT_FUNCTION,
                engine.equals("vinyl") ? "return box.atomic(increment, key)" : "return increment(key)");
    }

    /** A Lua string literal of {@code s}. */
    static String luaString(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('\'');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\', '\'' -> b.append('\\').append(c);
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                default -> {
                    if (c < 0x20) {
                        b.append('\\').append((int) c);
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('\'').toString();
    }
}
