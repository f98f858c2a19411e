package io.cairn.server.command.bitmap;

import static io.cairn.server.command.CommandHarness.bytes;
import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandHarness;
import io.cairn.storage.engine.Mutation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The bitmap commands without sockets ({@link CommandHarness}): arguments in, reply out. */
class BitmapOperationsTest {
    private static final long MAX = 512L << 20;
    private final CommandHarness harness = new CommandHarness();
    private final List<Mutation> logged = new ArrayList<>();

    {
        harness.store().subscribe((lsn, batch) -> logged.addAll(batch));
    }

    @AfterEach
    void close() {
        harness.close();
    }

    private RespValue run(String... args) {
        return harness.reply(args);
    }

    private <T> T write(java.util.function.Function<io.cairn.storage.engine.Txn, T> body) {
        return harness.store().execute(body).value();
    }

    /** The mutations committed since the last call (what the log carries), oldest first. */
    private List<Mutation> takeLogged() {
        List<Mutation> out = List.copyOf(logged);
        logged.clear();
        return out;
    }

    private byte[] get(String key) {
        return write(t -> t.get(bytes(key)));
    }

    private static RespValue integer(long v) {
        return RespValue.integer(v);
    }

    private static RespValue error(String m) {
        return RespValue.error(m);
    }

    @Test
    void setBitGrowsTheStringAndAnswersTheOldBit() {
        assertThat(run("SETBIT", "k", "7", "1")).isEqualTo(integer(0));
        assertThat(get("k")).containsExactly(0x01);
        assertThat(run("SETBIT", "k", "7", "1")).isEqualTo(integer(1));
        assertThat(run("SETBIT", "k", "16", "1")).isEqualTo(integer(0));
        assertThat(get("k")).containsExactly(0x01, 0x00, 0x80);
        assertThat(run("SETBIT", "k", "7", "0")).isEqualTo(integer(1));
        assertThat(run("GETBIT", "k", "16")).isEqualTo(integer(1));
        assertThat(run("GETBIT", "k", "1000")).isEqualTo(integer(0));
        assertThat(run("GETBIT", "missing", "0")).isEqualTo(integer(0));
        assertThat(run("SETBIT", "z", "10", "0")).as("clearing a bit still creates the key").isEqualTo(integer(0));
        assertThat(get("z")).containsExactly(0, 0);
    }

    @Test
    void writesToABigStringLogOnlyTheBytesTheyChange() {
        write(t -> {
            t.set(bytes("big"), new byte[1 << 20], System.currentTimeMillis() + 100_000);
            return null;
        });
        takeLogged();
        assertThat(run("SETBIT", "big", "8000001", "1")).isEqualTo(integer(0));
        assertThat(takeLogged()).singleElement().satisfies(m -> {
            Mutation.StringSetRange r = (Mutation.StringSetRange) m;
            assertThat(r.offset()).isEqualTo(1_000_000);
            assertThat(r.bytes()).containsExactly(0x40);
        });
        assertThat(run("SETBIT", "big", "8000001", "1")).isEqualTo(integer(1));
        assertThat(takeLogged()).as("an unchanged bit logs nothing").isEmpty();
        run("BITFIELD", "big", "SET", "u16", "4", "65535", "GET", "u8", "0", "SET", "u8", "#100", "0");
        assertThat(takeLogged()).singleElement().satisfies(m -> {
            Mutation.StringSetRange r = (Mutation.StringSetRange) m;
            assertThat(r.offset()).isZero();
            assertThat(r.bytes()).as("the three bytes the field spans").containsExactly(0x0f, 0xff, 0xf0);
        });
        run("BITFIELD", "big", "SET", "u8", Long.toString(8L << 20), "1");
        List<Mutation> grown = takeLogged();
        assertThat(grown).hasSize(2);
        assertThat(((Mutation.StringSetRange) grown.get(0)).bytes()).as("growing logs no bytes").isEmpty();
        assertThat(get("big")).hasSize((1 << 20) + 1);
        long ttl = write(t -> t.expireAt(bytes("big")));
        assertThat(ttl).as("the expiry stays").isPositive();
    }

