package io.cairn.server.net;

import io.cairn.resp.RespDecoder;
import io.cairn.resp.RespEncoder;
import io.cairn.resp.RespLimits;
import io.cairn.resp.RespProtocolException;
import io.cairn.resp.RespValue;
import io.cairn.server.OutputBufferLimits;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import io.cairn.server.command.Dispatcher;
import io.cairn.server.command.Outcome;
import io.cairn.server.command.Errors;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * One client connection. All methods run on the channel's event loop.
 *
 * <p>Pipelining: every request in a read is decoded and executed at once; replies go into one
 * buffer that is written with a single flush when the read is done.
 *
 * <p>Ordering and durability: a reply whose write (or whose read of unsynced data) is not yet
 * durable waits in {@link #pending}; every later reply queues behind it, so replies leave in
 * request order. When the newest waiting future completes, the queue drains on the event loop.
 * Durability futures of one store complete in LSN order, so waiting on the newest suffices.
 *
 * <p>Blocked commands: after a command whose reply {@linkplain Outcome.Deferred#holdsConnection()
 * holds the connection} (BLPOP waiting for a push), no further request is read until that reply
 * is sent, as Redis processes nothing else of a blocked client.
 *
 * <p>Back-pressure: when the socket stops taking bytes the connection stops reading; when the
 * bytes waiting for a client pass {@code client-output-buffer-limit} for its class (pubsub when it
 * has subscriptions, else normal: hard limit, or soft limit for longer than its seconds) the
 * client is closed, as Redis closes it.
 *
 * <p>Pub/sub messages ({@link #push}) come from the publisher's thread and are written on this
 * event loop: handed over as a task (so a publisher never waits), counted against the limit while
 * in flight, and flushed once per batch of tasks. A message goes out in order with the replies:
 * straight into the output when no reply is waiting (or only a blocked command's, as Redis sends a
 * blocked client its messages), else queued behind the waiting ones, so it never overtakes a
 * reply to a command that ran before it was published. A client publishing to
 * itself (RESP3) gets the message before PUBLISH's reply, as from Redis.
 */
public final class RespChannelHandler extends ByteToMessageDecoder {
    private static final System.Logger LOG = System.getLogger(RespChannelHandler.class.getName());
    private static final int MAX_PENDING = 1 << 20;
    private static final int FLUSH_BYTES = 1 << 16;

    private final ServerContext server;
    private final Dispatcher dispatcher;
    private final RespDecoder decoder;
    private final ArrayDeque<Outcome> pending = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private Session session;
    private ByteBuf out;
    private CompletableFuture<?> waitingOn;
    /** The durability future of the newest waiting reply that has one; replies without one wait only on it. */
    private CompletableFuture<?> newestPendingFuture;
    private boolean closing;
    private boolean pausedForPending;
    /** A blocked command's reply not yet sent: no later request is read until it is (as Redis). */
    private Outcome.Deferred holding;
    /** The held reply was sent: reading resumes at the end of the drain that sent it. */
    private boolean holdReleased;
    /** Approximate bytes of the replies in {@link #pending}, counted against the output limit. */
    private long pendingBytes;
    /** Bytes of pub/sub messages handed over by publishers but not yet written here. */
    private final AtomicLong inFlightPushBytes = new AtomicLong();
    private final OutputLimitCheck limitCheck = new OutputLimitCheck();
    /** Inside {@link #decode}: a message this client publishes to itself is written at once. */
    private boolean decoding;
    private boolean flushScheduled;
    /** Outcomes whose reply is dropped when their turn comes (CLIENT REPLY OFF/SKIP), by identity. */
    private final java.util.Set<Outcome> silenced = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    public RespChannelHandler(ServerContext server) {
        this.server = server;
        this.dispatcher = server.dispatcher();
        this.decoder = new RespDecoder(new RespLimits((int) server.config().protoMaxBulkLen(),
                server.config().maxArgs(), server.config().inlineMax()));
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        server.stats().connectionReceived();
        if (server.sessionCount() >= server.maxclients()) {
            server.stats().connectionRejected();
            closing = true;
            ctx.writeAndFlush(Unpooled.copiedBuffer("-ERR max number of clients reached\r\n", StandardCharsets.US_ASCII))
                    .addListener(ChannelFutureListener.CLOSE);
            return;
        }
        session = server.newSession(ctx.channel());
        session.subscriptions().deliverTo(this::push);
        session.pushesTo(this::pushLater);
        super.channelActive(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        closing = true;
        if (session != null) {
            server.sessionClosed(session);
        }
        if (out != null) {
            out.release();
            out = null;
        }
        pending.clear();
        super.channelInactive(ctx);
    }

    /** Counts the bytes as they arrive, once; decode() may see the same buffered bytes again. */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (msg instanceof ByteBuf b) {
            server.stats().netInput(b.readableBytes());
        }
        super.channelRead(ctx, msg);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> unused) {
        if (session == null || closing || !ctx.channel().isActive()) {
            in.skipBytes(in.readableBytes()); // nothing runs for a closing or closed connection
            return;
        }
        decoding = true;
        try {
            decodeRequests(ctx, in);
        } finally {
            decoding = false;
        }
    }

    /** Most requests of one read run in one store transaction ({@link Dispatcher#dispatchBatch}). */
    private static final int MAX_BATCH = 256;

    private void decodeRequests(ChannelHandlerContext ctx, ByteBuf in) {
        List<Dispatcher.Batched> batch = null;
        try {
            while (!closing && in.isReadable() && !pausedForPending && holding == null) {
                byte[][] args;
                try {
                    args = decoder.decode(in);
                } catch (RespProtocolException e) {
                    batch = runBatch(ctx, batch);
                    protocolError(e.getMessage());
                    in.skipBytes(in.readableBytes());
                    return;
                }
                if (args == null) {
                    return;
                }
                Dispatcher.Batched b = dispatcher.batchable(session, args);
                if (b != null) {
                    if (batch == null) {
                        batch = new ArrayList<>();
                    }
                    batch.add(b);
                    if (batch.size() >= MAX_BATCH) {
                        batch = runBatch(ctx, batch);
                    }
                    continue;
                }
                batch = runBatch(ctx, batch); // what came before it runs first
                if (closing) {
                    return; // the batch closed the connection (past its output limit): nothing more runs
                }
                after(ctx, dispatcher.dispatch(session, args)); // decoded, so it runs even if that paused reading

            }
        } finally {
            runBatch(ctx, batch);
        }
    }

    /** Runs the batch collected so far, if any, and hands on each outcome; returns null (no batch). */
    private List<Dispatcher.Batched> runBatch(ChannelHandlerContext ctx, List<Dispatcher.Batched> batch) {
        if (batch == null || batch.isEmpty()) {
            return null;
        }
        List<Dispatcher.Batched> run = batch;
        for (Outcome o : dispatcher.dispatchBatch(session, run)) {
            after(ctx, o);
        }
        return null;
    }

    /** What follows a request's outcome: its reply in its turn, holds and back-pressure. */
    private void after(ChannelHandlerContext ctx, Outcome o) {
        if (session.replySilenced() && !(o instanceof Outcome.Close)) {
            silenced.add(o); // CLIENT REPLY OFF or SKIP: it runs, in its turn, and says nothing
        }
        handle(o);
        if (o instanceof Outcome.Deferred d && d.holdsConnection() && pending.contains(d)) {
            holding = d;
            ctx.channel().config().setAutoRead(false);
        }
        if (out != null && out.readableBytes() >= FLUSH_BYTES) {
            flushOut(); // keeps one batch's replies from piling up in memory, and checks the limit
        }
        if (pending.size() >= MAX_PENDING) {
            pausedForPending = true;
            ctx.channel().config().setAutoRead(false);
        }
    }

    private void handle(Outcome o) {
        if (o instanceof Outcome.Close) { // SHUTDOWN and the like: no reply, just close
            closing = true;
            return;
        }
        if (pending.isEmpty() && (o.ready() == null || o.ready().isDone())) {
            write(o);
        } else {
            pending.add(o);
            pendingBytes += approximateSize(o);
            if (o.ready() != null) {
                newestPendingFuture = o.ready();
            }
            if (overOutputLimit()) {
                overLimit();
            }
        }
        if (session.shouldCloseAfterReply()) {
            closing = true;
        }
    }

    private void write(Outcome o) {
        if (o == holding) {
            holding = null;
            holdReleased = true;
        }
        RespValue reply = switch (o) {
            case Outcome.Now n -> n.reply();
            case Outcome.AfterDurable a -> a.durable().isCompletedExceptionally() ? failure(a.durable()) : a.reply();
            case Outcome.Deferred d -> d.reply().isCompletedExceptionally() ? failure(d.reply()) : d.reply().join();
            case Outcome.Close c -> throw new IllegalStateException("a close has no reply");
        };
        if (!silenced.isEmpty() && silenced.remove(o)) {
            return;
        }
        if (out == null) {
            out = ctx.alloc().buffer(256);
        }
        RespEncoder.encode(reply, out, session.protocol());
    }

    /**
     * Ends a read batch: one flush for all its replies. Deliberately not
     * {@code ByteToMessageDecoder.channelReadComplete}, which calls {@code ctx.read()} when auto-read
     * is off and no message went down the pipeline (none ever does here), and so would undo the
     * back-pressure below.
     */
    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        flushOut();
        awaitPending();
        discardSomeReadBytes();
        ctx.fireChannelReadComplete();
    }

    private void flushOut() {
        if (out != null && out.isReadable()) {
            server.stats().netOutput(out.readableBytes());
            ByteBuf b = out;
            out = null;
            var f = ctx.writeAndFlush(b);
            if (closing && pending.isEmpty()) {
                f.addListener(ChannelFutureListener.CLOSE);
            }
            if (!closing && overOutputLimit()) {
                overLimit();
            }
        } else if (closing && pending.isEmpty()) {
            ctx.close();
        }
    }

    /**
     * Whether the bytes waiting for this client (in Netty's outbound buffer, queued behind a
     * waiting reply, or handed over by publishers) passed the limits of its class.
     */
    private boolean overOutputLimit() {
        ChannelOutboundBuffer ob = ctx.channel().unsafe().outboundBuffer();
        long used = (ob == null ? 0 : ob.totalPendingWriteBytes()) + pendingBytes + inFlightPushBytes.get();
        OutputBufferLimits limits = server.outputBufferLimits();
        return limitCheck.exceeded(session.subscriptions().subscribed() ? limits.pubsub() : limits.normal(), used,
                System.currentTimeMillis());
    }

    /**
     * Hands one pub/sub message to this client, from any thread, without waiting (the
     * {@link io.cairn.server.command.pubsub.Subscriber} of its session). Past the pubsub hard
     * limit in flight, as when this event loop cannot keep up, the message is dropped and the
     * client closed.
     */
    private void push(RespValue.PushReply message, BooleanSupplier stillWanted) {
        long size = approximateSize(message, 0);
        if (!admitPush(size, server.outputBufferLimits().pubsub().hardOrMax())) {
            return;
        }
        if (decoding && ctx.executor().inEventLoop()) {
            writePush(message, size, stillWanted); // this client's own PUBLISH: before its reply
            return;
        }
        try {
            ctx.executor().execute(() -> writePush(message, size, stillWanted));
        } catch (RejectedExecutionException e) {
            inFlightPushBytes.addAndGet(-size); // the server is shutting down: the connection is going too
        }
    }

    private void writePush(RespValue message, long size, BooleanSupplier stillWanted) {
        inFlightPushBytes.addAndGet(-size);
        if (closing || session == null || !stillWanted.getAsBoolean()) {
            return;
        }
        // Behind a blocked command's reply alone (BLPOP in RESP3) a message goes out at once: Redis
        // sends a blocked client its messages, and nothing runs after that command until it answers.
        if (pending.isEmpty() || pending.size() == 1 && pending.peekFirst() == holding) {
            if (out == null) {
                out = ctx.alloc().buffer(256);
            }
            RespEncoder.encode(message, out, session.protocol());
        } else {
            pending.add(new Outcome.Now(message));
            pendingBytes += size;
        }
        if (!decoding && !flushScheduled) {
            flushScheduled = true; // one flush for every message handed over before it runs
            ctx.executor().execute(() -> {
                flushScheduled = false;
                flushOut();
            });
        }
    }

    /**
     * Hands one of the server's own pushes to this client (an invalidation, a MONITOR line), from
     * any thread, without waiting: always as a task on this event loop, so it goes out after the
     * reply of the command being run now (Redis sends a client's invalidations of its own writes
     * after the reply). Past the hard limit of the client's class in flight, as when this event loop
     * cannot keep up, it is dropped and the client closed.
     */
    private void pushLater(RespValue message) {
        long size = approximateSize(message, 0);
        OutputBufferLimits limits = server.outputBufferLimits();
        if (!admitPush(size, (session.subscriptions().subscribed() ? limits.pubsub() : limits.normal()).hardOrMax())) {
            return;
        }
        try {
            ctx.executor().execute(() -> writePush(message, size, () -> true));
        } catch (RejectedExecutionException e) {
            inFlightPushBytes.addAndGet(-size);
        }
    }

    /**
     * Counts {@code size} more push bytes in flight, from any thread; past {@code hardLimit} it
     * takes them back, has the event loop close the client, and answers false (drop the push).
     */
    private boolean admitPush(long size, long hardLimit) {
        if (inFlightPushBytes.addAndGet(size) <= hardLimit) {
            return true;
        }
        inFlightPushBytes.addAndGet(-size);
        try {
            ctx.executor().execute(() -> {
                if (!closing) {
                    overLimit();
                }
            });
        } catch (RejectedExecutionException e) {
            // shutting down: the connection closes anyway
        }
        return false;
    }

    /** Closes a client whose unsent replies passed client-output-buffer-limit, as Redis does. */
    private void overLimit() {
        LOG.log(System.Logger.Level.WARNING, "closing client " + session.id() + ": bytes waiting for it passed"
                + " client-output-buffer-limit for class " + (session.subscriptions().subscribed() ? "pubsub" : "normal"));
        closing = true;
        pending.clear();
        pendingBytes = 0;
        newestPendingFuture = null;
        ctx.close();
    }

    /** The reply to a request whose future failed: the failure in Redis's words. */
    private static RespValue failure(CompletableFuture<?> failed) {
        try {
            failed.join();
            throw new IllegalStateException("not failed");
        } catch (RuntimeException e) {
            return Errors.toReply(e);
        }
    }

    /** Bytes an outcome's reply will take on the wire, roughly; a deferred one is not known yet. */
    private static long approximateSize(Outcome o) {
        return switch (o) {
            case Outcome.Now n -> approximateSize(n.reply(), 0);
            case Outcome.AfterDurable a -> approximateSize(a.reply(), 0);
            case Outcome.Deferred d -> 16;
            case Outcome.Close c -> 0;
        };
    }

    /** Bytes a reply will take on the wire, roughly; deep or huge arrays are counted coarsely. */
    private static long approximateSize(RespValue v, int depth) {
        if (v == null) {
            return 0;
        }
        return switch (v) {
            case RespValue.BulkString b -> b.value().length + 16L;
            case RespValue.ArrayReply a -> {
                long n = 16;
                if (depth < 4) {
                    for (RespValue item : a.items()) {
                        n += approximateSize(item, depth + 1);
                    }
                }
                yield n;
            }
            case RespValue.MapReply m -> {
                long n = 16;
                if (depth < 4) {
                    for (var e : m.entries()) {
                        n += approximateSize(e.getKey(), depth + 1) + approximateSize(e.getValue(), depth + 1);
                    }
                }
                yield n;
            }
            case RespValue.FieldMap f -> {
                long n = 16;
                for (int i = 0; i < f.fields().length; i++) {
                    n += f.fields()[i].length() + f.values()[i].length + 32L;
                }
                yield n;
            }
            case RespValue.VerbatimString t -> t.text().length() + 16L;
            case RespValue.SimpleString t -> t.value().length() + 3L; // a MONITOR line
            case RespValue.PushReply p -> {
                long n = 16;
                for (RespValue item : p.items()) {
                    n += approximateSize(item, depth + 1);
                }
                yield n;
            }
            case RespValue.Sequence q -> {
                long n = 0;
                for (RespValue item : q.replies()) {
                    n += approximateSize(item, depth + 1);
                }
                yield n;
            }
            default -> 16;
        };
    }

    private void awaitPending() {
        CompletableFuture<?> f = newestPendingFuture;
        if (f != null && f.isDone()) {
            // Durable futures complete in LSN order, so the newest being done means every earlier
            // one is; but a deferred reply (a search) completes whenever it is ready, so an older
            // one may still be running: wait on the first that is not done.
            for (Outcome o : pending) {
                if (o.ready() != null && !o.ready().isDone()) {
                    f = o.ready();
                    break;
                }
            }
        }
        if (pending.isEmpty() || f == null || f == waitingOn) {
            return;
        }
        waitingOn = f;
        f.whenComplete((v, e) -> ctx.executor().execute(this::drain));
    }

    private void drain() {
        while (!pending.isEmpty()) {
            Outcome head = pending.peekFirst();
            if (head.ready() != null && !head.ready().isDone()) {
                break;
            }
            pending.pollFirst();
            pendingBytes -= approximateSize(head);
            write(head);
        }
        if (pending.isEmpty()) {
            newestPendingFuture = null;
            pendingBytes = 0;
        }
        flushOut();
        waitingOn = null;
        awaitPending();
        boolean pendingOk = !pausedForPending || pending.size() < MAX_PENDING / 2;
        if ((pausedForPending || holdReleased) && pendingOk && holding == null && !closing) {
            pausedForPending = false;
            holdReleased = false;
            ctx.channel().config().setAutoRead(true);
            try {
                channelRead(ctx, Unpooled.EMPTY_BUFFER); // decode what is already buffered
                channelReadComplete(ctx);
            } catch (Exception e) {
                ctx.fireExceptionCaught(e);
            }
        }
    }

    /**
     * Answers a malformed frame and closes the connection once every reply before it was sent:
     * commands before the bad frame ran, so their replies must not be lost.
     */
    private void protocolError(String message) {
        closing = true;
        Outcome error = new Outcome.Now(RespValue.error(message));
        if (pending.isEmpty()) {
            write(error);
            flushOut();
        } else {
            pending.add(error);
            flushOut();
            awaitPending();
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        if (!pausedForPending && holding == null) {
            ctx.channel().config().setAutoRead(ctx.channel().isWritable());
        }
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.log(System.Logger.Level.DEBUG, "connection error: " + cause);
        ctx.close();
    }
}
