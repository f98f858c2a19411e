package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link HashEntry} against a {@link HashMap} reference, across copy-on-write copies: a view's
 * entry must keep its contents while the live one changes, in both layouts and across the move
 * from one to the other. Seeded: {@code -Dcairn.seed.hash=<seed>} replays a failure (the field
 * hash is seeded per process, so the trie's shape still varies; the invariants checked hold for
 * every shape).
 */
class HashEntryTest {
    private static final byte[] KEY = bytes("h");

    /** The keyspace's epoch clock, with views opened and closed by hand. */
    static final class TestEpochs implements CowClock {
        long epoch;
        final List<Long> open = new ArrayList<>();

        @Override
        public long stamp() {
            return epoch;
        }

        @Override
        public boolean isShared(long createdEpoch) {
            return !open.isEmpty() && createdEpoch <= open.getLast();
        }

        long openView() {
            open.add(epoch);
            return epoch++;
        }

        void closeView(long viewEpoch) {
            open.remove(viewEpoch);
        }
    }

    private record View(long epoch, HashEntry entry, Map<String, String> model) {
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    private static Map<String, String> contents(HashEntry h) {
        Map<String, String> out = new HashMap<>();
        List<String> twice = new ArrayList<>();
        h.forEach((f, v) -> {
            if (out.put(text(f), text(v)) != null) {
                twice.add(text(f));
            }
        });
        assertThat(twice).as("fields visited twice").isEmpty();
        return out;
    }

    @Test
    void matchesAHashMapAcrossViews() {
        long seed = Long.getLong("cairn.seed.hash", new SplittableRandom().nextLong());
        System.err.println("[cairn] HashEntryTest seed " + seed + " (-Dcairn.seed.hash=" + seed + ")");
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int round = 0; round < 6; round++) {
            int fieldPool = new int[] {6, 40, 700, 3_000, 8_000, 30_000}[round];
            Encodings bounds = new Encodings(rnd.nextInt(1, 64), rnd.nextInt(4, 40), 512, 128, 64, 128, 64, -2, 0, 3000);
            runRound(rnd, fieldPool, bounds);
        }
    }

    private void runRound(SplittableRandom rnd, int fieldPool, Encodings bounds) {
        TestEpochs epochs = new TestEpochs();
        HashEntry live = HashEntry.empty(KEY, 0, epochs, 1);
        Map<String, String> model = new HashMap<>();
        List<View> views = new ArrayList<>();
        boolean wasBig = false;
        int ops = Math.max(2_000, fieldPool * 4);
        for (int op = 0; op < ops; op++) {
            int r = rnd.nextInt(1000);
            if (r < 3 && views.size() < 4) {
                views.add(new View(epochs.openView(), live, new HashMap<>(model)));
                continue;
            }
            if (r < 6 && !views.isEmpty()) {
                View v = views.remove(rnd.nextInt(views.size()));
                assertThat(contents(v.entry())).isEqualTo(v.model());
                epochs.closeView(v.epoch());
                continue;
            }
            // As Keyspace.mutable does before each write.
            if (epochs.isShared(live.epoch)) {
                live = live.copy(epochs.stamp());
            }
            String field = "f" + rnd.nextInt(fieldPool);
            boolean grow = model.size() < fieldPool / 2 || rnd.nextInt(3) > 0;
            if (r < 700 && grow || r >= 995) {
                String value = rnd.nextInt(50) == 0 ? "v".repeat(rnd.nextInt(30, 80)) : "v" + rnd.nextInt(1_000_000);
                String old = model.put(field, value);
                byte[] prev = live.put(bytes(field), bytes(value), epochs, bounds);
                same(op, prev, old);
            } else {
                String old = model.remove(field);
                byte[] prev = live.remove(bytes(field), epochs);
                same(op, prev, old);
            }
            if (live.size() != model.size()) {
                throw new AssertionError("op " + op + ": size " + live.size() + " (expected: " + model.size() + ")");
            }
            if (live.size() == 0) { // the keyspace drops the key with its last field; a later put makes a new hash
                live = HashEntry.empty(KEY, 0, epochs, 1);
                wasBig = false;
                continue;
            }
            if (live.encoding().equals("hashtable")) {
                wasBig = true;
            } else {
                assertThat(wasBig).as("a big hash never becomes small again").isFalse();
                assertThat(live.size()).isLessThanOrEqualTo((int) bounds.hashMaxListpackEntries());
            }
            if (op % 97 == 0) {
                String probe = "f" + rnd.nextInt(fieldPool);
                byte[] got = live.get(bytes(probe));
                assertThat(got == null ? null : text(got)).isEqualTo(model.get(probe));
            }
            if (op % (ops / 10) == 0) {
                check(live, model);
            }
        }
        check(live, model);
        for (View v : views) {
            assertThat(contents(v.entry())).isEqualTo(v.model());
        }
    }

