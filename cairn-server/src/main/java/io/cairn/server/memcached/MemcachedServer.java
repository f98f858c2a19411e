package io.cairn.server.memcached;

import io.cairn.server.ServerContext;
import io.cairn.server.net.Listeners;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;

/*
 * ============================================================================================
 * MemcachedServer: the memcached listener on memcached-port, beside the RESP one and on its
 * event loops, serving database memcached-database.
 *
 *   accept -> MemcachedDecoder -> MemcachedHandler -> MemcachedService -> TextCommands / MetaCommands
 *               lines, data blocks   replies in order,   one store transaction per request
 *               limits first         once durable        (Txn.items(): flags and CAS with the value)
 * ============================================================================================
 */

/**
 * The memcached protocol's listening socket and its connections. Started by {@code CairnServer}
 * when {@code memcached-port} is set, closed before the store. Thread-safe; {@link #close()} is
 * idempotent.
 */
public final class MemcachedServer implements AutoCloseable {
    private final Channel listener;
    private final ChannelGroup connections;

    private MemcachedServer(Channel listener, ChannelGroup connections) {
        this.listener = listener;
        this.connections = connections;
    }

    /**
     * Binds {@code bind:port} and serves {@code server}'s store over the memcached protocol.
     *
     * @throws InterruptedException while waiting for the bind
     */
    public static MemcachedServer start(ServerContext server, EventLoopGroup boss, EventLoopGroup workers,
            Class<? extends ServerSocketChannel> channelType, String bind, int port) throws InterruptedException {
        long itemSizeMax = server.config().memcachedItemSizeMax();
        MemcachedService service = new MemcachedService(server, server.config().memcachedDatabase(), itemSizeMax,
                workers);
        ChannelGroup connections = new DefaultChannelGroup("cairn-memcached", GlobalEventExecutor.INSTANCE);
        ServerBootstrap b = Listeners.bootstrap(boss, workers, channelType)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, Listeners.WATER_MARK)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        connections.add(ch);
                        ch.pipeline()
                                .addLast("memcached-decoder", new MemcachedDecoder(itemSizeMax))
                                .addLast("memcached", new MemcachedHandler(service));
                    }
                });
        Channel listener = b.bind(new InetSocketAddress(bind, port)).sync().channel();
        return new MemcachedServer(listener, connections);
    }

    /** The bound port. */
    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /** Stops accepting and closes every connection, dropping replies not yet sent. */
    @Override
    public void close() {
        listener.close().syncUninterruptibly();
        connections.close().awaitUninterruptibly();
    }
}