    @Test
    void offsetsAndBitValuesAreCheckedBeforeTheKey() {
        String offset = "ERR bit offset is not an integer or out of range";
        assertThat(run("SETBIT", "k", "-1", "1")).isEqualTo(error(offset));
        assertThat(run("SETBIT", "k", "x", "1")).isEqualTo(error(offset));
        assertThat(run("SETBIT", "k", Long.toString(MAX * 8), "1")).as("past the bulk limit").isEqualTo(error(offset));
        assertThat(run("GETBIT", "k", Long.toString(MAX * 8))).isEqualTo(error(offset));
        assertThat(run("SETBIT", "k", "0", "2")).isEqualTo(error("ERR bit is not an integer or out of range"));
        assertThat(run("SETBIT", "k", "0", "-1")).isEqualTo(error("ERR bit is not an integer or out of range"));
        assertThat(get("k")).isNull();
        write(t -> {
            t.hset(bytes("h"), bytes("f"), bytes("v"));
            return null;
        });
        assertThat(run("SETBIT", "h", "0", "1").toString()).contains("WRONGTYPE");
        assertThat(run("GETBIT", "h", "0").toString()).contains("WRONGTYPE");
    }

    @Test
    void bitCountCountsBytesOrBitsAndLooksAtTheKeyBeforeTheRange() {
        write(t -> {
            t.set(bytes("s"), bytes("foobar"), 0);
            return null;
        });
        assertThat(run("BITCOUNT", "s")).isEqualTo(integer(26));
        assertThat(run("BITCOUNT", "s", "0", "0")).isEqualTo(integer(4));
        assertThat(run("BITCOUNT", "s", "1", "1")).isEqualTo(integer(6));
        assertThat(run("BITCOUNT", "s", "1", "1", "BYTE")).isEqualTo(integer(6));
        assertThat(run("BITCOUNT", "s", "5", "30", "bit")).isEqualTo(integer(17));
        assertThat(run("BITCOUNT", "s", "-2", "-1")).isEqualTo(integer(7));
        assertThat(run("BITCOUNT", "s", "-1", "-2", "NOPE")).as("negative start > end answers 0 first")
                .isEqualTo(integer(0));
        assertThat(run("BITCOUNT", "s", "0", "1", "NOPE")).isEqualTo(error("ERR syntax error"));
        assertThat(run("BITCOUNT", "s", "0")).isEqualTo(error("ERR syntax error"));
        assertThat(run("BITCOUNT", "s", "a", "1")).isEqualTo(error("ERR value is not an integer or out of range"));
        assertThat(run("BITCOUNT", "missing", "a", "b", "c", "d")).as("absent key: 0 whatever follows")
                .isEqualTo(integer(0));
    }

