package io.cairn.testkit.history;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * Clients run against an in-memory object on one thread, their steps interleaved by a seeded
 * generator, so a history is a pure function of its seed. Each op is invoked, later applied to
 * the object (the instant it takes effect) and later completed; some fail before they apply, and
 * some end {@code info} either after applying or before, in which case they apply at a random
 * later step or never; each client that ends one goes on as a new process, as Jepsen's do. The history is linearizable exactly when the object is.
 */
final class SimulatedClients {
    /** The object under test: applies one op and answers its result. */
    interface Target {
        Object apply(Op op);
    }

    private enum Phase { IDLE, INVOKED, APPLIED }

    private static final class Client {
        int process;
        Phase phase = Phase.IDLE;
        long id;
        Op op;
        Object result;
    }

    private record Lingering(String key, Op op) {
    }

    private final RandomGenerator random;
    private final Function<String, Target> targets;
    private final List<String> keys;
    private final History history = new History(new AtomicLong()::getAndIncrement);
    private int unknownPercent = 1;

    SimulatedClients(RandomGenerator random, List<String> keys, Function<String, Target> targets) {
        this.random = random;
        this.keys = keys;
        this.targets = targets;
    }

    /** Makes {@code percent} of ops end unknown before they apply, and as many after (default 1). */
    SimulatedClients unknownPercent(int percent) {
        this.unknownPercent = percent;
        return this;
    }

    /** Runs {@code clients} clients until {@code ops} ops were invoked, and all of them have ended. */
    History run(int clients, int ops, Function<RandomGenerator, Op> nextOp) {
        List<Client> all = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Client client = new Client();
            client.process = c;
            all.add(client);
        }
        List<Lingering> lingering = new ArrayList<>();
        int nextProcess = clients;
        int invoked = 0;
        String[] keyOf = new String[clients];
        while (invoked < ops || all.stream().anyMatch(c -> c.phase != Phase.IDLE)) {
            if (!lingering.isEmpty() && random.nextInt(20) == 0) {
                Lingering late = lingering.remove(random.nextInt(lingering.size()));
                if (random.nextBoolean()) {
                    targets.apply(late.key()).apply(late.op());
                }
            }
            int c = random.nextInt(clients);
            Client client = all.get(c);
            switch (client.phase) {
                case IDLE -> {
                    if (invoked < ops) {
                        keyOf[c] = keys.get(random.nextInt(keys.size()));
                        client.op = nextOp.apply(random);
                        client.id = history.invoke(client.process, keyOf[c], client.op);
                        client.phase = Phase.INVOKED;
                        invoked++;
                    }
                }
                case INVOKED -> {
                    int roll = random.nextInt(100);
                    if (roll < 2) {
                        history.fail(client.id);
                        client.phase = Phase.IDLE;
                    } else if (roll < 2 + unknownPercent) {
                        history.info(client.id);
                        lingering.add(new Lingering(keyOf[c], client.op));
                        client.process = nextProcess++;
                        client.phase = Phase.IDLE;
                    } else {
                        client.result = targets.apply(keyOf[c]).apply(client.op);
                        client.phase = Phase.APPLIED;
                    }
                }
                case APPLIED -> {
                    if (random.nextInt(100) < unknownPercent) {
                        history.info(client.id);
                        client.process = nextProcess++;
                    } else {
                        history.ok(client.id, client.result);
                    }
                    client.phase = Phase.IDLE;
                }
            }
        }
        return history;
    }
}
