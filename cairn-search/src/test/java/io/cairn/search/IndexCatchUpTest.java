package io.cairn.search;

import static io.cairn.search.SearchFixture.b;
import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Clock;
import io.cairn.document.codec.DocumentEncoder;
import io.cairn.document.json.JsonParser;
import io.cairn.search.index.ChangeReplay;
import io.cairn.search.index.IndexerConfig;
import io.cairn.search.index.SearchIndex;
import io.cairn.search.schema.CreateArguments;
import io.cairn.search.schema.IndexDefinition;
import io.cairn.storage.engine.DiskSettings;
import io.cairn.storage.engine.Mutation;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import io.cairn.storage.io.LocalFileSystem;
import io.cairn.testkit.disk.CrashableDiskEngines;
import io.cairn.testkit.fs.CrashableFileSystem;
import java.io.Closeable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14: an index commits at each store checkpoint with the LSN it holds, and after a crash it
 * catches up from the log after that commit instead of being rebuilt from all the data; when the
 * log no longer reaches back, it is rebuilt. Each crash is followed by a comparison of the caught
 * up index with one FT.CREATE builds from the same data afresh, and with a model of the writes.
 */
class IndexCatchUpTest {
    private static final String HASH_SCHEMA = "ON HASH PREFIX 1 h: SCHEMA name TEXT price NUMERIC SORTABLE color TAG";
    private static final String JSON_SCHEMA = "ON JSON PREFIX 1 j: SCHEMA $.title AS title TEXT $.n AS n NUMERIC SORTABLE $.tag AS tag TAG";
    private static final String[] COLORS = {"red", "green", "blue"};
    private static final String[] WORDS = {"alpha", "bravo", "charlie", "delta"};
    /** Queries asked of the hash indexes and of the JSON indexes. */
    private static final List<String> HASH_QUERIES = List.of("*", "@color:{red}", "@color:{green|blue}",
            "@price:[10 50]", "alpha", "bravo -@color:{red}", "@name:delta @price:[0 30]");
    private static final List<String> JSON_QUERIES = List.of("*", "@tag:{x}", "@n:[5 25]", "charlie", "alpha | delta");

    /** The keys under each index's prefix as the writes left them: hash fields, and JSON documents. */
    private final TreeMap<String, TreeMap<String, String>> hashes = new TreeMap<>();
    private final TreeMap<String, String> docs = new TreeMap<>();

    // ------------------------------------------------------------------ memory databases, SIGKILL-like copy

    @Test
    void afterACrashAnIndexCatchesUpFromTheLogAndAnswersAsARebuildWould(@TempDir Path dir, @TempDir Path crashed)
            throws Exception {
        try (SearchFixture f = new SearchFixture(dir)) {
            f.create("hidx " + HASH_SCHEMA);
            f.create("jidx " + JSON_SCHEMA);
            Writer w = new Writer(f.store);
            w.before();
            f.store.checkpoint().join(); // both indexes commit, at its LSN or later
            Counter counted = new Counter(f.store);
            w.after(false);
            awaitExpired(counted, "h:9");
            assertThat(f.keys("hidx", "*", "LIMIT", "0", "1000")).hasSize(hashes.size()); // the live indexes are right too
            try (SearchFixture after = f.crashCopy(crashed)) {
                assertCaughtUp(after.search, "hidx", counted.hash.get());
                assertCaughtUp(after.search, "jidx", counted.json.get());
                assertAnswersAsARebuild(after);
                after.restart();
                assertThat(after.search.info("hidx").opened()).as("a clean restart reuses the index").isEqualTo("reused");
                assertThat(after.search.info("jidx").opened()).isEqualTo("reused");
                assertAnswersAsARebuild(after);
            }
            counted.close();
        }
    }

