package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/** Authentication, connection limits, idle timeouts and the client output buffer limit. */
class ServerLimitsTest {
    @TempDir
    Path dir;
    TestServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** Waits (up to 10 s) until the server counts {@code n} connected clients, the asking one included. */
    private static void awaitConnectedClients(Jedis asking, int n) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (info(asking, "clients", "connected_clients") != n && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(info(asking, "clients", "connected_clients")).isEqualTo(n);
    }

    private static long info(Jedis j, String section, String field) {
        return Long.parseLong(j.info(section).lines().filter(l -> l.startsWith(field + ":"))
                .findFirst().orElseThrow().split(":")[1].strip());
    }

    @Test
    void requirepassGatesCommandsUntilAuth() {
        server = TestServer.start(dir, "none", "requirepass", "s3cret");
        try (Jedis j = new Jedis("127.0.0.1", server.port())) {
            assertThatThrownBy(j::ping).hasMessage("NOAUTH Authentication required.");
            assertThatThrownBy(() -> j.auth("wrong")).hasMessage("WRONGPASS invalid username-password pair or user is disabled.");
            assertThat(j.auth("s3cret")).isEqualTo("OK");
            assertThat(j.set("k", "v")).isEqualTo("OK");
            assertThat(j.configSet("requirepass", "other")).isEqualTo("OK");
        }
        try (Jedis j = new Jedis("127.0.0.1", server.port())) {
            assertThatThrownBy(() -> j.auth("s3cret")).hasMessageStartingWith("WRONGPASS");
            assertThat(j.auth("default", "other")).isEqualTo("OK");
            assertThat(j.get("k")).isEqualTo("v");
        }
    }

    @Test
    void connectionsPastMaxclientsAreRefusedInRedisWords() throws IOException {
        server = TestServer.start(dir, "none", "maxclients", "2");
        try (Jedis a = new Jedis("127.0.0.1", server.port()); Jedis b = new Jedis("127.0.0.1", server.port())) {
            a.ping();
            b.ping();
            try (Socket third = new Socket("127.0.0.1", server.port())) {
                third.setSoTimeout(60_000); // a deadline for a failure only: the reply ends the read
                byte[] reply = third.getInputStream().readAllBytes();
                assertThat(new String(reply, StandardCharsets.US_ASCII)).isEqualTo("-ERR max number of clients reached\r\n");
            }
            assertThat(a.ping()).isEqualTo("PONG");
        }
    }

    @Test
    void idleClientsAreClosedAfterTheTimeout() throws Exception {
        server = TestServer.start(dir, "none", "timeout", "1");
        try (Socket idle = new Socket("127.0.0.1", server.port())) {
            idle.setSoTimeout(60_000); // the timer closes it within about 2 s; 60 s only bounds a failure on a loaded machine
            assertThat(idle.getInputStream().read()).as("closed by the server").isEqualTo(-1);
        }
    }

    @Test
    void aClientThatDoesNotReadIsClosedPastTheOutputBufferLimit() throws Exception {
        server = TestServer.start(dir, "none", "client-output-buffer-limit", "1mb");
        try (Jedis asking = new Jedis("127.0.0.1", server.port())) {
            asking.set("big".getBytes(), new byte[256 * 1024]);
            awaitConnectedClients(asking, 1);
            try (Socket greedy = new Socket("127.0.0.1", server.port())) {
                awaitConnectedClients(asking, 2); // the greedy client is registered
                byte[] get = "GET big\r\n".repeat(400).getBytes(StandardCharsets.US_ASCII); // 100 MB of replies
                greedy.getOutputStream().write(get);
                greedy.getOutputStream().flush();
                awaitConnectedClients(asking, 1); // and dropped while it has not read a byte
                greedy.setSoTimeout(60_000);
                InputStream in = greedy.getInputStream();
                long total = 0;
                byte[] buf = new byte[1 << 16];
                for (int n; (n = in.read(buf)) >= 0; ) {
                    total += n;
                }
                assertThat(total).as("the server stopped well before 100 MB").isLessThan(50L << 20);
            } catch (java.net.SocketException e) {
                // connection reset by the server: also a close
            }
        }
        try (Jedis j = new Jedis("127.0.0.1", server.port())) {
            assertThat(j.ping()).as("the server serves others").isEqualTo("PONG");
        }
    }
}
