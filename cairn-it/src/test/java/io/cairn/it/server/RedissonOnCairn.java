package io.cairn.it.server;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;
import org.redisson.config.ConstantDelay;

/**
 * A Cairn server and Redisson clients on it, values as strings, set to fail fast: Redisson retries
 * a command that fails or times out, and a command Cairn does not serve yet would otherwise keep
 * a test waiting, so each client retries once, after 100 ms, and
 * gives a command 10 s. Test classes that use it still carry a JUnit {@code @Timeout}. {@link
 * #close()} shuts the clients down, then the server. Not thread-safe: one test's thread owns it.
 */
final class RedissonOnCairn implements AutoCloseable {
    final TestServer server;
    private final int database;
    private final List<RedissonClient> clients = new ArrayList<>();

    private RedissonOnCairn(TestServer server, int database) {
        this.server = server;
        this.database = database;
    }

    /** A server in {@code dir} and one client on database 0. */
    static RedissonOnCairn start(Path dir) {
        return start(dir, 0);
    }

    /** A server in {@code dir} and one client on {@code database}. */
    static RedissonOnCairn start(Path dir, int database) {
        RedissonOnCairn r = new RedissonOnCairn(TestServer.start(dir, "fsync"), database);
        r.connect();
        return r;
    }

    /** The first client. */
    RedissonClient redisson() {
        return clients.getFirst();
    }

    /** Another client on the same server and database (one that pushes while the first waits). */
    RedissonClient connect() {
        Config config = new Config();
        config.useSingleServer().setAddress("redis://127.0.0.1:" + server.port()).setDatabase(database)
                .setConnectionMinimumIdleSize(1).setConnectionPoolSize(4)
                .setSubscriptionConnectionMinimumIdleSize(0).setSubscriptionConnectionPoolSize(1)
                .setRetryAttempts(1).setRetryDelay(new ConstantDelay(Duration.ofMillis(100)))
                .setTimeout(10_000).setConnectTimeout(10_000);
        config.setCodec(StringCodec.INSTANCE);
        RedissonClient c = Redisson.create(config);
        clients.add(c);
        return c;
    }

    @Override
    public void close() {
        for (RedissonClient c : clients.reversed()) {
            c.shutdown();
        }
        server.close();
    }
}
