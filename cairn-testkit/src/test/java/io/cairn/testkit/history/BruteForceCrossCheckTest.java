package io.cairn.testkit.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.testkit.Seeds;
import io.cairn.testkit.history.LinearizabilityChecker.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Small random histories, linearizable or not, checked by the search and by trying every order
 * outright: the two must agree. The brute force follows the definition and nothing else: pick any
 * op no other remaining acknowledged op precedes in real time, step the model, and succeed when
 * only unknown ops remain.
 */
class BruteForceCrossCheckTest {
    private static <S> boolean bruteForce(Model<S> model, S state, List<Operation> remaining) {
        if (remaining.stream().allMatch(o -> o.outcome() == Event.Type.INFO)) {
            return true;
        }
        for (Operation o : remaining) {
            boolean minimal = remaining.stream().noneMatch(p -> p != o && p.outcome() == Event.Type.OK && p.precedes(o));
            if (!minimal) {
                continue;
            }
            S after = model.step(state, o.op(), o.outcome() == Event.Type.OK ? o.result() : Model.UNKNOWN);
            if (after != null) {
                List<Operation> rest = new ArrayList<>(remaining);
                rest.remove(o);
                if (bruteForce(model, after, rest)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A random history of {@code n} register ops with arbitrary results from a tiny domain;
     * {@code unknownTenths} of ten ops end {@code info}.
     */
    private static History randomRegisterHistory(RandomGenerator random, int n, int unknownTenths) {
        History h = new History(new java.util.concurrent.atomic.AtomicLong()::getAndIncrement);
        List<Long> open = new ArrayList<>();
        List<Op> openOps = new ArrayList<>();
        int invoked = 0;
        String[] values = {null, "a", "b", "c"};
        while (invoked < n || !open.isEmpty()) {
            if (invoked < n && (open.isEmpty() || random.nextInt(3) != 0)) {
                int roll = random.nextInt(3);
                Op op = roll == 0 ? Op.read() : roll == 1 ? Op.write(values[1 + random.nextInt(3)])
                        : Op.cas(values[random.nextInt(4)], values[1 + random.nextInt(3)]);
                open.add(h.invoke(invoked, "x", op));
                openOps.add(op);
                invoked++;
            } else {
                int i = random.nextInt(open.size());
                long id = open.remove(i);
                Op op = openOps.remove(i);
                int fate = random.nextInt(10);
                if (fate < unknownTenths) {
                    h.info(id);
                } else if (fate == unknownTenths) {
                    h.fail(id);
                } else if (op instanceof Op.Read) {
                    h.ok(id, values[random.nextInt(4)]);
                } else if (op instanceof Op.Cas) {
                    h.ok(id, random.nextBoolean());
                } else {
                    h.ok(id, null);
                }
            }
        }
        return h;
    }

    private static History randomCounterHistory(RandomGenerator random, int n) {
        History h = new History(new java.util.concurrent.atomic.AtomicLong()::getAndIncrement);
        List<Long> open = new ArrayList<>();
        int invoked = 0;
        while (invoked < n || !open.isEmpty()) {
            if (invoked < n && (open.isEmpty() || random.nextInt(3) != 0)) {
                open.add(h.invoke(invoked, "n", random.nextInt(3) == 0 ? Op.read() : Op.incr()));
                invoked++;
            } else {
                long id = open.remove(random.nextInt(open.size()));
                int fate = random.nextInt(8);
                if (fate == 0) {
                    h.info(id);
                } else {
                    h.ok(id, (long) random.nextInt(n / 2 + 1));
                }
            }
        }
        return h;
    }

    private static <S> void agree(Model<S> model, History h, int[] tally) {
        List<Operation> ops = h.operations().stream().filter(o -> o.outcome() != Event.Type.FAIL).toList();
        boolean expected = bruteForce(model, model.initial(), ops);
        Verdict verdict = LinearizabilityChecker.of(model).check(h).verdict();
        assertThat(verdict).as("history:\n%s", h).isEqualTo(expected ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE);
        tally[expected ? 0 : 1]++;
    }

    @Test
    void searchAgreesWithBruteForceOnSmallRegisterHistories() {
        RandomGenerator random = Seeds.random(Seeds.seed());
        int[] tally = new int[2];
        for (int i = 0; i < 3_000; i++) {
            agree(RegisterModel.INSTANCE, randomRegisterHistory(random, 2 + random.nextInt(7), 1), tally);
        }
        System.err.printf("[history] brute force, registers: %d linearizable, %d not%n", tally[0], tally[1]);
        assertThat(tally[0]).isPositive();
        assertThat(tally[1]).isPositive();
    }

    /** Mostly unknown ops: the just-in-time order, the domination and the overwrite rule at work. */
    @Test
    void searchAgreesWithBruteForceWhenMostOpsAreUnknown() {
        RandomGenerator random = Seeds.random(Seeds.seed());
        int[] tally = new int[2];
        for (int i = 0; i < 3_000; i++) {
            agree(RegisterModel.INSTANCE, randomRegisterHistory(random, 3 + random.nextInt(7), 6), tally);
        }
        System.err.printf("[history] brute force, mostly unknown registers: %d linearizable, %d not%n", tally[0], tally[1]);
        assertThat(tally[0]).isPositive();
        assertThat(tally[1]).isPositive();
    }

    @Test
    void searchAgreesWithBruteForceOnSmallCounterHistories() {
        RandomGenerator random = Seeds.random(Seeds.seed());
        int[] tally = new int[2];
        for (int i = 0; i < 3_000; i++) {
            agree(CounterModel.INSTANCE, randomCounterHistory(random, 2 + random.nextInt(6)), tally);
        }
        System.err.printf("[history] brute force, counters: %d linearizable, %d not%n", tally[0], tally[1]);
        assertThat(tally[0]).isPositive();
        assertThat(tally[1]).isPositive();
    }
}
