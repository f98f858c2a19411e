package io.cairn.it.replication;

import io.cairn.testkit.history.History;
import io.cairn.testkit.history.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/**
 * The clients' side of a scenario: worker threads, each with its own {@link LeaderFollowingClient},
 * running a mix of three independent workloads into one {@link History} until stopped.
 *
 * <ul>
 * <li>registers ({@code reg:*}): GET, SET of a small random value, CAS through WATCH/MULTI;
 * <li>counters ({@code ctr:*}): INCR answering the new value, GET;
 * <li>sets ({@code set:*}): HSET of a field no other op adds (read back with HKEYS at the end).
 * </ul>
 *
 * Keys rotate, as Jepsen's {@code independent} does, so the linearizability search sees at most a
 * few hundred ops per key: the n-th register op goes to one of {@link #REGISTER_KEYS} keys of
 * generation {@code n / (REGISTER_KEYS * OPS_PER_REGISTER)}, and likewise for the others.
 * Thread-safe.
 */
final class Workload {
    static final String REGISTER = "reg:";
    static final String COUNTER = "ctr:";
    static final String SET = "set:";
    private static final int REGISTER_KEYS = 3;
    private static final int OPS_PER_REGISTER = 150;
    private static final int COUNTER_KEYS = 2;
    private static final int OPS_PER_COUNTER = 200;
    private static final int ADDS_PER_SET = 1_000;

    private final ReplicaCluster cluster;
    private final History history;
    private final AtomicInteger processes = new AtomicInteger();
    private final Queue<String> unexpected = new ConcurrentLinkedQueue<>();
    private final AtomicLong registerOps = new AtomicLong();
    private final AtomicLong counterOps = new AtomicLong();
    private final AtomicLong setOps = new AtomicLong();
    private final AtomicBoolean stop = new AtomicBoolean();
    private final List<Thread> workers = new ArrayList<>();
    private final Queue<Throwable> crashes = new ConcurrentLinkedQueue<>();

    Workload(ReplicaCluster cluster, History history) {
        this.cluster = cluster;
        this.history = history;
    }

    /** Starts {@code count} workers, worker {@code i} drawing its ops from {@code seed + i}. */
    void start(int count, long seed) {
        for (int i = 0; i < count; i++) {
            RandomGenerator rnd = io.cairn.testkit.Seeds.random(seed + i);
            workers.add(Thread.ofPlatform().name("workload-" + i).start(() -> work(rnd)));
        }
    }

    private void work(RandomGenerator rnd) {
        try (LeaderFollowingClient client = newClient()) {
            while (!stop.get()) {
                int kind = rnd.nextInt(10);
                if (kind < 5) {
                    long n = registerOps.getAndIncrement();
                    String key = REGISTER + n / (REGISTER_KEYS * OPS_PER_REGISTER) + "." + rnd.nextInt(REGISTER_KEYS);
                    int dice = rnd.nextInt(10);
                    Op op = dice < 4 ? Op.read()
                            : dice < 7 ? Op.write(Integer.toString(rnd.nextInt(5)))
                            : Op.cas(Integer.toString(rnd.nextInt(5)), Integer.toString(rnd.nextInt(5)));
                    client.run(key, op);
                } else if (kind < 8) {
                    long n = counterOps.getAndIncrement();
                    String key = COUNTER + n / (COUNTER_KEYS * OPS_PER_COUNTER) + "." + rnd.nextInt(COUNTER_KEYS);
                    client.run(key, rnd.nextInt(10) < 7 ? Op.incr() : Op.read());
                } else {
                    long n = setOps.getAndIncrement();
                    client.run(SET + n / ADDS_PER_SET, Op.add("e" + n));
                }
            }
        } catch (Throwable t) {
            crashes.add(t);
        }
    }

    LeaderFollowingClient newClient() {
        return new LeaderFollowingClient(cluster, history, processes, unexpected);
    }

    /** Stops the workers and waits for them: each ends within one socket timeout. */
    void stop() throws InterruptedException {
        stop.set(true);
        for (Thread t : workers) {
            t.join(60_000);
            if (t.isAlive()) {
                throw new AssertionError(t.getName() + " did not stop within 60 s");
            }
        }
        if (!crashes.isEmpty()) {
            AssertionError e = new AssertionError("a worker crashed: " + crashes.peek());
            crashes.forEach(e::addSuppressed);
            throw e;
        }
    }

    /** Error replies that were neither a redirect nor an abort (recorded as {@code info}). */
    List<String> unexpectedErrors() {
        return List.copyOf(unexpected);
    }
}
