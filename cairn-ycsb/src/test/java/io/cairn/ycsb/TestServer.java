package io.cairn.ycsb;

import io.cairn.server.CairnServer;
import io.cairn.server.ServerConfig;
import java.nio.file.Path;
import java.util.Properties;

/** An in-process Cairn server on 127.0.0.1 and a free port (or a given one), in a directory the test owns. */
final class TestServer implements AutoCloseable {
    private final CairnServer server;

    private TestServer(CairnServer server) {
        this.server = server;
    }

    /** Starts a server without a log ({@code wal none}); {@code settings} are name, value pairs. */
    static TestServer start(Path dir, String... settings) {
        ServerConfig.Builder b = new ServerConfig.Builder().set("port", "0").set("bind", "127.0.0.1")
                .set("dir", dir.toString()).set("wal", "none");
        for (int i = 0; i + 1 < settings.length; i += 2) {
            b.set(settings[i], settings[i + 1]);
        }
        return new TestServer(CairnServer.start(b.build()));
    }

    int port() {
        return server.port();
    }

    /** YCSB properties that point a {@link CairnClient} at this server. */
    Properties clientProperties() {
        Properties p = new Properties();
        p.setProperty("cairn.port", Integer.toString(port()));
        return p;
    }

    @Override
    public void close() {
        server.close();
    }
}
