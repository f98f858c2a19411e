package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Bytes;
import io.cairn.common.ManualClock;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memcached items ({@link ItemOps}): flags and CAS kept with the value, the CAS being the batch's
 * LSN, kept across recovery from the log and from a snapshot; a Redis write leaves a plain string
 * whose CAS is derived from its value.
 */
class ItemStoreTest {
    private static final long TIME = 1_700_000_000_000L;
    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(TIME);
    Store store;

    private static byte[] b(String s) {
        return Bytes.utf8(s);
    }

    private Store open() {
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.WRITE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build(), LocalFileSystem.INSTANCE, clock);
        return store;
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private Item item(String key) {
        return store.read(t -> t.items().get(b(key)));
    }

    @Test
    void casIsTheLsnOfTheBatchThatStoredTheItem() {
        open();
        store.set(b("x"), b("1")).await();
        long cas = store.execute(t -> t.items().put(b("k"), b("v"), 7, 0)).await();
        assertThat(cas).isEqualTo(store.lastLsn()).isEqualTo(2);
        Item item = item("k");
        assertThat(item.flags()).isEqualTo(7);
        assertThat(item.cas()).isEqualTo(2);
        assertThat(item.value()).isEqualTo(b("v"));
        long again = store.execute(t -> t.items().put(b("k"), b("w"), 0, 0)).await();
        assertThat(again).isEqualTo(3);
    }

    @Test
    void aRedisStringHasADerivedCasThatFollowsItsValue() {
        open();
        store.set(b("s"), b("abc")).await();
        Item first = item("s");
        assertThat(first.flags()).isZero();
        assertThat(first.cas() & (1L << 62)).isNotZero();
        assertThat(first.cas()).isPositive().isEqualTo(Item.derivedCas(b("abc"), 0, 3));
        store.set(b("s"), b("abc")).await();
        assertThat(item("s").cas()).isEqualTo(first.cas());
        store.set(b("s"), b("abd")).await();
        assertThat(item("s").cas()).isNotEqualTo(first.cas());
    }

    @Test
    void aRedisWriteDropsTheItemHeader() {
        open();
        store.execute(t -> t.items().put(b("k"), b("vv"), 9, 0)).await();
        store.set(b("k"), b("ww")).await(); // same length: would be overwritten in place if not an item
        assertThat(item("k").flags()).isZero();
        assertThat(store.get(b("k"))).isEqualTo(b("ww"));
        store.execute(t -> t.items().put(b("a"), b("12"), 9, 0)).await();
        store.execute(t -> t.strings().setRange(b("a"), 2, b("3"))).await();
        assertThat(item("a").flags()).isZero();
        assertThat(item("a").value()).isEqualTo(b("123"));
        assertThat(item("a").cas()).isEqualTo(Item.derivedCas(b("123"), 0, 3));
    }

    @Test
    void anExpiryChangeKeepsFlagsAndCas() {
        open();
        long cas = store.execute(t -> t.items().put(b("k"), b("v"), 3, 0)).await();
        store.execute(t -> t.expireAt(b("k"), TIME + 5_000)).await();
        Item item = item("k");
        assertThat(item.cas()).isEqualTo(cas);
        assertThat(item.flags()).isEqualTo(3);
        assertThat(item.expireAt()).isEqualTo(TIME + 5_000);
        clock.advanceMillis(6_000);
        assertThat(item("k")).isNull();
    }

    @Test
    void otherTypesReadAsAbsent() {
        open();
        store.execute(t -> t.hset(b("h"), b("f"), b("v"))).await();
        assertThat(item("h")).isNull();
        store.execute(t -> t.items().put(b("h"), b("v"), 1, 0)).await();
        assertThat(item("h").flags()).isEqualTo(1);
    }

    @Test
    void itemsSurviveRecoveryFromTheLogAndFromASnapshot() {
        open();
        long cas = store.execute(t -> t.items().put(b("k"), b("v"), -1, TIME + 60_000)).await();
        store.close();
        open();
        assertThat(item("k")).satisfies(i -> {
            assertThat(i.flags()).isEqualTo(-1);
            assertThat(i.cas()).isEqualTo(cas);
            assertThat(i.expireAt()).isEqualTo(TIME + 60_000);
        });
        store.checkpoint().join();
        store.close();
        open();
        assertThat(item("k").cas()).isEqualTo(cas);
        assertThat(item("k").flags()).isEqualTo(-1);
        long next = store.execute(t -> t.items().put(b("k"), b("v"), 0, 0)).await();
        assertThat(next).isGreaterThan(cas);
    }
}
