package io.cairn.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.ManualClock;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.StreamId;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.WalMode;
import io.cairn.testkit.Seeds;
import io.cairn.testkit.disk.CrashableDiskEngines;
import io.cairn.testkit.fs.CrashableFileSystem;
import io.cairn.testkit.model.StoreDump;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Random stream operations (appends, trims, deletes, ID changes, groups, consumers, claims and
 * acknowledgements) against the store and against a plain reference, compared across
 * checkpoints, reopens and simulated power losses. Streams grow to a few thousand entries, so
 * entries span many chunks and groups are copied on write under the checkpoints' views.
 * Reproducible with {@code -Dcairn.seed=...}.
 */
class StreamModelTest {
    private static final Path DIR = Path.of("/data");

    @Test
    void streamsFollowTheReferenceAcrossCheckpointsReopensAndCrashes() {
        run(Seeds.seed(), 15_000);
    }

    /** The same with database 0 a disk database (StoreModelTest.diskSettings), its engine crashing with the file system. */
    @Test
    void streamsOnDiskFollowTheReferenceAcrossCheckpointsReopensAndCrashes() {
        run(Seeds.seed(), 15_000, true);
    }

    @Test
    @Tag("long")
    void streamsFollowTheReferenceOverManySeeds() {
        long base = Seeds.seed();
        for (int i = 0; i < 20; i++) {
            run(base + i, 40_000, i % 2 == 1);
        }
    }

    private record Pending(String consumer, long time, long count) {
    }

    private static final class Group {
        StreamId last = StreamId.MIN;
        long entriesRead = -1;
        final TreeMap<String, long[]> consumers = new TreeMap<>(); // seen, active
        final TreeMap<StreamId, Pending> pending = new TreeMap<>();
    }

    private static final class Stream {
        final TreeMap<StreamId, String> entries = new TreeMap<>();
        StreamId lastId = StreamId.MIN;
        long added;
        StreamId maxDeleted = StreamId.MIN;
        final TreeMap<String, Group> groups = new TreeMap<>();

        String render() {
            StringBuilder out = new StringBuilder();
            entries.forEach((id, v) -> out.append(id).append("[f, ").append(v).append(']'));
            out.append(" last=").append(lastId).append(" added=").append(added).append(" maxdel=").append(maxDeleted);
            groups.forEach((name, g) -> {
                out.append(" group ").append(name).append(' ').append(g.last).append(' ').append(g.entriesRead);
                g.consumers.forEach((c, t) -> out.append(" consumer ").append(c).append(' ').append(t[0]).append(' ')
                        .append(t[1]));
                g.pending.forEach((id, p) -> out.append(" pending ").append(id).append(' ').append(p.consumer)
                        .append(' ').append(p.time).append(' ').append(p.count));
            });
            return out.toString();
        }
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static TreeMap<String, String> render(TreeMap<String, Stream> ref) {
        TreeMap<String, String> out = new TreeMap<>();
        ref.forEach((k, s) -> out.put(k, "stream:" + s.render() + "@0"));
        return out;
    }

    private static StreamId randomExisting(Stream s, RandomGenerator rnd) {
        if (s.entries.isEmpty() || rnd.nextInt(8) == 0) {
            return new StreamId(rnd.nextInt(20_000), rnd.nextInt(3));
        }
        StreamId probe = new StreamId(rnd.nextLong(s.entries.lastKey().ms() + 1), rnd.nextInt(3));
        StreamId found = s.entries.ceilingKey(probe);
        return found == null ? s.entries.lastKey() : found;
    }

    private static void run(long seed, int steps) {
        run(seed, steps, false);
    }

