package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ACL users over sockets, as Redis 7.2 has them: the rules matrix (categories, subcommands, keys
 * by their key specs' read and write access, channels of PUBLISH and the SUBSCRIBEs), NOPERM in
 * Redis's words at top level, in MULTI/EXEC and in scripts, the ACL log, DRYRUN, AUTH and HELLO,
 * requirepass as the default user's password, the disconnections (DELUSER, channels taken away),
 * the aclfile across a restart, and the HTTP API's users.
 */
class AclTest {
    @TempDir
    Path dir;
    TestServer server;
    RespTextClient admin;

    @BeforeEach
    void start() throws IOException {
        server = TestServer.startWithHttp(dir, "none", "aclfile", "users.acl");
        admin = RespTextClient.connect(server.port());
    }

    @AfterEach
    void stop() {
        admin.close();
        server.close();
    }

    private RespTextClient as(String user, String password) throws IOException {
        RespTextClient c = RespTextClient.connect(server.port());
        assertThat(c.call("AUTH", user, password)).hasToString("+OK");
        return c;
    }

    private void setuser(String... rules) throws IOException {
        String[] args = new String[rules.length + 2];
        args[0] = "ACL";
        args[1] = "SETUSER";
        System.arraycopy(rules, 0, args, 2, rules.length);
        assertThat(admin.call(args)).hasToString("+OK");
    }

    @Test
    void categoriesAndCommandsDecideWhatRuns() throws IOException {
        setuser("alice", "on", ">pw", "~*", "+@read", "-@dangerous", "+set");
        try (RespTextClient alice = as("alice", "pw")) {
            assertThat(alice.call("SET", "k", "v")).hasToString("+OK");
            assertThat(alice.call("GET", "k")).hasToString("$\"v\"");
            assertThat(alice.call("DEL", "k")).hasToString("-NOPERM User alice has no permissions to run the 'del' command");
            assertThat(alice.call("KEYS", "*")).hasToString("-NOPERM User alice has no permissions to run the 'keys' command");
            assertThat(alice.call("CONFIG", "GET", "maxmemory"))
                    .hasToString("-NOPERM User alice has no permissions to run the 'config|get' command");
            assertThat(alice.call("ACL", "WHOAMI")).hasToString("-NOPERM User alice has no permissions to run the 'acl|whoami' command");
            assertThat(alice.call("AUTH", "alice", "pw")).hasToString("+OK"); // no_auth commands always run
            setuser("alice", "+acl|whoami");
            assertThat(alice.call("ACL", "WHOAMI")).hasToString("$\"alice\"");
        }
    }

    @Test
    void keysNeedTheAccessTheirKeySpecsAsk() throws IOException {
        admin.call("SET", "r1", "v");
        setuser("bob", "on", "nopass", "+@all", "%R~r*", "%W~w*");
        try (RespTextClient bob = as("bob", "x")) {
            assertThat(bob.call("GET", "r1")).hasToString("$\"v\"");
            assertThat(bob.call("SET", "r1", "v")).hasToString("-NOPERM No permissions to access a key");
            assertThat(bob.call("SET", "w1", "v")).hasToString("+OK");
            assertThat(bob.call("GET", "w1")).hasToString("-NOPERM No permissions to access a key");
            assertThat(bob.call("COPY", "r1", "w2")).hasToString(":1");
            assertThat(bob.call("COPY", "w1", "r2")).hasToString("-NOPERM No permissions to access a key");
            assertThat(bob.call("GET", "other")).hasToString("-NOPERM No permissions to access a key");
            assertThat(bob.call("DBSIZE")).hasToString(":3");
        }
        assertThat(admin.call("ACL", "DRYRUN", "bob", "GET", "w1"))
                .hasToString("$\"User bob has no permissions to access the 'w1' key\"");
        assertThat(admin.call("ACL", "DRYRUN", "bob", "SET", "w1", "v")).hasToString("+OK");
        assertThat(admin.call("ACL", "DRYRUN", "bob", "SET", "w1")).hasToString("-ERR wrong number of arguments for 'set' command");
        assertThat(admin.call("ACL", "DRYRUN", "nobody", "GET", "k")).hasToString("-ERR User 'nobody' not found");
        assertThat(admin.call("ACL", "DRYRUN", "bob", "NOSUCH")).hasToString("-ERR Command 'NOSUCH' not found");
    }

    @Test
    void channelsArePatternsAndSubscribedPatternsMustBeListed() throws IOException {
        setuser("carol", "on", "nopass", "+@all", "&news.*");
        try (RespTextClient carol = as("carol", "x")) {
            assertThat(carol.call("PUBLISH", "news.a", "hi")).hasToString(":0");
            assertThat(carol.call("PUBLISH", "sport", "hi")).hasToString("-NOPERM No permissions to access a channel");
            assertThat(carol.call("SUBSCRIBE", "news.a", "sport")).hasToString("-NOPERM No permissions to access a channel");
            assertThat(carol.call("PSUBSCRIBE", "news.a*")).hasToString("-NOPERM No permissions to access a channel");
            assertThat(carol.call("PSUBSCRIBE", "news.*")).hasToString("*[$\"psubscribe\", $\"news.*\", :1]");
        }
        assertThat(admin.call("ACL", "DRYRUN", "carol", "PUBLISH", "sport", "x"))
                .hasToString("$\"User carol has no permissions to access the 'sport' channel\"");
    }

    @Test
    void aSubscriberLosingItsChannelsIsDisconnectedAndOneKeepingThemIsNot() throws IOException {
        setuser("sub", "on", "nopass", "+@all", "&news.*", "&x");
        try (RespTextClient kept = as("sub", "x"); RespTextClient lost = as("sub", "x")) {
            assertThat(kept.call("SUBSCRIBE", "x")).hasToString("*[$\"subscribe\", $\"x\", :1]");
            assertThat(lost.call("SUBSCRIBE", "news.a")).hasToString("*[$\"subscribe\", $\"news.a\", :1]");
            setuser("sub", "&more"); // a superset: nobody leaves
            assertThat(kept.call("PING")).hasToString("*[$\"pong\", $\"\"]");
            assertThat(lost.call("PING")).hasToString("*[$\"pong\", $\"\"]");
            setuser("sub", "resetchannels", "&x");
            assertThatThrownBy(lost::read).isInstanceOf(IOException.class); // closed by the server
            assertThat(kept.call("PING")).hasToString("*[$\"pong\", $\"\"]");
        }
    }

    @Test
    void deletingAUserClosesItsConnections() throws IOException {
        setuser("dave", "on", "nopass", "+@all");
        try (RespTextClient dave = as("dave", "x")) {
            assertThat(admin.call("CLIENT", "LIST")).asString().contains("user=dave");
            assertThat(admin.call("ACL", "DELUSER", "dave", "nobody")).hasToString(":1");
            assertThatThrownBy(() -> dave.call("PING")).isInstanceOf(IOException.class);
        }
        assertThat(admin.call("ACL", "DELUSER", "default")).hasToString("-ERR The 'default' user cannot be removed");
        assertThat(admin.call("ACL", "USERS")).hasToString("*[$\"default\"]");
    }

    @Test
    void aTransactionIsRefusedAtQueueTimeAndAgainAtExec() throws IOException {
        setuser("erin", "on", "nopass", "~*", "+multi", "+exec", "+set", "+get");
        try (RespTextClient erin = as("erin", "x")) {
            assertThat(erin.call("MULTI")).hasToString("+OK");
            assertThat(erin.call("SET", "k", "v")).hasToString("+QUEUED");
            assertThat(erin.call("DEL", "k")).hasToString("-NOPERM User erin has no permissions to run the 'del' command");
            assertThat(erin.call("EXEC")).hasToString("-EXECABORT Transaction discarded because of previous errors.");
            assertThat(erin.call("MULTI")).hasToString("+OK");
            assertThat(erin.call("SET", "k", "v")).hasToString("+QUEUED");
            assertThat(erin.call("GET", "k")).hasToString("+QUEUED");
            setuser("erin", "-set");
            assertThat(erin.call("EXEC")).hasToString("*[-NOPERM ACLs rules changed between the moment the transaction "
                    + "was accumulated and the EXEC call. This command is no longer allowed for the following reason: "
                    + "no permission to execute the command or subcommand, $-1]");
        }
        assertThat(admin.call("ACL", "LOG", "1").toString()).contains("$\"context\", $\"multi\"", "$\"object\", $\"set\"");
    }

    @Test
    void aBlockedCommandIsRefusedWhenWokenAfterItsRulesChanged() throws IOException {
        setuser("pat", "on", "nopass", "+@all", "allkeys");
        try (RespTextClient pat = as("pat", "x")) {
            pat.send("BLPOP", "list1", "0");
            admin.awaitBlockedClients(1);
            setuser("pat", "resetkeys");
            assertThat(admin.call("LPUSH", "list1", "foo")).hasToString(":1");
            assertThat(pat.read()).hasToString("-NOPERM No permissions to access a key");
            assertThat(admin.call("LLEN", "list1")).hasToString(":1"); // nothing was popped
        }
    }

    @Test
    void aScriptRunsItsCallsAsItsCaller() throws IOException {
        setuser("fay", "on", "nopass", "~*", "+eval", "+get");
        try (RespTextClient fay = as("fay", "x")) {
            assertThat(fay.call("EVAL", "return redis.call('get', 'k')", "0")).hasToString("$-1");
            assertThat(fay.call("EVAL", "return redis.call('set', 'k', 'v')", "0").toString())
                    .startsWith("-ERR ACL failure in script: User fay has no permissions to run the 'set' command");
            assertThat(fay.call("EVAL", "return redis.acl_check_cmd('set', 'k', 'v')", "0")).hasToString("$-1");
            assertThat(fay.call("EVAL", "return redis.acl_check_cmd('get', 'k')", "0")).hasToString(":1");
        }
        String log = admin.call("ACL", "LOG", "1").toString();
        assertThat(log).contains("$\"reason\", $\"command\"", "$\"context\", $\"lua\"", "$\"object\", $\"set\"",
                "$\"username\", $\"fay\"", "cmd=eval");
    }

    @Test
    void theLogKeepsRefusalsWithRedisFields() throws IOException {
        setuser("gus", "on", ">pw", "+get", "~k*");
        try (RespTextClient gus = as("gus", "pw")) {
            gus.call("GET", "x");
            gus.call("GET", "x");
            assertThat(gus.call("AUTH", "gus", "wrong")).hasToString("-WRONGPASS invalid username-password pair or user is disabled.");
        }
        Reply log = admin.call("ACL", "LOG");
        assertThat(log.items()).hasSize(2);
        Reply auth = log.items().get(0);
        Reply key = log.items().get(1);
        assertThat(field(auth, "reason")).hasToString("$\"auth\"");
        assertThat(field(auth, "object")).hasToString("$\"AUTH\"");
        assertThat(field(key, "count")).hasToString(":2");
        assertThat(field(key, "reason")).hasToString("$\"key\"");
        assertThat(field(key, "context")).hasToString("$\"toplevel\"");
        assertThat(field(key, "object")).hasToString("$\"x\"");
        assertThat(field(key, "username")).hasToString("$\"gus\"");
        assertThat(field(key, "client-info").toString()).contains("user=gus", "cmd=get");
        assertThat(field(key, "entry-id")).hasToString(":0");
        assertThat(field(auth, "entry-id")).hasToString(":1");
        long created = Long.parseLong(field(key, "timestamp-created").text());
        assertThat(Long.parseLong(field(key, "timestamp-last-updated").text())).isGreaterThanOrEqualTo(created);
        assertThat(field(key, "age-seconds").toString()).matches("\\$\"[0-9.]+\"");
        assertThat(admin.call("ACL", "LOG", "1").items()).hasSize(1);
        String stats = admin.call("INFO", "stats").toString();
        assertThat(stats).contains("acl_access_denied_auth:1", "acl_access_denied_cmd:0", "acl_access_denied_key:2",
                "acl_access_denied_channel:0");
        assertThat(admin.call("ACL", "LOG", "RESET")).hasToString("+OK");
        assertThat(admin.call("ACL", "LOG")).hasToString("*[]");
    }

    private static Reply field(Reply map, String name) {
        for (int i = 0; i + 1 < map.items().size(); i += 2) {
            if (map.items().get(i).toString().equals("$\"" + name + "\"")) {
                return map.items().get(i + 1);
            }
        }
        throw new AssertionError(name + " not in " + map);
    }

    @Test
    void authenticationIsByUserAndRequirepassIsTheDefaultUsersPassword() throws IOException {
        setuser("hal", "on", ">pw", "+@all", "~*");
        assertThat(admin.call("AUTH", "hal", "nope")).hasToString("-WRONGPASS invalid username-password pair or user is disabled.");
        assertThat(admin.call("AUTH", "nobody", "pw")).hasToString("-WRONGPASS invalid username-password pair or user is disabled.");
        assertThat(admin.call("HELLO", "3", "AUTH", "hal", "pw").toString()).contains("$\"proto\": :3");
        assertThat(admin.call("ACL", "WHOAMI")).hasToString("$\"hal\"");
        setuser("hal", "off");
        assertThat(admin.call("ACL", "WHOAMI")).hasToString("$\"hal\""); // off: no new logins, as in Redis
        assertThat(admin.call("AUTH", "hal", "pw")).hasToString("-WRONGPASS invalid username-password pair or user is disabled.");
        assertThat(admin.call("AUTH", "pw")).hasToString("-ERR AUTH <password> called without any password configured "
                + "for the default user. Are you sure your configuration is correct?");
        assertThat(admin.call("CONFIG", "SET", "requirepass", "s3cret")).hasToString("+OK");
        try (RespTextClient fresh = RespTextClient.connect(server.port())) {
            assertThat(fresh.call("GET", "k")).hasToString("-NOAUTH Authentication required.");
            assertThat(fresh.call("AUTH", "s3cret")).hasToString("+OK");
            assertThat(fresh.call("ACL", "WHOAMI")).hasToString("$\"default\"");
            assertThat(fresh.call("ACL", "GETUSER", "default").toString()).contains(
                    "$\"passwords\", *[$\"" + sha256("s3cret") + "\"]");
            assertThat(fresh.call("RESET")).hasToString("+RESET");
            assertThat(fresh.call("GET", "k")).hasToString("-NOAUTH Authentication required.");
        }
        assertThat(admin.call("CONFIG", "SET", "requirepass", "")).hasToString("+OK");
        try (RespTextClient fresh = RespTextClient.connect(server.port())) {
            assertThat(fresh.call("GET", "k")).hasToString("$-1");
        }
    }

    private static String sha256(String s) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void passwordsNeverReachTheSlowLog() throws IOException {
        admin.call("CONFIG", "SET", "slowlog-log-slower-than", "0");
        setuser("max", "on", ">secret1");
        admin.call("AUTH", "max", "secret1");
        admin.call("AUTH", "default", "x");
        String log = admin.call("SLOWLOG", "GET", "10").toString();
        assertThat(log).contains("$\"SETUSER\", $\"(redacted)\", $\"(redacted)\", $\"(redacted)\"").doesNotContain("secret1");
    }

    @Test
    void clientListAndKillKnowTheUser() throws IOException {
        setuser("ivy", "on", "nopass", "+@all");
        try (RespTextClient ivy = as("ivy", "x")) {
            assertThat(ivy.call("CLIENT", "INFO").toString()).contains(" user=ivy ");
            assertThat(admin.call("CLIENT", "KILL", "USER", "nobody")).hasToString("-ERR No such user 'nobody'");
            assertThat(admin.call("CLIENT", "KILL", "USER", "ivy")).hasToString(":1");
            awaitClosed(ivy);
        }
    }

    /** Waits until the server has closed {@code c} (CLIENT KILL closes it from another thread). */
    private static void awaitClosed(RespTextClient c) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            try {
                c.call("PING");
            } catch (IOException closed) {
                return;
            }
        }
        throw new AssertionError("the connection stayed open");
    }

    @Test
    void usersSurviveARestartThroughTheAclfile() throws IOException {
        setuser("jo", "on", ">pw", "%R~r*", "&news", "+@read", "-@dangerous");
        String list = admin.call("ACL", "LIST").toString();
        assertThat(admin.call("ACL", "SAVE")).hasToString("+OK");
        assertThat(Files.readString(dir.resolve("users.acl"))).isEqualTo(
                "user default on nopass sanitize-payload ~* &* +@all\n"
                        + "user jo on sanitize-payload #" + sha256("pw") + " %R~r* resetchannels &news -@all +@read -@dangerous\n");
        admin.close();
        server.close();
        server = TestServer.startWithHttp(dir, "none", "aclfile", "users.acl");
        admin = RespTextClient.connect(server.port());
        assertThat(admin.call("ACL", "LIST")).hasToString(list);
        try (RespTextClient jo = as("jo", "pw")) {
            assertThat(jo.call("GET", "r1")).hasToString("$-1");
        }
        // ACL LOAD reads the file again; a bad file changes nothing
        Files.writeString(dir.resolve("users.acl"), "user default on nopass ~* &* +@all\nuser kim on nopass +get\n");
        assertThat(admin.call("ACL", "LOAD")).hasToString("+OK");
        assertThat(admin.call("ACL", "USERS")).hasToString("*[$\"default\", $\"kim\"]");
        Files.writeString(dir.resolve("users.acl"), "user kim on +nosuch\n");
        assertThat(admin.call("ACL", "LOAD")).hasToString("-ERR users.acl:1: Error in applying operation '+nosuch': "
                + "Unknown command or category name in ACL. WARNING: ACL errors detected, no change to the previously "
                + "active ACL rules was performed");
        assertThat(admin.call("ACL", "USERS")).hasToString("*[$\"default\", $\"kim\"]");
    }

    @Test
    void aBadAclfileStopsTheStart() throws IOException {
        admin.close();
        server.close();
        Files.writeString(dir.resolve("users.acl"), "nonsense\n");
        assertThatThrownBy(() -> TestServer.start(dir, "none", "aclfile", "users.acl"))
                .hasMessageContaining("users.acl:1 should start with user keyword followed by the username.");
        server = TestServer.startWithHttp(dir, "none"); // for stop()
        admin = RespTextClient.connect(server.port());
        assertThat(admin.call("ACL", "SAVE").toString()).startsWith("-ERR This Redis instance is not configured to use an ACL file.");
    }

    @Test
    void theHttpApiRunsAsTheUserItsCredentialsName() throws IOException, InterruptedException {
        // JSON.* are module commands, whose keys Redis takes as read and written: a key pattern grants both here
        setuser("lee", "on", ">pw", "+@all", "~doc*", "-json.set");
        admin.call("JSON.SET", "doc1", "$", "{\"a\":1}");
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        String basic = "Basic " + Base64.getEncoder().encodeToString("lee:pw".getBytes(StandardCharsets.UTF_8));
        assertThat(get(http, "/docs/doc1", basic).statusCode()).isEqualTo(200);
        assertThat(get(http, "/docs/doc1", "Bearer lee:pw").statusCode()).isEqualTo(200);
        HttpResponse<String> put = http.send(HttpRequest.newBuilder(uri("/docs/doc1")).header("Authorization", basic)
                .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(put.statusCode()).isEqualTo(403);
        assertThat(put.body()).contains("NOPERM User lee has no permissions to run the 'json.set' command");
        assertThat(get(http, "/docs/other", basic).statusCode()).isEqualTo(403);
        assertThat(get(http, "/docs/doc1", "Basic " + Base64.getEncoder().encodeToString("lee:no".getBytes()))
                .statusCode()).isEqualTo(401);
        assertThat(get(http, "/docs/doc1", null).statusCode()).isEqualTo(200); // the default user needs no password
        admin.call("CONFIG", "SET", "requirepass", "s3cret");
        assertThat(get(http, "/docs/doc1", null).statusCode()).isEqualTo(401);
        assertThat(get(http, "/docs/doc1", "Bearer s3cret").statusCode()).isEqualTo(200);
        assertThat(get(http, "/console/api/keys", basic).statusCode()).isEqualTo(200); // SCAN names no key
        // SCAN names every key, as Redis's; the type and TTL only of those lee may read
        admin.call("SET", "secret", "x", "EX", "100");
        String keys = get(http, "/console/api/keys", basic).body();
        assertThat(keys).contains("{\"key\":\"doc1\",\"type\":\"ReJSON-RL\",\"ttl\":-1}")
                .contains("{\"key\":\"secret\",\"type\":null,\"ttl\":null}");
        setuser("lee", "-scan");
        assertThat(get(http, "/console/api/keys", basic).body())
                .contains("NOPERM User lee has no permissions to run the 'scan' command");
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.httpPort() + path);
    }

    private HttpResponse<String> get(HttpClient http, String path, String authorization)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).GET();
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
