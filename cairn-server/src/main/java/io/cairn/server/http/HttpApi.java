package io.cairn.server.http;

import io.cairn.server.ServerContext;
import io.cairn.server.net.Listeners;
import io.cairn.server.net.TlsContext;
import io.cairn.server.net.TlsHandshakeLog;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;

/*
 * ============================================================================================
 * HttpApi: the HTTP/JSON listener on http-port, beside the RESP one and on its event loops.
 *
 *   accept -> HttpServerCodec -> RequestGate -> BodyAggregator -> HttpChannelHandler -> ApiRouter
 *               (HTTP/1.1)       auth, 411,     <= json-max-bytes  replies in order,    DocumentEndpoints
 *                                413, 415       buffered            once durable          SearchEndpoints
 * ============================================================================================
 */

/**
 * The HTTP API's listening socket and its open connections. Started by {@code CairnServer} after
 * the RESP listener, on the same event loop groups, and closed before the search service and the
 * store, so no request outlives what it uses. Thread-safe; {@link #close()} is idempotent.
 */
public final class HttpApi implements AutoCloseable {
    /** Longest request line: keys travel in the path. */
    static final int MAX_INITIAL_LINE = 64 * 1024;
    static final int MAX_HEADER_BYTES = 64 * 1024;
    /** Requests decoded ahead of their replies before the codec gives up on a connection. */
    static final int MAX_PIPELINE_DEPTH = 4096;

    private final Channel listener;
    private final ChannelGroup connections;

    private HttpApi(Channel listener, ChannelGroup connections) {
        this.listener = listener;
        this.connections = connections;
    }

    /**
     * Binds {@code bind:port} and serves the API for {@code server}: HTTPS when {@code tls} is
     * given ({@code http-tls yes}), plain HTTP when it is null.
     *
     * @throws InterruptedException while waiting for the bind
     * @throws Exception (undeclared, from Netty) when the port cannot be bound
     */
    public static HttpApi start(ServerContext server, EventLoopGroup boss, EventLoopGroup workers,
            Class<? extends ServerSocketChannel> channelType, String bind, int port, TlsContext tls) throws InterruptedException {
        ApiRouter router = new ApiRouter(server);
        int maxBody = (int) server.config().jsonMaxBytes();
        ChannelGroup connections = new DefaultChannelGroup("cairn-http", GlobalEventExecutor.INSTANCE);
        ServerBootstrap b = Listeners.bootstrap(boss, workers, channelType)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        connections.add(ch);
                        if (tls != null) {
                            ch.pipeline().addLast("tls", tls.newHandler(ch.alloc())).addLast("tls-log", TlsHandshakeLog.INSTANCE);
                        }
                        HttpDecoderConfig decoder = new HttpDecoderConfig()
                                .setMaxInitialLineLength(MAX_INITIAL_LINE)
                                .setMaxHeaderSize(MAX_HEADER_BYTES);
                        ch.pipeline()
                                .addLast("http", new HttpServerCodec(decoder, MAX_PIPELINE_DEPTH))
                                .addLast("gate", new RequestGate(server.acl(), maxBody))
                                .addLast("aggregator", new BodyAggregator(maxBody))
                                .addLast("api", new HttpChannelHandler(router));
                    }
                });
        Channel listener = b.bind(new InetSocketAddress(bind, port)).sync().channel();
        return new HttpApi(listener, connections);
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
