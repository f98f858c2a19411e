package io.cairn.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.storage.engine.DiskEngine;
import io.cairn.storage.engine.DiskSettings;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.StreamId;
import io.cairn.storage.engine.StreamOps;
import io.cairn.storage.engine.WalMode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hash of millions of fields, and a list, a sorted set and a stream of a million elements each,
 * in a disk database on RocksDB:
 * created through the store with a stage far smaller than them, read field by field, element by
 * element and by cursor, kept across a reopen, expired or trimmed and deleted, their parts gone from
 * the engine after.
 */
class BigCollectionsOnDiskTest {
    @TempDir
    Path dir;

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] field(int i) {
        return b("field:" + i);
    }

    private static byte[] value(int i) {
        return b("value-" + i + "-" + "x".repeat(i % 40));
    }

    @Test
    void aHashOfAMillionFields() throws IOException {
        run(1_000_000);
    }

    @Test
    @Tag("long")
    void aHashOfTenMillionFields() throws IOException {
        run(10_000_000);
    }

    /** A list of a million elements: pushed, indexed, ranged, popped and trimmed at both ends, reopened, deleted. */
    @Test
    void aListOfAMillionElements() throws IOException {
        int n = 1_000_000;
        byte[] key = b("queue");
        Store store = Store.open(config());
        try {
            for (int from = 0; from < n; from += 10_000) {
                byte[][] batch = new byte[10_000][];
                for (int i = 0; i < batch.length; i++) {
                    batch[i] = value(from + i);
                }
                store.execute(t -> t.lists().push(key, false, batch, false)).await();
            }
            store.close();
            store = Store.open(config());
            Store s = store;
            assertThat(length(s, key)).isEqualTo(n);
            SplittableRandom random = new SplittableRandom(3);
            for (int k = 0; k < 1_000; k++) {
                int i = random.nextInt(n);
                assertThat(index(s, key, i)).isEqualTo(value(i));
            }
            java.util.List<byte[]> page = s.read(t -> t.lists().range(key, 500_000, 500_999));
            assertThat(page).hasSize(1_000);
            for (int i = 0; i < 1_000; i++) {
                assertThat(page.get(i)).isEqualTo(value(500_000 + i));
            }
            // A queue's traffic at both ends, then a trim of most of it: O(1) each, whatever the length.
            s.execute(t -> t.lists().push(key, true, new byte[][] {b("head")}, false)).await();
            java.util.List<byte[]> popped = s.execute(t -> t.lists().pop(key, false, 2)).await();
            assertThat(popped).containsExactly(value(n - 1), value(n - 2));
            s.execute(t -> {
                t.lists().trim(key, 1, 100_000);
                return null;
            }).await();
            assertThat(length(s, key)).isEqualTo(100_000);
            assertThat(index(s, key, 0)).isEqualTo(value(0));
            assertThat(index(s, key, -1)).isEqualTo(value(99_999));
            store.close();
            store = Store.open(config());
            Store r = store;
            assertThat(length(r, key)).isEqualTo(100_000);
            assertThat(index(r, key, 99_999)).isEqualTo(value(99_999));
            boolean deleted = r.execute(t -> t.delete(key)).await();
            assertThat(deleted).isTrue();
            store.close();
            assertThat(partsLeft()).as("parts after DEL").isZero();
        } finally {
            store.close();
        }
    }

    /**
     * A sorted set of a million members: added in batches, read by member, by score from a seek, at
     * both ends and by rank, popped and cut by score, reopened, deleted with every part of its
     * members and of its score index.
     */
    @Test
    void aSortedSetOfAMillionMembers() throws IOException {
        int n = 1_000_000;
        byte[] key = b("board");
        Store store = Store.open(config());
        try {
            for (int from = 0; from < n; from += 10_000) {
                int start = from;
                store.execute(t -> {
                    for (int i = start; i < start + 10_000; i++) {
                        t.zsets().add(key, field(i), i * 0.5);
                    }
                    return null;
                }).await();
            }
            store.close();
            store = Store.open(config());
            Store s = store;
            assertThat((int) s.read(t -> t.zsets().card(key))).isEqualTo(n);
            assertThat((String) s.read(t -> t.encoding(key))).isEqualTo("skiplist");
            SplittableRandom random = new SplittableRandom(5);
            for (int k = 0; k < 1_000; k++) {
                int i = random.nextInt(n);
                assertThat((Double) s.read(t -> t.zsets().score(key, field(i)))).isEqualTo(i * 0.5);
            }
            java.util.List<io.cairn.storage.engine.ScoredMember> window = s.read(t -> t.zsets().range(key,
                    io.cairn.storage.engine.ZSetRange.ByScore.closed(250_000, 260_000), false, 10, 3));
            assertThat(window).extracting(io.cairn.storage.engine.ScoredMember::member)
                    .containsExactly("field:500010", "field:500011", "field:500012");
            java.util.List<io.cairn.storage.engine.ScoredMember> top = s.read(t -> t.zsets().byRank(key, 0, 1, true));
            assertThat(top).extracting(io.cairn.storage.engine.ScoredMember::member).containsExactly("field:999999", "field:999998");
            assertThat((Long) s.read(t -> t.zsets().rank(key, field(999_990), true))).isEqualTo(9L);
            java.util.List<io.cairn.storage.engine.ScoredMember> lowest = s.execute(t -> t.zsets().pop(key, 2, false)).await();
            assertThat(lowest).extracting(io.cairn.storage.engine.ScoredMember::member).containsExactly("field:0", "field:1");
            long cut = s.execute(t -> t.zsets().removeRange(key, io.cairn.storage.engine.ZSetRange.ByScore.closed(100, 149.5))).await();
            assertThat(cut).isEqualTo(100);
            store.close();
            store = Store.open(config());
            Store r = store;
            assertThat((int) r.read(t -> t.zsets().card(key))).isEqualTo(n - 102);
            assertThat((Double) r.read(t -> t.zsets().score(key, field(250)))).isNull();
            assertThat((long) r.read(t -> t.zsets().count(key, io.cairn.storage.engine.ZSetRange.ByScore.closed(0, 200)))).isEqualTo(401 - 102L);
            boolean deleted = r.execute(t -> t.delete(key)).await();
            assertThat(deleted).isTrue();
            store.close();
            assertThat(partsLeft()).as("parts after DEL").isZero();
        } finally {
            store.close();
        }
    }

    /**
     * A stream of a million entries: appended in batches, read from both ends and from an ID in the
     * middle, an entry deleted, its head trimmed, reopened, deleted with every part of its entries.
     */
    @Test
    void aStreamOfAMillionEntries() throws IOException {
        int n = 1_000_000;
        byte[] key = b("events");
        Store store = Store.open(config());
        try {
            for (int from = 0; from < n; from += 10_000) {
                int start = from;
                store.execute(t -> {
                    for (int i = start; i < start + 10_000; i++) {
                        t.streams().append(key, new StreamId(i + 1, 0), new byte[][] {b("n"), value(i)});
                    }
                    return null;
                }).await();
            }
            store.close();
            store = Store.open(config());
            Store s = store;
            StreamOps.Meta meta = s.read(t -> t.streams().meta(key));
            assertThat(meta.length()).isEqualTo(n);
            assertThat(meta.firstEntry()).isEqualTo(new StreamId(1, 0));
            assertThat(meta.lastEntry()).isEqualTo(new StreamId(n, 0));
            java.util.List<StreamOps.Item> middle = s.read(t -> t.streams().range(key, new StreamId(500_000, 0), StreamId.MAX, 3, false));
            assertThat(middle).extracting(StreamOps.Item::id)
                    .containsExactly(new StreamId(500_000, 0), new StreamId(500_001, 0), new StreamId(500_002, 0));
            assertThat(middle.getFirst().fieldsAndValues()[1]).isEqualTo(value(499_999));
            java.util.List<StreamOps.Item> newest = s.read(t -> t.streams().range(key, StreamId.MIN, StreamId.MAX, 2, true));
            assertThat(newest).extracting(StreamOps.Item::id).containsExactly(new StreamId(n, 0), new StreamId(n - 1, 0));
            int deleted = s.execute(t -> t.streams().delete(key, new StreamId[] {new StreamId(10, 0)})).await();
            assertThat(deleted).isEqualTo(1);
            long trimmed = s.execute(t -> t.streams().trimHead(key, 900_000)).await();
            assertThat(trimmed).isEqualTo(900_000);
            store.close();
            store = Store.open(config());
            Store r = store;
            assertThat(r.read(t -> t.streams().meta(key)).length()).isEqualTo(n - 900_001);
            assertThat(r.read(t -> t.streams().meta(key)).firstEntry()).isEqualTo(new StreamId(900_002, 0));
            boolean gone = r.execute(t -> t.delete(key)).await();
            assertThat(gone).isTrue();
            store.close();
            assertThat(partsLeft()).as("parts after DEL").isZero();
        } finally {
            store.close();
        }
    }

    private static byte[] index(Store s, byte[] key, long i) {
        return s.read(t -> t.lists().index(key, i));
    }

    private static int length(Store s, byte[] key) {
        return s.read(t -> t.lists().length(key));
    }

    private StoreConfig config() {
        return StoreConfig.builder(dir).walMode(WalMode.NONE).checkpointInterval(Duration.ZERO)
                .checkpointLogBytes(0).expiryCycle(Duration.ofHours(1))
                .disk(new DiskSettings(Set.of(0), new RocksDbProvider(), 8L << 20, 4L << 20)).build();
    }

    private void run(int fields) throws IOException {
        byte[] key = b("big");
        Store store = Store.open(config());
        try {
            for (int from = 0; from < fields; from += 10_000) {
                int start = from;
                store.execute(t -> {
                    for (int i = start; i < Math.min(fields, start + 10_000); i++) {
                        t.hset(key, field(i), value(i));
                    }
                    return null;
                }).await();
            }
            long stage = Long.parseLong(store.diskInfo().get("disk_stage_bytes"));
            assertThat(stage).as("stage bytes after the load").isLessThan(4L << 20);
            check(store, key, fields);

            store.close();
            store = Store.open(config());
            check(store, key, fields);
            String encoding = store.read(t -> t.encoding(key));
            assertThat(encoding).isEqualTo("hashtable");

            // A field written and one removed after the reopen, seen by a cursor and by HLEN.
            Store s = store;
            s.execute(t -> t.hset(key, b("new"), b("n"))).await();
            s.execute(t -> t.hdel(key, field(7))).await();
            assertThat(hlen(s, key)).isEqualTo(fields);
            assertThat(hget(s, key, field(7))).isNull();
            assertThat(hget(s, key, b("new"))).isEqualTo(b("n"));

            // Expired: the key goes, and its fields with it.
            long at = System.currentTimeMillis() + 50;
            s.execute(t -> t.expireAt(key, at)).await();
            while (System.currentTimeMillis() <= at) {
                Thread.onSpinWait();
            }
            assertThat(hget(s, key, field(1))).isNull();
            for (int round = 0; round < 50 && size(s) > 0; round++) {
                s.reclaimExpired(1000);
            }
            assertThat(size(s)).isZero();
            store.close();
            assertThat(partsLeft()).as("parts after the expiry").isZero();

            // Again, deleted this time.
            store = Store.open(config());
            Store d = store;
            d.execute(t -> {
                for (int i = 0; i < 50_000; i++) {
                    t.hset(key, field(i), value(i));
                }
                return null;
            }).await();
            boolean deleted = d.execute(t -> t.delete(key)).await();
            assertThat(deleted).isTrue();
            store.close();
            assertThat(partsLeft()).as("parts after DEL").isZero();
            store = Store.open(config());
            assertThat(hlen(store, key)).isZero();
        } finally {
            store.close();
        }
    }

    private static void check(Store store, byte[] key, int fields) {
        assertThat(hlen(store, key)).isEqualTo(fields);
        SplittableRandom random = new SplittableRandom(7);
        for (int n = 0; n < 2_000; n++) {
            int i = random.nextInt(fields);
            assertThat(hget(store, key, field(i))).isEqualTo(value(i));
        }
        assertThat(hget(store, key, b("absent"))).isNull();
        // A cursor's first pages: each field once, each with its value.
        Set<String> seen = new HashSet<>();
        long cursor = 0;
        for (int page = 0; page < 20; page++) {
            long c = cursor;
            cursor = store.read(t -> t.hscan(key, c, 100, (f, v) -> {
                String name = new String(f, StandardCharsets.US_ASCII);
                assertThat(seen.add(name)).as(name).isTrue();
                assertThat(v).isEqualTo(value(Integer.parseInt(name.substring("field:".length()))));
            }));
            assertThat(cursor).isNotZero();
        }
        assertThat(seen).hasSizeGreaterThanOrEqualTo(2_000);
    }

    private static int hlen(Store s, byte[] key) {
        return s.read(t -> t.hlen(key));
    }

    private static byte[] hget(Store s, byte[] key, byte[] field) {
        return s.read(t -> t.hget(key, field));
    }

    private static long size(Store s) {
        return s.read(t -> t.size());
    }

    /** Parts the engine still shows in database 0 (range deletions hide the deleted ones at once). */
    private long partsLeft() throws IOException {
        try (DiskEngine engine = RocksDbEngine.open(new DiskEngine.Settings(dir.resolve("disk"), 1L << 20))) {
            long[] n = {0};
            engine.scanParts(0, new byte[0], (k, v) -> ++n[0] < 10);
            return n[0];
        }
    }
}
