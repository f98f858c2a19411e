package io.cairn.server;

import io.cairn.common.CairnException;
import io.cairn.common.Clock;
import io.cairn.search.SearchService;
import io.cairn.server.command.CommandRegistry;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Dispatcher;
import io.cairn.server.http.HttpApi;
import io.cairn.server.memcached.MemcachedServer;
import io.cairn.server.net.Listeners;
import io.cairn.server.net.RespChannelHandler;
import io.cairn.server.net.TlsContext;
import io.cairn.server.net.TlsHandshakeLog;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.ReplicaGroup;
import io.cairn.storage.engine.DiskEngine;
import io.cairn.storage.engine.DiskSettings;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.StoreStats;
import io.cairn.storage.io.FileSystem;
import io.cairn.storage.io.LocalFileSystem;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/*
 * ============================================================================================
 * CairnServer: Netty in front of one Store.
 *
 *   accept -> RespChannelHandler (per connection, on one event loop)
 *               RespDecoder -> Dispatcher -> handler (store.execute / store.query) -> reply
 *               replies wait in order for Result.durable() before they are written
 *   accept on http-port (when set) -> io.cairn.server.http.HttpApi, same event loops, same rules
 *   accept on tls-port (when set) -> SslHandler -> TlsHandshakeLog -> RespChannelHandler, as above;
 *               one TlsContext (net.TlsContext), built before any port is bound, serves it and
 *               HTTPS (http-tls yes); port 0 with tls-port set binds no plain port
 *   accept on memcached-port (when set) -> io.cairn.server.memcached.MemcachedServer, likewise
 *
 * Event loops: native epoll when available, else NIO; one per two cores (one on a 2-core machine)
 * unless io-threads says else (eventLoops).
 * ============================================================================================
 */

