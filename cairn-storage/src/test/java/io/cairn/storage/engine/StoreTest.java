package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.Bytes;
import io.cairn.common.Clock;
import io.cairn.common.ManualClock;
import io.cairn.common.StorageIOException;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreTest {
    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    Store store;

    private static byte[] b(String s) {
        return Bytes.utf8(s);
    }

    private StoreConfig.Builder config() {
        return StoreConfig.builder(dir).walMode(WalMode.WRITE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0);
    }

    private Store open() {
        store = Store.open(config().build(), LocalFileSystem.INSTANCE, clock);
        return store;
    }

    private Store reopen() {
        store.close();
        return open();
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void stringsHashesAndSortedSetsSurviveAReopen() {
        open();
        store.set(b("s"), b("v1")).await();
        store.execute(t -> {
            t.hset(b("h"), b("f1"), b("a"));
            t.hset(b("h"), b("f2"), b("b"));
            t.zadd(b("z"), b("m1"), 2.5);
            t.zadd(b("z"), b("m0"), -1);
            return null;
        }).await();
        reopen();
        assertThat(store.get(b("s"))).isEqualTo(b("v1"));
        assertThat(store.<byte[]>read(t -> t.hget(b("h"), b("f2")))).isEqualTo(b("b"));
        assertThat(store.<Integer>read(t -> t.hlen(b("h")))).isEqualTo(2);
        assertThat(store.<List<ScoredMember>>read(t -> t.zrangeByRank(b("z"), 0, -1)))
                .containsExactly(new ScoredMember("m0", -1), new ScoredMember("m1", 2.5));
        assertThat(store.recoveryStats().walRecords()).isEqualTo(2);
    }

    @Test
    void wrongTypeIsATypedErrorInRedisWords() {
        open();
        store.set(b("s"), b("v")).await();
        assertThatThrownBy(() -> store.execute(t -> t.hset(b("s"), b("f"), b("v"))))
                .isInstanceOf(WrongTypeException.class)
                .hasMessage("WRONGTYPE Operation against a key holding the wrong kind of value");
        assertThatThrownBy(() -> store.<Double>read(t -> t.zscore(b("s"), b("m")))).isInstanceOf(WrongTypeException.class);
        store.execute(t -> t.hset(b("h"), b("f"), b("v"))).await();
        assertThatThrownBy(() -> store.get(b("h"))).isInstanceOf(WrongTypeException.class);
        assertThat(store.get(b("s"))).isEqualTo(b("v"));
    }

    @Test
    void expiredKeysAreInvisibleAtOnceAndReclaimedLater() {
        open();
        store.execute(t -> {
            t.set(b("a"), b("1"), clock.millis() + 1000);
            t.hset(b("h"), b("f"), b("v"));
            t.expireAt(b("h"), clock.millis() + 500);
            t.set(b("keep"), b("k"), 0);
            return null;
        }).await();
        assertThat(store.<Long>read(t -> t.expireAt(b("a")))).isEqualTo(clock.millis() + 1000);
        assertThat(store.<Long>read(t -> t.expireAt(b("keep")))).isEqualTo(Txn.NO_EXPIRY);
        clock.advanceMillis(600);
        assertThat(store.<ValueType>read(t -> t.type(b("h")))).isEqualTo(ValueType.NONE);
        assertThat(store.get(b("a"))).isEqualTo(b("1"));
        clock.advanceMillis(400);
        assertThat(store.get(b("a"))).isNull();
        assertThat(store.<Long>read(t -> t.expireAt(b("a")))).isEqualTo(Txn.ABSENT);
        assertThat(store.stats().keys()).as("not yet reclaimed").isEqualTo(3);
        assertThat(store.reclaimExpired(1000)).isEqualTo(2);
        assertThat(store.stats().keys()).isEqualTo(1);
        reopen();
        assertThat(store.stats().keys()).isEqualTo(1);
    }

    @Test
    void writeOnAnExpiredHashStartsAFreshOneWithoutTheOldFieldsOrExpiry() {
        open();
        store.execute(t -> {
            t.hset(b("h"), b("old"), b("1"));
            return t.expireAt(b("h"), clock.millis() + 10);
        }).await();
        clock.advanceMillis(20);
        store.execute(t -> t.hset(b("h"), b("new"), b("2"))).await();
        reopen();
        assertThat(store.<List<Map.Entry<byte[], byte[]>>>read(t -> t.hgetAll(b("h")))).hasSize(1);
        assertThat(store.<Long>read(t -> t.expireAt(b("h")))).isEqualTo(Txn.NO_EXPIRY);
    }

    @Test
    void expireInThePastDeletesTheKey() {
        open();
        store.set(b("a"), b("1")).await();
        assertThat(store.execute(t -> t.expireAt(b("a"), clock.millis())).value()).isTrue();
        assertThat(store.<Boolean>read(t -> t.exists(b("a")))).isFalse();
        assertThat(store.stats().keys()).isZero();
    }

    @Test
    void batchAppliesAllOrNothing() {
        open();
        store.set(b("s"), b("string")).await();
        WriteBatch bad = new WriteBatch().set(b("a"), b("1")).hset(b("b"), b("f"), b("v")).zadd(b("s"), b("m"), 1);
        assertThatThrownBy(() -> store.write(bad)).isInstanceOf(WrongTypeException.class);
        assertThat(store.<Boolean>read(t -> t.exists(b("a")))).isFalse();
        assertThat(store.<Boolean>read(t -> t.exists(b("b")))).isFalse();
        long before = store.lastLsn();
        Result<Void> ok = store.write(new WriteBatch().set(b("a"), b("1")).hset(b("b"), b("f"), b("v")).delete(b("s")));
        ok.await();
        assertThat(ok.lsn()).isEqualTo(before + 1);
        assertThat(store.<ValueType>read(t -> t.type(b("b")))).isEqualTo(ValueType.HASH);
        assertThat(store.<Boolean>read(t -> t.exists(b("s")))).isFalse();
    }

    @Test
    void batchThatWouldChangeTypeMidwayIsCheckedAgainstItsOwnEarlierOps() {
        open();
        WriteBatch bad = new WriteBatch().set(b("k"), b("1")).hset(b("k"), b("f"), b("v"));
        assertThatThrownBy(() -> store.write(bad)).isInstanceOf(WrongTypeException.class);
        assertThat(store.<Boolean>read(t -> t.exists(b("k")))).isFalse();
    }

    @Test
    void limitsAreEnforcedBeforeAnyChange() {
        store = Store.open(config().maxKeyBytes(8).maxValueBytes(16).build(), LocalFileSystem.INSTANCE, clock);
        assertThatThrownBy(() -> store.set(b("123456789"), b("v")))
                .isInstanceOfSatisfying(LimitExceededException.class, e -> assertThat(List.of(e.limit(), e.actual(), e.max()))
                        .containsExactly(LimitExceededException.Limit.KEY_LENGTH, 9L, 8L))
                .hasMessage("key length: 9 (expected: <= 8)");
        assertThatThrownBy(() -> store.execute(t -> t.hset(b("k"), b("f"), new byte[17])))
                .isInstanceOfSatisfying(LimitExceededException.class, e -> assertThat(List.of(e.limit(), e.actual(), e.max()))
                        .containsExactly(LimitExceededException.Limit.VALUE_LENGTH, 17L, 16L));
        assertThatThrownBy(() -> store.write(new WriteBatch().hset(b("k"), new byte[17], b("v"))))
                .isInstanceOfSatisfying(LimitExceededException.class, e -> assertThat(e.limit())
                        .isEqualTo(LimitExceededException.Limit.FIELD_LENGTH));
        assertThat(store.lastLsn()).isZero();
    }

    @Test
    void aTransactionLargerThanOneLogRecordIsRefusedWithItsSize() {
        store = Store.open(config().maxRecordBytes(1024).build(), LocalFileSystem.INSTANCE, clock);
        assertThatThrownBy(() -> store.execute(t -> {
            for (int i = 0; i < 100; i++) {
                t.set(b("key" + i), new byte[16], 0);
            }
            return null;
        })).isInstanceOfSatisfying(LimitExceededException.class, e -> {
            assertThat(e.limit()).isEqualTo(LimitExceededException.Limit.TRANSACTION_BYTES);
            assertThat(e.actual()).isGreaterThan(1024);
            assertThat(e.max()).isEqualTo(1024);
        });
        assertThat(store.<Boolean>read(t -> t.exists(b("key99")))).as("the write that passed the limit").isFalse();
        assertThatThrownBy(() -> store.write(new WriteBatch().set(b("k"), new byte[2048])))
                .isInstanceOfSatisfying(LimitExceededException.class, e -> assertThat(e.limit())
                        .isEqualTo(LimitExceededException.Limit.BATCH_BYTES));
        assertThatThrownBy(() -> store.write(new WriteBatch().set(b("k"), b("v"), -5)))
                .isInstanceOfSatisfying(InvalidExpiryException.class, e -> assertThat(e.expireAt()).isEqualTo(-5));
    }

    @Test
    void nanScoreIsRefusedAndNegativeZeroIsZero() {
        open();
        assertThatThrownBy(() -> store.execute(t -> t.zadd(b("z"), b("m"), Double.NaN)))
                .isInstanceOf(ScoreNotANumberException.class);
        assertThatThrownBy(() -> store.write(new WriteBatch().zadd(b("z"), b("m"), Double.NaN)))
                .isInstanceOf(ScoreNotANumberException.class);
        store.execute(t -> t.zadd(b("z"), b("m"), -0.0)).await();
        assertThat(Double.doubleToRawLongBits(store.<Double>read(t -> t.zscore(b("z"), b("m"))))).isZero();
    }

    @Test
    void sortedSetOrdersByScoreThenMemberAndRanges() {
        open();
        store.execute(t -> {
            t.zadd(b("z"), b("b"), 1);
            t.zadd(b("z"), b("a"), 1);
            t.zadd(b("z"), b("c"), 0.5);
            t.zadd(b("z"), b("d"), 3);
            return null;
        }).await();
        assertThat(store.<List<ScoredMember>>read(t -> t.zrangeByRank(b("z"), 0, -1))).extracting(ScoredMember::member)
                .containsExactly("c", "a", "b", "d");
        assertThat(store.<List<ScoredMember>>read(t -> t.zrangeByRank(b("z"), -2, -1))).extracting(ScoredMember::member)
                .containsExactly("b", "d");
        assertThat(store.<List<ScoredMember>>read(t -> t.zrangeByScore(b("z"), 1, 3, 1, 5))).extracting(ScoredMember::member)
                .containsExactly("b", "d");
        assertThat(store.<Long>read(t -> t.zrank(b("z"), b("b")))).isEqualTo(2L);
        store.execute(t -> t.zadd(b("z"), b("c"), 10)).await();
        assertThat(store.<Long>read(t -> t.zrank(b("z"), b("c")))).isEqualTo(3L);
        assertThat(store.execute(t -> t.zrem(b("z"), b("a"))).value()).isTrue();
        assertThat(store.<Integer>read(t -> t.zcard(b("z")))).isEqualTo(3);
    }

    @Test
    void lastFieldRemovedDeletesTheKey() {
        open();
        store.execute(t -> t.hset(b("h"), b("f"), b("v"))).await();
        store.execute(t -> t.hdel(b("h"), b("f"))).await();
        assertThat(store.<ValueType>read(t -> t.type(b("h")))).isEqualTo(ValueType.NONE);
        reopen();
        assertThat(store.stats().keys()).isZero();
    }

    @Test
    void readViewSeesOneMomentWhileWritersContinue() {
        open();
        for (int i = 0; i < 2_000; i++) {
            int n = i;
            store.execute(t -> {
                t.set(b("k" + n), b("v" + n), 0);
                t.hset(b("h"), b("f" + n), b("x"));
                return null;
            });
        }
        try (ReadView view = store.openReadView()) {
            long lsn = view.lsn();
            for (int i = 0; i < 2_000; i += 2) {
                int n = i;
                store.execute(t -> {
                    t.delete(b("k" + n));
                    t.hset(b("h"), b("f" + n), b("changed"));
                    return null;
                });
            }
            store.set(b("new"), b("1"));
            assertThat(view.lsn()).isEqualTo(lsn);
            assertThat(view.get(b("k0"))).isEqualTo(b("v0"));
            assertThat(view.get(b("new"))).isNull();
            assertThat(view.scanKeys(null, false, 10_000)).hasSize(2_001);
            Map.Entry<byte[], byte[]> any = view.hgetAll(b("h")).stream()
                    .filter(e -> new String(e.getKey()).equals("f0")).findFirst().orElseThrow();
            assertThat(any.getValue()).isEqualTo(b("x"));
            assertThat(store.<byte[]>read(t -> t.hget(b("h"), b("f0")))).isEqualTo(b("changed"));
        }
        assertThat(store.stats().openViews()).isZero();
    }

    @Test
    void changeStreamSeesEveryCommitInOrderWithItsLsn() throws Exception {
        open();
        List<Long> lsns = new ArrayList<>();
        List<Mutation> seen = new ArrayList<>();
        try (var sub = store.subscribe((lsn, ms) -> {
            lsns.add(lsn);
            seen.addAll(ms);
        })) {
            store.set(b("a"), b("1"));
            store.execute(t -> {
                t.hset(b("h"), b("f"), b("v"));
                t.delete(b("a"));
                return null;
            });
            store.execute(t -> t.delete(b("missing"))); // no change, no event
        }
        store.set(b("after"), b("1"));
        assertThat(lsns).containsExactly(1L, 2L);
        assertThat(seen).hasSize(3);
        assertThat(seen.get(0)).isInstanceOf(Mutation.PutString.class);
        assertThat(seen.get(1)).isInstanceOf(Mutation.HashPut.class);
        assertThat(seen.get(2)).isInstanceOf(Mutation.Delete.class);
    }

    @Test
    void rangeScanReturnsKeysInOrderFromAStartKey() {
        open();
        for (int i = 0; i < 100; i++) {
            store.set(b(String.format("user:%03d", i)), b("x"));
        }
        store.set(b("other"), b("x"));
        List<byte[]> page = store.<List<byte[]>>read(t -> t.scanKeys(b("user:050"), false, 5));
        assertThat(page).extracting(String::new).containsExactly("user:050", "user:051", "user:052", "user:053", "user:054");
    }

    @Test
    void cursorScanReturnsEveryKeyPresentThroughoutDespiteConcurrentChanges() {
        open();
        for (int i = 0; i < 1_000; i++) {
            store.set(b(String.format("k%04d", i)), b("x"));
        }
        List<String> seen = new ArrayList<>();
        byte[] cursor = null;
        int round = 0;
        while (true) {
            byte[] from = cursor;
            List<byte[]> page = store.<List<byte[]>>read(t -> t.scanKeys(from, true, 37));
            if (page.isEmpty()) {
                break;
            }
            page.forEach(k -> seen.add(new String(k)));
            cursor = page.get(page.size() - 1);
            int r = round++;
            store.execute(t -> { // churn: add keys everywhere and delete odd keys >= 500
                t.set(b(String.format("k%04d-new%d", r * 7 % 1000, r)), b("y"), 0);
                if (r < 250) {
                    t.delete(b(String.format("k%04d", 501 + 2 * r)));
                }
                return null;
            });
        }
        for (int i = 0; i < 1_000; i++) {
            boolean deleted = i >= 501 && i % 2 == 1;
            if (!deleted) {
                assertThat(seen).contains(String.format("k%04d", i));
            }
        }
        assertThat(seen).doesNotHaveDuplicates();
    }

    @Test
    void checkpointWritesASnapshotAndDropsTheLogBeforeIt() throws Exception {
        store = Store.open(config().segmentBytes(4096).checkpointsToKeep(1).build(), LocalFileSystem.INSTANCE, clock);
        for (int i = 0; i < 500; i++) {
            store.set(b("key" + i), b("value" + i));
        }
        store.execute(t -> t.zadd(b("z"), b("m"), 1.5)).await();
        CheckpointInfo info = store.checkpoint().join();
        assertThat(info.entries()).isEqualTo(501);
        assertThat(info.lsn()).isEqualTo(501);
        store.set(b("after"), b("1")).await();
        long segments = java.nio.file.Files.list(dir).filter(p -> p.toString().endsWith(".log")).count();
        assertThat(segments).isLessThanOrEqualTo(2);
        reopen();
        RecoveryStats r = store.recoveryStats();
        assertThat(r.snapshotLsn()).isEqualTo(501);
        assertThat(r.snapshotEntries()).isEqualTo(501);
        assertThat(r.walRecords()).isEqualTo(1);
        assertThat(store.get(b("key499"))).isEqualTo(b("value499"));
        assertThat(store.get(b("after"))).isEqualTo(b("1"));
        assertThat(store.<Double>read(t -> t.zscore(b("z"), b("m")))).isEqualTo(1.5);
    }

    @Test
    void damagedNewestSnapshotFallsBackToTheOlderOneAndTheLog() throws Exception {
        open();
        store.set(b("a"), b("1")).await();
        store.checkpoint().join();
        store.set(b("b"), b("2")).await();
        CheckpointInfo newest = store.checkpoint().join();
        store.set(b("c"), b("3")).await();
        store.close();
        Path snap = dir.resolve(newest.file());
        byte[] bytes = java.nio.file.Files.readAllBytes(snap);
        bytes[40] ^= 0x11;
        java.nio.file.Files.write(snap, bytes);
        open();
        assertThat(store.recoveryStats().skippedSnapshots()).contains(newest.file()).contains("checksum mismatch");
        assertThat(store.get(b("a"))).isEqualTo(b("1"));
        assertThat(store.get(b("b"))).isEqualTo(b("2"));
        assertThat(store.get(b("c"))).isEqualTo(b("3"));
    }

    @Test
    void noneModeKeepsOnlyWhatACheckpointSaved() {
        store = Store.open(config().walMode(WalMode.NONE).build(), LocalFileSystem.INSTANCE, clock);
        store.set(b("saved"), b("1")).await();
        store.checkpoint().join();
        store.set(b("lost"), b("2")).await();
        reopen(); // reopens with WRITE mode config, which is fine: the log is empty
        assertThat(store.get(b("saved"))).isEqualTo(b("1"));
        assertThat(store.get(b("lost"))).isNull();
    }

    @Test
    void secondStoreOnTheSameDirectoryIsRefused() {
        open();
        assertThatThrownBy(() -> Store.open(config().build(), LocalFileSystem.INSTANCE, Clock.SYSTEM))
                .isInstanceOf(StorageIOException.class)
                .hasMessageContaining("locked");
    }

    @Test
    void badConfigurationIsRejectedWithTheValueAndTheRule() {
        assertThatThrownBy(() -> StoreConfig.builder(dir).checkpointsToKeep(0).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("checkpointsToKeep: 0 (expected: 1 <= checkpointsToKeep <= 100)");
        assertThatThrownBy(() -> StoreConfig.builder(dir).segmentBytes(10).build())
                .hasMessageContaining("segmentBytes: 10");
        assertThatThrownBy(() -> StoreConfig.builder(dir).expiryCycle(Duration.ZERO).build())
                .hasMessage("expiryCycle: 0 (expected: > 0)");
    }

    @Test
    void writesInsideAFailingBodyStayAppliedAndLogged() {
        open();
        assertThatThrownBy(() -> store.execute(t -> {
            t.set(b("a"), b("1"), 0);
            return t.hset(b("a"), b("f"), b("v"));
        })).isInstanceOf(WrongTypeException.class);
        assertThat(store.get(b("a"))).isEqualTo(b("1"));
        reopen();
        assertThat(store.get(b("a"))).isEqualTo(b("1"));
    }
}
