package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.json.JsonProtocol.JsonCommand;

/**
 * The web console's JSON API ({@code /console/api/*}) and its files over real sockets: stats that
 * move with traffic, the key browser over every type, the slow log, the configuration, and the
 * HTTP API's password rule (the page loads without it, its data does not).
 */
class ConsoleApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    TestServer server;
    HttpClient http;
    UnifiedJedis jedis;

    @BeforeEach
    void start() {
        server = TestServer.startWithHttp(dir, "fsync", "slowlog-log-slower-than", "0");
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        jedis = new UnifiedJedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().timeoutMillis(30_000).build());
    }

    @AfterEach
    void stop() {
        jedis.close();
        http.close();
        server.close();
    }

    private HttpResponse<String> call(String method, String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + path))
                .timeout(Duration.ofSeconds(30)).method(method, HttpRequest.BodyPublishers.noBody());
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.setHeader(headers[i], headers[i + 1]);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> r = call("GET", path);
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("content-type")).hasValue("application/json; charset=utf-8");
        return JSON.readTree(r.body());
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Every key SCAN lists for the query, following the cursor to its end, with its type and TTL. */
    private Map<String, JsonNode> scanAll(String query) throws Exception {
        Map<String, JsonNode> keys = new HashMap<>();
        String cursor = "0";
        int pages = 0;
        do {
            JsonNode page = get("/console/api/keys?cursor=" + cursor + "&" + query);
            for (JsonNode k : page.get("keys")) {
                keys.put(k.get("key").asText(), k);
            }
            cursor = page.get("cursor").asText();
            assertThat(++pages).isLessThan(100);
        } while (!cursor.equals("0"));
        return keys;
    }

    private void writeOneOfEach() {
        jedis.set("s:1", "hello");
        jedis.hset("h:1", Map.of("f1", "v1", "f2", "v2"));
        jedis.rpush("l:1", "a", "b", "c");
        jedis.sadd("set:1", "x", "y");
        jedis.zadd("z:1", 1.5, "one");
        jedis.zadd("z:1", 2, "two");
        jedis.xadd("x:1", StreamEntryID.NEW_ENTRY, Map.of("temp", "21"));
        jedis.sendCommand(JsonCommand.SET, "j:1", "$", "{\"a\":[1,2]}");
        jedis.setex("t:1", 500, "soon");
    }

    @Test
    void statsMoveWithTraffic() throws Exception {
        JsonNode before = get("/console/api/stats");
        for (int i = 0; i < 10; i++) {
            jedis.set("k" + i, "v");
        }
        jedis.hset("h", "f", "v");
        JsonNode after = get("/console/api/stats");
        assertThat(after.get("time").asLong()).isGreaterThanOrEqualTo(before.get("time").asLong());
        long strings = after.get("families").get("string").asLong()
                - (before.get("families").has("string") ? before.get("families").get("string").asLong() : 0);
        assertThat(strings).isEqualTo(10);
        assertThat(after.get("families").get("hash").asLong()).isEqualTo(1);
        assertThat(after.get("keys").asLong()).isEqualTo(jedis.dbSize()).isEqualTo(11);
        assertThat(after.get("clients").get("connected").asLong()).isGreaterThanOrEqualTo(1);
        assertThat(after.get("memory").get("used").asLong()).isPositive();
        assertThat(after.get("memory").get("heap").asLong()).isGreaterThan(after.get("memory").get("used").asLong());
        assertThat(after.get("wal").get("fsyncs").asLong()).isGreaterThan(before.get("wal").get("fsyncs").asLong());
        assertThat(after.get("wal").get("groups").asLong()).isGreaterThan(before.get("wal").get("groups").asLong());
        assertThat(after.get("wal").get("mode").asText()).isEqualTo("fsync");
        assertThat(after.get("latency_us").get("p99").asDouble()).isGreaterThanOrEqualTo(0);
        assertThat(after.get("checkpoint").get("changes_since").asLong()).isGreaterThanOrEqualTo(11);
        assertThat(after.get("search").isArray()).isTrue();
    }

    @Test
    void keysAreListedWithTypeAndTtlAndFiltered() throws Exception {
        writeOneOfEach();
        Map<String, JsonNode> all = scanAll("match=*");
        assertThat(all.keySet()).containsExactlyInAnyOrder("s:1", "h:1", "l:1", "set:1", "z:1", "x:1", "j:1", "t:1");
        assertThat(all.get("h:1").get("type").asText()).isEqualTo("hash");
        assertThat(all.get("j:1").get("type").asText()).isEqualTo("ReJSON-RL");
        assertThat(all.get("s:1").get("ttl").asLong()).isEqualTo(-1);
        assertThat(all.get("t:1").get("ttl").asLong()).isBetween(1L, 500_000L);

        assertThat(scanAll("match=" + enc("s*")).keySet()).containsExactlyInAnyOrder("s:1", "set:1");
        assertThat(scanAll("match=*&type=zset").keySet()).containsExactly("z:1");
        assertThat(scanAll("match=*&type=ReJSON-RL").keySet()).containsExactly("j:1"); // the page's "json"
        assertThat(scanAll("match=*&type=stream").keySet()).containsExactly("x:1");
        assertThat(scanAll("match=*&type=string").keySet()).containsExactlyInAnyOrder("s:1", "t:1");
    }

    @Test
    void manyKeysComeInPagesByCursor() throws Exception {
        Set<String> written = new TreeSet<>();
        for (int i = 0; i < 250; i++) {
            jedis.set("p:" + i, "v");
            written.add("p:" + i);
        }
        JsonNode first = get("/console/api/keys?match=*&count=20");
        assertThat(first.get("keys").size()).isLessThan(250);
        assertThat(first.get("cursor").asText()).isNotEqualTo("0");
        assertThat(scanAll("match=*&count=20").keySet()).isEqualTo(written);
    }

    @Test
    void eachTypesValueIsShown() throws Exception {
        writeOneOfEach();
        JsonNode s = get("/console/api/key/s:1");
        assertThat(s.get("type").asText()).isEqualTo("string");
        assertThat(s.get("value").asText()).isEqualTo("hello");
        assertThat(s.get("size").asLong()).isEqualTo(5);
        assertThat(s.get("ttl").asLong()).isEqualTo(-1);

        JsonNode h = get("/console/api/key/h:1");
        Map<String, String> fields = new HashMap<>();
        h.get("value").forEach(p -> fields.put(p.get(0).asText(), p.get(1).asText()));
        assertThat(fields).isEqualTo(Map.of("f1", "v1", "f2", "v2"));
        assertThat(h.get("size").asLong()).isEqualTo(2);

        JsonNode l = get("/console/api/key/l:1");
        assertThat(texts(l.get("value"))).containsExactly("a", "b", "c");
        assertThat(texts(get("/console/api/key/set:1").get("value"))).containsExactlyInAnyOrder("x", "y");

        JsonNode z = get("/console/api/key/z:1");
        assertThat(z.get("value").get(0).get(0).asText()).isEqualTo("one");
        assertThat(z.get("value").get(0).get(1).asDouble()).isEqualTo(1.5);
        assertThat(z.get("value").get(1).get(0).asText()).isEqualTo("two");

        JsonNode x = get("/console/api/key/x:1");
        assertThat(x.get("size").asLong()).isEqualTo(1);
        assertThat(x.get("value").get(0).get("id").asText()).matches("\\d+-\\d+");
        assertThat(x.get("value").get(0).get("fields").get(0).get(0).asText()).isEqualTo("temp");
        assertThat(x.get("value").get(0).get("fields").get(0).get(1).asText()).isEqualTo("21");

        JsonNode j = get("/console/api/key/j:1");
        assertThat(j.get("type").asText()).isEqualTo("ReJSON-RL");
        assertThat(j.get("size").isNull()).isTrue();
        assertThat(JSON.readTree(j.get("value").asText())).isEqualTo(JSON.readTree("{\"a\":[1,2]}"));

        JsonNode t = get("/console/api/key/t:1");
        assertThat(t.get("ttl").asLong()).isBetween(1L, 500_000L);

        HttpResponse<String> missing = call("GET", "/console/api/key/nope");
        assertThat(missing.statusCode()).isEqualTo(404);
    }

    @Test
    void aLongCollectionShowsItsFirstElementsAndItsSize() throws Exception {
        String[] many = new String[300];
        for (int i = 0; i < many.length; i++) {
            many[i] = "e" + i;
        }
        jedis.rpush("big", many);
        JsonNode big = get("/console/api/key/big");
        assertThat(big.get("size").asLong()).isEqualTo(300);
        assertThat(big.get("value").size()).isEqualTo(100);
        assertThat(big.get("value").get(99).asText()).isEqualTo("e99");
    }

    @Test
    void keysOfOtherDatabasesAndOddNamesAreReached() throws Exception {
        String odd = "<img src=x onerror=alert(1)> & é/?#%";
        jedis.set(odd, "v");
        jedis.sendCommand(Protocol.Command.SELECT, "3");
        jedis.set("in3", "v3"); // this connection's database 3 (UnifiedJedis keeps its one connection)
        JsonNode keys = get("/console/api/keys?match=*");
        assertThat(texts(keys.get("keys").findValues("key"))).contains(odd);
        JsonNode view = get("/console/api/key/" + enc(odd));
        assertThat(view.get("key").asText()).isEqualTo(odd);
        assertThat(scanAll("match=*&db=3").keySet()).containsExactly("in3");
        assertThat(get("/console/api/key/in3?db=3").get("value").asText()).isEqualTo("v3");
        assertThat(call("GET", "/console/api/keys?db=99").statusCode()).isEqualTo(400);
        assertThat(call("GET", "/console/api/keys?cursor=x").statusCode()).isEqualTo(400);
        assertThat(scanAll("match=*&type=" + enc("no such"))).isEmpty(); // as SCAN TYPE answers in Redis 7.2
    }

    @Test
    void theSlowLogListsCommands() throws Exception {
        jedis.set("slow", "v");
        JsonNode log = get("/console/api/slowlog");
        List<String> commands = new ArrayList<>();
        for (JsonNode e : log.get("entries")) {
            commands.add(texts(e.get("args")).getFirst());
            assertThat(e.get("micros").asLong()).isGreaterThanOrEqualTo(0);
            assertThat(e.get("time").asLong()).isPositive();
        }
        assertThat(commands).contains("SET");
    }

    @Test
    void theConfigIsShownWithPasswordsHidden(@TempDir Path authDir) throws Exception {
        JsonNode config = get("/console/api/config").get("config");
        assertThat(config.get("port").asText()).isEqualTo(Integer.toString(server.port()));
        assertThat(config.get("slowlog-log-slower-than").asText()).isEqualTo("0");
        assertThat(config.get("requirepass").asText()).isEmpty();
        jedis.configSet("requirepass", "s3cret");
        HttpResponse<String> r = call("GET", "/console/api/config", "Authorization", "Bearer s3cret");
        assertThat(JSON.readTree(r.body()).get("config").get("requirepass").asText()).isEqualTo("(set)");
    }

    @Test
    void thePageLoadsWithoutThePasswordButItsDataDoesNot(@TempDir Path authDir) throws Exception {
        stop();
        server = TestServer.startWithHttp(authDir, "fsync", "requirepass", "s3cret");
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        jedis = new UnifiedJedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().password("s3cret").build());
        HttpResponse<String> page = call("GET", "/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("content-type")).hasValue("text/html; charset=utf-8");
        assertThat(page.headers().firstValue("content-security-policy").orElseThrow()).contains("default-src 'self'");
        assertThat(page.body()).contains("/webjars/uplot/uPlot.iife.min.js").contains("/console/console.js");
        for (String asset : List.of("/console/console.js", "/console/console.css", "/webjars/uplot/uPlot.iife.min.js",
                "/webjars/uplot/uPlot.min.css")) {
            HttpResponse<String> r = call("GET", asset);
            assertThat(r.statusCode()).as(asset).isEqualTo(200);
            assertThat(r.body()).as(asset).isNotEmpty();
        }
        assertThat(call("GET", "/webjars/uplot/uPlot.iife.min.js").body()).contains("uPlot");
        assertThat(call("GET", "/webjars/uplot/other.js").statusCode()).isEqualTo(404);
        for (String api : List.of("/console/api/stats", "/console/api/keys", "/console/api/key/k",
                "/console/api/slowlog", "/console/api/config")) {
            assertThat(call("GET", api).statusCode()).as(api).isEqualTo(401);
        }
        assertThat(call("GET", "/console/api/stats", "Authorization", "Bearer s3cret").statusCode()).isEqualTo(200);
        assertThat(call("POST", "/console/api/stats", "Authorization", "Bearer s3cret").statusCode()).isEqualTo(405);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<String> texts(List<JsonNode> nodes) {
        return nodes.stream().map(JsonNode::asText).toList();
    }
}