    private static void same(int op, byte[] got, String expected) {
        if (got == null ? expected != null : !text(got).equals(expected)) {
            throw new AssertionError("op " + op + ": " + (got == null ? null : text(got)) + " (expected: " + expected + ")");
        }
    }

    private static void check(HashEntry live, Map<String, String> model) {
        assertThat(contents(live)).isEqualTo(model);
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, String> e : model.entrySet()) {
            byte[] v = live.get(bytes(e.getKey()));
            if (v == null || !text(v).equals(e.getValue())) {
                wrong.add(e.getKey());
            }
        }
        assertThat(wrong).as("fields get answers wrongly").isEmpty();
        Map<String, String> paged = new HashMap<>();
        List<String> twice = new ArrayList<>();
        long cursor = 0;
        int pages = 0;
        do {
            cursor = live.scanFields(cursor, 1 + pages % 50, (f, v) -> {
                if (paged.put(text(f), text(v)) != null) {
                    twice.add(text(f));
                }
            });
            pages++;
        } while (cursor != 0);
        assertThat(twice).as("fields paged twice").isEmpty();
        assertThat(paged).isEqualTo(model);
    }

    @Test
    void aSmallHashKeepsInsertionOrderAndMovesToTheTrieAtTheBound() {
        TestEpochs epochs = new TestEpochs();
        Encodings bounds = new Encodings(3, 8, 512, 128, 64, 128, 64, -2, 0, 3000);
        HashEntry h = HashEntry.empty(KEY, 0, epochs, 1);
        for (String f : List.of("c", "a", "b")) {
            h.put(bytes(f), bytes("1"), epochs, bounds);
        }
        List<String> order = new ArrayList<>();
        h.forEach((f, v) -> order.add(text(f)));
        assertThat(order).containsExactly("c", "a", "b");
        assertThat(h.encoding()).isEqualTo("listpack");
        h.put(bytes("a"), bytes("12345678"), epochs, bounds); // 8 bytes: still within the bound
        assertThat(h.encoding()).isEqualTo("listpack");
        h.put(bytes("d"), bytes("1"), epochs, bounds);
        assertThat(h.encoding()).isEqualTo("hashtable");
        assertThat(contents(h)).containsOnlyKeys("a", "b", "c", "d");

        HashEntry longValue = HashEntry.empty(KEY, 0, epochs, 1);
        longValue.put(bytes("a"), bytes("123456789"), epochs, bounds);
        assertThat(longValue.encoding()).isEqualTo("hashtable");
        HashEntry longField = HashEntry.empty(KEY, 0, epochs, 1);
        longField.put(bytes("123456789"), bytes("a"), epochs, bounds);
        assertThat(longField.encoding()).isEqualTo("hashtable");
    }

    @Test
    void theFirstWriteAfterAViewOpenedCopiesOnePathNotTheHash() {
        TestEpochs epochs = new TestEpochs();
        HashEntry h = HashEntry.empty(KEY, 0, epochs, 1);
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            h.put(bytes("field:" + i), bytes("value:" + i), epochs, Encodings.DEFAULTS);
        }
        Set<Object> before = nodes(h);
        epochs.openView();
        HashEntry copy = h.copy(epochs.stamp());
        copy.put(bytes("field:7"), bytes("changed"), epochs, Encodings.DEFAULTS);
        copy.put(bytes("new field"), bytes("added"), epochs, Encodings.DEFAULTS);

        Set<Object> after = nodes(copy);
        after.removeAll(before);
        // Each write copies the leaf it changes and the inner nodes above it, a handful of nodes.
        assertThat(after).hasSizeLessThanOrEqualTo(2 * (FieldTrie.MAX_DEPTH + 1));
        assertThat(after).hasSizeLessThanOrEqualTo(12);
        for (Object node : after) {
            if (node instanceof FieldTrie.Leaf l) {
                assertThat(l.count).isLessThanOrEqualTo(FieldTrie.SPLIT_ABOVE + 1);
            }
        }
        assertThat(text(h.get(bytes("field:7")))).isEqualTo("value:7");
        assertThat(h.get(bytes("new field"))).isNull();
        assertThat(h.size()).isEqualTo(n);
        assertThat(text(copy.get(bytes("field:7")))).isEqualTo("changed");
        assertThat(copy.size()).isEqualTo(n + 1);
    }

    @Test
    void theTrieKeepsItsInvariantsThroughSplitsAndMerges() {
        TestEpochs epochs = new TestEpochs();
        HashEntry h = HashEntry.empty(KEY, 0, epochs, 1);
        Encodings bounds = Encodings.DEFAULTS;
        for (int i = 0; i < 50_000; i++) {
            h.put(bytes("k" + i), bytes("v"), epochs, bounds);
        }
        checkTrie(h);
        for (int i = 0; i < 49_990; i++) {
            assertThat(h.remove(bytes("k" + i), epochs)).isNotNull();
            if (i % 5_000 == 0) {
                checkTrie(h);
            }
        }
        checkTrie(h);
        assertThat(tableOf(h)).as("a trie emptied to 10 fields is one leaf again").isInstanceOf(FieldTrie.Leaf.class);
        assertThat(contents(h)).hasSize(10);
    }

    @Test
    void aCursorVisitsEveryFieldPresentThroughoutWhileTheHashChanges() {
        long seed = Long.getLong("cairn.seed.hash", new SplittableRandom().nextLong());
        System.err.println("[cairn] HashEntryTest seed " + seed + " (-Dcairn.seed.hash=" + seed + ")");
        SplittableRandom rnd = new SplittableRandom(seed);
        TestEpochs epochs = new TestEpochs();
        HashEntry h = HashEntry.empty(KEY, 0, epochs, 1);
        for (int i = 0; i < 20_000; i++) {
            h.put(bytes("stable:" + i), bytes("v"), epochs, Encodings.DEFAULTS);
        }
        Set<String> seen = new HashSet<>();
        List<String> twice = new ArrayList<>();
        long cursor = 0;
        int churn = 0;
        do {
            cursor = h.scanFields(cursor, rnd.nextInt(1, 300), (f, v) -> {
                if (!seen.add(text(f))) {
                    twice.add(text(f));
                }
            });
            // Grow and shrink between pages, so leaves split and merge under the cursor.
            for (int i = 0; i < 400; i++, churn++) {
                h.put(bytes("churn:" + churn), bytes("v"), epochs, Encodings.DEFAULTS);
            }
            for (int i = churn - 400; i < churn - 50; i++) {
                h.remove(bytes("churn:" + i), epochs);
            }
        } while (cursor != 0);
        List<String> missed = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            if (!seen.contains("stable:" + i)) {
                missed.add("stable:" + i);
            }
        }
        assertThat(missed).as("fields present throughout but never visited").isEmpty();
        assertThat(twice).as("fields visited twice").isEmpty();
    }

    /** Every trie node reachable from the hash, by identity. */
    private static Set<Object> nodes(HashEntry h) {
        Set<Object> out = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        Object table = tableOf(h);
        if (table instanceof FieldTrie.Node n) {
            collect(n, out);
        } else {
            out.add(table);
        }
        return out;
    }

    private static void collect(FieldTrie.Node n, Set<Object> out) {
        out.add(n);
        if (n instanceof FieldTrie.Inner in) {
            for (FieldTrie.Node c : in.children) {
                if (c != null) {
                    collect(c, out);
                }
            }
        }
    }

    private static Object tableOf(HashEntry h) {
        return h.table();
    }

    private static void checkTrie(HashEntry h) {
        Object t = tableOf(h);
        assertThat(t).isInstanceOf(FieldTrie.Node.class);
        assertThat(checkNode((FieldTrie.Node) t, 0, 0)).isEqualTo(h.size());
    }

    /** Checks counts, order and placement below {@code n}; returns its field count. */
    private static int checkNode(FieldTrie.Node n, int depth, long prefix) {
        if (n instanceof FieldTrie.Inner in) {
            int sum = 0;
            for (int i = 0; i < FieldTrie.FANOUT; i++) {
                if (in.children[i] != null) {
                    sum += checkNode(in.children[i], depth + 1, prefix | ((long) i << (64 - FieldTrie.BITS * (depth + 1))));
                }
            }
            assertThat(in.count).isEqualTo(sum);
            assertThat(sum).isGreaterThanOrEqualTo(FieldTrie.MERGE_BELOW);
            return sum;
        }
        FieldTrie.Leaf l = (FieldTrie.Leaf) n;
        for (int i = 0; i < l.count; i++) {
            assertThat(l.hashes[i]).isEqualTo(FieldHash.of(l.fields[i]));
            if (i > 0) {
                assertThat(Long.compareUnsigned(l.hashes[i - 1], l.hashes[i])).isLessThanOrEqualTo(0);
            }
            if (depth > 0) {
                long mask = -1L << (64 - FieldTrie.BITS * depth);
                assertThat(l.hashes[i] & mask).isEqualTo(prefix);
            }
        }
        assertThat(l.count).isPositive();
        return l.count;
    }
}
