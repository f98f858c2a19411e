package io.cairn.it.server;

import io.cairn.server.CairnServer;
import io.cairn.server.ServerConfig;
import java.nio.file.Path;

/** An in-process server on 127.0.0.1 and a free port, in a directory the test owns. */
final class TestServer implements AutoCloseable {
    final CairnServer server;
    final Path dir;

    private TestServer(CairnServer server, Path dir) {
        this.server = server;
        this.dir = dir;
    }

    static TestServer start(Path dir, String wal, String... settings) {
        ServerConfig.Builder b = new ServerConfig.Builder().set("port", "0").set("bind", "127.0.0.1")
                .set("dir", dir.toString()).set("wal", wal).set("io-threads", "2");
        for (int i = 0; i + 1 < settings.length; i += 2) {
            b.set(settings[i], settings[i + 1]);
        }
        return new TestServer(CairnServer.start(b.build()), dir);
    }

    int port() {
        return server.port();
    }

    @Override
    public void close() {
        server.close();
    }
}
