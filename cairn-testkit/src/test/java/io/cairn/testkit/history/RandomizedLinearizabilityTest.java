package io.cairn.testkit.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.testkit.Seeds;
import io.cairn.testkit.history.LinearizabilityChecker.Result;
import io.cairn.testkit.history.LinearizabilityChecker.Verdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Histories of clients against correct objects must check linearizable; against broken ones the
 * checker must find the anomaly. The simulated runs are seeded ({@code -Dcairn.seed=} replays);
 * the threaded runs are real concurrency and print how long the check took.
 */
class RandomizedLinearizabilityTest {
    private static final int CLIENTS = 10;
    private static final int OPS = 2_000;

    private final LinearizabilityChecker<RegisterModel.Value> registers = LinearizabilityChecker.of(RegisterModel.INSTANCE);
    private final LinearizabilityChecker<CounterModel.Count> counters = LinearizabilityChecker.of(CounterModel.INSTANCE);

    /** A register that is obviously correct: one lock, and the value. */
    static final class Register implements SimulatedClients.Target {
        private String value;

        @Override
        public synchronized Object apply(Op op) {
            return switch (op) {
                case Op.Read r -> value;
                case Op.Write w -> {
                    value = w.value();
                    yield null;
                }
                case Op.Cas c -> {
                    boolean matches = java.util.Objects.equals(value, c.expected());
                    if (matches) {
                        value = c.value();
                    }
                    yield matches;
                }
                default -> throw new IllegalArgumentException("op: " + op);
            };
        }
    }

    /** A register one read in {@code oneIn} of which answers the value before the last write, as a lagging cache would. */
    static final class StaleRegister implements SimulatedClients.Target {
        private final RandomGenerator random;
        private final int oneIn;
        private String value;
        private String previous;

        StaleRegister(RandomGenerator random, int oneIn) {
            this.random = random;
            this.oneIn = oneIn;
        }

        @Override
        public Object apply(Op op) {
            if (op instanceof Op.Read) {
                return random.nextInt(oneIn) == 0 ? previous : value;
            }
            if (op instanceof Op.Write w) {
                previous = value;
                value = w.value();
                return null;
            }
            Op.Cas c = (Op.Cas) op;
            boolean matches = java.util.Objects.equals(value, c.expected());
            if (matches) {
                previous = value;
                value = c.value();
            }
            return matches;
        }
    }

    /** A counter that now and then forgets an increment it answered. */
    static final class LeakyCounter implements SimulatedClients.Target {
        private final RandomGenerator random;
        private long value;

        LeakyCounter(RandomGenerator random) {
            this.random = random;
        }

        @Override
        public Object apply(Op op) {
            if (op instanceof Op.Incr) {
                long answer = value + 1;
                if (random.nextInt(100) != 0) {
                    value = answer;
                }
                return answer;
            }
            return value;
        }
    }

    /** Reads, writes of fresh values, and compare-and-sets from one of the last few values written. */
    private static final class RegisterOps {
        private final List<String> written = new ArrayList<>();
        private int next;

        Op next(RandomGenerator random) {
            int roll = random.nextInt(10);
            if (roll < 4) {
                return Op.read();
            }
            String fresh = Integer.toString(next++);
            String expected = written.isEmpty() ? null : written.get(Math.max(0, written.size() - 1 - random.nextInt(3)));
            written.add(fresh);
            return roll < 7 ? Op.write(fresh) : Op.cas(expected, fresh);
        }
    }

    private static Op counterOp(RandomGenerator random) {
        return random.nextInt(3) == 0 ? Op.read() : Op.incr();
    }

    private static Result timed(String what, LinearizabilityChecker<?> checker, History history) {
        Result r = checker.check(history);
        System.err.printf("[history] %s: %s", what, r);
        return r;
    }