    @Test
    void aFlushAllInTheLogIsReplayedAtItsPlace(@TempDir Path dir, @TempDir Path crashed) throws Exception {
        try (SearchFixture f = new SearchFixture(dir)) {
            f.create("hidx " + HASH_SCHEMA);
            f.create("jidx " + JSON_SCHEMA);
            Writer w = new Writer(f.store);
            w.before();
            f.store.checkpoint().join();
            Counter counted = new Counter(f.store);
            w.after(true);
            awaitExpired(counted, "h:9");
            try (SearchFixture after = f.crashCopy(crashed)) {
                assertCaughtUp(after.search, "hidx", counted.hash.get());
                assertCaughtUp(after.search, "jidx", counted.json.get());
                assertAnswersAsARebuild(after);
            }
            counted.close();
        }
    }

    @Test
    void anIndexWithoutACheckpointCommitIsRebuilt(@TempDir Path dir, @TempDir Path crashed) throws Exception {
        try (SearchFixture f = new SearchFixture(dir)) {
            f.create("hidx " + HASH_SCHEMA);
            f.create("jidx " + JSON_SCHEMA);
            Writer w = new Writer(f.store);
            w.before();
            Counter counted = new Counter(f.store);
            w.after(false);
            awaitExpired(counted, "h:9");
            counted.close();
            try (SearchFixture after = f.crashCopy(crashed)) {
                assertThat(after.search.info("hidx").opened()).isEqualTo("rebuilt");
                assertThat(after.search.info("jidx").opened()).isEqualTo("rebuilt");
                assertAnswersAsARebuild(after);
            }
        }
    }

    // ------------------------------------------------------------------ a disk database, power loss

    @Test
    void anIndexOverADiskDatabaseCatchesUpAfterAPowerLoss(@TempDir Path searchDir, @TempDir Path crashedSearch)
            throws Exception {
        CrashableFileSystem fs = new CrashableFileSystem();
        CrashableDiskEngines engines = new CrashableDiskEngines();
        // A small stage: the stage is saved to the engine now and then between the checkpoints too.
        StoreConfig config = StoreConfig.builder(Path.of("/data")).walMode(WalMode.FSYNC).checkpointInterval(Duration.ZERO)
                .checkpointLogBytes(0).expiryCycle(Duration.ofMillis(50))
                .disk(new DiskSettings(Set.of(0), engines, 0, 1 << 12)).build();
        Store store = Store.open(config, fs, Clock.SYSTEM);
        SearchService search = SearchService.open(store, searchDir, LocalFileSystem.INSTANCE, IndexerConfig.defaults());
        Counter counted;
        try {
            search.create(Arrays.asList(("hidx " + HASH_SCHEMA).split(" ")));
            search.create(Arrays.asList(("jidx " + JSON_SCHEMA).split(" ")));
            Writer w = new Writer(store, false);
            w.before();
            store.checkpoint().join(); // the engine's save is flushed, then the indexes commit
            counted = new Counter(store);
            w.after(false);
            awaitExpired(counted, "h:9");
            assertThat(engines.saves()).as("the stage was saved after the checkpoint too").isGreaterThan(1);
            SearchFixture.copyAsCrashed(searchDir, crashedSearch); // the indexes as the power loss leaves them
            fs.crash();
            engines.crash();
        } finally {
            search.close(); // writes only into searchDir, which the crash left behind
            closeQuietly(store);
        }
        store = Store.open(config, fs, Clock.SYSTEM);
        search = SearchService.open(store, crashedSearch, LocalFileSystem.INSTANCE, IndexerConfig.defaults());
        try {
            assertThat(store.hasDiskDatabases()).isTrue();
            assertCaughtUp(search, "hidx", counted.hash.get());
            assertCaughtUp(search, "jidx", counted.json.get());
            assertAnswersAsARebuild(store, search);
        } finally {
            search.close();
            store.close();
        }
    }

    // ------------------------------------------------------------------ a log that no longer reaches back