    @Test
    void bitPosFindsSetAndClearBitsAsRedisDoes() {
        write(t -> {
            t.set(bytes("ones"), new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff}, 0);
            t.set(bytes("s"), new byte[] {0x00, (byte) 0xff, (byte) 0xf0}, 0);
            t.set(bytes("empty"), new byte[0], 0);
            return null;
        });
        assertThat(run("BITPOS", "ones", "0")).as("padded with zeros").isEqualTo(integer(24));
        assertThat(run("BITPOS", "ones", "0", "1")).isEqualTo(integer(24));
        assertThat(run("BITPOS", "ones", "0", "0", "-1")).as("an explicit end").isEqualTo(integer(-1));
        assertThat(run("BITPOS", "s", "1")).isEqualTo(integer(8));
        assertThat(run("BITPOS", "s", "1", "2", "-1", "BYTE")).isEqualTo(integer(16));
        assertThat(run("BITPOS", "s", "0", "1")).isEqualTo(integer(20));
        assertThat(run("BITPOS", "s", "1", "7", "15", "BIT")).isEqualTo(integer(8));
        assertThat(run("BITPOS", "s", "0", "8", "19", "BIT")).isEqualTo(integer(-1));
        assertThat(run("BITPOS", "s", "1", "3", "2")).isEqualTo(integer(-1));
        assertThat(run("BITPOS", "empty", "0")).isEqualTo(integer(-1));
        assertThat(run("BITPOS", "missing", "0")).isEqualTo(integer(0));
        assertThat(run("BITPOS", "missing", "1", "x")).isEqualTo(integer(-1));
        assertThat(run("BITPOS", "s", "2")).isEqualTo(error("ERR The bit argument must be 1 or 0."));
        assertThat(run("BITPOS", "s", "1", "0", "1", "WORD")).isEqualTo(error("ERR syntax error"));
        assertThat(run("BITPOS", "s", "1", "0", "1", "BIT", "x")).isEqualTo(error("ERR syntax error"));
    }

    @Test
    void bitOpStoresTheResultOrDeletesTheDestination() {
        write(t -> {
            t.set(bytes("a"), new byte[] {(byte) 0xf0, 0x0f}, 0);
            t.set(bytes("b"), new byte[] {(byte) 0xff}, 0);
            t.set(bytes("dest"), bytes("old"), System.currentTimeMillis() + 100_000);
            return null;
        });
        assertThat(run("BITOP", "AND", "dest", "a", "b")).isEqualTo(integer(2));
        assertThat(get("dest")).containsExactly(0xf0, 0x00);
        long ttl = write(t -> t.expireAt(bytes("dest")));
        assertThat(ttl).as("the expiry goes").isEqualTo(-1L);
        assertThat(run("BITOP", "not", "dest", "b")).isEqualTo(integer(1));
        assertThat(get("dest")).containsExactly(0x00);
        assertThat(run("BITOP", "OR", "dest", "missing", "missing2")).isEqualTo(integer(0));
        assertThat(get("dest")).isNull();
        assertThat(run("BITOP", "NOT", "dest", "a", "b"))
                .isEqualTo(error("ERR BITOP NOT must be called with a single source key."));
        assertThat(run("BITOP", "NAND", "dest", "a")).isEqualTo(error("ERR syntax error"));
    }

    @Test
    void bitFieldRunsItsSubcommandsInOrderWithTheirOverflowModes() {
        assertThat(run("BITFIELD", "k", "SET", "u8", "#1", "200", "GET", "u8", "8", "INCRBY", "u8", "8", "100",
                "OVERFLOW", "SAT", "INCRBY", "u8", "8", "250", "OVERFLOW", "FAIL", "INCRBY", "u8", "8", "1",
                "GET", "i8", "8"))
                .isEqualTo(RespValue.array(List.of(integer(0), integer(200), integer(44), integer(255),
                        RespValue.NULL, integer(-1))));
        assertThat(get("k")).containsExactly(0, 255);
        assertThat(run("BITFIELD", "k")).isEqualTo(RespValue.array(List.of()));
        assertThat(run("BITFIELD_RO", "k", "GET", "u4", "8")).isEqualTo(RespValue.array(List.of(integer(15))));
        assertThat(run("BITFIELD_RO", "k", "GET", "u4", "0", "SET", "u4", "0", "1"))
                .isEqualTo(error("ERR BITFIELD_RO only supports the GET subcommand"));
        assertThat(run("BITFIELD", "k", "SET", "u8", "0", "1", "GET", "u64", "0")).isEqualTo(error(BitFieldType.INVALID));
        assertThat(get("k")).as("a bad subcommand runs none").containsExactly(0, 255);
        assertThat(run("BITFIELD", "k", "OVERFLOW", "BOUNCE")).isEqualTo(error("ERR Invalid OVERFLOW type specified"));
        assertThat(run("BITFIELD", "k", "GET", "u8")).isEqualTo(error("ERR syntax error"));
        assertThat(run("BITFIELD", "k", "SET", "u8", "0", "x")).isEqualTo(error("ERR value is not an integer or out of range"));
        assertThat(run("BITFIELD", "k", "GET", "u8", "#-1"))
                .isEqualTo(error("ERR bit offset is not an integer or out of range"));
        assertThat(run("BITFIELD", "f", "OVERFLOW", "FAIL", "INCRBY", "u2", "100", "7"))
                .isEqualTo(RespValue.array(List.of(RespValue.NULL)));
        assertThat(get("f")).as("grown to the field even though the write failed").hasSize(13);
        assertThat(run("BITFIELD", "missing", "GET", "i64", "0")).isEqualTo(RespValue.array(List.of(integer(0))));
        assertThat(get("missing")).isNull();
    }
}
