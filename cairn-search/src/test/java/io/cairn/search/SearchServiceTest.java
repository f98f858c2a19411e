package io.cairn.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SearchServiceTest {
    @TempDir
    Path dir;
    SearchFixture f;

    @BeforeEach
    void open() {
        f = new SearchFixture(dir);
        f.create("idx ON JSON PREFIX 1 doc: SCHEMA $.title AS title TEXT WEIGHT 5 $.body AS body TEXT"
                + " $.year AS year NUMERIC $.tags AS tags TAG $.views AS views NUMERIC");
    }

    @AfterEach
    void close() {
        f.close();
    }

    private void corpus() {
        f.json("doc:1", "{\"title\":\"Wolves of the north\",\"body\":\"A pack of wolves running through snow\","
                + "\"year\":2004,\"tags\":[\"nature\",\"animals\"],\"views\":10}");
        f.json("doc:2", "{\"title\":\"Forest trees\",\"body\":\"Tall trees and quiet wolves\",\"year\":2010,"
                + "\"tags\":\"nature,plants\",\"views\":30}");
        f.json("doc:3", "{\"title\":\"City lights\",\"body\":\"Running through the city at night\",\"year\":2015,"
                + "\"tags\":[\"urban\"],\"views\":20}");
        f.json("other:1", "{\"title\":\"Wolves elsewhere\"}");
    }

    @Test
    void termsPhrasesPrefixesNegationAndUnions() {
        corpus();
        assertThat(f.keys("idx", "wolf")).as("stemmed: wolves is wolv, wolf is wolf").isEmpty();
        assertThat(f.keys("idx", "wolves")).containsExactlyInAnyOrder("doc:1", "doc:2");
        assertThat(f.keys("idx", "wolves snow")).containsExactly("doc:1");
        assertThat(f.keys("idx", "wolves -snow")).containsExactly("doc:2");
        assertThat(f.keys("idx", "snow | city")).containsExactlyInAnyOrder("doc:1", "doc:3");
        assertThat(f.keys("idx", "\"running through\"")).containsExactlyInAnyOrder("doc:1", "doc:3");
        assertThat(f.keys("idx", "\"through running\"")).isEmpty();
        assertThat(f.keys("idx", "tre*")).containsExactly("doc:2");
        assertThat(f.keys("idx", "%qiuet%")).containsExactly("doc:2"); // a transposition is one edit
        assertThat(f.keys("idx", "%qxyet%")).as("two edits from quiet").isEmpty();
        assertThat(f.keys("idx", "%%qxyet%%")).containsExactly("doc:2");
        assertThat(f.keys("idx", "@title:wolves")).containsExactly("doc:1");
        assertThat(f.keys("idx", "@title|body:(city)")).containsExactly("doc:3");
        assertThat(f.keys("idx", "-wolves")).containsExactly("doc:3");
        assertThat(f.keys("idx", "*")).hasSize(3);
        assertThat(f.keys("idx", "the")).as("a stop word alone matches nothing").isEmpty();
    }

    @Test
    void rangesTagsAndTheirCombinations() {
        corpus();
        assertThat(f.keys("idx", "@year:[2004 2010]")).containsExactlyInAnyOrder("doc:1", "doc:2");
        assertThat(f.keys("idx", "@year:[(2004 2010]")).containsExactly("doc:2");
        assertThat(f.keys("idx", "@year:[2004 (2010]")).containsExactly("doc:1");
        assertThat(f.keys("idx", "@year:[-inf +inf]")).hasSize(3);
        assertThat(f.keys("idx", "@tags:{nature}")).containsExactlyInAnyOrder("doc:1", "doc:2");
        assertThat(f.keys("idx", "@tags:{urban | plants}")).containsExactlyInAnyOrder("doc:2", "doc:3");
        assertThat(f.keys("idx", "@tags:{NATURE}")).as("tags are case-insensitive by default").hasSize(2);
        assertThat(f.keys("idx", "@tags:{ani*}")).containsExactly("doc:1");
        assertThat(f.keys("idx", "wolves @year:[2005 +inf]")).containsExactly("doc:2");
        assertThat(f.keys("idx", "running", "FILTER", "year", "2010", "2020")).containsExactly("doc:3");
    }

    @Test
    void weightsOrderBySortByAndPages() {
        corpus();
        // "wolves" in the title (weight 5) outranks the body
        assertThat(f.keys("idx", "wolves")).containsExactly("doc:1", "doc:2");
        assertThat(f.keys("idx", "*", "SORTBY", "views", "DESC")).containsExactly("doc:2", "doc:3", "doc:1");
        assertThat(f.keys("idx", "*", "SORTBY", "views", "ASC", "LIMIT", "1", "2")).containsExactly("doc:3", "doc:2");
        SearchResult r = f.search("idx", "*", "LIMIT", "0", "0");
        assertThat(r.total()).isEqualTo(3);
        assertThat(r.hits()).isEmpty();
        assertThat(f.search("idx", "*", "LIMIT", "10", "10").total()).isEqualTo(3);
        assertThatThrownBy(() -> f.search("idx", "*", "SORTBY", "title")).hasMessageContaining("not sortable");
    }

    @Test
    void returnsDocumentsFieldsScoresAndHighlights() {
        corpus();
        SearchResult.Hit whole = f.search("idx", "snow").hits().getFirst();
        assertThat(whole.fields()).hasSize(1);
        assertThat(whole.fields().getFirst().getKey()).isEqualTo("$");
        assertThat(new String(whole.fields().getFirst().getValue(), StandardCharsets.UTF_8)).startsWith("{\"title\":\"Wolves");
        SearchResult.Hit some = f.search("idx", "snow", "RETURN", "3", "title", "$.year", "missing").hits().getFirst();
        assertThat(some.fields()).extracting(Map.Entry::getKey).containsExactly("title", "$.year");
        assertThat(some.fields()).extracting(e -> new String(e.getValue(), StandardCharsets.UTF_8))
                .containsExactly("Wolves of the north", "2004");
        SearchResult scored = f.search("idx", "wolves", "WITHSCORES", "NOCONTENT");
        assertThat(scored.hits().getFirst().score()).isGreaterThan(scored.hits().get(1).score()).isPositive();
        assertThat(scored.hits().getFirst().fields()).isNull();
        SearchResult.Hit lit = f.search("idx", "running", "RETURN", "1", "body", "HIGHLIGHT", "TAGS", "[", "]").hits()
                .stream().filter(h -> new String(h.key()).equals("doc:3")).findFirst().orElseThrow();
        assertThat(new String(lit.fields().getFirst().getValue(), StandardCharsets.UTF_8))
                .isEqualTo("[Running] through the city at night");
    }

    @Test
    void everyAcknowledgedWriteIsSeenByTheNextSearch() {
        for (int i = 0; i < 300; i++) {
            f.json("doc:" + i, "{\"title\":\"token" + i + "\",\"year\":" + i + "}");
            assertThat(f.keys("idx", "token" + i)).containsExactly("doc:" + i);
            if (i % 3 == 0) {
                f.del("doc:" + i);
                assertThat(f.keys("idx", "token" + i)).isEmpty();
            }
        }
        assertThat(f.search("idx", "*", "LIMIT", "0", "0").total()).isEqualTo(200);
    }

    @Test
    void concurrentWritersSeeTheirOwnWritesInSearches() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                int writer = w;
                results.add(pool.submit(() -> {
                    int misses = 0;
                    for (int i = 0; i < 150; i++) {
                        String id = "w" + writer + "x" + i;
                        f.json("doc:" + id, "{\"title\":\"" + id + "\",\"tags\":\"w" + writer + "\"}");
                        if (!f.keys("idx", id).equals(List.of("doc:" + id))) {
                            misses++;
                        }
                    }
                    return misses;
                }));
            }
            for (Future<Integer> r : results) {
                assertThat(r.get()).as("searches that missed the writer's own acknowledged write").isZero();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(f.search("idx", "@tags:{w2}", "LIMIT", "0", "0").total()).isEqualTo(150);
    }

    @Test
    void updatesTypeChangesAndDeletesLeaveTheIndex() {
        f.json("doc:a", "{\"title\":\"alpha\"}");
        f.json("doc:a", "{\"title\":\"beta\"}");
        assertThat(f.keys("idx", "alpha")).isEmpty();
        assertThat(f.keys("idx", "beta")).containsExactly("doc:a");
        f.store.execute(t -> {
            t.set(SearchFixture.b("doc:a"), SearchFixture.b("now a string"), 0);
            return null;
        }).durable().join();
        assertThat(f.keys("idx", "beta")).isEmpty();
        f.json("doc:b", "{\"title\":\"gamma\"}");
        f.store.execute(t -> {
            t.flushAll();
            return null;
        }).durable().join();
        assertThat(f.keys("idx", "gamma")).isEmpty();
    }

    @Test
    void aFlushallInsideABatchEmptiesOnlyWhatCameBeforeIt() {
        // Rounds, because the race this guards (an indexer thread draining a batch's FLUSHALL
        // without the writes after it) depends on when each thread drains its queue.
        for (int round = 0; round < 25; round++) {
            for (int i = 0; i < 10; i++) {
                f.json("doc:old" + i, "{\"title\":\"old\"}");
            }
            String after = "after" + round;
            f.store.execute(t -> {
                t.setDocument(SearchFixture.b("doc:a"), io.cairn.document.codec.DocumentEncoder.encode(
                        io.cairn.document.json.JsonParser.parse("{\"title\":\"before\"}")));
                t.flushAll();
                for (int i = 0; i < 20; i++) { // keys that land on every indexer thread
                    t.setDocument(SearchFixture.b("doc:new" + i), io.cairn.document.codec.DocumentEncoder.encode(
                            io.cairn.document.json.JsonParser.parse("{\"title\":\"" + after + "\"}")));
                }
                return null;
            }).durable().join();
            assertThat(f.keys("idx", "old")).as("round %d", round).isEmpty();
            assertThat(f.keys("idx", "before")).as("round %d", round).isEmpty();
            assertThat(f.search("idx", after, "LIMIT", "0", "0").total()).as("round %d", round).isEqualTo(20);
        }
        assertThat(f.search.check("idx").consistent()).isTrue();
    }

    @Test
    void anExpiredKeyIsNotAHitEvenBeforeItIsReclaimed() throws Exception {
        f.close();
        f.open(java.time.Duration.ofHours(1)); // no background reclaim: the key stays indexed
        f.json("doc:short", "{\"title\":\"fleeting\"}");
        f.json("doc:long", "{\"title\":\"fleeting\"}");
        long at = System.currentTimeMillis() + 50;
        f.store.execute(t -> t.expireAt(SearchFixture.b("doc:short"), at)).durable().join();
        while (System.currentTimeMillis() <= at) {
            Thread.sleep(10); // an expiry is a time, not an event: wait for it to pass
        }
        assertThat(f.keys("idx", "fleeting", "NOCONTENT")).containsExactly("doc:long");
        assertThat(f.keys("idx", "fleeting")).containsExactly("doc:long");
        assertThat(f.search.check("idx").consistent()).as("FT.CHECK reclaims expired keys first").isTrue();
        assertThat(f.keys("idx", "fleeting", "NOCONTENT")).containsExactly("doc:long");
    }

    @Test
    void valuesOfTheWrongTypeFailTheDocumentAndAreCounted() {
        f.json("doc:ok", "{\"title\":\"fine\",\"year\":2001}");
        f.json("doc:bad", "{\"title\":\"fine\",\"year\":\"two thousand\"}");
        assertThat(f.keys("idx", "fine")).containsExactly("doc:ok");
        IndexInfo info = f.search.info("idx");
        assertThat(info.indexingFailures()).isEqualTo(1);
        assertThat(info.lastIndexingFailure()).contains("doc:bad").contains("year");
        assertThat(f.search.check("idx").consistent()).isTrue();
    }

    @Test
    void hashIndexFollowsFieldWrites() {
        f.create("people ON HASH PREFIX 1 p: SCHEMA name TEXT age NUMERIC city TAG");
        f.hset("p:1", "name", "Ada Lovelace", "age", "36", "city", "London");
        f.hset("p:2", "name", "Alan Turing", "age", "41", "city", "London");
        assertThat(f.keys("people", "@city:{london}")).containsExactlyInAnyOrder("p:1", "p:2");
        f.hset("p:2", "city", "Manchester");
        assertThat(f.keys("people", "@city:{london}")).containsExactly("p:1");
        f.store.execute(t -> t.hdel(SearchFixture.b("p:1"), SearchFixture.b("age"))).durable().join();
        assertThat(f.keys("people", "@age:[0 100]")).containsExactly("p:2");
        SearchResult.Hit h = f.search("people", "turing").hits().getFirst();
        assertThat(h.fields()).extracting(Map.Entry::getKey).containsExactlyInAnyOrder("name", "age", "city");
        f.hset("p:3", "name", "Grace", "age", "old");
        assertThat(f.keys("people", "grace")).isEmpty();
        assertThat(f.search.info("people").indexingFailures()).isEqualTo(1);
    }

    @Test
    void aggregateCountsFacetsAndReducers() {
        corpus();
        AggregateResult r = f.aggregate("idx", "*", "GROUPBY", "1", "@tags", "REDUCE", "COUNT", "0", "AS", "n",
                "REDUCE", "SUM", "1", "@views", "AS", "v", "SORTBY", "2", "@n", "DESC");
        assertThat(r.total()).isEqualTo(4);
        assertThat(rows(r)).first().isEqualTo(List.of("tags", "nature", "n", "2", "v", "40"));
        assertThat(rows(r)).contains(List.of("tags", "urban", "n", "1", "v", "20"));
        AggregateResult avg = f.aggregate("idx", "wolves", "GROUPBY", "1", "@year", "REDUCE", "AVG", "1", "@views",
                "SORTBY", "2", "@year", "ASC");
        assertThat(rows(avg)).containsExactly(List.of("year", "2004", "__generated_aliasavgviews", "10"),
                List.of("year", "2010", "__generated_aliasavgviews", "30"));
        assertThatThrownBy(() -> f.aggregate("idx", "*", "GROUPBY", "1", "@title"))
                .hasMessageContaining("cannot be grouped");
    }

    @Test
    void cursorsReadEveryMatchOncePageByPage() {
        for (int i = 0; i < 1_000; i++) {
            f.json("doc:" + i, "{\"title\":\"common\",\"year\":" + i + ",\"tags\":\"t" + (i % 7) + "\"}");
        }
        AggregateResult first = f.aggregate("idx", "common", "LOAD", "1", "@year", "WITHCURSOR", "COUNT", "64");
        Set<String> seen = new HashSet<>();
        AggregateResult page = first;
        int reads = 0;
        while (true) {
            for (List<String> row : rows(page)) {
                assertThat(seen.add(row.get(1))).as("row read twice: " + row).isTrue();
            }
            if (page.cursorId() == 0) {
                break;
            }
            page = f.search.cursorRead("idx", page.cursorId(), 0);
            reads++;
        }
        assertThat(seen).hasSize(1_000);
        assertThat(reads).isEqualTo(15);
        AggregateResult groups = f.aggregate("idx", "*", "GROUPBY", "1", "@tags", "REDUCE", "COUNT", "0",
                "WITHCURSOR", "COUNT", "5");
        assertThat(groups.rows()).hasSize(5);
        AggregateResult rest = f.search.cursorRead("idx", groups.cursorId(), 0);
        assertThat(rest.rows()).hasSize(2);
        assertThat(rest.cursorId()).isZero();
        assertThatThrownBy(() -> f.search.cursorRead("idx", rest.cursorId() + 12345, 0))
                .hasMessageStartingWith("Cursor not found");
    }

    @Test
    void deepPagesAreReachableWithoutACeiling() {
        for (int i = 0; i < 12_000; i++) {
            f.json("doc:" + i, "{\"title\":\"deep\",\"views\":" + i + "}");
        }
        assertThat(f.keys("idx", "deep", "SORTBY", "views", "ASC", "LIMIT", "11500", "3"))
                .containsExactly("doc:11500", "doc:11501", "doc:11502");
    }

    @Test
    void buildsOverExistingKeysInTheBackground() throws Exception {
        for (int i = 0; i < 3_000; i++) {
            f.json("art:" + i, "{\"title\":\"existing " + (i % 2 == 0 ? "even" : "odd") + "\"}");
        }
        f.create("arts ON JSON PREFIX 1 art: SCHEMA $.title AS title TEXT");
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (f.search.info("arts").indexing() && System.nanoTime() < deadline) {
            Thread.sleep(20); // the build runs on the index's own thread; FT.INFO is how a user waits too
        }
        assertThat(f.search.info("arts").indexing()).isFalse();
        assertThat(f.search("arts", "even", "LIMIT", "0", "0").total()).isEqualTo(1_500);
        assertThat(f.search.check("arts").consistent()).isTrue();
    }

    @Test
    void skippedInitialScanShowsInTheConsistencyCheck() {
        f.json("art:1", "{\"title\":\"before\"}");
        f.create("arts ON JSON PREFIX 1 art: SKIPINITIALSCAN SCHEMA $.title AS title TEXT");
        f.json("art:2", "{\"title\":\"after\"}");
        CheckReport c = f.search.check("arts");
        assertThat(c.consistent()).isFalse();
        assertThat(c.missing()).isEqualTo(1);
        assertThat(c.examples()).containsExactly("missing art:1");
        assertThat(c.inIndex()).isEqualTo(1);
    }

    @Test
    void indexesSurviveARestartAndACrash(@TempDir Path crashed) throws Exception {
        corpus();
        f.restart();
        assertThat(f.search.list()).containsExactly("idx");
        assertThat(f.keys("idx", "wolves")).containsExactly("doc:1", "doc:2");
        f.json("doc:4", "{\"title\":\"Wolves again\"}");
        try (SearchFixture after = f.crashCopy(crashed)) {
            assertThat(after.keys("idx", "wolves")).containsExactlyInAnyOrder("doc:1", "doc:2", "doc:4");
            assertThat(after.search.check("idx").consistent()).isTrue();
        }
    }

    @Test
    void aBuildStoppedByShutdownIsNotReusedAsComplete() throws Exception {
        for (int i = 0; i < 20_000; i++) {
            f.json("art:" + i, "{\"title\":\"t" + i + "\"}");
        }
        java.nio.file.Path path = dir.resolve("cut");
        var def = io.cairn.search.schema.CreateArguments.parseCreate(
                List.of("arts", "ON", "JSON", "PREFIX", "1", "art:", "SCHEMA", "$.title", "AS", "title", "TEXT")).definition();
        long lsn = f.store.lastLsn();
        var idx = new io.cairn.search.index.SearchIndex(def, "d", path, f.store, -1, true);
        idx.start();
        idx.close(lsn); // at once: the build is (almost surely) cut short; a finished one is fine too
        var reopened = new io.cairn.search.index.SearchIndex(def, "d", path, f.store, lsn, true);
        reopened.start();
        try {
            assertThat(reopened.awaitBuilt(60_000)).isTrue();
            reopened.awaitVisible(10_000);
            assertThat(reopened.docStats().numDocs).as("a cut build must be rebuilt, not reused").isEqualTo(20_000);
        } finally {
            reopened.close();
        }
    }

    @Test
    void dropIndexAndAlter() {
        corpus();
        f.search.alter(List.of("idx", "SCHEMA", "ADD", "$.extra", "AS", "extra", "TEXT"));
        f.json("doc:9", "{\"title\":\"x\",\"extra\":\"bonus\"}");
        assertThat(f.keys("idx", "@extra:bonus")).containsExactly("doc:9");
        f.search.drop("idx", true);
        assertThat(f.search.list()).isEmpty();
        boolean docGone = !f.store.<Boolean>read(t -> t.exists(SearchFixture.b("doc:1")));
        boolean otherKept = f.store.<Boolean>read(t -> t.exists(SearchFixture.b("other:1")));
        assertThat(docGone).as("DD deletes the index's documents").isTrue();
        assertThat(otherKept).as("keys outside the prefixes stay").isTrue();
        assertThatThrownBy(() -> f.search("idx", "*")).isInstanceOf(InvalidRequestException.class)
                .hasMessage("Unknown index name");
        assertThatThrownBy(() -> f.create("idx2 ON JSON SCHEMA $.a AS a TEXT $.b AS a TEXT"))
                .hasMessage("Duplicate field in schema - a");
    }

    static List<List<String>> rows(AggregateResult r) {
        List<List<String>> out = new ArrayList<>();
        for (var row : r.rows()) {
            List<String> flat = new ArrayList<>();
            for (var e : row) {
                flat.add(e.getKey());
                flat.add(e.getValue() == null ? null : new String(e.getValue(), StandardCharsets.UTF_8));
            }
            out.add(flat);
        }
        return out;
    }
}
