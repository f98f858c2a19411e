package io.cairn.server.command.hll;

import static io.cairn.server.command.CommandHarness.bytes;
import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandHarness;
import io.cairn.storage.engine.Encodings;
import io.cairn.storage.engine.Mutation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The HyperLogLog commands without sockets ({@link CommandHarness}): arguments in, reply out. */
class HllOperationsTest {
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

    @Test
    void pfAddAnswersWhetherARegisterChangedAndPfCountCounts() {
        assertThat(run("PFADD", "h")).as("creating the key is a change").isEqualTo(RespValue.ONE);
        assertThat(run("PFADD", "h")).isEqualTo(RespValue.ZERO);
        assertThat(run("PFADD", "h", "a", "b", "c")).isEqualTo(RespValue.ONE);
        assertThat(run("PFADD", "h", "a", "b")).isEqualTo(RespValue.ZERO);
        assertThat(run("PFCOUNT", "h")).isEqualTo(RespValue.integer(3));
        assertThat(run("PFCOUNT", "missing")).isEqualTo(RespValue.ZERO);
        assertThat(run("PFDEBUG", "ENCODING", "h")).isEqualTo(RespValue.simple("sparse"));
        assertThat(get("h")[15] & 0x80).as("the cache is stale after a change").isEqualTo(0x80);
    }

    @Test
    void addingToADenseHllLogsTheChangedBytesNotTheWholeValue() {
        sparseMax(30);
        for (int i = 0; i < 20; i++) {
            run("PFADD", "big", "e" + i);
        }
        assertThat(get("big")).hasSize(HllFormat.DENSE_SIZE);
        takeLogged();
        assertThat(run("PFADD", "big", "another")).isEqualTo(RespValue.ONE);
        List<Mutation> changes = takeLogged();
        assertThat(changes).isNotEmpty().allSatisfy(m -> assertThat(m).isInstanceOf(Mutation.StringSetRange.class));
        int bytes = changes.stream().mapToInt(m -> ((Mutation.StringSetRange) m).bytes().length).sum();
        assertThat(bytes).as("the header's cache byte and one register").isLessThan(10);
        assertThat(run("PFCOUNT", "big")).isEqualTo(RespValue.integer(21));
    }

    @Test
    void aValidCachedCardinalityIsAnsweredAsItIs() {
        byte[] v = get0("h", "a");
        v[8] = 42;
        v[15] = 0;
        write(t -> {
            t.set(bytes("h"), v, 0);
            return null;
        });
        assertThat(run("PFCOUNT", "h")).isEqualTo(RespValue.integer(42));
    }

    private byte[] get0(String key, String element) {
        run("PFADD", key, element);
        return get(key);
    }

    @Test
    void pfCountOfSeveralKeysCountsTheirUnion() {
        run("PFADD", "x", "a", "b", "c");
        run("PFADD", "y", "c", "d");
        assertThat(run("PFCOUNT", "x", "y", "missing")).isEqualTo(RespValue.integer(4));
        assertThat(get("x")[15] & 0x80).isEqualTo(0x80);
    }

    @Test
    void pfMergeTakesTheLargestRegistersAndKeepsTheDestinationExpiry() {
        run("PFADD", "x", "a", "b", "c");
        run("PFADD", "y", "c", "d");
        write(t -> t.expireAt(bytes("y"), System.currentTimeMillis() + 100_000));
        assertThat(run("PFMERGE", "y", "x", "missing")).isEqualTo(RespValue.OK);
        assertThat(run("PFCOUNT", "y")).isEqualTo(RespValue.integer(4));
        long ttl = write(t -> t.expireAt(bytes("y")));
        assertThat(ttl).isPositive();
        assertThat(run("PFMERGE", "fresh")).isEqualTo(RespValue.OK);
        assertThat(run("PFCOUNT", "fresh")).isEqualTo(RespValue.ZERO);
    }

