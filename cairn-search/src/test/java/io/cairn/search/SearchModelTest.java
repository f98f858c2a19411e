package io.cairn.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.testkit.Seeds;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long randomized run against a model: documents and hashes written, rewritten, retyped, deleted,
 * expired (at once and later, reclaimed by the store), and the keyspace flushed now and then, with
 * two indexes following. Every few hundred operations a search must agree with the model (so every
 * acknowledged write is visible), and at the end FT.CHECK must find the index and the data equal.
 * Replay with {@code -Dcairn.seed=<printed seed>}.
 */
class SearchModelTest {
    private static final List<String> WORDS = List.of("alpha", "bravo", "charlie", "delta", "echo", "foxtrot",
            "golf", "hotel");

    @TempDir
    Path dir;

    /** One key's state in the model: a document's words, or a hash's age, and when it expires (0: never). */
    private record Entry(boolean json, String word, int age, long expiresAt) {
    }

    @Test
    void indexesFollowARandomizedRunAndMatchTheData() throws Exception {
        run(Seeds.seed(), 3_000);
    }

    @Test
    @Tag("long")
    void indexesFollowALongRandomizedRun() throws Exception {
        run(Seeds.seed(), 60_000);
    }

    private void run(long seed, int operations) throws Exception {
        RandomGenerator rnd = Seeds.random(seed);
        try (SearchFixture f = new SearchFixture(dir)) {
            f.create("docs ON JSON PREFIX 1 d: SCHEMA $.word AS word TEXT $.n AS n NUMERIC");
            f.create("people ON HASH PREFIX 1 h: SCHEMA age NUMERIC");
            Map<String, Entry> model = new HashMap<>();
            for (int op = 1; op <= operations; op++) {
                boolean json = rnd.nextBoolean();
                String key = (json ? "d:" : "h:") + rnd.nextInt(200);
                int roll = rnd.nextInt(100);
                long now = System.currentTimeMillis();
                Entry old = live(model, key, now);
                if (roll < 45) {
                    String word = WORDS.get(rnd.nextInt(WORDS.size()));
                    int age = rnd.nextInt(100);
                    long keep = old == null || old.json() != json ? 0 : old.expiresAt();
                    if (old == null || old.json() != json) {
                        f.del(key); // a string or the other type may be in the way
                    }
                    if (json) {
                        f.json(key, "{\"word\":\"" + word + "\",\"n\":" + age + "}");
                    } else {
                        f.hset(key, "age", Integer.toString(age), "name", word);
                    }
                    model.put(key, new Entry(json, word, age, keep));
                } else if (roll < 60) {
                    f.del(key);
                    model.remove(key);
                } else if (roll < 68 && old != null) {
                    long at = rnd.nextBoolean() ? now - 1 : now + 20 + rnd.nextInt(200);
                    f.store.execute(t -> t.expireAt(SearchFixture.b(key), at)).durable().join();
                    if (at <= now) {
                        model.remove(key);
                    } else {
                        model.put(key, new Entry(old.json(), old.word(), old.age(), at));
                    }
                } else if (roll < 75) {
                    f.store.execute(t -> {
                        t.set(SearchFixture.b(key), SearchFixture.b("a string now"), 0);
                        return null;
                    }).durable().join();
                    model.remove(key);
                } else if (roll < 76 && rnd.nextInt(10) == 0) {
                    f.store.execute(t -> {
                        t.flushAll();
                        return null;
                    }).durable().join();
                    model.clear();
                } else if (!json && old != null && !old.json()) {
                    f.store.execute(t -> t.hdel(SearchFixture.b(key), SearchFixture.b("age"))).durable().join();
                    model.put(key, new Entry(false, old.word(), -1, old.expiresAt()));
                }
                if (op % 250 == 0) {
                    settleExpiries(f, model);
                    compare(f, model);
                }
            }
            settleExpiries(f, model);
            compare(f, model);
            for (String index : List.of("docs", "people")) {
                CheckReport c = f.search.check(index);
                assertThat(c.consistent()).as("FT.CHECK %s after %d operations: %s", index, operations, c).isTrue();
            }
            long docs = model.values().stream().filter(Entry::json).count();
            assertThat(f.search.check("docs").inData()).isEqualTo(docs);
        }
    }

    private static Entry live(Map<String, Entry> model, String key, long now) {
        Entry e = model.get(key);
        return e == null || e.expiresAt() != 0 && e.expiresAt() <= now ? null : e;
    }

    /**
     * Waits until every expiry set so far has passed (at most ~220 ms ahead), lets the store reclaim
     * the keys (publishing their expiry to the indexes) and drops them from the model, so no key
     * expires between the model's answer and the search's.
     */
    private static void settleExpiries(SearchFixture f, Map<String, Entry> model) throws InterruptedException {
        long latest = model.values().stream().mapToLong(Entry::expiresAt).max().orElse(0);
        long wait = latest - System.currentTimeMillis();
        if (wait >= 0) {
            Thread.sleep(wait + 2); // an expiry is a time, not an event: wait for it to pass
        }
        while (f.store.reclaimExpired(1_000_000) > 0) {
            // each pass reclaims what it walks over
        }
        long now = System.currentTimeMillis();
        model.entrySet().removeIf(e -> e.getValue().expiresAt() != 0 && e.getValue().expiresAt() <= now);
    }

    /** Every word's and the age range's counts as the model has them. */
    private static void compare(SearchFixture f, Map<String, Entry> model) {
        for (String w : WORDS) {
            long expected = model.values().stream().filter(e -> e.json() && e.word().equals(w)).count();
            assertThat(f.search("docs", w, "LIMIT", "0", "0").total()).as("documents with %s", w).isEqualTo(expected);
        }
        long adults = model.values().stream().filter(e -> !e.json() && e.age() >= 18).count();
        assertThat(f.search("people", "@age:[18 +inf]", "LIMIT", "0", "0").total()).as("hashes aged 18+").isEqualTo(adults);
    }
}
