package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Client-side caching over sockets, on Cairn and on a live {@code redis-server} alike (the same
 * steps and assertions run on both): default mode over RESP3 (one invalidation per key read, from
 * another client's write, then forgotten), NOLOOP, OPTIN with CLIENT CACHING, BCAST with prefixes,
 * RESP2 with REDIRECT to a subscribed client, FLUSHALL's null, expired keys, a broken redirect.
 * The Redis half is skipped without a {@code redis-server} on PATH (failed under {@code CI=true}).
 *
 * <p>"Nothing more came" is checked by a later request whose reply must be the next thing read:
 * a stray invalidation handed over before it would be read first.
 */
class ClientTrackingTest {
    @TempDir
    Path dir;
    TestServer cairn;
    RedisServerProcess redis;
    final List<RespTextClient> clients = new ArrayList<>();

    @AfterEach
    void stop() {
        clients.forEach(RespTextClient::close);
        if (cairn != null) {
            cairn.close();
        }
        if (redis != null) {
            redis.close();
        }
    }

    private int port;

    private void start(String server) throws Exception {
        if (server.equals("redis")) {
            RedisServerProcess.requireInstalled();
            redis = RedisServerProcess.start(Files.createDirectories(dir.resolve("redis")));
            port = redis.port();
        } else {
            cairn = TestServer.start(Files.createDirectories(dir.resolve("cairn")), "none");
            port = cairn.port();
        }
    }

    private RespTextClient connect() throws IOException {
        RespTextClient c = RespTextClient.connect(port);
        clients.add(c);
        return c;
    }

    private RespTextClient resp3() throws IOException {
        RespTextClient c = connect();
        c.call("HELLO", "3");
        return c;
    }

    private static String invalidate(String... keys) {
        StringBuilder sb = new StringBuilder(">[$\"invalidate\", *[");
        for (int i = 0; i < keys.length; i++) {
            sb.append(i == 0 ? "" : ", ").append("$\"").append(keys[i]).append('"');
        }
        return sb.append("]]").toString();
    }

    /** The next reply must be PING's: nothing was pushed before it. */
    private static void nothingPushed(RespTextClient c) throws IOException {
        assertThat(c.call("PING")).as("no invalidation came").hasToString("+PONG");
        assertThat(c.call("ECHO", "x")).as("no invalidation came").hasToString("$\"x\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void aReadKeyIsInvalidatedOnceByAnotherClientsWrite(String server) throws Exception {
        start(server);
        RespTextClient a = resp3();
        RespTextClient b = connect();
        assertThat(a.call("CLIENT", "TRACKING", "ON")).hasToString("+OK");
        assertThat(a.call("GET", "k")).hasToString("_");
        assertThat(a.call("MGET", "m1", "m2")).hasToString("*[_, _]");
        assertThat(b.call("SET", "k", "1")).hasToString("+OK");
        assertThat(a.read()).hasToString(invalidate("k"));
        assertThat(b.call("SET", "k", "2")).hasToString("+OK");
        nothingPushed(a); // forgotten after the first invalidation
        assertThat(b.call("MSET", "m1", "x", "m2", "y")).hasToString("+OK");
        assertThat(List.of(a.read().toString(), a.read().toString()))
                .containsExactlyInAnyOrder(invalidate("m1"), invalidate("m2"));
        assertThat(b.call("SET", "unread", "1")).hasToString("+OK");
        nothingPushed(a);

        // a write by the tracking client itself invalidates too, after its reply
        assertThat(a.call("GET", "k")).hasToString("$\"2\"");
        assertThat(a.call("DEL", "k")).hasToString(":1");
        assertThat(a.read()).hasToString(invalidate("k"));
        assertThat(a.call("CLIENT", "TRACKINGINFO").toString()).startsWith("%{$\"flags\": ~[$\"on\"], $\"redirect\": :0");
        assertThat(a.call("CLIENT", "TRACKING", "OFF")).hasToString("+OK");
        assertThat(a.call("GET", "k")).hasToString("_");
        assertThat(b.call("SET", "k", "3")).hasToString("+OK");
        nothingPushed(a);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void pastTrackingTableMaxKeysAKeyIsForgottenAndItsClientToldBeforeTheNextCommand(String server) throws Exception {
        start(server);
        RespTextClient a = resp3();
        RespTextClient b = connect();
        assertThat(b.call("CONFIG", "SET", "tracking-table-max-keys", "1")).hasToString("+OK");
        assertThat(b.call("CONFIG", "GET", "tracking-table-max-keys")).hasToString("*[$\"tracking-table-max-keys\", $\"1\"]");
        assertThat(a.call("CLIENT", "TRACKING", "ON")).hasToString("+OK");
        assertThat(a.call("GET", "k1")).hasToString("_");
        assertThat(a.call("GET", "k2")).hasToString("_"); // the table may pass the bound by one command's keys
        // before the next command one of the two is forgotten and a is told (Redis before that
        // command's reply, Cairn right after it)
        List<String> got = new ArrayList<>(List.of(a.call("GET", "k3").toString(), a.read().toString()));
        assertThat(got.remove("_")).as("GET k3's reply in " + got).isTrue();
        assertThat(got.get(0)).isIn(invalidate("k1"), invalidate("k2"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void noloopSkipsTheClientsOwnWrites(String server) throws Exception {
        start(server);
        RespTextClient a = resp3();
        RespTextClient b = connect();
        assertThat(a.call("CLIENT", "TRACKING", "ON", "NOLOOP")).hasToString("+OK");
        assertThat(a.call("GET", "k")).hasToString("_");
        assertThat(a.call("SET", "k", "mine")).hasToString("+OK");
        nothingPushed(a);
        // its own write forgot the key: another's write now sends nothing until it is read again
        assertThat(b.call("SET", "k", "theirs")).hasToString("+OK");
        nothingPushed(a);
        assertThat(a.call("GET", "k")).hasToString("$\"theirs\"");
        assertThat(b.call("INCR", "k")).hasToString("-ERR value is not an integer or out of range");
        assertThat(b.call("APPEND", "k", "!")).hasToString(":7");
        assertThat(a.read()).hasToString(invalidate("k"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void optinTracksOnlyTheCommandAfterCachingYes(String server) throws Exception {
        start(server);
        RespTextClient a = resp3();
        RespTextClient b = connect();
        assertThat(a.call("CLIENT", "CACHING", "YES")).hasToString(
                "-ERR CLIENT CACHING can be called only when the client is in tracking mode with OPTIN or OPTOUT mode enabled");
        assertThat(a.call("CLIENT", "TRACKING", "ON", "OPTIN")).hasToString("+OK");
        assertThat(a.call("CLIENT", "CACHING", "NO")).hasToString(
                "-ERR CLIENT CACHING NO is only valid when tracking is enabled in OPTOUT mode.");
        assertThat(a.call("GET", "plain")).hasToString("_");
        assertThat(a.call("CLIENT", "CACHING", "YES")).hasToString("+OK");
        assertThat(a.call("CLIENT", "TRACKINGINFO").toString()).startsWith(
                "%{$\"flags\": ~[$\"on\", $\"optin\", $\"caching-yes\"]");
        assertThat(a.call("GET", "cached")).hasToString("_");
        assertThat(a.call("GET", "after")).hasToString("_");
        assertThat(b.call("MSET", "plain", "1", "after", "1", "cached", "1")).hasToString("+OK");
        assertThat(a.read()).hasToString(invalidate("cached"));
        nothingPushed(a);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void bcastSendsEveryWrittenKeyUnderItsPrefixes(String server) throws Exception {
        start(server);
        RespTextClient a = resp3();
        RespTextClient b = connect();
        assertThat(a.call("CLIENT", "TRACKING", "ON", "BCAST", "PREFIX", "user:", "PREFIX", "ab")).hasToString("+OK");
        assertThat(a.call("CLIENT", "TRACKING", "ON", "BCAST", "PREFIX", "user:9")).hasToString(
                "-ERR Prefix 'user:9' overlaps with an existing prefix 'user:'. Prefixes for a single client must not overlap.");
        assertThat(a.call("CLIENT", "TRACKINGINFO")).hasToString(
                "%{$\"flags\": ~[$\"on\", $\"bcast\"], $\"redirect\": :0, $\"prefixes\": *[$\"ab\", $\"user:\"]}");
        assertThat(b.call("MSET", "user:2", "x", "other", "y", "user:1", "z")).hasToString("+OK");
        assertThat(a.read()).hasToString(invalidate("user:1", "user:2"));
        assertThat(b.call("SET", "abc", "1")).hasToString("+OK");
        assertThat(a.read()).hasToString(invalidate("abc"));
        assertThat(b.call("SET", "other", "1")).hasToString("+OK");
        nothingPushed(a);

        RespTextClient n = resp3();
        assertThat(n.call("CLIENT", "TRACKING", "ON", "BCAST", "NOLOOP")).hasToString("+OK");
        assertThat(n.call("SET", "mine", "1")).hasToString("+OK");
        nothingPushed(n);
        assertThat(b.call("SET", "theirs", "1")).hasToString("+OK");
        assertThat(n.read()).hasToString(invalidate("theirs"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void resp2RedirectsToASubscribedClientAndFlushSendsNull(String server) throws Exception {
        start(server);
        RespTextClient r = connect();
        RespTextClient a = connect();
        RespTextClient b = connect();
        String id = r.call("CLIENT", "ID").toString().substring(1);
        assertThat(a.call("CLIENT", "TRACKING", "ON", "REDIRECT", "999999")).hasToString(
                "-ERR The client ID you want redirect to does not exist");
        assertThat(r.call("SUBSCRIBE", "__redis__:invalidate")).hasToString(
                "*[$\"subscribe\", $\"__redis__:invalidate\", :1]");
        assertThat(a.call("CLIENT", "TRACKING", "ON", "REDIRECT", id)).hasToString("+OK");
        assertThat(a.call("CLIENT", "GETREDIR")).hasToString(":" + id);
        assertThat(a.call("GET", "k")).hasToString("$-1");
        assertThat(b.call("SET", "k", "v")).hasToString("+OK");
        assertThat(r.read()).hasToString("*[$\"message\", $\"__redis__:invalidate\", *[$\"k\"]]");
        assertThat(b.call("FLUSHALL")).hasToString("+OK");
        assertThat(r.read()).hasToString("*[$\"message\", $\"__redis__:invalidate\", $-1]");
        assertThat(a.call("CLIENT", "LIST", "ID", a.call("CLIENT", "ID").toString().substring(1)).toString())
                .contains(" flags=t ", " redir=" + id + " ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void expiredKeysAndFlushdbInvalidate(String server) throws Exception {
        start(server);
        RespTextClient a = resp3();
        RespTextClient b = connect();
        assertThat(a.call("CLIENT", "TRACKING", "ON")).hasToString("+OK");
        assertThat(b.call("SET", "short", "v", "PX", "50")).hasToString("+OK");
        assertThat(a.call("GET", "short")).hasToString("$\"v\"");
        assertThat(a.read()).as("the expiry cycle's delete").hasToString(invalidate("short"));
        assertThat(b.call("FLUSHDB")).hasToString("+OK");
        assertThat(a.read()).hasToString(">[$\"invalidate\", _]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void aRedirectToAClientThatLeftIsReportedBroken(String server) throws Exception {
        start(server);
        RespTextClient r = connect();
        RespTextClient a = resp3();
        RespTextClient b = connect();
        String id = r.call("CLIENT", "ID").toString().substring(1);
        assertThat(a.call("CLIENT", "TRACKING", "ON", "REDIRECT", id)).hasToString("+OK");
        assertThat(a.call("GET", "k")).hasToString("_");
        r.close();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (b.call("CLIENT", "LIST", "ID", id).toString().contains("id=" + id)) {
            assertThat(System.nanoTime()).as("the redirect client left").isLessThan(deadline);
            Thread.onSpinWait();
        }
        assertThat(b.call("SET", "k", "v")).hasToString("+OK");
        assertThat(a.read()).hasToString(">[$\"tracking-redir-broken\", :" + id + "]");
        assertThat(a.call("CLIENT", "TRACKINGINFO").toString()).startsWith(
                "%{$\"flags\": ~[$\"on\", $\"broken_redirect\"], $\"redirect\": :" + id);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void keysReadInsideTransactionsAndScriptsAreTrackedForTheCaller(String server) throws Exception {
        start(server);
        RespTextClient a = resp3();
        RespTextClient b = connect();
        assertThat(a.call("CLIENT", "TRACKING", "ON")).hasToString("+OK");
        assertThat(a.call("MULTI")).hasToString("+OK");
        assertThat(a.call("GET", "inmulti")).hasToString("+QUEUED");
        assertThat(a.call("EXEC")).hasToString("*[_]");
        assertThat(a.call("EVAL", "return redis.call('get', KEYS[1])", "1", "ineval")).hasToString("_");
        assertThat(a.call("EVAL_RO", "return redis.call('exists', KEYS[1])", "1", "inro")).hasToString(":0");
        assertThat(a.call("EVAL_RO", "return 1", "1", "unread")).hasToString(":1");
        assertThat(b.call("MSET", "unread", "1", "inmulti", "1", "ineval", "1", "inro", "1")).hasToString("+OK");
        assertThat(List.of(a.read().toString(), a.read().toString(), a.read().toString())).containsExactlyInAnyOrder(
                invalidate("inmulti"), invalidate("ineval"), invalidate("inro"));
        nothingPushed(a);
    }
}
