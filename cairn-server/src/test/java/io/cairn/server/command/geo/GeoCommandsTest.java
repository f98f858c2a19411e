package io.cairn.server.command.geo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.Clock;
import io.cairn.common.InvalidRequestException;
import io.cairn.resp.CommandSpec;
import io.cairn.resp.CommandTable;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.DataCommand;
import io.cairn.server.command.Errors;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.Txn;
import io.cairn.testkit.fs.InMemoryFileSystem;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The geo handlers without a socket: arguments in, an operation run on a store, a reply out. */
class GeoCommandsTest {
    private Store store;

    @BeforeEach
    void open() {
        store = Store.open(StoreConfig.builder(Path.of("/data")).build(), new InMemoryFileSystem(), Clock.SYSTEM);
        run("GEOADD Sicily 13.361389 38.115556 Palermo 15.087269 37.502669 Catania");
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void geoaddStoresTheHashAsTheScore() {
        assertThat(zscore("Sicily", "Palermo")).isEqualTo(3479099956230698.0);
        assertThat(run("GEOADD Sicily XX CH 13.5 38.2 Palermo 1 1 Absent")).isEqualTo(RespValue.integer(1));
        assertThat(run("GEOADD Sicily NX 1 1 Palermo 1 1 New")).isEqualTo(RespValue.integer(1));
        assertThat(zcard("Sicily")).isEqualTo(3);
    }

    @Test
    void argumentErrorsComeFromParseBeforeAnyLock() {
        assertThatThrownBy(() -> parse("GEOADD Sicily 200 100 bad"))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("ERR invalid longitude,latitude pair 200.000000,100.000000");
        assertThatThrownBy(() -> parse("GEODIST Sicily a b parsecs")).hasMessage(GeoArguments.BAD_UNIT);
        assertThatThrownBy(() -> parse("GEOADD Sicily NX XX 1 1 a")).hasMessage(CommandContext.SYNTAX);
    }

    @Test
    void positionsAndDistancesUseRedisText() {
        RespValue pos = run("GEOPOS Sicily Palermo missing");
        assertThat(pos).isEqualTo(RespValue.array(List.of(
                RespValue.array(List.of(new RespValue.DoubleText("13.36138933897018433"),
                        new RespValue.DoubleText("38.11555639549629859"))),
                RespValue.NULL_ARRAY)));
        assertThat(run("GEODIST Sicily Palermo Catania km")).isEqualTo(RespValue.bulk("166.2742"));
        assertThat(run("GEODIST Sicily Palermo missing")).isEqualTo(RespValue.NULL);
        assertThat(run("GEOHASH Sicily Palermo")).isEqualTo(RespValue.array(List.of(RespValue.bulk("sqc8b49rny0"))));
    }

    @Test
    void searchesReplyInDistanceOrderWithTheirOptions() {
        RespValue r = run("GEOSEARCH Sicily FROMLONLAT 15 37 BYRADIUS 200 km ASC WITHDIST WITHHASH");
        assertThat(r).isEqualTo(RespValue.array(List.of(
                RespValue.array(List.of(RespValue.bulk("Catania"), RespValue.bulk("56.4413"),
                        RespValue.integer(3479447370796909L))),
                RespValue.array(List.of(RespValue.bulk("Palermo"), RespValue.bulk("190.4424"),
                        RespValue.integer(3479099956230698L))))));
        assertThat(run("GEORADIUS Sicily 15 37 200 km COUNT 1 DESC"))
                .isEqualTo(RespValue.array(List.of(RespValue.bulk("Palermo"))));
        assertThat(run("GEOSEARCH Sicily FROMLONLAT 15 37 BYRADIUS 1 m")).isEqualTo(RespValue.EMPTY_ARRAY);
    }

    @Test
    void countAnyTakesTheFirstMatchesInReadingOrder() {
        StringBuilder add = new StringBuilder("GEOADD grid");
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 10; j++) {
                add.append(' ').append(2.30 + i * 0.01).append(' ').append(48.80 + j * 0.01).append(" p").append(i * 10 + j);
            }
        }
        assertThat(run(add.toString())).isEqualTo(RespValue.integer(100));
        List<RespValue> all = ((RespValue.ArrayReply) run("GEOSEARCH grid FROMLONLAT 2.35 48.85 BYRADIUS 50 km")).items();
        assertThat(all).hasSize(100);
        for (int count : new int[] {1, 16, 17, 40, 99, 100, 1000}) {
            RespValue any = run("GEOSEARCH grid FROMLONLAT 2.35 48.85 BYRADIUS 50 km COUNT " + count + " ANY");
            assertThat(((RespValue.ArrayReply) any).items()).as("COUNT %d ANY", count)
                    .isEqualTo(all.subList(0, Math.min(count, 100)));
        }
    }

    @Test
    void checksThatNeedTheDataRunInRedisOrder() {
        run("SET-STRING str");
        // the type comes first, even before a bad coordinate
        assertThat(run("GEORADIUS str 200 0 1 km").toString()).contains("WRONGTYPE");
        // a missing FROMMEMBER fails before a later bad radius, a bad radius before a later FROMMEMBER
        assertThat(run("GEOSEARCH Sicily FROMMEMBER nope BYRADIUS -1 km"))
                .isEqualTo(RespValue.error(GeoSearch.NO_MEMBER));
        assertThat(run("GEOSEARCH Sicily BYRADIUS -1 km FROMMEMBER nope"))
                .isEqualTo(RespValue.error(GeoArguments.NEGATIVE_RADIUS));
        // without the key, GEORADIUSBYMEMBER reads neither member nor radius
        assertThat(run("GEORADIUSBYMEMBER missing nope -1 km")).isEqualTo(RespValue.EMPTY_ARRAY);
        assertThat(run("GEORADIUSBYMEMBER Sicily Palermo -1 km")).isEqualTo(RespValue.error(GeoArguments.NEGATIVE_RADIUS));
        assertThat(run("GEORADIUSBYMEMBER missing nope -1 km BOGUS")).isEqualTo(RespValue.error(CommandContext.SYNTAX));
    }

    @Test
    void storingReplacesTheDestinationWhateverItHeld() {
        store.execute(t -> {
            t.set(bytes("dst"), bytes("v"), System.currentTimeMillis() + 100_000);
            return null;
        });
        assertThat(run("GEOSEARCHSTORE dst Sicily FROMLONLAT 15 37 BYRADIUS 200 km STOREDIST"))
                .isEqualTo(RespValue.integer(2));
        assertThat(expireAt("dst")).isEqualTo(Txn.NO_EXPIRY);
        assertThat(zscore("dst", "Catania")).isBetween(56.44, 56.45);
        assertThat(run("GEORADIUS Sicily 15 37 1 m STORE dst")).isEqualTo(RespValue.ZERO);
        assertThat(exists("dst")).isFalse();
        assertThat(run("GEORADIUS_RO Sicily 15 37 1 m STORE dst")).isEqualTo(RespValue.error(CommandContext.SYNTAX));
    }

    // ------------------------------------------------------------------ harness

    /** Parses and runs one command on the store; an error becomes its reply, as the dispatcher does. */
    private RespValue run(String line) {
        if (line.startsWith("SET-STRING ")) {
            byte[] key = bytes(line.substring("SET-STRING ".length()));
            store.execute(t -> {
                t.set(key, bytes("v"), 0);
                return null;
            });
            return RespValue.OK;
        }
        try {
            Operation op = parse(line);
            if (op == null) {
                return null;
            }
            CommandSpec spec = CommandTable.lookup(line.split(" ")[0].toLowerCase(Locale.ROOT));
            return spec.isWrite() ? store.execute(op::run).value() : store.read(op::run);
        } catch (InvalidRequestException e) {
            return Errors.toReply(e);
        }
    }

    /** The operation of a geo command line; null for a command of another family (not run here). */
    private static Operation parse(String line) {
        byte[][] args = Arrays.stream(line.split(" ")).map(GeoCommandsTest::bytes).toArray(byte[][]::new);
        CommandSpec spec = CommandTable.lookup(line.split(" ")[0].toLowerCase(Locale.ROOT));
        if (!spec.group().equals("geo")) {
            return null;
        }
        DataCommand handler = (DataCommand) Commands.handlers().get(spec.name());
        return handler.parse(new CommandContext(args, spec, null, null));
    }

    private Double zscore(String key, String member) {
        return store.read(t -> t.zscore(bytes(key), bytes(member)));
    }

    private int zcard(String key) {
        return store.read(t -> t.zcard(bytes(key)));
    }

    private long expireAt(String key) {
        return store.read(t -> t.expireAt(bytes(key)));
    }

    private boolean exists(String key) {
        return store.read(t -> t.exists(bytes(key)));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