/** A running server. Thread-safe; {@link #close()} is idempotent. */
public final class CairnServer implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(CairnServer.class.getName());

    private final ServerConfig config;
    private final Store store;
    /** This node's replicated group, or null for a single node. */
    private final ReplicaGroup replication;
    private final SearchService search;
    private final ServerContext context;
    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    /** The plain RESP listener, or null when {@code port} is 0 and {@code tls-port} is set. */
    private final Channel listener;
    /** The TLS RESP listener, or null when {@code tls-port} is 0. */
    private final Channel tlsListener;
    /** The TLS context of both RESP and HTTP, or null when no listener serves TLS. */
    private final TlsContext tls;
    /** The HTTP API, or null when {@code http-port} is 0. */
    private final HttpApi http;
    /** The memcached listener, or null when {@code memcached-port} is 0. */
    private final MemcachedServer memcached;
    private final ScheduledExecutorService timer;
    private final HeapGuard heapGuard;
    private final CountDownLatch closed = new CountDownLatch(1);
    private final boolean epoll;
    private volatile boolean closing;

    private CairnServer(ServerConfig config, FileSystem fs) throws InterruptedException {
        this.config = config;
        // First: a TLS setting at fault stops the start before the store is opened.
        this.tls = config.tls().enabled() ? TlsContext.build(config.tls()) : null;
        try {
            this.replication = config.replicated() ? replicaGroup(config) : null;
            this.store = replication == null ? Store.open(storeConfig(config), fs, Clock.SYSTEM)
                    : Store.openReplica(replicaStoreConfig(config), fs, Clock.SYSTEM, replication);
            if (replication != null) {
                try {
                    replication.recover(store); // its newest snapshot, before the search indexes open over the data
                } catch (RuntimeException e) {
                    store.close();
                    throw e;
                }
            }
        } catch (RuntimeException e) {
            if (tls != null) {
                tls.close();
            }
            throw e;
        }
        try {
            this.search = SearchService.open(store, config.dir().resolve("search"));
        } catch (RuntimeException e) {
            store.close();
            if (tls != null) {
                tls.close();
            }
            throw e;
        }
        try {
            this.context = new ServerContext(config, store, replication, search,
                    save -> Thread.ofPlatform().name("cairn-shutdown").start(() -> close(save)));
            if (replication != null) {
                replication.start(store); // joins the group; the group's log is applied to the store from here on
            }
        } catch (RuntimeException e) { // a bad aclfile, a Raft port in use
            if (replication != null) {
                replication.close();
            }
            search.close();
            store.close();
            if (tls != null) {
                tls.close();
            }
            throw e;
        }
        this.epoll = Epoll.isAvailable();
        IoHandlerFactory ioFactory = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        int threads = eventLoops(config.ioThreads(), Runtime.getRuntime().availableProcessors());
        this.boss = new MultiThreadIoEventLoopGroup(1, ioFactory);
        this.workers = new MultiThreadIoEventLoopGroup(threads, ioFactory);
        int binding = config.port();
        try {
            this.context.dispatcher(new Dispatcher(new CommandRegistry(io.cairn.resp.CommandTable.all(), Commands.handlers()), context));
            Class<? extends ServerSocketChannel> channelType = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
            boolean plain = config.port() != 0 || config.tls().port() == 0; // port 0 alone picks a free port
            this.listener = plain ? respBootstrap(channelType, null).bind(new InetSocketAddress(config.bind(), config.port())).sync().channel()
                    : null;
            context.port(plain ? ((InetSocketAddress) listener.localAddress()).getPort() : 0);
            binding = config.tls().port();
            this.tlsListener = config.tls().port() == 0 ? null
                    : respBootstrap(channelType, tls).bind(new InetSocketAddress(config.bind(), config.tls().port())).sync().channel();
            binding = config.httpPort();
            this.http = config.httpPort() == 0 ? null
                    : HttpApi.start(context, boss, workers, channelType, config.bind(), config.httpPort(),
                            config.tls().http() ? tls : null);
            binding = config.memcachedPort();
            this.memcached = config.memcachedPort() == 0 ? null
                    : MemcachedServer.start(context, boss, workers, channelType, config.bind(), config.memcachedPort());
        } catch (Exception e) { // Netty rethrows bind failures as undeclared IOExceptions
            workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            if (tls != null) {
                tls.close();
            }
            search.close();
            store.close();
            if (e instanceof InterruptedException ie) {
                throw ie;
            }
            throw new CairnException("cannot listen on " + config.bind() + ":" + binding + ": " + e.getMessage(), e);
        }
        this.heapGuard = HeapGuard.start(store, config.heapGuardPercent());
        this.timer = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("cairn-server-timer").daemon(true).factory());
        timer.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
    }

    /**
     * The RESP listener's bootstrap: with {@code tls}, each connection's bytes go through an
     * {@code SslHandler} (and {@link TlsHandshakeLog}) before {@link RespChannelHandler}.
     */
    private ServerBootstrap respBootstrap(Class<? extends ServerSocketChannel> channelType, TlsContext tls) {
        return Listeners.bootstrap(boss, workers, channelType)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, Listeners.WATER_MARK)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (tls != null) {
                            ch.pipeline().addLast("tls", tls.newHandler(ch.alloc())).addLast("tls-log", TlsHandshakeLog.INSTANCE);
                        }
                        ch.pipeline().addLast(new RespChannelHandler(context));
                    }
                });
    }

    /**
     * Opens the store in {@code config.dir()} (recovering it) and starts listening.
     *
     * @throws io.cairn.common.CairnException when the store cannot be opened
     */
    public static CairnServer start(ServerConfig config) {
        return start(config, LocalFileSystem.INSTANCE);
    }

    /**
     * As {@link #start(ServerConfig)}, with the store's files (log, snapshots) read and written
     * through {@code fs}: how tests hold or fail the disk under a running server. The search
     * indexes keep to Lucene's own files.
     */
    public static CairnServer start(ServerConfig config, FileSystem fs) {
        try {
            return new CairnServer(config, fs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding", e);
        }
    }

    static StoreConfig storeConfig(ServerConfig c) {
        return StoreConfig.builder(c.dir())
                .walMode(c.wal())
                .segmentBytes(c.walSegmentBytes())
                .maxKeyBytes((int) c.protoMaxBulkLen())
                .maxValueBytes((int) c.protoMaxBulkLen())
                .checkpointLogBytes(c.checkpointLogBytes())
                .checkpointInterval(Duration.ofSeconds(c.checkpointIntervalSeconds()))
                .checkpointsToKeep(c.checkpointsToKeep())
                .checkpointBytesPerSecond(c.checkpointRate())
                .databases(c.databases())
                .encodings(c.encodings())
                .disk(diskSettings(c))
                .build();
    }

    /** The disk databases, with the engine on the class path (cairn-disk). */
    private static DiskSettings diskSettings(ServerConfig c) {
        java.util.Set<Integer> onDisk = c.diskDatabaseSet();
        if (onDisk.isEmpty()) {
            // An engine left in the directory is opened to refuse the start if it holds databases.
            DiskEngine.Provider found = java.nio.file.Files.exists(c.dir().resolve("disk")) ? DiskEngine.provider() : null;
            return found == null ? DiskSettings.NONE : new DiskSettings(onDisk, found, 0, c.diskStageSize());
        }
        DiskEngine.Provider provider = DiskEngine.provider();
        if (provider == null) {
            throw new CairnException("disk databases are configured but this build has no disk engine (cairn-disk is not on the class path)");
        }
        return new DiskSettings(onDisk, provider, c.diskCacheSize(), c.diskStageSize());
    }

    /** The copy of the group this node is, from the provider on the class path (cairn-replication). */
    private static ReplicaGroup replicaGroup(ServerConfig c) {
        ReplicaGroup.Provider provider = ReplicaGroup.provider();
        if (provider == null) {
            throw new CairnException("peers is set but this build has no replication (cairn-replication is not on the class path)");
        }
        return provider.create(new ReplicaGroup.Settings(c.nodeId(), c.members(), c.dir().resolve("raft"), c.wal(),
                c.raftSnapshotEntries(), c.walSegmentBytes()));
    }

    /**
     * A replica's store: in {@code dir/replica}, which holds nothing but its lock (its state is the
     * group's log, in {@code dir/raft}); no write-ahead log and no checkpoints of its own.
     */
    static StoreConfig replicaStoreConfig(ServerConfig c) {
        return StoreConfig.builder(c.dir().resolve("replica"))
                .walMode(io.cairn.storage.engine.WalMode.NONE)
                .maxKeyBytes((int) c.protoMaxBulkLen())
                .maxValueBytes((int) c.protoMaxBulkLen())
                .checkpointLogBytes(0)
                .checkpointInterval(Duration.ZERO)
                .databases(c.databases())
                .encodings(c.encodings())
                .build();
    }

    /** The plain RESP port, or 0 when it is off ({@code port 0} with {@code tls-port} set). */
    public int port() {
        return context.port();
    }

    /** The TLS RESP port, or 0 when it is off. */
    public int tlsPort() {
        return tlsListener == null ? 0 : ((InetSocketAddress) tlsListener.localAddress()).getPort();
    }

    /** The TLS provider serving connections, as the start logged it, or null when TLS is off. */
    public String tlsProvider() {
        return tls == null ? null : tls.provider();
    }

    /** The port of the HTTP API, or 0 when it is off. */
    public int httpPort() {
        return http == null ? 0 : http.port();
    }

    /** The port of the memcached protocol, or 0 when it is off. */
    public int memcachedPort() {
        return memcached == null ? 0 : memcached.port();
    }

    public Store store() {
        return store;
    }

    public ServerContext context() {
        return context;
    }

    public boolean nativeTransport() {
        return epoll;
    }

    private void tick() {
        context.stats().sample();
        context.latency().sampleStore(store);
        context.usedMemoryPeak(store.usedMemory());
        heapGuard.tick();
        long timeout = context.timeoutSeconds();
        if (timeout > 0) {
            long now = System.currentTimeMillis();
            for (Session s : context.sessions()) {
                if (now - s.lastCommandMillis() > timeout * 1000 && !s.inMulti()) {
                    s.channel().close();
                }
            }
        }
    }

    /** Blocks until the server has closed (after SHUTDOWN, SIGTERM or {@link #close()}). */
    public void awaitClose() throws InterruptedException {
        closed.await();
    }

    /** As {@link #close(boolean)} with {@code save} true: what SIGTERM and SHUTDOWN do. */
    @Override
    public void close() {
        close(true);
    }

    /**
     * Stops accepting, closes every connection, then (when {@code save}, the log is on and anything
     * changed since the last checkpoint) takes a checkpoint so the next start loads a snapshot
     * instead of replaying the log, and finally flushes and closes the store.
     */
    public void close(boolean save) {
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
        }
        try {
            timer.shutdownNow();
            heapGuard.close();
            if (listener != null) {
                listener.close().syncUninterruptibly();
            }
            if (tlsListener != null) {
                tlsListener.close().syncUninterruptibly();
            }
            if (http != null) {
                http.close(); // before the search service and the store below
            }
            if (memcached != null) {
                memcached.close();
            }
            workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            if (tls != null) {
                tls.close(); // after the event loops: no connection uses it now
            }
        } finally {
            context.scripts().close(); // a script still running is stopped, and what it wrote is not logged
            try {
                search.close(); // after the last write, so each index commits at the store's final LSN
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.ERROR, "closing the search indexes failed; they will be rebuilt at the next start", e);
            }
            if (replication != null) {
                replication.close(); // before the store: no entry is applied to a closed store
            }
            try {
                if (save && config.wal() != io.cairn.storage.engine.WalMode.NONE && replication == null) {
                    StoreStats st = store.stats();
                    long saved = st.lastCheckpoint() != null ? st.lastCheckpoint().lsn() : st.recovery().snapshotLsn();
                    if (st.lastLsn() > saved) {
                        store.checkpoint().join();
                    }
                }
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "checkpoint at shutdown failed; the log still has everything: " + e);
            }
            try {
                store.close();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.ERROR, "closing the store failed", e);
            }
            closed.countDown();
        }
    }

    /**
     * The number of event loops: {@code io-threads} when set, else one per two cores. Every
     * command takes the store's one lock, so a second loop adds only parallel decoding and
     * encoding, and on a small machine it costs more than that: the lock, the shared transaction
     * state and the data written move between the cores' caches on every hand-off, and the
     * loops take the core a client on the same machine needs. On 2 cores one loop was faster
     * for every data-type test of {@code redis-benchmark} (BENCHMARKS.md); Redis likewise keeps
     * one thread unless a machine has cores to spare.
     */
    static int eventLoops(int configured, int cores) {
        return configured > 0 ? configured : Math.max(1, cores / 2);
    }
}
