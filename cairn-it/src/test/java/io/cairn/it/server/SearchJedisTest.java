package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.json.JSONObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.json.Path2;
import redis.clients.jedis.search.Document;
import redis.clients.jedis.search.FTCreateParams;
import redis.clients.jedis.search.FTSearchParams;
import redis.clients.jedis.search.IndexDataType;
import redis.clients.jedis.search.SearchResult;
import redis.clients.jedis.search.aggr.AggregationBuilder;
import redis.clients.jedis.search.aggr.AggregationResult;
import redis.clients.jedis.search.aggr.Reducers;
import redis.clients.jedis.search.aggr.Row;
import redis.clients.jedis.search.aggr.SortedField;
import redis.clients.jedis.search.schemafields.NumericField;
import redis.clients.jedis.search.schemafields.TagField;
import redis.clients.jedis.search.schemafields.TextField;

/** Jedis's search and JSON API against Cairn: what an application written for RediSearch does. */
class SearchJedisTest {
    @TempDir
    Path dir;
    TestServer server;
    UnifiedJedis jedis;

    @BeforeEach
    void start() {
        server = TestServer.start(dir, "fsync");
        jedis = new UnifiedJedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().protocol(protocol()).timeoutMillis(30_000).build());
        jedis.ftCreate("books", FTCreateParams.createParams().on(IndexDataType.JSON).addPrefix("book:"),
                TextField.of("$.title").as("title").weight(2), TextField.of("$.summary").as("summary"),
                NumericField.of("$.year").as("year"), TagField.of("$.genres[*]").as("genres"));
        book(1, "The Left Hand of Darkness", "An envoy on a winter planet", 1969, "scifi", "classic");
        book(2, "The Dispossessed", "An anarchist physicist travels between worlds", 1974, "scifi", "politics");
        book(3, "A Wizard of Earthsea", "A young wizard learns the price of power", 1968, "fantasy", "classic");
    }

    private void book(int id, String title, String summary, int year, String... genres) {
        jedis.jsonSet("book:" + id, Path2.ROOT_PATH, new JSONObject(Map.of("title", title, "summary", summary,
                "year", year, "genres", List.of(genres))));
    }

    /** RESP2 here; {@link SearchJedisResp3Test} runs every test again over RESP3 (maps). */
    redis.clients.jedis.RedisProtocol protocol() {
        return redis.clients.jedis.RedisProtocol.RESP2;
    }

    @AfterEach
    void stop() {
        jedis.close();
        server.close();
    }

    @Test
    void searchesReturnDocumentsAsJedisParsesThem() {
        SearchResult r = jedis.ftSearch("books", "wizard");
        assertThat(r.getTotalResults()).isEqualTo(1);
        Document d = r.getDocuments().getFirst();
        assertThat(d.getId()).isEqualTo("book:3");
        assertThat(new JSONObject(d.getString("$")).getString("title")).isEqualTo("A Wizard of Earthsea");

        SearchResult classics = jedis.ftSearch("books", "@genres:{classic} @year:[1960 1970]",
                FTSearchParams.searchParams().sortBy("year", redis.clients.jedis.args.SortingOrder.DESC)
                        .returnFields("title"));
        assertThat(classics.getDocuments()).extracting(Document::getId).containsExactly("book:1", "book:3");
        assertThat(classics.getDocuments().getFirst().getString("title")).isEqualTo("The Left Hand of Darkness");

        SearchResult paged = jedis.ftSearch("books", "*", FTSearchParams.searchParams().noContent().limit(1, 1)
                .sortBy("year", redis.clients.jedis.args.SortingOrder.ASC));
        assertThat(paged.getTotalResults()).isEqualTo(3);
        assertThat(paged.getDocuments()).extracting(Document::getId).containsExactly("book:1");
    }

    @Test
    void aWriteIsFoundByTheNextSearch() {
        for (int i = 10; i < 60; i++) {
            book(i, "Volume " + i, "serial" + i, 2000 + i, "series");
            assertThat(jedis.ftSearch("books", "serial" + i).getDocuments()).extracting(Document::getId)
                    .containsExactly("book:" + i);
        }
        jedis.del("book:10");
        assertThat(jedis.ftSearch("books", "serial10").getTotalResults()).isZero();
    }

    @Test
    void facetCountsThroughAggregate() {
        AggregationResult a = jedis.ftAggregate("books", new AggregationBuilder("*")
                .groupBy("@genres", Reducers.count().as("n")).sortBy(SortedField.desc("@n")));
        List<Row> rows = a.getRows();
        assertThat(rows).hasSize(4);
        assertThat(rows.getFirst().getLong("n")).isEqualTo(2);
        assertThat(rows.stream().map(r -> r.getString("genres") + "=" + r.getLong("n")))
                .containsExactlyInAnyOrder("classic=2", "scifi=2", "politics=1", "fantasy=1");
    }

    @Test
    void cursorsPageThroughAggregations() {
        for (int i = 100; i < 350; i++) {
            book(i, "Bulk " + i, "bulk", 1900 + (i % 100), "bulk");
        }
        AggregationResult first = jedis.ftAggregate("books", new AggregationBuilder("bulk").load("@year")
                .cursor(100, 60_000));
        int rows = first.getRows().size();
        long cursor = first.getCursorId();
        while (cursor != 0) {
            AggregationResult next = jedis.ftCursorRead("books", cursor, 100);
            rows += next.getRows().size();
            cursor = next.getCursorId();
        }
        assertThat(rows).isEqualTo(250);
    }

    @Test
    void timingsOfTheLogAndTheIndexAreReportedAndResetByConfigResetstat() {
        assertThat(jedis.ftSearch("books", "wizard").getTotalResults()).isEqualTo(1); // the index reopened at least once
        Map<String, Object> info = jedis.ftInfo("books");
        assertThat((Long) info.get("index_apply_count")).isPositive();
        assertThat((Long) info.get("index_apply_p99_usec")).isGreaterThanOrEqualTo((Long) info.get("index_apply_p50_usec"));
        assertThat((Long) info.get("index_refresh_count")).isPositive();
        assertThat(persistence()).containsPattern("wal_fsync_count:[1-9]").contains("wal_write_p99_usec:");
        jedis.sendCommand(redis.clients.jedis.Protocol.Command.CONFIG, "RESETSTAT");
        assertThat(persistence()).contains("wal_fsync_count:0\r\n").contains("wal_write_count:0\r\n");
        assertThat(jedis.ftInfo("books").get("index_apply_count")).isEqualTo(0L);
    }

    private String persistence() {
        return new String((byte[]) jedis.sendCommand(redis.clients.jedis.Protocol.Command.INFO, "persistence"),
                java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void infoListAndDrop() {
        Map<String, Object> info = jedis.ftInfo("books");
        assertThat(info.get("index_name")).isEqualTo("books");
        assertThat(info.get("num_docs")).isEqualTo(3L);
        assertThat(jedis.ftList()).containsExactly("books");
        assertThatThrownBy(() -> jedis.ftSearch("books", "\"unterminated")).isInstanceOf(JedisDataException.class)
                .hasMessage("ERR Syntax error at offset 0 near \"unterminated");
        assertThat(jedis.ftDropIndex("books")).isEqualTo("OK");
        assertThat(jedis.ftList()).isEmpty();
        assertThatThrownBy(() -> jedis.ftSearch("books", "*")).hasMessage("ERR Unknown index name");
        assertThat(jedis.exists("book:1")).as("FT.DROPINDEX without DD keeps the documents").isTrue();
    }
}
