package io.cairn.server.net;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.ServerSocketChannel;

/** What every listening port shares: the RESP, TLS, HTTP and memcached ports' socket options. */
public final class Listeners {
    /** Where a connection stops reading while its socket takes no more bytes (RESP and memcached). */
    public static final WriteBufferWaterMark WATER_MARK = new WriteBufferWaterMark(256 * 1024, 1024 * 1024);

    private Listeners() {
    }

    /**
     * A bootstrap on {@code boss} and {@code workers} with the shared options; the caller adds its
     * child handler (and, for a port that must not outrun its socket, a write-buffer water mark).
     */
    public static ServerBootstrap bootstrap(EventLoopGroup boss, EventLoopGroup workers,
                                            Class<? extends ServerSocketChannel> channelType) {
        return new ServerBootstrap()
                .group(boss, workers)
                .channel(channelType)
                .option(ChannelOption.SO_BACKLOG, 511)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                // Heap buffers for what handlers allocate (replies, a grown cumulation):
                // replies are built from byte[] values, a plain array copy on heap memory; on
                // JDK 25 Netty's direct buffers go through ByteBuffer views for each copy.
                // Socket reads still land in direct buffers (the allocator's ioBuffer), which
                // the decoders' fast paths copy from once per request.
                .childOption(ChannelOption.ALLOCATOR, new PooledByteBufAllocator(false))
                .childOption(ChannelOption.SO_KEEPALIVE, true);
    }
}
