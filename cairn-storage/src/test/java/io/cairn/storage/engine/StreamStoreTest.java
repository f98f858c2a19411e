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
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Streams through the store: every stream mutation logged and replayed, snapshotted, and seen by views. */
class StreamStoreTest {
    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    Store store;

    private static byte[] b(String s) {
        return Bytes.utf8(s);
    }

    private static StreamId id(long ms, long seq) {
        return new StreamId(ms, seq);
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

    /** Runs one of each stream write on "s". */
    static void everyWrite(Store store) {
        store.execute(t -> {
            StreamOps s = t.streams();
            for (int i = 1; i <= 5; i++) {
                s.append(b("s"), id(i, 0), new byte[][] {b("f"), b("v" + i)});
            }
            assertThat(s.trimHead(b("s"), 1)).isEqualTo(1); // 2 3 4 5
            assertThat(s.delete(b("s"), new StreamId[] {id(3, 0), id(9, 9), id(3, 0)})).isEqualTo(1); // 2 4 5
            s.putGroup(b("s"), b("g"), id(0, 0), 0);
            s.putGroup(b("s"), b("h"), id(5, 0), 5);
            s.putConsumer(b("s"), b("g"), b("alice"), 100, 100);
            s.putConsumer(b("s"), b("g"), b("bob"), 101, -1);
            s.claim(b("s"), b("g"), b("alice"), 100, new StreamId[] {id(2, 0), id(4, 0), id(5, 0)}, new long[] {1, 1, 1});
            s.claim(b("s"), b("g"), b("bob"), 200, new StreamId[] {id(4, 0)}, new long[] {2});
            assertThat(s.ack(b("s"), b("g"), new StreamId[] {id(2, 0), id(7, 0)})).isEqualTo(1);
            s.putGroup(b("s"), b("g"), id(5, 0), 3);
            s.putConsumer(b("s"), b("g"), b("carol"), 300, 300);
            assertThat(s.deleteConsumer(b("s"), b("g"), b("carol"))).isZero();
            s.putGroup(b("s"), b("x"), id(0, 0), -1);
            assertThat(s.deleteGroup(b("s"), b("x"))).isTrue();
            s.setId(b("s"), id(9, 1), 12, id(3, 0));
            s.create(b("empty"));
            return null;
        }).await();
    }

    /** What {@link #everyWrite} leaves. */
    static void checkEveryWrite(Store store) {
        store.read(t -> {
            StreamOps s = t.streams();
            assertThat(ids(s.range(b("s"), StreamId.MIN, StreamId.MAX, 0, false))).containsExactly("2-0", "4-0", "5-0");
            assertThat(s.meta(b("s"))).isEqualTo(new StreamOps.Meta(3, id(9, 1), id(2, 0), id(5, 0), 12, id(3, 0), 2));
            assertThat(names(s.groups(b("s")))).containsExactly("g", "h");
            StreamOps.Group g = s.group(b("s"), b("g"));
            assertThat(g.lastDelivered()).isEqualTo(id(5, 0));
            assertThat(g.entriesRead()).isEqualTo(3);
            assertThat(g.pending()).isEqualTo(2);
            List<StreamOps.Pending> p = s.pending(b("s"), b("g"), StreamId.MIN, StreamId.MAX, 0, null);
            assertThat(p).extracting(x -> x.id() + " " + str(x.consumer()) + " " + x.deliveryTime() + " " + x.deliveryCount())
                    .containsExactly("4-0 bob 200 2", "5-0 alice 100 1");
            assertThat(s.consumers(b("s"), b("g"))).extracting(c -> str(c.name()) + " " + c.pending() + " "
                    + c.seenTime() + " " + c.activeTime()).containsExactly("alice 1 100 100", "bob 1 101 -1");
            assertThat(s.meta(b("empty"))).isEqualTo(new StreamOps.Meta(0, StreamId.MIN, null, null, 0, StreamId.MIN, 0));
            return null;
        });
    }

    private static List<String> ids(List<StreamOps.Item> items) {
        List<String> out = new ArrayList<>();
        items.forEach(i -> out.add(i.id().toString()));
        return out;
    }

    private static List<String> names(List<StreamOps.Group> groups) {
        List<String> out = new ArrayList<>();
        groups.forEach(g -> out.add(str(g.name())));
        return out;
    }

    private static String str(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    @Test
    void everyStreamWriteIsReplayedFromTheLog() {
        open();
        everyWrite(store);
        checkEveryWrite(store);
        reopen();
        checkEveryWrite(store);
    }

    @Test
    void streamsSurviveACheckpointWithGroupsConsumersAndPendingEntries() {
        open();
        everyWrite(store);
        store.checkpoint().join();
        reopen();
        checkEveryWrite(store);
        assertThat(store.recoveryStats().snapshotEntries()).isEqualTo(2);
    }

    @Test
    void aReadViewKeepsTheStreamAndItsGroupsOfItsMoment() {
        open();
        everyWrite(store);
        try (ReadView v = store.openReadView()) {
            store.execute(t -> {
                StreamOps s = t.streams();
                s.append(b("s"), id(10, 0), new byte[][] {b("f"), b("new")});
                s.trimHead(b("s"), 2);
                s.putConsumer(b("s"), b("g"), b("dave"), 400, 400);
                s.claim(b("s"), b("g"), b("dave"), 400, new StreamId[] {id(10, 0), id(5, 0)}, new long[] {1, 2});
                s.ack(b("s"), b("g"), new StreamId[] {id(4, 0)});
                s.deleteGroup(b("s"), b("h"));
                return null;
            }).await();
            // what the view holds is the stream of its moment, groups and pending entries included
            StreamEntry seen = (StreamEntry) v.entry(b("s"));
            assertThat(seen.size()).isEqualTo(3);
            assertThat(seen.first()).isEqualTo(id(2, 0));
            assertThat(seen.groupCount()).isEqualTo(2);
            StreamEntry.Group g = seen.group(b("g"));
            assertThat(g.pending.keySet()).containsExactly(id(4, 0), id(5, 0));
            assertThat(g.consumers.keySet()).extracting(StreamStoreTest::str).containsExactly("alice", "bob");
            assertThat(g.consumers.get(b("alice")).pending).containsExactly(id(5, 0));
            store.checkpoint().join();
            store.execute(t -> t.streams().delete(b("s"), new StreamId[] {id(10, 0)})).await();
        }
        store.read(t -> {
            StreamOps s = t.streams();
            assertThat(ids(s.range(b("s"), StreamId.MIN, StreamId.MAX, 0, false))).containsExactly("5-0");
            assertThat(s.pending(b("s"), b("g"), StreamId.MIN, StreamId.MAX, 0, null))
                    .extracting(p -> p.id() + " " + str(p.consumer())).containsExactly("5-0 dave", "10-0 dave");
            return null;
        });
        reopen();
        store.read(t -> {
            assertThat(t.streams().group(b("s"), b("h"))).isNull();
            assertThat(t.streams().consumer(b("s"), b("g"), b("dave")).pending()).isEqualTo(2);
            return null;
        });
    }

    @Test
    void rangesFindIdsByBinarySearchAcrossChunks() {
        open();
        TreeMap<StreamId, String> model = new TreeMap<>();
        Random random = new Random(7);
        store.execute(t -> {
            long ms = 1;
            for (int i = 0; i < 5_000; i++) {
                ms += random.nextInt(3);
                StreamId next = id(ms, i);
                String v = "value-" + i + "-".repeat(random.nextInt(40));
                t.streams().append(b("s"), next, new byte[][] {b("f"), b(v)});
                model.put(next, v);
            }
            return null;
        }).await();
        for (int probe = 0; probe < 200; probe++) {
            StreamId a = id(random.nextInt(8_000), random.nextInt(5_000));
            StreamId z = id(a.ms() + random.nextInt(500), random.nextInt(5_000));
            int count = random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(50);
            List<String> expected = new ArrayList<>();
            for (StreamId k : model.subMap(a, true, z, true).keySet()) {
                if (count > 0 && expected.size() == count) {
                    break;
                }
                expected.add(k.toString());
            }
            List<String> actual = store.read(t -> ids(t.streams().range(b("s"), a, z, count, false)));
            assertThat(actual).isEqualTo(expected);
            assertThat(store.<Long>read(t -> t.streams().countBefore(b("s"), a)))
                    .isEqualTo((long) model.headMap(a, false).size());
        }
        List<String> last = store.read(t -> ids(t.streams().range(b("s"), StreamId.MIN, StreamId.MAX, 3, true)));
        assertThat(last).containsExactly(model.lastKey().toString(), model.lowerKey(model.lastKey()).toString(),
                model.lowerKey(model.lowerKey(model.lastKey())).toString());
    }

    @Test
    void theStreamStaysWhenItsLastEntryGoesAndWrongOrderIsRefused() {
        open();
        store.execute(t -> {
            t.streams().append(b("s"), id(5, 0), new byte[][] {b("f"), b("v")});
            t.streams().delete(b("s"), new StreamId[] {id(5, 0)});
            return null;
        }).await();
        assertThat(store.<ValueType>read(t -> t.type(b("s")))).isEqualTo(ValueType.STREAM);
        assertThat(store.<Long>read(t -> t.streams().meta(b("s")).length())).isZero();
        assertThatThrownBy(() -> store.execute(t -> {
            t.streams().append(b("s"), id(5, 0), new byte[][] {b("f"), b("v")});
            return null;
        }).await()).isInstanceOf(IllegalArgumentException.class);
        store.execute(t -> {
            t.set(b("str"), b("x"), 0);
            return null;
        }).await();
        assertThatThrownBy(() -> store.read(t -> t.streams().meta(b("str")))).isInstanceOf(WrongTypeException.class);
    }
}
