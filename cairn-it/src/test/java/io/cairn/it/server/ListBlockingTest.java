package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Blocking list commands over sockets, in RESP2 and RESP3: clients waiting on a key are served in
 * the order they blocked, a push inside MULTI serves them after EXEC, a key deleted or retyped
 * while they wait leaves them waiting, a client that leaves stops waiting, timeouts and CLIENT
 * UNBLOCK answer as Redis does. Each step waits on the server's {@code blocked_clients} count, not
 * on the clock.
 */
class ListBlockingTest {
    @TempDir
    Path dir;
    private TestServer server;
    private final List<RespTextClient> clients = new ArrayList<>();

    @AfterEach
    void stop() {
        clients.forEach(RespTextClient::close);
        if (server != null) {
            server.close();
        }
    }

    private RespTextClient client(int protocol) throws IOException {
        if (server == null) {
            server = TestServer.start(dir, "write");
        }
        RespTextClient c = RespTextClient.connect(server.port());
        clients.add(c);
        if (protocol == 3) {
            assertThat(c.call("HELLO", "3").toString()).startsWith("%{");
        }
        return c;
    }

    private static void awaitBlocked(RespTextClient admin, int n) throws IOException {
        admin.awaitBlockedClients(n);
    }

    private static String nullArray(int protocol) {
        return protocol == 3 ? "_" : "*-1";
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void clientsAreServedInTheOrderTheyBlocked(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        List<RespTextClient> waiters = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            RespTextClient w = client(protocol);
            w.send(i == 1 ? "BRPOP" : "BLPOP", "other", "q", "0");
            awaitBlocked(admin, i + 1);
            waiters.add(w);
        }
        assertThat(admin.call("RPUSH", "q", "a", "b", "c").toString()).isEqualTo(":3");
        assertThat(waiters.get(0).read().toString()).isEqualTo("*[$\"q\", $\"a\"]");
        assertThat(waiters.get(1).read().toString()).isEqualTo("*[$\"q\", $\"c\"]"); // BRPOP takes the tail
        assertThat(waiters.get(2).read().toString()).isEqualTo("*[$\"q\", $\"b\"]");
        awaitBlocked(admin, 0);
        assertThat(admin.call("EXISTS", "q").toString()).isEqualTo(":0");
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void aPushInsideMultiServesTheWaiterAfterExec(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        RespTextClient waiter = client(protocol);
        waiter.send("BLPOP", "q", "0");
        awaitBlocked(admin, 1);
        admin.call("MULTI");
        admin.call("RPUSH", "q", "x", "y");
        admin.call("LPOP", "q");
        // the waiter did not take x in the middle of the transaction: EXEC's LPOP got it
        assertThat(admin.call("EXEC").toString()).isEqualTo("*[:2, $\"x\"]");
        assertThat(waiter.read().toString()).isEqualTo("*[$\"q\", $\"y\"]");
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void aKeyDeletedOrRetypedWhileClientsWaitLeavesThemWaiting(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        RespTextClient waiter = client(protocol);
        waiter.send("BLPOP", "q", "0");
        awaitBlocked(admin, 1);
        admin.call("MULTI");
        admin.call("RPUSH", "q", "gone");
        admin.call("DEL", "q");
        admin.call("SET", "q", "now a string");
        admin.call("EXEC");
        admin.call("DEL", "q");
        awaitBlocked(admin, 1);
        admin.call("RPUSH", "q", "later");
        assertThat(waiter.read().toString()).isEqualTo("*[$\"q\", $\"later\"]");

        // a key named first that became a string fails the retry, as Redis re-runs the command
        waiter.send("BLPOP", "s", "q", "0");
        awaitBlocked(admin, 1);
        admin.call("SET", "s", "v");
        admin.call("RPUSH", "q", "x");
        assertThat(waiter.read().toString()).isEqualTo("-WRONGTYPE Operation against a key holding the wrong kind of value");
        assertThat(admin.call("LRANGE", "q", "0", "-1").toString()).isEqualTo("*[$\"x\"]");
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void aClientThatLeavesWhileBlockedStopsWaiting(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        RespTextClient waiter = client(protocol);
        waiter.send("BLPOP", "q", "0");
        awaitBlocked(admin, 1);
        waiter.close();
        awaitBlocked(admin, 0);
        assertThat(admin.call("RPUSH", "q", "x").toString()).isEqualTo(":1");
        assertThat(admin.call("LLEN", "q").toString()).isEqualTo(":1");
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void timeoutsAnswerWithANullArrayAfterTheirTime(int protocol) throws IOException {
        RespTextClient c = client(protocol);
        long start = System.nanoTime();
        assertThat(c.call("BLPOP", "q", "0.2").toString()).isEqualTo(nullArray(protocol));
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(200_000_000L);
        assertThat(c.call("BLMOVE", "q", "d", "LEFT", "LEFT", "0.01").toString()).isEqualTo(nullArray(protocol));
        assertThat(c.call("BLMPOP", "0.01", "1", "q", "LEFT").toString()).isEqualTo(nullArray(protocol));
        assertThat(c.call("PING").toString()).isEqualTo("+PONG");
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void clientUnblockAnswersWithTheTimeoutReplyOrAnError(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        RespTextClient waiter = client(protocol);
        String id = waiter.call("CLIENT", "ID").toString().substring(1);
        assertThat(admin.call("CLIENT", "UNBLOCK", id).toString()).isEqualTo(":0");
        waiter.send("BLPOP", "q", "0");
        awaitBlocked(admin, 1);
        assertThat(admin.call("CLIENT", "UNBLOCK", id, "FOO").toString())
                .isEqualTo("-ERR CLIENT UNBLOCK reason should be TIMEOUT or ERROR");
        assertThat(admin.call("CLIENT", "UNBLOCK", id).toString()).isEqualTo(":1");
        assertThat(waiter.read().toString()).isEqualTo(nullArray(protocol));
        waiter.send("BLMOVE", "q", "d", "LEFT", "LEFT", "0");
        awaitBlocked(admin, 1);
        assertThat(admin.call("CLIENT", "UNBLOCK", id, "error").toString()).isEqualTo(":1");
        assertThat(waiter.read().toString()).isEqualTo("-UNBLOCKED client unblocked via CLIENT UNBLOCK");
        awaitBlocked(admin, 0);
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void aMovedElementServesTheClientWaitingOnTheDestination(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        RespTextClient mover = client(protocol);
        RespTextClient popper = client(protocol);
        mover.send("BLMOVE", "a", "b", "LEFT", "LEFT", "0");
        awaitBlocked(admin, 1);
        popper.send("BLMPOP", "0", "1", "b", "RIGHT", "COUNT", "5");
        awaitBlocked(admin, 2);
        admin.call("RPUSH", "a", "x");
        assertThat(mover.read().toString()).isEqualTo("$\"x\"");
        assertThat(popper.read().toString()).isEqualTo("*[$\"b\", *[$\"x\"]]");
        assertThat(admin.call("EXISTS", "a", "b").toString()).isEqualTo(":0");
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void commandsPipelinedAfterABlockedOneWaitForIt(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        RespTextClient waiter = client(protocol);
        waiter.send("BLPOP", "q", "0");
        waiter.send("RPUSH", "q", "mine");
        awaitBlocked(admin, 1);
        assertThat(admin.call("LLEN", "q").toString()).isEqualTo(":0"); // the RPUSH waits behind the BLPOP
        admin.call("RPUSH", "q", "first");
        assertThat(waiter.read().toString()).isEqualTo("*[$\"q\", $\"first\"]");
        assertThat(waiter.read().toString()).isEqualTo(":1");
        assertThat(admin.call("LRANGE", "q", "0", "-1").toString()).isEqualTo("*[$\"mine\"]");
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void aWaitIsOnTheKeyOfItsOwnDatabase(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        RespTextClient waiter = client(protocol);
        assertThat(waiter.call("SELECT", "1").toString()).isEqualTo("+OK");
        waiter.send("BLPOP", "q", "0");
        awaitBlocked(admin, 1);
        admin.call("RPUSH", "q", "in db 0");
        admin.call("SELECT", "1");
        admin.call("RPUSH", "q", "in db 1");
        assertThat(waiter.read().toString()).isEqualTo("*[$\"q\", $\"in db 1\"]");
        admin.call("SELECT", "0");
        assertThat(admin.call("LRANGE", "q", "0", "-1").toString()).isEqualTo("*[$\"in db 0\"]");
    }
}
