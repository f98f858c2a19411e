package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.json.JsonProtocol.JsonCommand;
import redis.clients.jedis.search.SearchProtocol.SearchCommand;

/**
 * The HTTP/JSON API over real sockets, beside RESP on the same server: documents, search, every
 * refusal status, keep-alive and pipelining, authentication, unicode.
 */
class HttpApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    TestServer server;
    HttpClient http;
    UnifiedJedis jedis;

    @BeforeEach
    void start() {
        server = TestServer.startWithHttp(dir, "fsync", "json-max-bytes", "4kb");
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        jedis = jedis(server);
    }

    @AfterEach
    void stop() {
        jedis.close();
        http.close();
        server.close();
    }

    private static UnifiedJedis jedis(TestServer s) {
        return new UnifiedJedis(new HostAndPort("127.0.0.1", s.port()),
                DefaultJedisClientConfig.builder().timeoutMillis(30_000).build());
    }

    // ------------------------------------------------------------------ helpers

    private HttpResponse<String> call(String method, String path, String body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + path))
                .timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.setHeader(headers[i], headers[i + 1]);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private HttpResponse<String> put(String key, String body) throws Exception {
        return call("PUT", "/docs/" + enc(key), body);
    }

    private HttpResponse<String> get(String key) throws Exception {
        return call("GET", "/docs/" + enc(key), null);
    }

    private HttpResponse<String> search(String index, String body) throws Exception {
        return call("POST", "/indexes/" + enc(index) + "/search", body);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static JsonNode json(HttpResponse<String> r) throws IOException {
        return JSON.readTree(r.body());
    }

    private static String error(HttpResponse<String> r) throws IOException {
        return json(r).get("error").asText();
    }

    private String respJsonGet(String key) {
        Object reply = jedis.sendCommand(JsonCommand.GET, key);
        return reply == null ? null : new String((byte[]) reply, StandardCharsets.UTF_8);
    }

    private void createBooks() {
        jedis.sendCommand(SearchCommand.CREATE, "books", "ON", "JSON", "PREFIX", "1", "book:", "SCHEMA",
                "$.title", "AS", "title", "TEXT", "$.year", "AS", "year", "NUMERIC", "$.genres[*]", "AS", "genres", "TAG");
    }

    private void putBooks() throws Exception {
        assertThat(put("book:1", "{\"title\":\"The Left Hand of Darkness\",\"year\":1969,\"genres\":[\"scifi\",\"classic\"]}")
                .statusCode()).isEqualTo(201);
        assertThat(put("book:2", "{\"title\":\"The Dispossessed\",\"year\":1974,\"genres\":[\"scifi\",\"politics\"]}")
                .statusCode()).isEqualTo(201);
        assertThat(put("book:3", "{\"title\":\"A Wizard of Earthsea\",\"year\":1968,\"genres\":[\"fantasy\",\"classic\"]}")
                .statusCode()).isEqualTo(201);
    }

    private static List<String> keys(JsonNode reply) {
        List<String> out = new ArrayList<>();
        reply.get("results").forEach(h -> out.add(h.get("key").asText()));
        return out;
    }

    // ------------------------------------------------------------------ documents

    @Test
    void putGetDeleteRoundTrip() throws Exception {
        HttpResponse<String> created = put("user:1", "{\"name\":\"Ada\", \"langs\": [\"en\"], \"visits\": 0}");
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.body()).isEqualTo("{\"key\":\"user:1\",\"result\":\"created\"}");
        assertThat(created.headers().firstValue("content-type")).hasValue("application/json; charset=utf-8");

        HttpResponse<String> got = get("user:1");
        assertThat(got.statusCode()).isEqualTo(200);
        assertThat(got.body()).isEqualTo("{\"name\":\"Ada\",\"langs\":[\"en\"],\"visits\":0}"); // as JSON.GET prints it

        HttpResponse<String> updated = put("user:1", "{\"name\":\"Ada Lovelace\"}");
        assertThat(updated.statusCode()).isEqualTo(200);
        assertThat(updated.body()).isEqualTo("{\"key\":\"user:1\",\"result\":\"updated\"}");
        assertThat(get("user:1").body()).isEqualTo("{\"name\":\"Ada Lovelace\"}");

        HttpResponse<String> deleted = call("DELETE", "/docs/user:1", null);
        assertThat(deleted.statusCode()).isEqualTo(200);
        assertThat(deleted.body()).isEqualTo("{\"deleted\":true}");
        HttpResponse<String> gone = get("user:1");
        assertThat(gone.statusCode()).isEqualTo(404);
        assertThat(gone.body()).isEqualTo("{\"error\":\"not found\"}");
        assertThat(call("DELETE", "/docs/user:1", null).statusCode()).isEqualTo(404);
    }

    @Test
    void anyJsonValueMayBeADocument() throws Exception {
        for (String v : List.of("42", "-1.5e3", "\"text\"", "true", "null", "[]", "[1,{\"a\":[null]}]")) {
            put("scalar", v);
            assertThat(get("scalar").body()).isEqualTo(respJsonGet("scalar"));
        }
        assertThat(get("scalar").body()).isEqualTo("[1,{\"a\":[null]}]");
        put("scalar", " 1.50 ");
        assertThat(get("scalar").body()).isEqualTo("1.5");
    }

    @Test
    void httpAndRespShareTheDocuments() throws Exception {
        put("shared:1", "{\"from\":\"http\",\"n\":[1,2.5]}");
        assertThat(respJsonGet("shared:1")).isEqualTo("{\"from\":\"http\",\"n\":[1,2.5]}");
        assertThat(jedis.type("shared:1")).isEqualTo("ReJSON-RL");

        jedis.sendCommand(JsonCommand.SET, "shared:2", "$", "{\"from\":\"resp\"}");
        assertThat(get("shared:2").body()).isEqualTo("{\"from\":\"resp\"}");
        jedis.sendCommand(JsonCommand.NUMINCRBY, "shared:1", "$.n[0]", "41");
        assertThat(get("shared:1").body()).isEqualTo("{\"from\":\"http\",\"n\":[42,2.5]}");
        jedis.del("shared:2");
        assertThat(get("shared:2").statusCode()).isEqualTo(404);
    }

    @Test
    void anotherTypeIsAConflictAndStaysAsItWas() throws Exception {
        jedis.set("plain", "x");
        for (HttpResponse<String> r : List.of(get("plain"), put("plain", "{}"), call("DELETE", "/docs/plain", null))) {
            assertThat(r.statusCode()).isEqualTo(409);
            assertThat(error(r)).isEqualTo("WRONGTYPE Operation against a key holding the wrong kind of value");
        }
        assertThat(jedis.get("plain")).isEqualTo("x");
    }

    @Test
    void unicodeKeysAndDocuments() throws Exception {
        String key = "книга:北京/1 é";
        String doc = "{\"title\":\"Café Müller à Zürich\",\"tags\":[\"日本語\",\"😀\"],\"q\":\"\\\"quoted\\\"\\n\"}";
        HttpResponse<String> r = put(key, doc);
        assertThat(r.statusCode()).isEqualTo(201);
        assertThat(json(r).get("key").asText()).isEqualTo(key);
        String stored = "{\"title\":\"Café Müller à Zürich\",\"tags\":[\"日本語\",\"😀\"],\"q\":\"\\\"quoted\\\"\\n\"}";
        assertThat(get(key).body()).isEqualTo(stored);
        assertThat(respJsonGet(key)).isEqualTo(stored);

        createBooks();
        put("book:ü", "{\"title\":\"Über die Brücke, café\",\"year\":2001,\"genres\":[\"ünïcode\"]}");
        JsonNode found = json(search("books", "{\"query\":\"café\",\"facets\":[{\"field\":\"genres\"}]}"));
        assertThat(keys(found)).containsExactly("book:ü");
        assertThat(found.get("results").get(0).get("document").get("title").asText()).isEqualTo("Über die Brücke, café");
        assertThat(found.get("facets").get("genres").get(0).get("value").asText()).isEqualTo("ünïcode");
    }

    // ------------------------------------------------------------------ search

    @Test
    void aDocumentPutIsFoundAtOnce() throws Exception {
        createBooks();
        for (int i = 0; i < 20; i++) {
            put("book:n" + i, "{\"title\":\"needle " + i + "\",\"year\":" + (2000 + i) + ",\"genres\":[\"x\"]}");
            JsonNode r = json(search("books", "{\"query\":\"needle\",\"noContent\":true}"));
            assertThat(r.get("total").asLong()).isEqualTo(1);
            call("DELETE", "/docs/book:n" + i, null);
            assertThat(json(search("books", "{\"query\":\"needle\"}")).get("total").asLong()).isZero();
        }
    }

    @Test
    void searchEmbedsDocumentsAsJson() throws Exception {
        createBooks();
        putBooks();
        HttpResponse<String> r = search("books", "{\"query\":\"wizard\"}");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("{\"total\":1,\"results\":[{\"key\":\"book:3\",\"document\":"
                + "{\"title\":\"A Wizard of Earthsea\",\"year\":1968,\"genres\":[\"fantasy\",\"classic\"]}}]}");
    }

    @Test
    void returnSortLimitAndScores() throws Exception {
        createBooks();
        putBooks();
        JsonNode r = json(search("books", """
                {"query":"@genres:{scifi | classic}", "return":["title","$.year"],
                 "sort":{"field":"year","order":"desc"}, "offset":1, "limit":2}"""));
        assertThat(r.get("total").asLong()).isEqualTo(3);
        assertThat(keys(r)).containsExactly("book:1", "book:3");
        JsonNode first = r.get("results").get(0);
        assertThat(first.get("fields").get("title").asText()).isEqualTo("The Left Hand of Darkness");
        assertThat(first.get("fields").get("$.year").asText()).isEqualTo("1969");
        assertThat(first.has("document")).isFalse();
        assertThat(first.has("score")).isFalse();

        JsonNode scored = json(search("books", "{\"query\":\"darkness | wizard\",\"withScores\":true,\"noContent\":true}"));
        assertThat(scored.get("results")).hasSize(2);
        for (JsonNode h : scored.get("results")) {
            assertThat(h.get("score").isNumber()).isTrue();
            assertThat(h.get("score").asDouble()).isPositive();
            assertThat(h.has("document") || h.has("fields")).isFalse();
        }

        JsonNode asc = json(search("books", "{\"query\":\"*\",\"sort\":{\"field\":\"year\"},\"return\":[]}"));
        assertThat(keys(asc)).containsExactly("book:3", "book:1", "book:2");
    }

    @Test
    void highlightMarksMatchedWords() throws Exception {
        createBooks();
        putBooks();
        JsonNode r = json(search("books", """
                {"query":"wizard", "return":["title"], "highlight":{"fields":["title"],"open":"<em>","close":"</em>"}}"""));
        assertThat(r.get("results").get(0).get("fields").get("title").asText()).isEqualTo("A <em>Wizard</em> of Earthsea");

        JsonNode whole = json(search("books", "{\"query\":\"wizard\",\"highlight\":true}"));
        JsonNode hit = whole.get("results").get(0);
        assertThat(hit.get("document").get("title").asText()).isEqualTo("A Wizard of Earthsea");
        assertThat(hit.get("highlights").get("title").asText()).isEqualTo("A <b>Wizard</b> of Earthsea");
    }

    @Test
    void facetsCountValuesMostFrequentFirst() throws Exception {
        createBooks();
        putBooks();
        JsonNode r = json(search("books", "{\"query\":\"*\",\"limit\":0,\"facets\":[{\"field\":\"genres\",\"limit\":10}]}"));
        assertThat(r.get("total").asLong()).isEqualTo(3);
        assertThat(r.get("results")).isEmpty();
        Map<String, Integer> counts = new HashMap<>();
        List<Integer> order = new ArrayList<>();
        for (JsonNode f : r.get("facets").get("genres")) {
            counts.put(f.get("value").asText(), f.get("count").asInt());
            order.add(f.get("count").asInt());
        }
        assertThat(counts).isEqualTo(Map.of("classic", 2, "scifi", 2, "fantasy", 1, "politics", 1));
        assertThat(order).containsExactly(2, 2, 1, 1);

        JsonNode top = json(search("books", "{\"query\":\"@year:[1960 1970]\",\"noContent\":true,"
                + "\"facets\":[{\"field\":\"genres\",\"limit\":1},{\"field\":\"year\"}]}"));
        assertThat(top.get("facets").get("genres")).hasSize(1);
        assertThat(top.get("facets").get("genres").get(0).get("value").asText()).isEqualTo("classic");
        assertThat(top.get("facets").get("genres").get(0).get("count").asInt()).isEqualTo(2);
        assertThat(top.get("facets").get("year")).hasSize(2);
    }

    @Test
    void indexesAreListedWithTheirNumbers() throws Exception {
        assertThat(call("GET", "/indexes", null).body()).isEqualTo("{\"indexes\":[]}");
        createBooks();
        putBooks();
        assertThat(call("GET", "/indexes", null).body()).isEqualTo("{\"indexes\":[\"books\"]}");
        JsonNode info = json(call("GET", "/indexes/books", null));
        assertThat(info.get("index").asText()).isEqualTo("books");
        assertThat(info.get("num_docs").asLong()).isEqualTo(3);
        assertThat(info.get("indexing").asBoolean()).isFalse();
        assertThat(info.get("percent_indexed").asDouble()).isEqualTo(1.0);
        assertThat(info.get("failures").asLong()).isZero();
        HttpResponse<String> missing = call("GET", "/indexes/nope", null);
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(error(missing)).isEqualTo("Unknown index name");
    }

    // ------------------------------------------------------------------ refusals

    @Test
    void badBodiesAndQueriesAre400WithTheParsersWords() throws Exception {
        createBooks();
        HttpResponse<String> badJson = put("k", "{\"a\":}");
        assertThat(badJson.statusCode()).isEqualTo(400);
        assertThat(error(badJson)).isEqualTo("expected value at line 1, column 6 (offset 5)");
        assertThat(error(put("k", ""))).isEqualTo("unexpected end of input, expected value at line 1, column 1 (offset 0)");
        assertThat(get("k").statusCode()).isEqualTo(404); // nothing was written

        HttpResponse<String> badQuery = search("books", "{\"query\":\"@title:(wizard\"}");
        assertThat(badQuery.statusCode()).isEqualTo(400);
        assertThat(error(badQuery)).startsWith("Syntax error at offset ");
        HttpResponse<String> badSearchJson = search("books", "{\"query\":");
        assertThat(badSearchJson.statusCode()).isEqualTo(400);
        assertThat(error(badSearchJson)).isEqualTo("unexpected end of input, expected value at line 1, column 10 (offset 9)");

        HttpResponse<String> badType = search("books", "{\"query\":\"*\",\"limit\":\"ten\"}");
        assertThat(badType.statusCode()).isEqualTo(400);
        assertThat(error(badType)).isEqualTo("limit: \"ten\" (expected: an integer)");
        assertThat(error(search("books", "{\"query\":\"*\",\"limit\":2000000}")))
                .isEqualTo("Bad arguments for LIMIT: 2000000 is out of range (0..1000000)");
        assertThat(search("books", "{\"query\":\"*\",\"language\":\"klingon\"}").statusCode()).isEqualTo(400);
        assertThat(error(search("books", "{}"))).startsWith("query: missing");

        HttpResponse<String> emptyKey = call("GET", "/docs/", null);
        assertThat(emptyKey.statusCode()).isEqualTo(400);
        assertThat(error(emptyKey)).startsWith("key: empty");
    }

    @Test
    void unknownIndexOrPathIs404() throws Exception {
        HttpResponse<String> index = search("nope", "{\"query\":\"*\"}");
        assertThat(index.statusCode()).isEqualTo(404);
        assertThat(error(index)).isEqualTo("Unknown index name");
        for (String path : List.of("/doc/k", "/docs", "/indexes/books/search/x", "/indexes/books/aggregate",
                "/console/nope", "/metrics/x")) {
            HttpResponse<String> r = call("GET", path, null);
            assertThat(r.statusCode()).as(path).isEqualTo(404);
            assertThat(error(r)).startsWith("unknown path: " + path);
        }
    }

    @Test
    void aWrongMethodIs405WithAllow() throws Exception {
        HttpResponse<String> post = call("POST", "/docs/k", "{}");
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("allow")).hasValue("GET, PUT, DELETE");
        assertThat(error(post)).isEqualTo("method POST is not allowed here (expected: GET, PUT, DELETE)");
        HttpResponse<String> getSearch = call("GET", "/indexes/books/search", null);
        assertThat(getSearch.statusCode()).isEqualTo(405);
        assertThat(getSearch.headers().firstValue("allow")).hasValue("POST");
        assertThat(call("DELETE", "/indexes", null).headers().firstValue("allow")).hasValue("GET");
    }

    @Test
    void aBodyOverJsonMaxBytesIs413() throws Exception {
        String big = "{\"a\":\"" + "x".repeat(5000) + "\"}";
        HttpResponse<String> r = put("big", big);
        assertThat(r.statusCode()).isEqualTo(413);
        assertThat(error(r)).isEqualTo("request body: 5008 bytes (expected: <= 4096, json-max-bytes)");
        assertThat(get("big").statusCode()).isEqualTo(404);
        assertThat(search("books", big.replace("\"a\"", "\"query\"")).statusCode()).isEqualTo(413);

        // Announced with Expect: 100-continue, the body is refused before it is sent.
        HttpRequest expect = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + "/docs/big"))
                .expectContinue(true).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(big)).build();
        assertThat(http.send(expect, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(413);
        HttpRequest small = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + "/docs/small"))
                .expectContinue(true).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("[1]")).build();
        assertThat(http.send(small, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(201);

        // Chunked, the limit holds as the body is buffered; the connection then closes.
        try (RawHttpConnection c = new RawHttpConnection(server.httpPort())) {
            String chunk = "x".repeat(3000);
            c.send("PUT /docs/big HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "bb8\r\n" + chunk + "\r\nbb8\r\n" + chunk + "\r\n0\r\n\r\n");
            RawHttpConnection.Response res = c.read();
            assertThat(res.status()).isEqualTo(413);
            assertThat(res.body()).isEqualTo("{\"error\":\"request body: more than 4096 bytes (expected: <= 4096, json-max-bytes)\"}");
            assertThat(c.closedByServer()).isTrue();
        }
    }

    @Test
    void aMissingLengthIs411AndANonJsonTypeIs415() throws Exception {
        try (RawHttpConnection c = new RawHttpConnection(server.httpPort())) {
            c.send("PUT /docs/k HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttpConnection.Response r = c.read();
            assertThat(r.status()).isEqualTo(411);
            assertThat(r.body()).startsWith("{\"error\":\"request body: missing");
        }
        HttpResponse<String> text = call("PUT", "/docs/k", "{}", "Content-Type", "text/plain");
        assertThat(text.statusCode()).isEqualTo(415);
        assertThat(error(text)).isEqualTo("Content-Type: text/plain (expected: application/json, in UTF-8)");
        assertThat(call("PUT", "/docs/k", "{}", "Content-Type", "application/json; charset=UTF-8").statusCode()).isEqualTo(201);
    }

    @Test
    void malformedPercentEncodingIs400() throws Exception {
        try (RawHttpConnection c = new RawHttpConnection(server.httpPort())) {
            c.send("GET /docs/a%zz HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttpConnection.Response r = c.read();
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.body()).isEqualTo("{\"error\":\"key: malformed percent-encoding at offset 1 (expected: % and two hex digits)\"}");
        }
    }

    @Test
    void aMalformedRequestClosesOnlyItsConnection() throws Exception {
        put("survivor", "{\"ok\":true}");
        try (RawHttpConnection c = new RawHttpConnection(server.httpPort())) {
            c.send("THIS IS NOT HTTP\r\n\r\n");
            RawHttpConnection.Response r = c.read();
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.body()).startsWith("{\"error\":\"malformed HTTP request: ");
            assertThat(r.headers()).containsEntry("connection", "close");
            assertThat(c.closedByServer()).isTrue();
        }
        try (RawHttpConnection c = new RawHttpConnection(server.httpPort())) {
            c.send("GET /docs/survivor HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n");
            assertThat(c.read().status()).isEqualTo(400);
        }
        assertThat(get("survivor").body()).isEqualTo("{\"ok\":true}");
        assertThat(respJsonGet("survivor")).isEqualTo("{\"ok\":true}");
    }

    // ------------------------------------------------------------------ connections

    @Test
    void keepAliveServesPipelinedRequestsInOrder() throws Exception {
        createBooks();
        try (RawHttpConnection c = new RawHttpConnection(server.httpPort())) {
            String body = "{\"title\":\"Pipelined\",\"year\":2020,\"genres\":[\"p\"]}";
            String search = "{\"query\":\"pipelined\",\"noContent\":true}";
            String searchRequest = "POST /indexes/books/search HTTP/1.1\r\nHost: x\r\nContent-Length: " + search.length()
                    + "\r\n\r\n" + search;
            // A search sees every write that came before it on the connection (and, as over RESP,
            // may see writes pipelined after it, as it runs beside them): no write follows it here.
            c.send("PUT /docs/book:p HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                    + body.length() + "\r\n\r\n" + body
                    + searchRequest
                    + "GET /docs/book:p HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "GET /docs/none HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(c.read().status()).isEqualTo(201);
            assertThat(c.read().body()).isEqualTo("{\"total\":1,\"results\":[{\"key\":\"book:p\"}]}");
            assertThat(c.read().body()).isEqualTo(body);
            assertThat(c.read().status()).isEqualTo(404);
            c.send("DELETE /docs/book:p HTTP/1.1\r\nHost: x\r\n\r\n" + searchRequest);
            assertThat(c.read().body()).isEqualTo("{\"deleted\":true}");
            assertThat(c.read().body()).isEqualTo("{\"total\":0,\"results\":[]}");
            for (int i = 0; i < 50; i++) { // one after another on the same connection
                c.send("GET /docs/none HTTP/1.1\r\nHost: x\r\n\r\n");
                RawHttpConnection.Response r = c.read();
                assertThat(r.status()).isEqualTo(404);
                assertThat(r.headers()).doesNotContainKey("connection");
            }
            c.send("GET /docs/none HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            assertThat(c.read().headers()).containsEntry("connection", "close");
            assertThat(c.closedByServer()).isTrue();
        }
        try (RawHttpConnection c = new RawHttpConnection(server.httpPort())) {
            c.send("GET /docs/none HTTP/1.0\r\n\r\n"); // HTTP/1.0 closes unless asked to keep alive
            assertThat(c.read().status()).isEqualTo(404);
            assertThat(c.closedByServer()).isTrue();
        }
    }

    @Test
    void withRequirepassABearerTokenIsNeeded(@TempDir Path authDir) throws Exception {
        stop();
        server = TestServer.startWithHttp(authDir, "fsync", "requirepass", "s3cret");
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        jedis = new UnifiedJedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().password("s3cret").timeoutMillis(30_000).build());
        HttpResponse<String> none = put("k", "{}");
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(none.headers().firstValue("www-authenticate")).hasValue("Bearer realm=\"cairn\"");
        assertThat(error(none)).startsWith("authentication required");
        HttpResponse<String> wrong = call("PUT", "/docs/k", "{}", "Authorization", "Bearer guess");
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(error(wrong)).isEqualTo("invalid username-password pair or user is disabled");
        assertThat(call("GET", "/indexes", null, "Authorization", "Basic czNjcmV0").statusCode()).isEqualTo(401);
        assertThat(call("PUT", "/docs/k", "{}", "Authorization", "Bearer s3cret").statusCode()).isEqualTo(201);
        assertThat(call("GET", "/docs/k", null, "Authorization", "Bearer s3cret").body()).isEqualTo("{}");

        jedis.sendCommand(Protocol.Command.CONFIG, "SET", "requirepass", ""); // applies to HTTP at once
        assertThat(get("k").statusCode()).isEqualTo(200);
    }

    @Test
    void theApiIsOffUnlessAPortIsSet(@TempDir Path plainDir) throws Exception {
        List<?> config = (List<?>) jedis.sendCommand(Protocol.Command.CONFIG, "GET", "http-port");
        assertThat(new String((byte[]) config.get(1), StandardCharsets.UTF_8)).isEqualTo(Integer.toString(server.httpPort()));
        try (TestServer plain = TestServer.start(plainDir, "none")) {
            assertThat(plain.httpPort()).isZero();
        }
    }
}
