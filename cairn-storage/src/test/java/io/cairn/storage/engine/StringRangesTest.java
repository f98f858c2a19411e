package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.Bytes;
import io.cairn.common.ManualClock;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes of part of a string ({@link StringOps#setRange}): logged as the bytes written, replayed
 * to the same value, changed in place when no read view can see the record and copied (once)
 * when one can.
 */
class StringRangesTest {
    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    Store store;
    final List<Mutation> logged = new ArrayList<>();

    private static byte[] b(String s) {
        return Bytes.utf8(s);
    }

    private Store open() {
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.WRITE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).maxValueBytes(1 << 20).build(),
                LocalFileSystem.INSTANCE, clock);
        store.subscribe((lsn, batch) -> logged.addAll(batch));
        return store;
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private <T> T write(Function<Txn, T> body) {
        return store.execute(body).value();
    }

    private long range(String key, long offset, byte[] bytes) {
        return store.execute(t -> t.strings().setRange(b(key), offset, bytes)).value();
    }

    private byte[] value(String key) {
        return store.<byte[]>read(t -> t.get(b(key)));
    }

    @Test
    void aRangeCreatesGrowsAndOverwritesKeepingTheExpiry() {
        open();
        assertThat(range("k", 3, b("ab"))).isEqualTo(5);
        assertThat(value("k")).containsExactly(0, 0, 0, 'a', 'b');
        assertThat(store.<Long>read(t -> t.expireAt(b("k")))).isEqualTo(Txn.NO_EXPIRY);
        write(t -> t.expireAt(b("k"), clock.millis() + 60_000));
        assertThat(range("k", 0, b("xy"))).isEqualTo(5);
        assertThat(range("k", 7, new byte[0])).as("empty bytes still grow").isEqualTo(7);
        assertThat(value("k")).containsExactly('x', 'y', 0, 'a', 'b', 0, 0);
        assertThat(store.<Long>read(t -> t.expireAt(b("k")))).isEqualTo(clock.millis() + 60_000);
        assertThat(range("empty", 0, new byte[0])).isZero();
        assertThat(value("empty")).isEmpty();
        assertThat(logged).allSatisfy(m -> assertThat(m).isInstanceOfAny(Mutation.StringSetRange.class,
                Mutation.ExpireAt.class));
        Mutation.StringSetRange first = (Mutation.StringSetRange) logged.get(0);
        assertThat(first.offset()).isEqualTo(3);
        assertThat(first.bytes()).as("only the bytes written are logged").containsExactly('a', 'b');
    }

    @Test
    void theLogReplaysToTheSameValue() {
        open();
        write(t -> {
            t.set(b("s"), b("hello world"), 0);
            t.strings().setRange(b("s"), 6, b("WORLD"));
            t.strings().setRange(b("s"), 11, b("!"));
            t.strings().setRange(b("n"), 2, b("z"));
            return null;
        });
        store.close();
        open();
        assertThat(value("s")).isEqualTo(b("hello WORLD!"));
        assertThat(value("n")).containsExactly(0, 0, 'z');
    }

    @Test
    void aViewKeepsSeeingTheBytesItSawWhileLaterWritesChangeTheCopyInPlace() {
        open();
        write(t -> {
            t.set(b("bits"), new byte[64], 0);
            return null;
        });
        try (ReadView view = store.openReadView()) {
            write(t -> t.strings().setRange(b("bits"), 0, new byte[] {1}));
            ByteBuffer afterFirst = store.read(t -> t.strings().view(b("bits")));
            write(t -> t.strings().setRange(b("bits"), 1, new byte[] {2}));
            assertThat(view.get(b("bits"))).as("the view's record was not touched").isEqualTo(new byte[64]);
            assertThat(value("bits")[0]).isEqualTo((byte) 1);
            assertThat(value("bits")[1]).isEqualTo((byte) 2);
            assertThat(afterFirst.get(1)).as("the second write changed the copy made by the first, in place")
                    .isEqualTo((byte) 2);
        }
        try (ReadView view = store.openReadView()) {
            write(t -> t.strings().setRange(b("bits"), 2, new byte[] {3}));
            assertThat(view.get(b("bits"))[2]).as("a newer view sees the copy: copied again").isZero();
        }
        assertThat(value("bits")).startsWith(1, 2, 3);
    }

    @Test
    void rangesAreRefusedOnOtherTypesAndPastTheValueLimit() {
        open();
        write(t -> {
            t.hset(b("h"), b("f"), b("v"));
            return null;
        });
        assertThatThrownBy(() -> write(t -> t.strings().setRange(b("h"), 0, b("x"))))
                .isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> store.read(t -> t.strings().view(b("h")))).isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> write(t -> t.strings().setRange(b("big"), 1 << 20, b("x"))))
                .isInstanceOf(LimitExceededException.class).hasMessageContaining("value length");
        assertThat(value("big")).isNull();
        assertThat(store.<Long>read(t -> t.strings().length(b("missing")))).isZero();
        assertThat(store.<ByteBuffer>read(t -> t.strings().view(b("missing")))).isNull();
    }

    @Test
    void theCodecRoundTripsARangeAndRefusesOneThatCannotBeAString() {
        Mutation.StringSetRange m = new Mutation.StringSetRange(3, b("k"), 1L << 20, b("xyz"));
        List<Mutation> back = MutationCodec.decode(MutationCodec.encode(List.of(m)));
        assertThat(back).hasSize(1);
        Mutation.StringSetRange r = (Mutation.StringSetRange) back.get(0);
        assertThat(r.db()).isEqualTo(3);
        assertThat(r.key()).isEqualTo(b("k"));
        assertThat(r.offset()).isEqualTo(1L << 20);
        assertThat(r.bytes()).isEqualTo(b("xyz"));
        ByteBuffer bad = MutationCodec.encode(List.of(new Mutation.StringSetRange(0, b("k"), 1L << 40, b("x"))));
        assertThatThrownBy(() -> MutationCodec.decode(bad)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("string range");
    }
}