    @Test
    void simulatedClientsOfACorrectRegisterAreLinearizable() {
        long seed = Seeds.seed();
        RandomGenerator random = Seeds.random(seed);
        for (int round = 0; round < 5; round++) {
            Map<String, Register> objects = new HashMap<>();
            RegisterOps ops = new RegisterOps();
            History history = new SimulatedClients(random, List.of("x"), k -> objects.computeIfAbsent(k, x -> new Register()))
                    .run(CLIENTS, OPS, ops::next);
            Result r = timed("simulated register, round " + round, registers, history);
            assertThat(r.verdict()).as(r.toString()).isEqualTo(Verdict.LINEARIZABLE);
        }
    }

    /**
     * A fault window's worth of timeouts: one op in ten ends unknown, half of those land late or
     * never. Every unknown op stays a candidate to the end, so these keys hold 500 ops, the size
     * Jepsen's independent keys use; at 2,000 such ops a key can exhaust the default budget.
     */
    @Test
    void manyUnknownOpsStillCheckQuickly() {
        long seed = Seeds.seed();
        RandomGenerator random = Seeds.random(seed);
        Register register = new Register();
        RegisterOps ops = new RegisterOps();
        History history = new SimulatedClients(random, List.of("x"), k -> register).unknownPercent(5)
                .run(CLIENTS, OPS / 4, ops::next);
        Result r = timed("simulated register, 10% unknown", registers, history);
        assertThat(r.verdict()).as(r.toString()).isEqualTo(Verdict.LINEARIZABLE);

        long[] value = {0};
        SimulatedClients.Target counter = op -> op instanceof Op.Incr ? ++value[0] : value[0];
        History counted = new SimulatedClients(random, List.of("n"), k -> counter).unknownPercent(5)
                .run(CLIENTS, OPS / 4, RandomizedLinearizabilityTest::counterOp);
        Result c = timed("simulated counter, 10% unknown", counters, counted);
        assertThat(c.verdict()).as(c.toString()).isEqualTo(Verdict.LINEARIZABLE);

        // Unknown writes can be placed late, which explains many stale reads: make them frequent.
        StaleRegister broken = new StaleRegister(Seeds.random(seed + 1), 3);
        History stale = new SimulatedClients(Seeds.random(seed + 2), List.of("x"), k -> broken).unknownPercent(5)
                .run(CLIENTS, OPS / 4, new RegisterOps()::next);
        Result s = timed("simulated stale register, 10% unknown", registers, stale);
        assertThat(s.verdict()).as(s.toString()).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    /**
     * A correct run with one stale read at its very end: to reject it the search must rule out
     * every linearization of the whole run, the worst case. Jepsen keeps each key's history to a
     * few hundred ops for this reason (jepsen.independent); so does this test.
     */
    @Test
    void oneStaleReadAtTheEndOfARunIsFound() {
        long seed = Seeds.seed();
        Register register = new Register();
        History history = new SimulatedClients(Seeds.random(seed), List.of("x"), k -> register).unknownPercent(1)
                .run(CLIENTS, OPS / 4, new RegisterOps()::next);
        long last = history.invoke(0, "x", Op.write("last"));
        history.ok(last, null);
        long stale = history.invoke(0, "x", Op.read());
        history.ok(stale, "0");
        Result r = timed("500 ops, one stale read at the end", registers, history);
        assertThat(r.verdict()).as(r.toString()).isEqualTo(Verdict.NOT_LINEARIZABLE);
        assertThat(r.stuck().id()).isEqualTo(stale);
    }

    @Test
    void simulatedClientsOfCorrectRegistersOnSeveralKeysAreLinearizable() {
        long seed = Seeds.seed();
        Map<String, Register> objects = new HashMap<>();
        RegisterOps ops = new RegisterOps();
        History history = new SimulatedClients(Seeds.random(seed), List.of("a", "b", "c", "d"),
                k -> objects.computeIfAbsent(k, x -> new Register())).run(CLIENTS, 4 * OPS, ops::next);
        Result r = timed("simulated registers, 4 keys", registers, history);
        assertThat(r.verdict()).as(r.toString()).isEqualTo(Verdict.LINEARIZABLE);
        assertThat(r.ops()).isGreaterThan(3 * OPS);
    }

    @Test
    void simulatedClientsOfAStaleRegisterAreCaught() {
        long seed = Seeds.seed();
        RandomGenerator random = Seeds.random(seed);
        StaleRegister broken = new StaleRegister(Seeds.random(seed + 1), 10);
        RegisterOps ops = new RegisterOps();
        History history = new SimulatedClients(random, List.of("x"), k -> broken).run(CLIENTS, OPS, ops::next);
        Result r = timed("simulated stale register", registers, history);
        assertThat(r.verdict()).as(r.toString()).isEqualTo(Verdict.NOT_LINEARIZABLE);
        assertThat(r.stuck()).isNotNull();
        assertThat(r.window()).isNotEmpty();
    }

    @Test
    void simulatedClientsOfACorrectCounterAreLinearizableAndOfALeakyOneAreCaught() {
        long seed = Seeds.seed();
        long[] value = {0};
        SimulatedClients.Target counter = op -> op instanceof Op.Incr ? ++value[0] : value[0];
        History good = new SimulatedClients(Seeds.random(seed), List.of("n"), k -> counter)
                .run(CLIENTS, OPS, RandomizedLinearizabilityTest::counterOp);
        Result ok = timed("simulated counter", counters, good);
        assertThat(ok.verdict()).as(ok.toString()).isEqualTo(Verdict.LINEARIZABLE);

        LeakyCounter leaky = new LeakyCounter(Seeds.random(seed + 1));
        History bad = new SimulatedClients(Seeds.random(seed), List.of("n"), k -> leaky)
                .run(CLIENTS, OPS, RandomizedLinearizabilityTest::counterOp);
        Result caught = timed("simulated leaky counter", counters, bad);
        assertThat(caught.verdict()).as(caught.toString()).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void threadsAgainstASynchronizedRegisterAreLinearizable() throws InterruptedException {
        History history = new History();
        Register register = new Register();
        long seed = Seeds.seed();
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < CLIENTS; t++) {
            int process = t;
            RandomGenerator random = Seeds.random(seed + t);
            threads.add(Thread.ofPlatform().start(() -> {
                awaitQuietly(go);
                for (int i = 0; i < OPS / CLIENTS; i++) {
                    int roll = random.nextInt(10);
                    String fresh = process + "." + i;
                    Op op = roll < 4 ? Op.read() : roll < 7 ? Op.write(fresh)
                            : Op.cas(process + "." + random.nextInt(Math.max(1, i)), fresh);
                    long id = history.invoke(process, "x", op);
                    spin(random);
                    Object result = register.apply(op);
                    spin(random);
                    history.ok(id, result);
                }
            }));
        }
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        Result r = timed("threads, synchronized register", registers, history);
        assertThat(r.verdict()).as(r.toString()).isEqualTo(Verdict.LINEARIZABLE);
        assertThat(r.ops()).isEqualTo(OPS);
    }

    @Test
    void threadsAgainstAnAtomicCounterAreLinearizable() throws InterruptedException {
        History history = new History();
        AtomicLong counter = new AtomicLong();
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        long seed = Seeds.seed();
        for (int t = 0; t < CLIENTS; t++) {
            int process = t;
            RandomGenerator random = Seeds.random(seed + t);
            threads.add(Thread.ofPlatform().start(() -> {
                awaitQuietly(go);
                for (int i = 0; i < OPS / CLIENTS; i++) {
                    boolean read = i % 3 == 0;
                    long id = history.invoke(process, "n", read ? Op.read() : Op.incr());
                    spin(random);
                    long result = read ? counter.get() : counter.incrementAndGet();
                    spin(random);
                    history.ok(id, result);
                }
            }));
        }
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        Result r = timed("threads, atomic counter", counters, history);
        assertThat(r.verdict()).as(r.toString()).isEqualTo(Verdict.LINEARIZABLE);
    }

    /** Busy for a few microseconds, so that the threads' ops overlap as a network's would. */
    private static void spin(RandomGenerator random) {
        long until = System.nanoTime() + random.nextInt(20_000);
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
