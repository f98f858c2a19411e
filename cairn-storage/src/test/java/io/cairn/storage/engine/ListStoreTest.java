package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.Bytes;
import io.cairn.common.ManualClock;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lists through the store: every list mutation logged and replayed, snapshotted, expired and seen by views. */
class ListStoreTest {
    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    Store store;

    private static byte[] b(String s) {
        return Bytes.utf8(s);
    }

    private static byte[][] bs(String... s) {
        byte[][] out = new byte[s.length][];
        for (int i = 0; i < s.length; i++) {
            out[i] = b(s[i]);
        }
        return out;
    }

    private void open() {
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.WRITE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build(), LocalFileSystem.INSTANCE, clock);
    }

    private void reopen() {
        store.close();
        open();
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private List<String> list(String key) {
        return store.read(t -> strings(t.lists().range(b(key), 0, -1)));
    }

    private static List<String> strings(List<byte[]> l) {
        List<String> out = new ArrayList<>();
        l.forEach(e -> out.add(new String(e, StandardCharsets.UTF_8)));
        return out;
    }

    /** Runs one of each list write; returns what the list must hold afterwards. */
    private List<String> everyWrite() {
        store.execute(t -> {
            ListOps l = t.lists();
            assertThat(l.push(b("k"), false, bs("a", "b", "c", "d", "b", "e"), false)).isEqualTo(6);
            assertThat(l.push(b("k"), true, bs("y", "z"), false)).isEqualTo(8); // z y a b c d b e
            assertThat(strings(l.pop(b("k"), true, 1))).containsExactly("z");
            assertThat(strings(l.pop(b("k"), false, 1))).containsExactly("e");
            assertThat(l.set(b("k"), -1, b("B"))).isTrue(); // y a b c d B
            assertThat(l.insert(b("k"), true, b("c"), b("C"))).isEqualTo(7); // y a b C c d B
            assertThat(l.remove(b("k"), 0, b("b"))).isEqualTo(1); // y a C c d B
            l.trim(b("k"), 1, -2); // a C c d
            assertThat(strings(List.of(l.move(b("k"), b("dst"), false, true)))).containsExactly("d");
            return null;
        }).await();
        return List.of("a", "C", "c");
    }

    @Test
    void everyListWriteIsReplayedFromTheLog() {
        open();
        List<String> expected = everyWrite();
        assertThat(list("k")).isEqualTo(expected);
        reopen();
        assertThat(list("k")).isEqualTo(expected);
        assertThat(list("dst")).containsExactly("d");
        assertThat(store.<ValueType>read(t -> t.type(b("k")))).isEqualTo(ValueType.LIST);
    }

    @Test
    void listsSurviveACheckpointWithTheirExpiry() {
        open();
        List<String> expected = everyWrite();
        store.execute(t -> t.expireAt(b("k"), clock.millis() + 60_000)).await();
        store.checkpoint().join();
        reopen();
        assertThat(store.recoveryStats().snapshotEntries()).isEqualTo(2);
        assertThat(list("k")).isEqualTo(expected);
        assertThat(store.<Long>read(t -> t.expireAt(b("k")))).isEqualTo(clock.millis() + 60_000);
        clock.advanceMillis(120_000);
        assertThat(store.<Integer>read(t -> t.lists().length(b("k")))).isZero();
        store.execute(t -> t.lists().push(b("k"), false, bs("fresh"), false)).await();
        assertThat(store.<Long>read(t -> t.expireAt(b("k")))).isEqualTo(Txn.NO_EXPIRY);
        assertThat(list("k")).containsExactly("fresh");
    }

    @Test
    void aReadViewKeepsTheListOfItsMomentWhileWritersChangeIt() {
        open();
        store.execute(t -> {
            for (int i = 0; i < 50_000; i++) {
                t.lists().push(b("big"), false, bs("e" + i), false);
            }
            return null;
        }).await();
        try (ReadView view = store.openReadView()) {
            store.execute(t -> {
                t.lists().pop(b("big"), true, 10);
                t.lists().set(b("big"), 25_000, b("changed"));
                t.lists().push(b("big"), false, bs("tail"), false);
                return null;
            }).await();
            List<byte[]> seen = view.list(b("big"));
            assertThat(seen).hasSize(50_000);
            assertThat(new String(seen.get(0), StandardCharsets.UTF_8)).isEqualTo("e0");
            assertThat(new String(seen.get(25_010), StandardCharsets.UTF_8)).isEqualTo("e25010");
        }
        assertThat(store.<byte[]>read(t -> t.lists().index(b("big"), 25_000))).isEqualTo(b("changed"));
        assertThat(store.<byte[]>read(t -> t.lists().index(b("big"), -1))).isEqualTo(b("tail"));
        store.checkpoint().join();
        reopen();
        assertThat(store.<Integer>read(t -> t.lists().length(b("big")))).isEqualTo(49_991);
        assertThat(store.<String>read(t -> t.encoding(b("big")))).isEqualTo("quicklist");
    }

    @Test
    void theLastElementTakesTheKeyAndWrongTypesAreRefusedBeforeAnyChange() {
        open();
        store.execute(t -> {
            t.lists().push(b("k"), false, bs("only"), false);
            t.set(b("s"), b("v"), 0);
            return null;
        }).await();
        assertThatThrownBy(() -> store.execute(t -> t.lists().move(b("k"), b("s"), true, true)))
                .isInstanceOf(WrongTypeException.class);
        assertThat(list("k")).containsExactly("only");
        assertThatThrownBy(() -> store.execute(t -> t.lists().push(b("s"), true, bs("x"), false)))
                .isInstanceOf(WrongTypeException.class);
        store.execute(t -> t.lists().pop(b("k"), false, 5)).await();
        assertThat(store.<Boolean>read(t -> t.exists(b("k")))).isFalse();
        assertThat(store.<Long>execute(t -> t.lists().push(b("k"), true, bs("x"), true)).value()).isZero();
        assertThat(store.<Boolean>read(t -> t.exists(b("k")))).isFalse();
    }

    @Test
    void rotatingASingleElementListKeepsTheKeyAndItsExpiry() {
        open();
        store.execute(t -> {
            t.lists().push(b("k"), false, bs("only"), false);
            t.expireAt(b("k"), clock.millis() + 60_000);
            return null;
        }).await();
        assertThat(store.<byte[]>execute(t -> t.lists().move(b("k"), b("k"), true, false)).value()).isEqualTo(b("only"));
        reopen();
        assertThat(list("k")).containsExactly("only");
        assertThat(store.<Long>read(t -> t.expireAt(b("k")))).isEqualTo(clock.millis() + 60_000);
    }

    @Test
    void lposFindsByRankCountAndMaxlen() {
        open();
        store.execute(t -> t.lists().push(b("k"), false, bs("a", "b", "c", "1", "2", "3", "c", "c"), false)).await();
        assertThat(store.<List<Long>>read(t -> t.lists().positions(b("k"), b("c"), 1, 0, 0))).containsExactly(2L, 6L, 7L);
        assertThat(store.<List<Long>>read(t -> t.lists().positions(b("k"), b("c"), -1, 2, 0))).containsExactly(7L, 6L);
        assertThat(store.<List<Long>>read(t -> t.lists().positions(b("k"), b("c"), 2, 1, 0))).containsExactly(6L);
        assertThat(store.<List<Long>>read(t -> t.lists().positions(b("k"), b("c"), 1, 0, 3))).containsExactly(2L);
        assertThat(store.<List<Long>>read(t -> t.lists().positions(b("k"), b("x"), 1, 0, 0))).isEmpty();
    }
}
