package io.cairn.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.search.index.IndexerConfig;
import io.cairn.search.index.IndexerHooks;
import io.cairn.storage.io.LocalFileSystem;
import io.cairn.testkit.fs.FaultyFileSystem;
import io.cairn.testkit.fs.InMemoryFileSystem;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FT.CREATE, FT.ALTER and FT.DROPINDEX against the change stream and against a failing catalog. */
class IndexLifecycleTest {
    private static final long PATIENCE_SECONDS = 60;

    @TempDir
    Path dir;

    /** Pauses the first FLUSHALL offer after partition 0's share is queued, and records offers to stopped partitions. */
    private static final class RaceHooks implements IndexerHooks {
        final AtomicBoolean armed = new AtomicBoolean();
        final CountDownLatch paused = new CountDownLatch(1);
        final CountDownLatch proceed = new CountDownLatch(1);
        final Set<Integer> stopped = ConcurrentHashMap.newKeySet();
        final List<String> lateOffers = new CopyOnWriteArrayList<>();

        @Override
        public void queued(String index, int partition, long lsn) {
            if (stopped.contains(partition)) {
                lateOffers.add("LSN " + lsn + " queued for partition " + partition + " after it stopped");
            }
            if (partition == 0 && armed.compareAndSet(true, false)) {
                paused.countDown();
                try {
                    proceed.await(PATIENCE_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public void stopped(String index, int partition) {
            stopped.add(partition);
        }
    }

    @Test
    void aDropRacingAFlushallOfferWaitsForTheOfferToFinish() throws Exception {
        RaceHooks hooks = new RaceHooks();
        try (SearchFixture f = new SearchFixture(dir, LocalFileSystem.INSTANCE, new IndexerConfig(2, hooks))) {
            f.create("idx ON JSON PREFIX 1 doc: SCHEMA $.t AS t TEXT");
            f.json("doc:1", "{\"t\":\"x\"}");
            hooks.armed.set(true);
            // The FLUSHALL's listener holds the store's lock while it offers, and pauses half-way.
            Thread writer = Thread.ofPlatform().start(() -> f.store.execute(t -> {
                t.flushAll();
                return null;
            }));
            assertThat(hooks.paused.await(PATIENCE_SECONDS, TimeUnit.SECONDS)).isTrue();
            Thread dropper = Thread.ofPlatform().start(() -> f.search.drop("idx", false));
            // Let the offer go on once the drop waits for the store's lock while the index still
            // serves (as it must), or once it stopped partition 1 under the paused offer (the race).
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
            while (!hooks.stopped.contains(1) && !(parked(dropper) && f.search.list().contains("idx"))
                    && System.nanoTime() < deadline) {
                Thread.sleep(1); // polls another thread's state: there is no event to wait on
            }
            hooks.proceed.countDown();
            writer.join(TimeUnit.SECONDS.toMillis(PATIENCE_SECONDS));
            dropper.join(TimeUnit.SECONDS.toMillis(PATIENCE_SECONDS));
            assertThat(dropper.isAlive()).as("the drop finished; no partition waits at the FLUSHALL").isFalse();
            assertThat(hooks.lateOffers).as("every batch was queued before the index's threads stopped").isEmpty();
            assertThat(f.search.list()).isEmpty();
        }
    }

    private static boolean parked(Thread t) {
        Thread.State s = t.getState();
        return s == Thread.State.WAITING || s == Thread.State.BLOCKED || s == Thread.State.TIMED_WAITING;
    }

    @Test
    void aCatalogSaveThatFailsChangesNoIndex() {
        FaultyFileSystem fs = new FaultyFileSystem(new InMemoryFileSystem());
        try (SearchFixture f = new SearchFixture(dir, fs, IndexerConfig.defaults())) {
            f.create("a ON JSON PREFIX 1 a: SCHEMA $.t AS t TEXT");
            f.json("a:1", "{\"t\":\"kept\",\"u\":\"extra\"}");
            fs.failRename(true);
            assertThatThrownBy(() -> f.create("b ON JSON PREFIX 1 b: SCHEMA $.t AS t TEXT"))
                    .isInstanceOf(UncheckedIOException.class);
            assertThatThrownBy(() -> f.search.alter(List.of("a", "SCHEMA", "ADD", "$.u", "AS", "u", "TEXT")))
                    .isInstanceOf(UncheckedIOException.class);
            assertThatThrownBy(() -> f.search.drop("a", true)).isInstanceOf(UncheckedIOException.class);
            assertThat(f.search.list()).containsExactly("a");
            assertThat(f.keys("a", "kept")).containsExactly("a:1");
            assertThat(f.search.info("a").definition().field("u")).as("the failed ALTER left the schema").isNull();
            boolean kept = f.store.<Boolean>read(t -> t.exists(SearchFixture.b("a:1")));
            assertThat(kept).as("the failed DROPINDEX DD deleted nothing").isTrue();

            fs.heal();
            f.restart();
            assertThat(f.search.list()).containsExactly("a");
            assertThat(f.keys("a", "kept")).containsExactly("a:1");
            f.create("b ON JSON PREFIX 1 b: SCHEMA $.t AS t TEXT");
            assertThat(f.search.list()).containsExactly("a", "b");
        }
    }
}
