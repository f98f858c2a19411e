package io.cairn.server.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;

/**
 * The last handler of an HTTP connection: hands each aggregated request to the {@link ApiRouter}
 * and writes the replies in request order (HTTP/1.1 pipelining), each once its future completes,
 * which for a write is when it is durable. All state is touched on the channel's event loop only;
 * futures completing elsewhere hop back to it.
 *
 * <p>Keep-alive follows the request ({@code HttpUtil.isKeepAlive}); a reply marked closing, or a
 * request that did not ask to be kept alive, closes the connection after its reply and drops the
 * requests behind it. While {@value #MAX_IN_FLIGHT} requests wait, or the socket does not take
 * bytes, the connection stops reading.
 */
final class HttpChannelHandler extends ChannelInboundHandlerAdapter {
    static final int MAX_IN_FLIGHT = 128;

    private final ApiRouter router;
    private final ArrayDeque<Exchange> inFlight = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private boolean closing;

    /** One request awaiting its reply. */
    private static final class Exchange {
        final HttpVersion version;
        final boolean keepAlive;
        ApiResponse response;

        Exchange(HttpVersion version, boolean keepAlive) {
            this.version = version;
            this.keepAlive = keepAlive;
        }
    }

    HttpChannelHandler(ApiRouter router) {
        this.router = router;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (closing) {
                return;
            }
            switch (msg) {
                case Rejected r -> start(r.version(), r.keepAlive(), CompletableFuture.completedFuture(r.response()));
                case FullHttpRequest req when req.decoderResult().isFailure() ->
                        start(req.protocolVersion(), false, CompletableFuture.completedFuture(ApiResponse.error(
                                HttpResponseStatus.BAD_REQUEST, "malformed HTTP request: "
                                        + req.decoderResult().cause().getMessage()).closing()));
                case FullHttpRequest req -> start(req.protocolVersion(), HttpUtil.isKeepAlive(req),
                        router.route(req, ctx.channel()));
                default -> {
                }
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void start(HttpVersion version, boolean keepAlive, CompletableFuture<ApiResponse> reply) {
        Exchange x = new Exchange(version, keepAlive);
        inFlight.add(x);
        reply.whenComplete((r, e) -> onLoop(() -> {
            x.response = r != null ? r : ApiErrors.toResponse(e);
            drain();
        }));
        updateAutoRead();
    }

    private void onLoop(Runnable task) {
        if (ctx.executor().inEventLoop()) {
            task.run();
            return;
        }
        try {
            ctx.executor().execute(task);
        } catch (RejectedExecutionException e) {
            // The event loop is shut down with the server: the connection is gone, so is the reply.
        }
    }

    /** Writes every reply at the head of the queue that is ready, with one flush. */
    private void drain() {
        boolean wrote = false;
        while (!closing && !inFlight.isEmpty() && inFlight.peekFirst().response != null) {
            Exchange x = inFlight.pollFirst();
            boolean close = !x.keepAlive || x.response.close();
            FullHttpResponse res = toHttp(x, close);
            if (close) {
                closing = true;
                inFlight.clear();
                ctx.writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
                return;
            }
            ctx.write(res);
            wrote = true;
        }
        if (wrote) {
            ctx.flush();
        }
        updateAutoRead();
    }

    private static FullHttpResponse toHttp(Exchange x, boolean close) {
        ApiResponse r = x.response;
        byte[] body = r.body();
        HttpVersion version = x.version == HttpVersion.HTTP_1_0 ? HttpVersion.HTTP_1_0 : HttpVersion.HTTP_1_1;
        FullHttpResponse res = new DefaultFullHttpResponse(version, r.status(), Unpooled.wrappedBuffer(body));
        res.headers().set(HttpHeaderNames.CONTENT_TYPE, r.contentType());
        res.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        for (Map.Entry<String, String> h : r.headers().entrySet()) {
            res.headers().set(h.getKey(), h.getValue());
        }
        if (close) { // said even where the version implies it, so a client never guesses
            res.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else {
            HttpUtil.setKeepAlive(res.headers(), version, true);
        }
        return res;
    }

    private void updateAutoRead() {
        boolean read = !closing && inFlight.size() < MAX_IN_FLIGHT && ctx.channel().isWritable();
        if (ctx.channel().config().isAutoRead() != read) {
            ctx.channel().config().setAutoRead(read);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        updateAutoRead();
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        closing = true;
        inFlight.clear();
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // A broken connection or a codec that gave up (e.g. too many pipelined requests): only this connection ends.
        System.getLogger(HttpChannelHandler.class.getName()).log(System.Logger.Level.DEBUG, "HTTP connection error: " + cause);
        ctx.close();
    }
}
