package io.cairn.cli.load;

import io.cairn.server.CairnServer;
import io.cairn.server.ServerConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.commands.ProtocolCommand;

/**
 * An in-process Cairn server on 127.0.0.1 and a free port, without a log, in a directory the test
 * owns, plus a Jedis client to read back what was loaded.
 */
final class TestServer implements AutoCloseable {
    private static final ProtocolCommand JSON_GET = () -> "JSON.GET".getBytes(StandardCharsets.US_ASCII);

    private final CairnServer server;
    private final Jedis jedis;

    private TestServer(CairnServer server) {
        this.server = server;
        this.jedis = new Jedis("127.0.0.1", server.port(), 30_000);
    }

    /** {@code settings} are name, value pairs of server settings. */
    static TestServer start(Path dir, String... settings) {
        ServerConfig.Builder b = new ServerConfig.Builder().set("port", "0").set("bind", "127.0.0.1")
                .set("dir", dir.toString()).set("wal", "none").set("io-threads", "2");
        for (int i = 0; i + 1 < settings.length; i += 2) {
            b.set(settings[i], settings[i + 1]);
        }
        return new TestServer(CairnServer.start(b.build()));
    }

    int port() {
        return server.port();
    }

    Jedis jedis() {
        return jedis;
    }

    /** The document at {@code key} as JSON.GET prints it (compact), or null when there is none. */
    String jsonGet(String key) {
        byte[] b = (byte[]) jedis.sendCommand(JSON_GET, key);
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    long dbsize() {
        return jedis.dbSize();
    }

    @Override
    public void close() {
        jedis.close();
        server.close();
    }
}
