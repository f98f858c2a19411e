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
 * BZPOPMIN, BZPOPMAX and BZMPOP over sockets, in RESP2 and RESP3, on the same blocked-client
 * machinery as the list commands: waiters on a key are served in the order they blocked, a ZADD
 * inside MULTI serves them after EXEC, a key deleted or made another type leaves them waiting (and
 * a key named before the sorted set that became another type fails the retry with WRONGTYPE), a
 * client that leaves stops waiting, timeouts and CLIENT UNBLOCK answer a null array or an error.
 * Each step waits on the server's {@code blocked_clients} count, not on the clock.
 */
class ZSetBlockingTest {
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

    /** A score as the protocol sends it: a bulk string in RESP2, a double in RESP3. */
    private static String score(int protocol, String value) {
        return protocol == 3 ? "," + value : "$\"" + value + "\"";
    }

    private static String nullArray(int protocol) {
        return protocol == 3 ? "_" : "*-1";
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void clientsAreServedInTheOrderTheyBlocked(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        RespTextClient min = client(protocol);
        min.send("BZPOPMIN", "other", "z", "0");
        awaitBlocked(admin, 1);
        RespTextClient max = client(protocol);
        max.send("BZPOPMAX", "z", "0");
        awaitBlocked(admin, 2);
        RespTextClient multi = client(protocol);
        multi.send("BZMPOP", "0", "2", "other", "z", "MIN", "COUNT", "5");
        awaitBlocked(admin, 3);
        assertThat(admin.call("ZADD", "z", "1", "a", "2", "b", "3", "c", "4.5", "d").toString()).isEqualTo(":4");
        assertThat(min.read().toString()).isEqualTo("*[$\"z\", $\"a\", " + score(protocol, "1") + "]");
        assertThat(max.read().toString()).isEqualTo("*[$\"z\", $\"d\", " + score(protocol, "4.5") + "]");
        assertThat(multi.read().toString()).isEqualTo("*[$\"z\", *[*[$\"b\", " + score(protocol, "2") + "], *[$\"c\", "
                + score(protocol, "3") + "]]]");
        awaitBlocked(admin, 0);
        assertThat(admin.call("EXISTS", "z").toString()).isEqualTo(":0");
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void aZaddInsideMultiServesTheWaiterAfterExec(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        RespTextClient waiter = client(protocol);
        waiter.send("BZPOPMIN", "z", "0");
        awaitBlocked(admin, 1);
        admin.call("MULTI");
        admin.call("ZADD", "z", "1", "x", "2", "y");
        admin.call("ZPOPMIN", "z");
        // the waiter did not take x in the middle of the transaction: EXEC's ZPOPMIN got it
        assertThat(admin.call("EXEC").toString()).isEqualTo("*[:2, *[$\"x\", " + score(protocol, "1") + "]]");
        assertThat(waiter.read().toString()).isEqualTo("*[$\"z\", $\"y\", " + score(protocol, "2") + "]");
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void aKeyDeletedOrRetypedWhileClientsWaitLeavesThemWaiting(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        RespTextClient waiter = client(protocol);
        waiter.send("BZPOPMAX", "z", "0");
        awaitBlocked(admin, 1);
        admin.call("MULTI");
        admin.call("ZADD", "z", "1", "gone");
        admin.call("DEL", "z");
        admin.call("RPUSH", "z", "a list now");
        admin.call("EXEC");
        admin.call("DEL", "z");
        admin.call("SET", "z", "a string");
        admin.call("DEL", "z");
        awaitBlocked(admin, 1);
        admin.call("ZADD", "z", "7", "later");
        assertThat(waiter.read().toString()).isEqualTo("*[$\"z\", $\"later\", " + score(protocol, "7") + "]");

        // a key named first that became a string fails the retry, as Redis re-runs the command
        waiter.send("BZMPOP", "0", "2", "s", "z", "MAX");
        awaitBlocked(admin, 1);
        admin.call("SET", "s", "v");
        admin.call("ZADD", "z", "1", "m");
        assertThat(waiter.read().toString()).isEqualTo("-WRONGTYPE Operation against a key holding the wrong kind of value");
        assertThat(admin.call("ZCARD", "z").toString()).isEqualTo(":1");
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void aClientThatLeavesWhileBlockedStopsWaiting(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        RespTextClient waiter = client(protocol);
        waiter.send("BZPOPMIN", "z", "0");
        awaitBlocked(admin, 1);
        waiter.close();
        awaitBlocked(admin, 0);
        assertThat(admin.call("ZADD", "z", "1", "m").toString()).isEqualTo(":1");
        assertThat(admin.call("ZCARD", "z").toString()).isEqualTo(":1");
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void timeoutsAnswerWithANullArrayAfterTheirTime(int protocol) throws IOException {
        RespTextClient c = client(protocol);
        long start = System.nanoTime();
        assertThat(c.call("BZPOPMIN", "z", "0.2").toString()).isEqualTo(nullArray(protocol));
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(200_000_000L);
        assertThat(c.call("BZPOPMAX", "z", "other", "0.01").toString()).isEqualTo(nullArray(protocol));
        assertThat(c.call("BZMPOP", "0.01", "1", "z", "MAX", "COUNT", "2").toString()).isEqualTo(nullArray(protocol));
        assertThat(c.call("PING").toString()).isEqualTo("+PONG");
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void clientUnblockAnswersWithTheTimeoutReplyOrAnError(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        RespTextClient waiter = client(protocol);
        String id = waiter.call("CLIENT", "ID").toString().substring(1);
        waiter.send("BZPOPMIN", "z", "0");
        awaitBlocked(admin, 1);
        assertThat(admin.call("CLIENT", "UNBLOCK", id, "TIMEOUT").toString()).isEqualTo(":1");
        assertThat(waiter.read().toString()).isEqualTo(nullArray(protocol));
        waiter.send("BZMPOP", "0", "1", "z", "MIN");
        awaitBlocked(admin, 1);
        assertThat(admin.call("CLIENT", "UNBLOCK", id, "ERROR").toString()).isEqualTo(":1");
        assertThat(waiter.read().toString()).isEqualTo("-UNBLOCKED client unblocked via CLIENT UNBLOCK");
        awaitBlocked(admin, 0);
        assertThat(admin.call("CLIENT", "UNBLOCK", id).toString()).isEqualTo(":0");
    }

    @ParameterizedTest(name = "RESP{0}")
    @ValueSource(ints = {2, 3})
    void listAndSortedSetWaitersOnOneKeyWakeOnlyForTheirType(int protocol) throws IOException {
        RespTextClient admin = client(protocol);
        RespTextClient zsetWaiter = client(protocol);
        zsetWaiter.send("BZPOPMIN", "k", "0");
        awaitBlocked(admin, 1);
        RespTextClient listWaiter = client(protocol);
        listWaiter.send("BLPOP", "k", "0");
        awaitBlocked(admin, 2);
        // SORT ... STORE writes a list: it serves the BLPOP, the BZPOPMIN keeps waiting
        admin.call("RPUSH", "src", "3", "1", "2");
        assertThat(admin.call("SORT", "src", "STORE", "k").toString()).isEqualTo(":3");
        assertThat(listWaiter.read().toString()).isEqualTo("*[$\"k\", $\"1\"]");
        awaitBlocked(admin, 1);
        assertThat(admin.call("LRANGE", "k", "0", "-1").toString()).isEqualTo("*[$\"2\", $\"3\"]");
        admin.call("DEL", "k");
        admin.call("ZADD", "k", "5", "z");
        assertThat(zsetWaiter.read().toString()).isEqualTo("*[$\"k\", $\"z\", " + score(protocol, "5") + "]");
        awaitBlocked(admin, 0);
    }
}
