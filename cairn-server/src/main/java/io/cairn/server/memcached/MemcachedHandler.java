package io.cairn.server.memcached;

import io.cairn.storage.engine.LimitExceededException;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * One memcached connection, after its {@link MemcachedDecoder}. Each request runs at once, as one
 * store transaction; its reply leaves only once what it depends on is durable (its own write, or
 * for a read every write committed before it), and replies leave in request order: a reply still
 * waiting holds back every later one. Durability futures of one store complete in LSN order.
 * When more than {@value #MAX_PENDING} replies wait, or the socket stops taking bytes, the
 * connection stops reading until they go.
 * All methods run on the channel's event loop.
 */
final class MemcachedHandler extends ChannelInboundHandlerAdapter {
    private static final int MAX_PENDING = 4096;

    private final MemcachedService service;
    private final ArrayDeque<Reply> pending = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private CompletableFuture<Void> waitingOn;
    private boolean closing;
    private boolean paused;

    MemcachedHandler(MemcachedService service) {
        this.service = service;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        service.stats.currConnections.increment();
        service.stats.totalConnections.increment();
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        service.stats.currConnections.decrement();
        closing = true;
        pending.clear();
        ctx.fireChannelInactive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (closing) {
            return;
        }
        Reply r;
        try {
            r = service.run((MemcachedRequest) msg);
        } catch (LimitExceededException e) {
            r = Reply.line("SERVER_ERROR object too large for cache");
        } catch (RuntimeException e) {
            r = Reply.line("SERVER_ERROR " + e.getMessage());
        }
        pending.add(r);
        drain();
        if (pending.size() > MAX_PENDING && !paused) {
            paused = true;
            ctx.channel().config().setAutoRead(false);
        }
    }

    /** A client that does not read its replies is not read either, until its socket takes bytes again. */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (!paused) {
            ctx.channel().config().setAutoRead(ctx.channel().isWritable());
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // a broken connection or a decoder failure ends only this connection
    }

    /** Writes the replies at the head of the queue whose futures are done; waits on the first that is not. */
    private void drain() {
        while (!pending.isEmpty()) {
            Reply head = pending.peek();
            CompletableFuture<Void> durable = head.durable();
            if (!durable.isDone()) {
                if (waitingOn != durable) {
                    waitingOn = durable;
                    durable.whenComplete((v, e) -> ctx.executor().execute(() -> {
                        drain();
                        ctx.flush();
                    }));
                }
                return;
            }
            pending.poll();
            byte[] bytes = head.bytes();
            if (durable.isCompletedExceptionally()) {
                bytes = ("SERVER_ERROR " + failure(durable) + "\r\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            }
            if (bytes != null) {
                ctx.write(Unpooled.wrappedBuffer(bytes));
            }
            if (head.close()) {
                closing = true;
                pending.clear();
                ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
                return;
            }
        }
        if (paused) {
            paused = false;
            ctx.channel().config().setAutoRead(ctx.channel().isWritable());
        }
    }

    private static String failure(CompletableFuture<Void> f) {
        try {
            f.join();
            return "";
        } catch (CompletionException e) {
            Throwable c = e.getCause() != null ? e.getCause() : e;
            return c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
        } catch (java.util.concurrent.CancellationException e) {
            return "cancelled";
        }
    }
}
