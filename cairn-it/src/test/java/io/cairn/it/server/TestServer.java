package io.cairn.it.server;

import io.cairn.common.CairnException;
import io.cairn.server.CairnServer;
import io.cairn.server.ServerConfig;
import io.cairn.storage.io.FileSystem;
import io.cairn.storage.io.LocalFileSystem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Arrays;

/** An in-process server on 127.0.0.1 and a free port, in a directory the test owns. */
final class TestServer implements AutoCloseable {
    final CairnServer server;
    final Path dir;

    private TestServer(CairnServer server, Path dir) {
        this.server = server;
        this.dir = dir;
    }

    static TestServer start(Path dir, String wal, String... settings) {
        return start(LocalFileSystem.INSTANCE, dir, wal, settings);
    }

    /** As {@link #start}, the store's files going through {@code fs} (a held or faulty disk). */
    static TestServer start(FileSystem fs, Path dir, String wal, String... settings) {
        ServerConfig.Builder b = new ServerConfig.Builder().set("port", "0").set("bind", "127.0.0.1")
                .set("dir", dir.toString()).set("wal", wal).set("io-threads", "2");
        for (int i = 0; i + 1 < settings.length; i += 2) {
            b.set(settings[i], settings[i + 1]);
        }
        return new TestServer(CairnServer.start(b.build(), fs), dir);
    }

    /**
     * As {@link #start}, with the HTTP API on a free port too. {@code http-port} 0 means off, so a
     * free port is found first; should another process take it before the bind, the start is
     * retried on another.
     */
    static TestServer startWithHttp(Path dir, String wal, String... settings) {
        return startWithHttp(LocalFileSystem.INSTANCE, dir, wal, settings);
    }

    /** As {@link #startWithHttp(Path, String, String...)}, the store's files going through {@code fs}. */
    static TestServer startWithHttp(FileSystem fs, Path dir, String wal, String... settings) {
        for (int attempt = 1; ; attempt++) {
            String[] all = Arrays.copyOf(settings, settings.length + 2);
            all[settings.length] = "http-port";
            all[settings.length + 1] = Integer.toString(freePort());
            try {
                return start(fs, dir, wal, all);
            } catch (CairnException e) {
                if (attempt == 5 || e.getMessage() == null || !e.getMessage().startsWith("cannot listen")) {
                    throw e;
                }
            }
        }
    }

    /** As {@link #start}, with the memcached protocol on a free port too (retried as {@link #startWithHttp}). */
    static TestServer startWithMemcached(Path dir, String wal, String... settings) {
        for (int attempt = 1; ; attempt++) {
            String[] all = Arrays.copyOf(settings, settings.length + 2);
            all[settings.length] = "memcached-port";
            all[settings.length + 1] = Integer.toString(freePort());
            try {
                return start(LocalFileSystem.INSTANCE, dir, wal, all);
            } catch (CairnException e) {
                if (attempt == 5 || e.getMessage() == null || !e.getMessage().startsWith("cannot listen")) {
                    throw e;
                }
            }
        }
    }

    /** The memcached protocol's port; 0 when it is off. */
    int memcachedPort() {
        return server.memcachedPort();
    }

    /** A port free when asked; another process may take it before it is bound. */
    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int port() {
        return server.port();
    }

    /** The HTTP API's port; 0 when it is off. */
    int httpPort() {
        return server.httpPort();
    }

    @Override
    public void close() {
        server.close();
    }
}
