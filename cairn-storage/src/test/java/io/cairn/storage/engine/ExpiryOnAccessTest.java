package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Bytes;
import io.cairn.common.ManualClock;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key an access finds expired is removed then, as Redis removes it, logged as EXPIRED and told to
 * the change stream, whether a read or a write found it; the expiry cycle is not needed for it.
 */
class ExpiryOnAccessTest {
    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    Store store;

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private void open() {
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.WRITE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build(), LocalFileSystem.INSTANCE, clock);
    }

    @Test
    void aReadOrAWriteThatFindsAKeyExpiredRemovesItAndTellsTheChangeStream() throws Exception {
        open();
        List<String> expired = new CopyOnWriteArrayList<>();
        store.subscribe((lsn, mutations) -> mutations.forEach(m -> {
            if (m instanceof Mutation.Expired e) {
                expired.add(e.db() + ":" + new String(e.key(), java.nio.charset.StandardCharsets.UTF_8));
            }
        }));
        store.execute(t -> {
            t.set(Bytes.utf8("a"), Bytes.utf8("1"), clock.millis() + 10);
            t.set(Bytes.utf8("b"), Bytes.utf8("2"), clock.millis() + 10);
            t.select(3);
            t.set(Bytes.utf8("c"), Bytes.utf8("3"), clock.millis() + 10);
            t.set(Bytes.utf8("keep"), Bytes.utf8("4"), 0);
            return null;
        }).await();
        clock.advanceMillis(20);
        assertThat(store.<byte[]>query(t -> t.get(Bytes.utf8("a"))).value()).isNull();
        assertThat(expired).containsExactly("0:a");
        assertThat(store.<Long>read(Txn::size)).isEqualTo(1); // b is still there, unread
        // a write transaction that reads an expired key (in another database) takes it with its batch
        store.execute(t -> {
            t.select(3);
            assertThat(t.exists(Bytes.utf8("c"))).isFalse();
            t.select(0);
            t.set(Bytes.utf8("d"), Bytes.utf8("5"), 0);
            return null;
        }).await();
        assertThat(expired).containsExactly("0:a", "3:c");
        assertThat(store.<Long>read(3, Txn::size)).isEqualTo(1);
        store.close();
        open(); // replayed: the removals were logged
        assertThat(store.<Long>read(Txn::size)).isEqualTo(2); // b (expired, unreclaimed) and d
        assertThat(store.<Long>read(3, Txn::size)).isEqualTo(1);
    }
}