    @Test
    void anIndexWhoseLogWasDeletedIsRebuiltAndOneWhoseLogIsKeptCatchesUp(@TempDir Path dir) throws Exception {
        Store store = Store.open(StoreConfig.builder(dir.resolve("data")).walMode(WalMode.WRITE)
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).expiryCycle(Duration.ofMillis(50)).build(),
                LocalFileSystem.INSTANCE, Clock.SYSTEM);
        IndexDefinition d = CreateArguments.parseCreate(Arrays.asList(("idx " + HASH_SCHEMA).split(" "))).definition();
        // No search service: nothing commits the index at the checkpoints below, as when one is too far behind.
        ChangeReplay log = (after, sink) -> store.replayLog(after, (lsn, batch) -> {
            List<Mutation> mine = LiveIndexes.shareOf(d, batch);
            if (mine != null) {
                sink.accept(lsn, mine);
            }
        });
        AtomicReference<SearchIndex> serving = new AtomicReference<>();
        Closeable feed = store.subscribe((lsn, batch) -> {
            SearchIndex idx = serving.get();
            List<Mutation> mine = idx == null ? null : LiveIndexes.shareOf(d, batch);
            if (mine != null) {
                idx.offer(lsn, mine);
            }
        });
        Path path = dir.resolve("index");
        try {
            SearchIndex idx = open(d, path, store, -1, log, serving);
            Writer w = new Writer(store);
            w.before();
            idx.awaitVisible(10_000);
            SearchIndex committing = idx;
            var commit = store.read(t -> committing.offerCommit(store.lastLsn())); // under the store's lock, as offers are
            assertThat(idx.awaitCommit(commit, 10_000)).isTrue();
            Counter counted = new Counter(store);
            w.after(false);
            awaitExpired(counted, "h:9");
            counted.close();
            idx.awaitVisible(10_000);
            assertThat(idx.docStats().numDocs).isEqualTo(hashes.size());
            idx.close(); // without a commit: the Lucene index as a crash leaves it
            serving.set(null);

            idx = open(d, path, store, store.lastLsn(), log, serving);
            assertThat(idx.opening()).isEqualTo(SearchIndex.Opening.CAUGHT_UP);
            assertThat(idx.caughtUpBatches()).isEqualTo(counted.hash.get());
            idx.awaitVisible(10_000);
            assertThat(idx.docStats().numDocs).isEqualTo(hashes.size());
            idx.close();
            serving.set(null);

            for (int i = 0; i < 3; i++) { // three checkpoints, a write before each: the log from the commit is deleted
                int n = i;
                store.execute(t -> t.hset(b("h:late" + n), b("name"), b("late"))).await();
                hashes.computeIfAbsent("h:late" + n, k -> new TreeMap<>()).put("name", "late");
                store.checkpoint().join();
            }
            idx = open(d, path, store, store.lastLsn(), log, serving);
            assertThat(idx.opening()).isEqualTo(SearchIndex.Opening.REBUILT);
            assertThat(idx.caughtUpBatches()).isZero();
            idx.awaitVisible(10_000);
            assertThat(idx.docStats().numDocs).isEqualTo(hashes.size());
            idx.close();
        } finally {
            feed.close();
            store.close();
        }
    }

    /**
     * A checkpoint's commit is a barrier behind the batches queued before it: writes that arrive
     * while it waits are not in it, so an index reopened at its LSN holds exactly the data then.
     */
    @Test
    void aCheckpointCommitHoldsExactlyTheBatchesThroughItsLsn(@TempDir Path dir) throws Exception {
        Store store = Store.open(StoreConfig.builder(dir.resolve("data")).walMode(WalMode.WRITE)
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).expiryCycle(Duration.ofHours(1)).build(),
                LocalFileSystem.INSTANCE, Clock.SYSTEM);
        IndexDefinition d = CreateArguments.parseCreate(Arrays.asList(("idx " + HASH_SCHEMA).split(" "))).definition();
        java.util.concurrent.CountDownLatch reached = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        IndexerConfig held = new IndexerConfig(2, new io.cairn.search.index.IndexerHooks() {
            @Override
            public void atBarrier(String index, int partition) {
                if (partition == 0) {
                    reached.countDown();
                    try {
                        release.await(30, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
        });
        AtomicReference<SearchIndex> serving = new AtomicReference<>();
        Closeable feed = store.subscribe((lsn, batch) -> {
            SearchIndex idx = serving.get();
            List<Mutation> mine = idx == null ? null : LiveIndexes.shareOf(d, batch);
            if (mine != null) {
                idx.offer(lsn, mine);
            }
        });
        Path path = dir.resolve("index");
        try {
            SearchIndex idx = new SearchIndex(d, "definition", path, store, -1, true, held, ChangeReplay.NONE);
            serving.set(idx);
            idx.start();
            Writer w = new Writer(store);
            for (int i = 0; i < 10; i++) {
                w.hash("h:" + i, "name", "before", "price", String.valueOf(i), "color", "red");
            }
            long lsn = store.lastLsn();
            var commit = store.read(t -> idx.offerCommit(store.lastLsn()));
            assertThat(reached.await(10, java.util.concurrent.TimeUnit.SECONDS)).as("partition 0 at the commit").isTrue();
            for (int i = 10; i < 15; i++) { // queued behind the commit, partition 0 held at it
                w.hash("h:" + i, "name", "after", "price", String.valueOf(i), "color", "blue");
            }
            release.countDown();
            assertThat(idx.awaitCommit(commit, 10_000)).isTrue();
            idx.awaitVisible(10_000);
            assertThat(idx.docStats().numDocs).as("the live index has all").isEqualTo(15);
            idx.close(); // without a commit: back to the checkpoint's
            serving.set(null);
            SearchIndex reopened = new SearchIndex(d, "definition", path, store, lsn, true, IndexerConfig.defaults(), ChangeReplay.NONE);
            try {
                assertThat(reopened.opening()).isEqualTo(SearchIndex.Opening.REUSED);
                assertThat(reopened.docStats().numDocs).as("exactly the documents through LSN " + lsn).isEqualTo(10);
            } finally {
                reopened.close();
            }
        } finally {
            feed.close();
            store.close();
        }
    }

    /** Opens and starts an index that {@code serving} then feeds, waiting for its build or catch-up. */
    private static SearchIndex open(IndexDefinition d, Path path, Store store, long lsn, ChangeReplay log,
            AtomicReference<SearchIndex> serving) throws InterruptedException {
        SearchIndex idx = new SearchIndex(d, "definition", path, store, lsn, true, IndexerConfig.defaults(), log);
        serving.set(idx); // no write runs meanwhile in this test: none falls between the LSN and the feed
        idx.start();
        assertThat(idx.awaitBuilt(30_000)).isTrue();
        assertThat(idx.awaitApplied(30_000)).isTrue();
        return idx;
    }

    // ------------------------------------------------------------------ the writes

    /** The writes of every test, kept in the model as they go. */
    private final class Writer {
        final Store store;
        final boolean moves;

        Writer(Store store) {
            this(store, true);
        }

        Writer(Store store, boolean moves) {
            this.store = store;
            this.moves = moves;
        }

        /** Before the checkpoint: 30 hashes and 30 documents. */
        void before() {
            for (int i = 0; i < 30; i++) {
                hash("h:" + i, "name", "item " + WORDS[i % 4] + " " + WORDS[(i / 4) % 4], "price", String.valueOf(i * 2),
                        "color", COLORS[i % 3]);
                doc("j:" + i, "{\"title\":\"" + WORDS[i % 4] + " doc\",\"n\":" + i + ",\"tag\":\"" + (i % 2 == 0 ? "x" : "y") + "\"}");
            }
        }

        /** After it: adds, updates, field deletes, deletes, renames, a MOVE, an expiry, and optionally a FLUSHALL. */
        void after(boolean flushAll) {
            for (int i = 100; i < 110; i++) {
                hash("h:" + i, "name", "fresh " + WORDS[i % 4], "price", String.valueOf((i - 100) * 2 + 1), "color", COLORS[i % 3]);
                doc("j:" + i, "{\"title\":\"fresh " + WORDS[i % 4] + "\",\"n\":" + (i - 100) + ".5,\"tag\":\"x\"}");
            }
            hash("h:3", "price", "45");
            hash("h:4", "color", "green");
            store.execute(t -> t.hdel(b("h:5"), b("name"))).await();
            hashes.get("h:5").remove("name");
            delete("h:6");
            delete("j:6");
            doc("j:7", "{\"title\":\"charlie rewritten\",\"n\":7,\"tag\":\"x\"}");
            rename("h:8", "h:80");
            rename("h:10", "other:10");
            rename("j:8", "j:80");
            rename("j:11", "other:11");
            if (moves) { // a disk database refuses a MOVE to a memory one
                store.execute(t -> t.move(b("j:12"), 1)).await();
                docs.remove("j:12");
            }
            if (flushAll) {
                store.execute(t -> {
                    t.flushAll();
                    return null;
                }).await();
                hashes.clear();
                docs.clear();
                for (int i = 200; i < 205; i++) {
                    hash("h:" + i, "name", "after " + WORDS[i % 4], "price", String.valueOf(i - 190), "color", COLORS[i % 3]);
                    doc("j:" + i, "{\"title\":\"after " + WORDS[i % 4] + "\",\"n\":" + (i - 190) + ",\"tag\":\"x\"}");
                }
                hash("h:9", "name", "doomed", "price", "1", "color", "red");
            }
            store.execute(t -> t.expireAt(b("h:9"), System.currentTimeMillis() + 20)).await();
            hashes.remove("h:9"); // the expiry cycle reclaims it soon (awaitExpired)
            hash("h:0", "name", "last " + WORDS[3]);
        }

        private void hash(String key, String... fieldValues) {
            store.execute(t -> {
                for (int i = 0; i < fieldValues.length; i += 2) {
                    t.hset(b(key), b(fieldValues[i]), b(fieldValues[i + 1]));
                }
                return null;
            }).await();
            TreeMap<String, String> h = hashes.computeIfAbsent(key, k -> new TreeMap<>());
            for (int i = 0; i < fieldValues.length; i += 2) {
                h.put(fieldValues[i], fieldValues[i + 1]);
            }
        }

        private void doc(String key, String json) {
            store.execute(t -> {
                t.setDocument(b(key), DocumentEncoder.encode(JsonParser.parse(json)));
                return null;
            }).await();
            docs.put(key, json);
        }

        private void delete(String key) {
            store.execute(t -> t.delete(b(key))).await();
            hashes.remove(key);
            docs.remove(key);
        }

        private void rename(String from, String to) {
            store.execute(t -> t.rename(b(from), b(to))).await();
            if (hashes.containsKey(from)) {
                TreeMap<String, String> h = hashes.remove(from);
                if (to.startsWith("h:")) {
                    hashes.put(to, h);
                }
            } else {
                String json = docs.remove(from);
                if (to.startsWith("j:")) {
                    docs.put(to, json);
                }
            }
        }
    }

    /**
     * Counts the committed batches that concern each index (its prefix, or a flush), as the catch-up
     * after the checkpoint must replay them, and notes the keys that expired.
     */
    private static final class Counter implements Closeable {
        final AtomicInteger hash = new AtomicInteger();
        final AtomicInteger json = new AtomicInteger();
        final Set<String> expired = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private final Closeable subscription;

        Counter(Store store) {
            subscription = store.subscribe((lsn, batch) -> {
                boolean h = false;
                boolean j = false;
                for (Mutation m : batch) {
                    boolean flush = m instanceof Mutation.Clear || m instanceof Mutation.ClearAll;
                    String key = flush ? "" : new String(m.key(), StandardCharsets.UTF_8);
                    h |= flush || key.startsWith("h:");
                    j |= flush || key.startsWith("j:");
                    if (m instanceof Mutation.Expired) {
                        expired.add(key);
                    }
                }
                if (h) {
                    hash.incrementAndGet();
                }
                if (j) {
                    json.incrementAndGet();
                }
            });
        }

        @Override
        public void close() throws java.io.IOException {
            subscription.close();
        }
    }

    /** Waits until the store reclaimed {@code key} for its expiry (so the log holds it before the crash). */
    private static void awaitExpired(Counter counted, String key) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!counted.expired.contains(key)) {
            assertThat(System.nanoTime()).as("the expiry cycle reclaims " + key).isLessThan(deadline);
            Thread.sleep(10); // polling a condition the store's expiry cycle sets
        }
    }

    // ------------------------------------------------------------------ the checks

    private static void assertCaughtUp(SearchService search, String index, int batches) {
        IndexInfo info = search.info(index);
        assertThat(info.opened()).as(index + " came up by catching up from the log").isEqualTo("caught_up");
        assertThat(info.caughtUpBatches()).as(index + ": the batches after its commit that concern it").isEqualTo(batches);
    }

    private void assertAnswersAsARebuild(SearchFixture f) {
        assertAnswersAsARebuild(f.store, f.search);
    }

    /**
     * Builds each index afresh under another name (FT.CREATE scans the data) and checks both answer
     * every query alike, in the same order for a sorted one, and hold the model's keys.
     */
    private void assertAnswersAsARebuild(Store store, SearchService search) {
        for (String name : List.of("hidx", "jidx")) {
            String fresh = name + "-fresh";
            if (!search.list().contains(fresh)) {
                search.create(Arrays.asList((fresh + " " + (name.equals("hidx") ? HASH_SCHEMA : JSON_SCHEMA)).split(" ")));
            }
            assertThat(search.info(fresh).opened()).isIn("created", "reused");
            boolean isHash = name.equals("hidx");
            assertThat(keys(search, name, "*")).as(name + ": every key of the model")
                    .isEqualTo(isHash ? hashes.keySet() : docs.keySet());
            for (String q : isHash ? HASH_QUERIES : JSON_QUERIES) {
                assertThat(keys(search, name, q)).as(name + " " + q).isEqualTo(keys(search, fresh, q));
            }
            String sortBy = isHash ? "price" : "n";
            assertThat(sorted(search, name, sortBy)).as(name + " sorted by " + sortBy).isEqualTo(sorted(search, fresh, sortBy));
            assertThat(search.info(name).numDocs()).isEqualTo(search.info(fresh).numDocs());
            assertThat(search.check(name).consistent()).as(name + " against the data").isTrue();
        }
    }

    private static Set<String> keys(SearchService search, String index, String query) {
        SearchResult r = search.search(index, SearchRequest.parse(query, List.of("NOCONTENT", "LIMIT", "0", "1000")));
        Set<String> out = new TreeSet<>();
        r.hits().forEach(h -> out.add(new String(h.key(), StandardCharsets.UTF_8)));
        assertThat(r.total()).isEqualTo(out.size());
        return out;
    }

    private static List<String> sorted(SearchService search, String index, String field) {
        SearchResult r = search.search(index, SearchRequest.parse("*", List.of("NOCONTENT", "SORTBY", field, "DESC",
                "LIMIT", "0", "1000")));
        return r.hits().stream().map(h -> new String(h.key(), StandardCharsets.UTF_8)).toList();
    }

    private static void closeQuietly(Store store) {
        try {
            store.close();
        } catch (RuntimeException e) {
            // the power loss took its files: closing them fails, which is what a crash does too
        }
    }
}
