package io.cairn.bench.run;

import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.Connection;
import io.cairn.bench.driver.Protocol;
import io.cairn.bench.driver.Reply;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * Runs one phase (a load or a run) against one server: opens every connection first, starts the
 * clients in their {@link ClientModel}, discards the warm-up, samples the {@link Meter} each
 * second, and stops when the operations or the duration are used up.
 *
 * <p>A client whose connection fails counts the operations it had in flight as errors, reconnects
 * and goes on; after {@value #MAX_RECONNECTS} failed reconnects in a row it stops. Multiplexed
 * clients whose shared connection fails stop (their errors are counted, not repeated). Every read
 * waits at most {@link io.cairn.bench.driver.Wire#READ_TIMEOUT_MILLIS}, so a stalled server fails
 * operations instead of hanging the phase.
 *
 * <p>Not thread-safe: one phase at a time per instance.
 */
public final class PhaseRunner {
    static final int MAX_RECONNECTS = 3;
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;
    private static final long SAMPLE_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** Told once a second how a phase goes. */
    @FunctionalInterface
    public interface Progress {
        /**
         * @param elapsedSeconds since the measured part began (negative during warm-up)
         * @param completed operations completed since the phase began, warm-up included
         * @param opsPerSecond throughput of the last second
         */
        void update(double elapsedSeconds, long completed, double opsPerSecond);

        Progress NONE = (e, c, r) -> { };
    }

    /**
     * What a phase measured.
     *
     * @param seconds from the end of warm-up to the last client's end
     */
    public record Outcome(double seconds, long operations, Meter meter) {
        public double opsPerSecond() {
            return seconds > 0 ? operations / seconds : 0;
        }
    }

    private final InetSocketAddress address;
    private final Protocol protocol;

    public PhaseRunner(InetSocketAddress address, Protocol protocol) {
        this.address = address;
        this.protocol = protocol;
    }

    /**
     * @param sources the operation source of client {@code i}, called once per client before any
     *     runs
     * @param operations operations to measure after warm-up, or 0 to run for {@code durationNanos}
     */
    public Outcome run(ClientSettings settings, IntFunction<OpSource> sources, long warmupNanos,
            long operations, long durationNanos, Progress progress) throws IOException, InterruptedException {
        List<OpSource> clientSources = new ArrayList<>(settings.clients());
        for (int i = 0; i < settings.clients(); i++) {
            clientSources.add(sources.apply(i));
        }
        List<Connection> direct = new ArrayList<>();
        List<SharedConnection> shared = new ArrayList<>();
        Budget budget = null;
        try {
            for (int i = 0; i < settings.connections(); i++) {
                Connection c = protocol.connect(address, CONNECT_TIMEOUT_MILLIS);
                if (settings.model() == ClientModel.MULTIPLEXED) {
                    shared.add(new SharedConnection(c, "mux-" + i));
                } else {
                    direct.add(c);
                }
            }
            long start = System.nanoTime();
            budget = new Budget(start, warmupNanos, operations, durationNanos);
            Meter meter = new Meter(budget.warmupEndNanos());
            CountDownLatch finished = new CountDownLatch(settings.clients());
            Thread.Builder threads = settings.virtualThreads() ? Thread.ofVirtual() : Thread.ofPlatform().daemon();
            List<Thread> started = new ArrayList<>();
            for (int i = 0; i < settings.clients(); i++) {
                Client client = new Client(settings, clientSources.get(i), budget, meter,
                        direct.isEmpty() ? null : direct.get(i),
                        shared.isEmpty() ? null : shared.get(i % shared.size()));
                started.add(threads.name("client-" + i).start(() -> {
                    try {
                        client.run();
                    } finally {
                        finished.countDown();
                    }
                }));
            }
            long measureStart = sampleUntilDone(budget, meter, finished, progress);
            for (Thread t : started) {
                t.join();
            }
            long end = System.nanoTime();
            meter.sample(end, false);
            return new Outcome(Math.max(0, end - measureStart) / 1e9, meter.totalOperations(), meter);
        } finally {
            if (budget != null) {
                budget.stop(); // clients still running (the phase failed) stop at their next claim
            }
            for (SharedConnection s : shared) {
                s.close();
            }
            for (Connection c : direct) {
                c.close();
            }
        }
    }

    /** Samples once a second until every client is done; returns when measuring began. */
    private static long sampleUntilDone(Budget budget, Meter meter, CountDownLatch finished,
            Progress progress) throws InterruptedException {
        long warmupEnd = budget.warmupEndNanos();
        while (System.nanoTime() < warmupEnd) {
            long wait = Math.min(SAMPLE_NANOS, warmupEnd - System.nanoTime());
            if (finished.await(Math.max(wait, 0), TimeUnit.NANOSECONDS)) {
                break;
            }
            progress.update(-(warmupEnd - System.nanoTime()) / 1e9, meter.completed(), 0);
        }
        long measureStart = warmupEnd;
        long next = measureStart + SAMPLE_NANOS;
        while (!finished.await(Math.max(0, next - System.nanoTime()), TimeUnit.NANOSECONDS)) {
            long now = System.nanoTime();
            double rate = meter.sample(now);
            progress.update((now - measureStart) / 1e9, meter.completed(), rate);
            next += SAMPLE_NANOS;
        }
        return measureStart;
    }

    /** One client: runs operations in its model until the budget says stop. */
    private final class Client {
        private final ClientSettings settings;
        private final OpSource source;
        private final Budget budget;
        private final Meter meter;
        private Connection connection;
        private final SharedConnection shared;

        Client(ClientSettings settings, OpSource source, Budget budget, Meter meter,
                Connection connection, SharedConnection shared) {
            this.settings = settings;
            this.source = source;
            this.budget = budget;
            this.meter = meter;
            this.connection = connection;
            this.shared = shared;
        }

        void run() {
            try {
                if (settings.model() == ClientModel.PIPELINE) {
                    runPipelined();
                } else {
                    runOneAtATime();
                }
            } catch (RuntimeException e) {
                meter.clientFailure("client stopped: " + e);
            } finally {
                if (connection != null) {
                    connection.close(); // the one it may have reconnected to is not in the phase's list
                }
            }
        }

        private void runOneAtATime() {
            while (true) {
                long claimed = System.nanoTime();
                if (budget.claim(1, claimed) == 0) {
                    return;
                }
                OpRun op = source.next();
                long sent = System.nanoTime();
                try {
                    while (!op.done()) {
                        List<Command> stage = op.stage();
                        Reply[] replies = shared != null ? shared.exchange(stage) : exchange(stage);
                        op.advance(replies);
                    }
                } catch (IOException e) {
                    op.fail("connection: " + e.getMessage());
                    finish(op, claimed, sent);
                    if (shared != null) {
                        // the shared connection is gone for all its clients: stop, rather than
                        // count instant failures as operations
                        meter.clientFailure("client stopped: its shared connection failed");
                        return;
                    }
                    if (!reconnect()) {
                        return;
                    }
                    continue;
                } catch (UnsupportedOperationException e) {
                    op.fail("unsupported: " + e.getMessage());
                }
                finish(op, claimed, sent);
            }
        }

        private Reply[] exchange(List<Command> stage) throws IOException {
            for (Command c : stage) {
                connection.send(c);
            }
            connection.flush();
            Reply[] replies = new Reply[stage.size()];
            for (int i = 0; i < replies.length; i++) {
                replies[i] = connection.receive();
            }
            return replies;
        }

        private void runPipelined() {
            int depth = settings.pipeline();
            List<OpRun> ops = new ArrayList<>(depth);
            List<OpRun> active = new ArrayList<>(depth);
            while (true) {
                long t0 = System.nanoTime();
                int n = budget.claim(depth, t0);
                if (n == 0) {
                    return;
                }
                ops.clear();
                for (int i = 0; i < n; i++) {
                    ops.add(source.next());
                }
                long sent = System.nanoTime();
                active.clear();
                active.addAll(ops);
                try {
                    while (!active.isEmpty()) {
                        for (OpRun op : active) {
                            for (Command c : op.stage()) {
                                connection.send(c);
                            }
                        }
                        connection.flush();
                        for (OpRun op : active) {
                            Reply[] replies = new Reply[op.stage().size()];
                            for (int i = 0; i < replies.length; i++) {
                                replies[i] = connection.receive();
                            }
                            if (op.advance(replies)) {
                                finish(op, t0, sent);
                            }
                        }
                        active.removeIf(OpRun::done);
                    }
                } catch (IOException e) {
                    for (OpRun op : active) {
                        if (!op.done()) {
                            op.fail("connection: " + e.getMessage());
                            finish(op, t0, sent);
                        }
                    }
                    if (!reconnect()) {
                        return;
                    }
                } catch (UnsupportedOperationException e) {
                    for (OpRun op : active) {
                        if (!op.done()) {
                            op.fail("unsupported: " + e.getMessage());
                            finish(op, t0, sent);
                        }
                    }
                    return;
                }
            }
        }

        /**
         * @param claimed when the operation was claimed: whether it is warm-up
         * @param sent when its requests were built and about to be sent: where its latency starts
         */
        private void finish(OpRun op, long claimed, long sent) {
            long nanos = System.nanoTime() - sent;
            if (op.error() != null) {
                meter.error(op.type(), claimed, nanos, op.error());
            } else {
                meter.record(op.type(), claimed, nanos);
            }
        }

        private boolean reconnect() {
            connection.close();
            for (int attempt = 0; attempt < MAX_RECONNECTS && !budget.stopped(); attempt++) {
                try {
                    connection = protocol.connect(address, CONNECT_TIMEOUT_MILLIS);
                    return true;
                } catch (IOException e) {
                    meter.clientFailure("reconnect: " + e.getMessage());
                }
            }
            return false;
        }
    }
}