    private static void run(long seed, int steps, boolean disk) {
        CrashableDiskEngines engines = new CrashableDiskEngines(Seeds.random(seed + 1), 0.2);
        RandomGenerator rnd = Seeds.random(seed);
        CrashableFileSystem fs = new CrashableFileSystem();
        ManualClock clock = new ManualClock(1_000_000);
        StoreConfig config = StoreConfig.builder(DIR).walMode(WalMode.FSYNC).segmentBytes(16384)
                .checkpointsToKeep(1 + rnd.nextInt(2)).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0)
                .disk(StoreModelTest.diskSettings(disk, engines, rnd)).build();
        List<String> keys = List.of("s0", "s1", "s2", "s3");
        TreeMap<String, Stream> ref = new TreeMap<>();
        Store store = Store.open(config, fs, clock);
        try {
            for (int step = 0; step < steps; step++) {
                String key = keys.get(rnd.nextInt(keys.size()));
                byte[] k = b(key);
                Stream s = ref.get(key);
                String where = "seed=" + seed + " step=" + step + " key=" + key;
                int op = rnd.nextInt(1000);
                long now = clock.millis();
                if (op < 450) {
                    StreamId id = s == null ? new StreamId(1 + rnd.nextInt(3), 0)
                            : rnd.nextBoolean() ? s.lastId.next() : new StreamId(s.lastId.ms() + 1 + rnd.nextInt(5), rnd.nextInt(2));
                    String v = "v" + step + "-".repeat(rnd.nextInt(rnd.nextInt(20) == 0 ? 3000 : 30));
                    store.execute(t -> {
                        t.streams().append(k, id, new byte[][] {b("f"), b(v)});
                        return null;
                    }).await();
                    if (s == null) {
                        s = new Stream();
                        ref.put(key, s);
                    }
                    s.entries.put(id, v);
                    s.lastId = id;
                    s.added++;
                } else if (s == null) {
                    continue;
                } else if (op < 480) {
                    long n = rnd.nextInt(rnd.nextInt(5) == 0 ? 500 : 5);
                    long removed = store.execute(t -> t.streams().trimHead(k, n)).await();
                    long expected = Math.min(n, s.entries.size());
                    assertThat(removed).as(where).isEqualTo(expected);
                    for (long i = 0; i < expected; i++) {
                        s.entries.pollFirstEntry();
                    }
                } else if (op < 540) {
                    StreamId[] ids = new StreamId[1 + rnd.nextInt(3)];
                    for (int i = 0; i < ids.length; i++) {
                        ids[i] = randomExisting(s, rnd);
                    }
                    int removed = store.execute(t -> t.streams().delete(k, ids)).await();
                    int expected = 0;
                    for (StreamId id : java.util.Set.copyOf(List.of(ids))) {
                        if (s.entries.remove(id) != null) {
                            expected++;
                            if (id.after(s.maxDeleted)) {
                                s.maxDeleted = id;
                            }
                        }
                    }
                    assertThat(removed).as(where).isEqualTo(expected);
                } else if (op < 550) {
                    StreamId to = new StreamId(s.lastId.ms() + rnd.nextInt(3), s.lastId.seq() + 1);
                    long added = s.added + rnd.nextInt(3);
                    StreamId maxDel = s.maxDeleted;
                    store.execute(t -> {
                        t.streams().setId(k, to, added, maxDel);
                        return null;
                    }).await();
                    s.lastId = to;
                    s.added = added;
                } else if (op < 600) {
                    String g = "g" + rnd.nextInt(3);
                    StreamId last = randomExisting(s, rnd);
                    long read = rnd.nextInt(4) == 0 ? -1 : rnd.nextInt(1000);
                    store.execute(t -> {
                        t.streams().putGroup(k, b(g), last, read);
                        return null;
                    }).await();
                    Group grp = s.groups.computeIfAbsent(g, x -> new Group());
                    grp.last = last;
                    grp.entriesRead = read;
                } else if (op < 610) {
                    String g = "g" + rnd.nextInt(3);
                    boolean removed = store.execute(t -> t.streams().deleteGroup(k, b(g))).await();
                    assertThat(removed).as(where).isEqualTo(s.groups.remove(g) != null);
                } else if (s.groups.isEmpty()) {
                    continue;
                } else {
                    List<String> names = new ArrayList<>(s.groups.keySet());
                    String g = names.get(rnd.nextInt(names.size()));
                    Group grp = s.groups.get(g);
                    if (op < 680 || grp.consumers.isEmpty()) {
                        String c = "c" + rnd.nextInt(4);
                        long active = rnd.nextBoolean() ? -1 : now;
                        store.execute(t -> {
                            t.streams().putConsumer(k, b(g), b(c), now, active);
                            return null;
                        }).await();
                        grp.consumers.put(c, new long[] {now, active});
                    } else if (op < 700) {
                        List<String> cs = new ArrayList<>(grp.consumers.keySet());
                        String c = cs.get(rnd.nextInt(cs.size()));
                        long pending = store.execute(t -> t.streams().deleteConsumer(k, b(g), b(c))).await();
                        long expected = grp.pending.values().stream().filter(p -> p.consumer.equals(c)).count();
                        assertThat(pending).as(where).isEqualTo(expected);
                        grp.consumers.remove(c);
                        grp.pending.values().removeIf(p -> p.consumer.equals(c));
                    } else if (op < 800) {
                        List<String> cs = new ArrayList<>(grp.consumers.keySet());
                        String c = cs.get(rnd.nextInt(cs.size()));
                        StreamId[] ids = new StreamId[1 + rnd.nextInt(4)];
                        long[] counts = new long[ids.length];
                        java.util.Set<StreamId> distinct = new java.util.HashSet<>();
                        for (int i = 0; i < ids.length; i++) {
                            ids[i] = randomExisting(s, rnd);
                            distinct.add(ids[i]);
                            counts[i] = 1 + rnd.nextInt(5);
                        }
                        if (distinct.size() != ids.length) {
                            continue; // the commands claim each ID once
                        }
                        store.execute(t -> {
                            t.streams().claim(k, b(g), b(c), now, ids, counts);
                            return null;
                        }).await();
                        for (int i = 0; i < ids.length; i++) {
                            grp.pending.put(ids[i], new Pending(c, now, counts[i]));
                        }
                    } else if (op < 860) {
                        StreamId[] ids = new StreamId[1 + rnd.nextInt(3)];
                        List<StreamId> pend = new ArrayList<>(grp.pending.keySet());
                        for (int i = 0; i < ids.length; i++) {
                            ids[i] = pend.isEmpty() || rnd.nextInt(4) == 0 ? randomExisting(s, rnd)
                                    : pend.get(rnd.nextInt(pend.size()));
                        }
                        int acked = store.execute(t -> t.streams().ack(k, b(g), ids)).await();
                        int expected = 0;
                        for (StreamId id : java.util.Set.copyOf(List.of(ids))) {
                            if (grp.pending.remove(id) != null) {
                                expected++;
                            }
                        }
                        assertThat(acked).as(where).isEqualTo(expected);
                    } else if (op < 900) {
                        clock.advanceMillis(rnd.nextInt(1000));
                    } else if (op < 930) {
                        store.checkpoint().join();
                    } else if (op < 945) {
                        store.close();
                        store = Store.open(config, fs, clock);
                    } else if (op < 960) {
                        fs.crash(rnd); // power loss with everything acknowledged: nothing may be missing
                        engines.crash();
                        StoreModelTest.closeQuietly(store);
                        store = Store.open(config, fs, clock);
                    } else {
                        StreamId a = randomExisting(s, rnd);
                        StreamId z = new StreamId(a.ms() + rnd.nextInt(2000), rnd.nextInt(3));
                        int count = rnd.nextInt(3) == 0 ? 0 : 1 + rnd.nextInt(20);
                        boolean reverse = rnd.nextBoolean();
                        List<String> actual = store.read((Txn t) -> {
                            List<String> out = new ArrayList<>();
                            t.streams().range(k, a, z, count, reverse).forEach(i -> out.add(i.id().toString()));
                            return out;
                        });
                        List<String> expected = new ArrayList<>();
                        var range = a.compareTo(z) > 0 ? new TreeMap<StreamId, String>() : s.entries.subMap(a, true, z, true);
                        for (StreamId id : reverse ? range.descendingKeySet() : range.keySet()) {
                            if (count > 0 && expected.size() == count) {
                                break;
                            }
                            expected.add(id.toString());
                        }
                        assertThat(actual).as(where).isEqualTo(expected);
                    }
                }
                if (step % 200 == 0 || op >= 900 && op < 960) {
                    assertThat(StoreDump.render(store)).as(where).isEqualTo(render(ref));
                }
            }
            assertThat(StoreDump.render(store)).isEqualTo(render(ref));
            if (disk) {
                store.close();
                assertThat(engines.parts()).as("the entries of big streams, one part each").isPositive();
                store = Store.open(config, fs, clock);
                assertThat(StoreDump.render(store)).isEqualTo(render(ref));
            }
        } finally {
            StoreModelTest.closeQuietly(store);
        }
    }
}
