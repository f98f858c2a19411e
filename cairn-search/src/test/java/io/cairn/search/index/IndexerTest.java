package io.cairn.search.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.Clock;
import io.cairn.common.InvalidRequestException;
import io.cairn.document.codec.DocumentEncoder;
import io.cairn.document.json.JsonParser;
import io.cairn.search.schema.CreateArguments;
import io.cairn.search.schema.IndexDefinition;
import io.cairn.storage.engine.Mutation;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.testkit.fs.InMemoryFileSystem;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The indexer's threads under races replayed with hooks: a partition far behind at a FLUSHALL, a
 * close interrupted while a partition is mid-batch, failures on two partitions. Batches are offered
 * directly, as the change listener does, with made-up LSNs; the index starts empty (no build).
 */
class IndexerTest {
    /** A bound on every latch wait, so a regression fails instead of hanging; no test waits this long when it passes. */
    private static final long PATIENCE_SECONDS = 60;

    @TempDir
    Path dir;
    Store store;
    IndexDefinition definition;

    @BeforeEach
    void open() {
        store = Store.open(StoreConfig.builder(Path.of("/data")).build(), new InMemoryFileSystem(), Clock.SYSTEM);
        definition = CreateArguments.parseCreate(
                List.of("idx", "ON", "JSON", "PREFIX", "1", "doc:", "SCHEMA", "$.t", "AS", "t", "TEXT")).definition();
    }

    @AfterEach
    void close() {
        store.close();
    }

    private SearchIndex index(int partitions, IndexerHooks hooks) {
        SearchIndex idx = new SearchIndex(definition, "def", dir.resolve("idx"), store, -1, false,
                new IndexerConfig(partitions, hooks));
        idx.start();
        return idx;
    }

    private static Mutation put(String key, String text) {
        return new Mutation.PutDocument(0, key.getBytes(StandardCharsets.UTF_8),
                DocumentEncoder.encode(JsonParser.parse("{\"t\":\"" + text + "\"}")), -1);
    }

    private static void await(CountDownLatch latch) throws InterruptedException {
        assertThat(latch.await(PATIENCE_SECONDS, TimeUnit.SECONDS)).as("reached in time").isTrue();
    }

    @Test
    void aFlushallWaitsForAPartitionFarBehindWithoutFailingTheIndex() throws Exception {
        CountDownLatch firstAtBarrier = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean holdBack = new AtomicBoolean();
        SearchIndex idx = index(2, new IndexerHooks() {
            @Override
            public void applying(String index, int partition, long lsn) {
                if (partition == 1 && lsn >= 2 && holdBack.compareAndSet(true, false)) {
                    awaitQuietly(release); // this partition is behind: the other waits at the FLUSHALL
                }
            }

            @Override
            public void atBarrier(String index, int partition) {
                if (partition == 0) {
                    firstAtBarrier.countDown();
                }
            }
        });
        try {
            idx.offer(1, List.of(put("doc:1", "before"), put("doc:2", "before"), put("doc:3", "before")));
            idx.awaitVisible(PATIENCE_SECONDS * 1_000);
            holdBack.set(true);
            idx.offer(2, List.of(new Mutation.Clear(0)));
            await(firstAtBarrier);
            assertThat(idx.state()).isEqualTo(SearchIndex.State.READY);
            release.countDown();
            idx.offer(3, List.of(put("doc:4", "after")));
            idx.awaitVisible(PATIENCE_SECONDS * 1_000);
            assertThat(idx.state()).isEqualTo(SearchIndex.State.READY);
            assertThat(idx.docStats().numDocs).as("the FLUSHALL emptied the index, then doc:4 came").isEqualTo(1);
        } finally {
            release.countDown();
            idx.close();
        }
    }

    @Test
    void anInterruptedCloseDoesNotCommitWhileAPartitionIsMidBatch() throws Exception {
        CountDownLatch applying = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        SearchIndex idx = index(1, new IndexerHooks() {
            @Override
            public void applying(String index, int partition, long lsn) {
                applying.countDown();
                awaitQuietly(release);
            }

            @Override
            public void stopped(String index, int partition) {
                stopped.countDown();
            }
        });
        idx.offer(1, List.of(put("doc:1", "x")));
        await(applying); // the batch is out of the queue and not yet applied
        Thread.currentThread().interrupt();
        try {
            idx.close(1);
        } finally {
            assertThat(Thread.interrupted()).as("close keeps the caller's interrupt").isTrue();
            release.countDown();
        }
        await(stopped);
        try (FSDirectory d = FSDirectory.open(dir.resolve("idx"))) {
            Map<String, String> data = DirectoryReader.indexExists(d) ? SegmentInfos.readLatestCommit(d).getUserData() : Map.of();
            assertThat(data).as("no commit may claim LSN 1: the batch was not applied").doesNotContainKey(LuceneIndex.COMMIT_LSN);
        }
    }

    @Test
    void aSecondFailureKeepsTheFirstOnesMessage() throws Exception {
        CountDownLatch secondApplying = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(2);
        SearchIndex idx = index(2, new IndexerHooks() {
            @Override
            public void applying(String index, int partition, long lsn) {
                if (partition == 0) {
                    awaitQuietly(secondApplying); // both are busy when the first fails
                    throw new IllegalStateException("first failure");
                }
                secondApplying.countDown();
                awaitQuietly(release);
                throw new IllegalStateException("second failure, a consequence");
            }

            @Override
            public void stopped(String index, int partition) {
                stopped.countDown();
            }
        });
        try {
            idx.offer(1, List.of(new Mutation.Clear(0))); // reaches both partitions
            assertThatThrownBy(() -> idx.awaitVisible(PATIENCE_SECONDS * 1_000))
                    .isInstanceOf(InvalidRequestException.class).hasMessageContaining("first failure");
            release.countDown();
            await(stopped);
            assertThat(idx.state()).isEqualTo(SearchIndex.State.FAILED);
            assertThat(idx.failure()).contains("first failure").doesNotContain("second");
        } finally {
            release.countDown();
            idx.close();
        }
    }

    @Test
    void aFailedPartitionReleasesTheOthersFromAFlushall() throws Exception {
        CountDownLatch firstAtBarrier = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(2);
        SearchIndex idx = index(2, new IndexerHooks() {
            @Override
            public void applying(String index, int partition, long lsn) {
                if (partition == 1) {
                    awaitQuietly(firstAtBarrier);
                    throw new IllegalStateException("disk gone");
                }
            }

            @Override
            public void atBarrier(String index, int partition) {
                firstAtBarrier.countDown();
            }

            @Override
            public void stopped(String index, int partition) {
                stopped.countDown();
            }
        });
        try {
            idx.offer(1, List.of(new Mutation.Clear(0)));
            await(stopped); // partition 0 left the barrier it could never pass
            assertThat(idx.state()).isEqualTo(SearchIndex.State.FAILED);
            assertThat(idx.failure()).contains("disk gone");
        } finally {
            idx.close();
        }
    }

    /** In a hook: waits for the test to go on; an interrupt or the patience running out ends the wait. */
    static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(PATIENCE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