    @Test
    void mergingADenseInputMakesTheDestinationDense() {
        sparseMax(30);
        for (int i = 0; i < 20; i++) {
            run("PFADD", "big", "e" + i);
        }
        assertThat(run("PFDEBUG", "ENCODING", "big")).isEqualTo(RespValue.simple("dense"));
        run("PFADD", "small", "a");
        run("PFMERGE", "small", "big");
        assertThat(run("PFDEBUG", "ENCODING", "small")).isEqualTo(RespValue.simple("dense"));
        assertThat(run("PFCOUNT", "small")).isEqualTo(RespValue.integer(21));
    }

    @Test
    void valuesThatAreNotHllsAnswerRedisErrors() {
        write(t -> {
            t.set(bytes("s"), bytes("not an hll"), 0);
            t.hset(bytes("h"), bytes("f"), bytes("v"));
            byte[] corrupt = HyperLogLog.empty().toBytes();
            corrupt[16] = 0x40;
            corrupt[17] = 0x00;
            corrupt[15] = (byte) 0x80; // a stale cache, or PFCOUNT answers it without reading the registers
            t.set(bytes("bad"), corrupt, 0);
            return null;
        });
        RespValue notHll = RespValue.error(HllFormat.NOT_HLL);
        assertThat(run("PFADD", "s", "a")).isEqualTo(notHll);
        assertThat(run("PFCOUNT", "s")).isEqualTo(notHll);
        assertThat(run("PFCOUNT", "missing", "s")).isEqualTo(notHll);
        assertThat(run("PFMERGE", "s", "missing")).isEqualTo(notHll);
        assertThat(run("PFMERGE", "dest", "s")).isEqualTo(notHll);
        assertThat(get("dest")).isNull();
        assertThat(run("PFADD", "h", "a").toString()).contains("WRONGTYPE Operation against a key");
        RespValue corrupt = RespValue.error(HllFormat.CORRUPT);
        assertThat(run("PFCOUNT", "bad")).isEqualTo(corrupt);
        assertThat(run("PFCOUNT", "bad", "missing")).isEqualTo(corrupt);
        assertThat(run("PFADD", "bad", "a")).isEqualTo(corrupt);
        assertThat(run("PFMERGE", "dest", "bad")).isEqualTo(corrupt);
        assertThat(run("PFDEBUG", "TODENSE", "bad")).isEqualTo(corrupt);
    }

    @Test
    void pfDebugShowsAndConvertsTheEncoding() {
        run("PFADD", "h", "a");
        assertThat(run("PFDEBUG", "DECODE", "h")).isEqualTo(RespValue.bulk("Z:12711 v:2,1 Z:3672"));
        assertThat(run("PFDEBUG", "todense", "h")).isEqualTo(RespValue.ONE);
        assertThat(run("PFDEBUG", "TODENSE", "h")).isEqualTo(RespValue.ZERO);
        assertThat(get("h")).hasSize(HllFormat.DENSE_SIZE);
        assertThat(run("PFDEBUG", "DECODE", "h")).isEqualTo(RespValue.error("ERR HLL encoding is not sparse"));
        RespValue.ArrayReply registers = (RespValue.ArrayReply) run("PFDEBUG", "GETREG", "h");
        assertThat(registers.items()).hasSize(HllFormat.REGISTERS);
        assertThat(registers.items().get(12711)).isEqualTo(RespValue.integer(2));
        assertThat(run("PFDEBUG", "NOPE", "h")).isEqualTo(RespValue.error("ERR Unknown PFDEBUG subcommand 'NOPE'"));
        assertThat(run("PFDEBUG", "ENCODING", "missing"))
                .isEqualTo(RespValue.error("ERR The specified key does not exist"));
    }

    /** Sets {@code hll-sparse-max-bytes} as CONFIG SET does: in the store's encoding bounds. */
    private void sparseMax(long bytes) {
        Encodings e = harness.store().encodings();
        harness.store().encodings(new Encodings(e.hashMaxListpackEntries(), e.hashMaxListpackValue(),
                e.setMaxIntsetEntries(), e.setMaxListpackEntries(), e.setMaxListpackValue(), e.zsetMaxListpackEntries(),
                e.zsetMaxListpackValue(), e.listMaxListpackSize(), e.listCompressDepth(), bytes));
    }
}
