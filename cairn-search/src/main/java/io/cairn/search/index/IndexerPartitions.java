package io.cairn.search.index;

import io.cairn.common.LatencyHistogram;
import io.cairn.storage.engine.Mutation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The indexer threads of one index and their queues. Keys are spread over the threads
 * (partitions) by hash, so one key's changes are applied in LSN order on one thread while
 * different keys are analysed in parallel. Each committed batch becomes at most one queued
 * {@code Batch} per partition, so a partition that applied an LSN applied all of its share of it;
 * a FLUSHALL is a {@link FlushBarrier} every partition reaches, having applied what came before it,
 * before the last to arrive empties the index; a commit ({@link #offerCommit}) is such a barrier
 * too, so the index it commits holds exactly the batches queued before it. Partition 0 first
 * runs the build over existing keys (if any); the others wait for it, and all skip the batches
 * the build's view already held.
 *
 * <p>Ordering: {@link #offer} writes a partition's queue and then its {@code enqueued} LSN, and
 * the partition writes {@code applied} only after applying; both are volatile, so a reader that
 * sees {@code applied >= enqueued} for every partition (after reading {@code enqueued}) knows every
 * batch queued before it read is applied.
 *
 * <p>Thread-safe, with these obligations on callers: {@link #offer} is called by one thread at a
 * time in LSN order (the store's commit, under its lock) and never concurrently with or after
 * {@link #stop}, so every batch is queued before the threads are told to stop and none waits at a
 * barrier for a partition that has already ended; {@link #start} is called once.
 */
final class IndexerPartitions {
    private static final int DRAIN_MAX = 4_096;
    /** How often an idle thread re-checks whether to stop; a queued batch wakes it at once. */
    private static final long POLL_MILLIS = 50;

    /** What the threads do with what they take from the queues; implemented by the index. */
    interface Work {
        /** On partition 0's thread: indexes the existing keys; returns the view's LSN, or -1 when {@code stop} cut it short. */
        long build(BooleanSupplier stop) throws IOException;

        /** On partition 0's thread, once the build is complete (or at once when there is none). */
        void built();

        /** On any partition's thread: applies one partition's mutations, in order. */
        void apply(List<Mutation> mutations) throws IOException;

        /** A FLUSHALL, on the last thread to reach it. */
        void clearAll() throws IOException;

        /** On a partition's thread after it applied a drained group; {@code idle} when its queue is empty. */
        void applied(boolean idle) throws IOException;

        /** On a partition's thread that stops on an error. */
        void failed(Throwable t);

        /** Whether the index failed, so every thread should stop. */
        boolean isFailed();
    }

    /**
     * One LSN's share for one partition; a {@code commit} is applied even at or before the build's
     * view (the index then holds exactly that view), where the view's own batches are skipped.
     */
    private record Batch(long lsn, List<Step> steps, boolean commit) {
    }

    /** Mutations to apply, or (with {@code barrier} set) a FLUSHALL or a commit every partition meets at. */
    private record Step(List<Mutation> mutations, FlushBarrier barrier) {
    }

    private final class Partition {
        final int id;
        final LinkedBlockingQueue<Batch> queue = new LinkedBlockingQueue<>();
        /** The last LSN offered to this partition (written under the store's lock). */
        volatile long enqueued;
        /** The last LSN this partition applied, every step of it. */
        volatile long applied;
        /** Set as the thread ends, for whatever reason. */
        volatile boolean ended;
        final Thread thread;

        Partition(int id) {
            this.id = id;
            this.thread = Thread.ofPlatform().daemon().name("cairn-indexer-" + name + "-" + id).unstarted(() -> run(this));
        }
    }

    private final String name;
    private final Work work;
    private final boolean build;
    private final IndexerHooks hooks;
    private final LatencyHistogram applyLatency;
    private final Partition[] partitions;
    private final CountDownLatch built = new CountDownLatch(1);
    private volatile long enqueuedLsn;
    private volatile boolean stopping;
    /** The LSN of the view the build read; batches up to it are already indexed. Set before {@code built} opens. */
    private volatile long skipUpTo = -1;
    /** Set before {@code built} opens when the build stopped early: then no partition runs. */
    private volatile boolean buildAborted;

    IndexerPartitions(String name, IndexerConfig config, boolean build, Work work, LatencyHistogram applyLatency) {
        this.name = name;
        this.work = work;
        this.build = build;
        this.hooks = config.hooks();
        this.applyLatency = applyLatency;
        this.partitions = new Partition[config.partitions()];
        for (int i = 0; i < partitions.length; i++) {
            partitions[i] = new Partition(i);
        }
    }

    void start() {
        for (Partition p : partitions) {
            p.thread.start();
        }
    }

    /** Queues a committed batch's mutations ({@code mutations} is kept: pass a copy); never blocks. */
    void offer(long lsn, List<Mutation> mutations) {
        int n = partitions.length;
        List<List<Step>> steps = new ArrayList<>(Collections.nCopies(n, (List<Step>) null));
        List<List<Mutation>> pending = new ArrayList<>(Collections.nCopies(n, (List<Mutation>) null));
        for (Mutation m : mutations) {
            if (m instanceof Mutation.Clear) {
                FlushBarrier barrier = new FlushBarrier(n, work::clearAll);
                for (int p = 0; p < n; p++) {
                    step(steps, p, pending.get(p), null);
                    pending.set(p, null);
                    step(steps, p, null, barrier);
                }
                continue;
            }
            int p = n == 1 ? 0 : Math.floorMod(Arrays.hashCode(m.key()), n);
            if (pending.get(p) == null) {
                pending.set(p, new ArrayList<>());
            }
            pending.get(p).add(m);
        }
        for (int p = 0; p < n; p++) {
            step(steps, p, pending.get(p), null);
            if (steps.get(p) != null) {
                partitions[p].queue.add(new Batch(lsn, steps.get(p), false));
                partitions[p].enqueued = lsn;
                hooks.queued(name, p, lsn);
            }
        }
        enqueuedLsn = lsn;
    }

    /**
     * Queues a barrier after everything offered so far, at {@code lsn} (the store's last LSN, which
     * every batch offered is at or before): once every partition applied all before it, the last to
     * arrive runs {@code commit} while the others wait, so the index holds exactly the batches
     * through {@code lsn}. The same obligations as {@link #offer}.
     */
    void offerCommit(long lsn, FlushBarrier.Action commit) {
        FlushBarrier barrier = new FlushBarrier(partitions.length, commit);
        for (int p = 0; p < partitions.length; p++) {
            partitions[p].queue.add(new Batch(lsn, List.of(new Step(null, barrier)), true));
            partitions[p].enqueued = lsn;
            hooks.queued(name, p, lsn);
        }
        enqueuedLsn = lsn;
    }

    private static void step(List<List<Step>> steps, int p, List<Mutation> mutations, FlushBarrier clear) {
        if (mutations == null && clear == null) {
            return;
        }
        if (steps.get(p) == null) {
            steps.set(p, new ArrayList<>());
        }
        steps.get(p).add(new Step(mutations, clear));
    }

    private void run(Partition part) {
        try {
            if (!awaitBuild(part)) {
                return;
            }
            List<Batch> batches = new ArrayList<>();
            while (!work.isFailed()) {
                Batch first = part.queue.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                if (first == null) {
                    if (stopping) {
                        break; // offers ended before stopping began, so nothing more comes
                    }
                    continue;
                }
                batches.add(first);
                part.queue.drainTo(batches, DRAIN_MAX);
                hooks.applying(name, part.id, batches.getLast().lsn());
                long t0 = System.nanoTime();
                if (!apply(part, batches)) {
                    break;
                }
                applyLatency.recordSince(t0);
                batches.clear();
                work.applied(part.queue.isEmpty());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // nothing here interrupts; whoever did wants the thread gone
        } catch (Throwable t) {
            work.failed(t);
        } finally {
            part.ended = true;
            hooks.stopped(name, part.id);
        }
    }

    /** Partition 0 builds, the others wait for it; false when the build was cut short (nobody runs then). */
    private boolean awaitBuild(Partition part) throws IOException, InterruptedException {
        if (part.id != 0) {
            built.await();
            return !buildAborted;
        }
        boolean complete = false;
        try {
            long lsn = build ? work.build(() -> stopping) : -1;
            complete = !build || lsn >= 0;
            skipUpTo = lsn;
        } finally {
            buildAborted = !complete; // the other partitions must not wait at barriers for this one
            built.countDown();
        }
        if (complete) {
            work.built();
        }
        return complete;
    }

    /**
     * Applies a partition's drained batches in order, meeting the others at each FLUSHALL; false
     * when a barrier can never complete (the partition then stops, not caught up).
     */
    private boolean apply(Partition part, List<Batch> batches) throws IOException, InterruptedException {
        List<Mutation> run = new ArrayList<>();
        for (Batch b : batches) {
            if (b.lsn() <= skipUpTo && !b.commit()) {
                continue; // already in the view the build read (every partition skips it alike)
            }
            for (Step step : b.steps()) {
                if (step.barrier() == null) {
                    run.addAll(step.mutations());
                    continue;
                }
                work.apply(run);
                run.clear();
                hooks.atBarrier(name, part.id);
                if (!step.barrier().await(() -> barrierCannotComplete(part))) {
                    return false;
                }
            }
        }
        work.apply(run);
        part.applied = batches.getLast().lsn(); // only now: every step of every drained LSN is done
        return true;
    }

    /**
     * Whether a FLUSHALL that {@code part} waits at can never complete: the index failed, or it is
     * stopping and another partition has ended (it will not arrive). A partition merely behind is
     * waited for however long it takes.
     */
    private boolean barrierCannotComplete(Partition part) {
        if (work.isFailed()) {
            return true;
        }
        if (!stopping) {
            return false;
        }
        for (Partition p : partitions) {
            if (p != part && p.ended) {
                return true;
            }
        }
        return false;
    }

    /**
     * Tells the threads to stop once their queues are empty and waits for them; false when the
     * calling thread was interrupted first (its interrupt status is set again, and threads may still run).
     */
    boolean stop() {
        stopping = true;
        try {
            for (Partition p : partitions) {
                p.thread.join();
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Whether every thread has ended and applied everything offered to it: the index is in step. */
    boolean drained() {
        for (Partition p : partitions) {
            if (p.thread.isAlive() || p.applied < p.enqueued) {
                return false;
            }
        }
        return true;
    }

    /** The LSN of the last batch offered (to any partition). */
    long enqueuedLsn() {
        return enqueuedLsn;
    }

    /** Each partition's last offered LSN; read after {@link #enqueuedLsn}, they are at least as new. */
    long[] enqueuedSnapshot() {
        long[] want = new long[partitions.length];
        for (int i = 0; i < want.length; i++) {
            want[i] = partitions[i].enqueued;
        }
        return want;
    }

    /** Whether each partition applied up to its LSN in {@code want}. */
    boolean appliedUpTo(long[] want) {
        for (int i = 0; i < want.length; i++) {
            if (partitions[i].applied < want[i]) {
                return false;
            }
        }
        return true;
    }

    /** Batches queued and not yet taken by their thread. */
    int backlog() {
        int n = 0;
        for (Partition p : partitions) {
            n += p.queue.size();
        }
        return n;
    }
}
