package io.cairn.it.replication;

import io.cairn.testkit.Seeds;
import io.cairn.testkit.history.CounterModel;
import io.cairn.testkit.history.Event;
import io.cairn.testkit.history.History;
import io.cairn.testkit.history.LinearizabilityChecker;
import io.cairn.testkit.history.Op;
import io.cairn.testkit.history.Operation;
import io.cairn.testkit.history.RegisterModel;
import io.cairn.testkit.history.SetCompletenessChecker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.random.RandomGenerator;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * One Jepsen-style run: a cluster, the {@link Workload} against it, a {@link Nemesis} injecting
 * {@code faults} faults with a quiet while of normal work before each and after the last; then,
 * with every node up, final reads of every key on the leader, a check that every node's copy
 * converges to the leader's, and the checkers over the history. {@link #run} returns the
 * {@link Report}; the test asserts on it.
 */
final class FaultScenario {
    static final int WORKERS = 5;
    private static final Duration FINAL_TIMEOUT = Duration.ofSeconds(60);

    private final Nemesis nemesis;
    private final int nodes;
    private final int faults;
    private final Duration quiet;

    FaultScenario(Nemesis nemesis, int nodes, int faults, Duration quiet) {
        this.nemesis = nemesis;
        this.nodes = nodes;
        this.faults = faults;
        this.quiet = quiet;
    }

    /** What a run saw. An anomaly is a key whose history no single copy could explain, or a copy that never converged. */
    record Report(String scenario, int nodes, List<Nemesis.Fault> faults, long elapsedNanos, int ok, int fail, int info,
            Map<String, LinearizabilityChecker.Result> registers, Map<String, LinearizabilityChecker.Result> counters,
            Map<String, SetCompletenessChecker.Result> sets, List<String> diverged, List<String> unexpected,
            List<Long> failoverNanos, History history) {

        List<LinearizabilityChecker.Result> notLinearizable() {
            List<LinearizabilityChecker.Result> bad = new ArrayList<>();
            for (var r : registers.values()) {
                if (r.verdict() == LinearizabilityChecker.Verdict.NOT_LINEARIZABLE) {
                    bad.add(r);
                }
            }
            for (var r : counters.values()) {
                if (r.verdict() == LinearizabilityChecker.Verdict.NOT_LINEARIZABLE) {
                    bad.add(r);
                }
            }
            return bad;
        }

        long unknown() {
            return registers.values().stream().filter(r -> r.verdict() == LinearizabilityChecker.Verdict.UNKNOWN).count()
                    + counters.values().stream().filter(r -> r.verdict() == LinearizabilityChecker.Verdict.UNKNOWN).count();
        }

        List<SetCompletenessChecker.Result> invalidSets() {
            return sets.values().stream().filter(r -> !r.isValid()).toList();
        }

        int anomalies() {
            return notLinearizable().size() + invalidSets().size() + diverged.size();
        }

        /** The summary line the suite prints per scenario. */
        String summary() {
            StringBuilder sb = new StringBuilder(String.format(
                    "[replication] %s: %d nodes, %d faults in %.1f s; ops %d (ok %d, fail %d, info %d); anomalies %d"
                            + " (registers %d/%d keys, counters %d/%d, sets %d/%d, diverged copies %d); unknown %d; other errors %d",
                    scenario, nodes, faults.size(), elapsedNanos / 1e9, ok + fail + info, ok, fail, info, anomalies(),
                    count(registers), registers.size(), count(counters), counters.size(), invalidSets().size(), sets.size(),
                    diverged.size(), unknown(), unexpected.size()));
            if (!unexpected.isEmpty()) {
                sb.append(" (").append(String.join(" | ", new TreeSet<>(unexpected.stream()
                        .map(u -> u.substring(u.indexOf(": ") + 2)).toList()).stream().limit(3).toList())).append(')');
            }
            if (!failoverNanos.isEmpty()) {
                List<Long> sorted = failoverNanos.stream().sorted().toList();
                sb.append(String.format("; kill/pause to next acknowledged write p50 %d ms, max %d ms (%s ms)",
                        sorted.get((sorted.size() - 1) / 2) / 1_000_000, sorted.getLast() / 1_000_000,
                        String.join(", ", failoverNanos.stream().map(n -> Long.toString(n / 1_000_000)).toList())));
            }
            return sb.toString();
        }

        private static long count(Map<String, LinearizabilityChecker.Result> results) {
            return results.values().stream().filter(r -> r.verdict() == LinearizabilityChecker.Verdict.NOT_LINEARIZABLE).count();
        }

        /** Every anomaly in full: the checker's explanation and the failing key's whole history. */
        String details() {
            StringBuilder sb = new StringBuilder();
            Map<String, List<Event>> byKey = history.byKey();
            for (var r : notLinearizable()) {
                sb.append(r).append("  history of ").append(r.key()).append(":\n")
                        .append(History.format(byKey.get(r.key())));
            }
            for (var r : invalidSets()) {
                sb.append(r);
            }
            diverged.forEach(d -> sb.append(d).append('\n'));
            return sb.toString();
        }
    }

    Report run(long seed) throws Exception {
        RandomGenerator rnd = Seeds.random(seed);
        try (ReplicaCluster cluster = ReplicaCluster.start(nodes)) {
            try {
                return run(cluster, rnd, seed);
            } catch (Throwable t) {
                cluster.printLogs();
                throw t;
            }
        }
    }

    private Report run(ReplicaCluster cluster, RandomGenerator rnd, long seed) throws Exception {
        History history = new History();
        Workload workload = new Workload(cluster, history);
        long start = System.nanoTime();
        List<Nemesis.Fault> injected = new ArrayList<>();
        workload.start(WORKERS, seed);
        try {
            for (int i = 0; i < faults; i++) {
                Thread.sleep(quiet.toMillis()); // normal work between faults is part of the test's input
                injected.add(nemesis.inject(cluster, rnd));
            }
            Thread.sleep(quiet.toMillis());
        } finally {
            workload.stop();
        }
        long elapsed = System.nanoTime() - start;
        // Healed: every node runs (each fault healed itself). Read every key on the leader.
        Map<String, Object> finals = finalReads(cluster, workload, history);
        List<String> diverged = converge(cluster, finals);
        if (!diverged.isEmpty()) { // the nodes' own account of what happened, before their directories go
            System.out.println("[replication] logs of a run with copies that diverged:\n" + cluster.logTails(400));
        }

        List<Event> events = history.entries();
        List<Event> registerEvents = events.stream().filter(e -> e.key().startsWith(Workload.REGISTER)).toList();
        List<Event> counterEvents = events.stream().filter(e -> e.key().startsWith(Workload.COUNTER)).toList();
        List<Event> setEvents = events.stream().filter(e -> e.key().startsWith(Workload.SET)).toList();
        var registers = LinearizabilityChecker.of(RegisterModel.INSTANCE).checkEachKey(registerEvents);
        var counters = LinearizabilityChecker.of(CounterModel.INSTANCE).checkEachKey(counterEvents);
        var sets = SetCompletenessChecker.check(setEvents);

        List<Operation> ops = Operation.pair(events);
        int ok = 0;
        int fail = 0;
        int info = 0;
        for (Operation o : ops) {
            switch (o.outcome()) {
                case OK -> ok++;
                case FAIL -> fail++;
                default -> info++;
            }
        }
        List<Long> failovers = new ArrayList<>();
        if (nemesis.hitsLeader) {
            for (Nemesis.Fault f : injected) {
                failovers.add(firstWriteAfter(ops, f.at()) - f.at());
            }
        }
        return new Report(nemesis.label, nodes, injected, elapsed, ok, fail, info, registers, counters, sets,
                diverged, workload.unexpectedErrors(), failovers, history);
    }

    /** When the first write invoked at or after {@code at} was acknowledged. */
    private static long firstWriteAfter(List<Operation> ops, long at) {
        long first = Long.MAX_VALUE;
        for (Operation o : ops) {
            boolean write = o.op() instanceof Op.Write || o.op() instanceof Op.Incr || o.op() instanceof Op.Add
                    || (o.op() instanceof Op.Cas && Boolean.TRUE.equals(o.result()));
            if (write && o.outcome() == Event.Type.OK && o.invokeTime() >= at) {
                first = Math.min(first, o.completeTime());
            }
        }
        if (first == Long.MAX_VALUE) {
            throw new AssertionError("no write was acknowledged after the fault at " + at);
        }
        return first;
    }

    /**
     * One recorded read of every key on the leader (GET for registers and counters, HKEYS for
     * sets), each retried through redirects until one is {@code ok}; returns the values read.
     */
    private static Map<String, Object> finalReads(ReplicaCluster cluster, Workload workload, History history)
            throws InterruptedException {
        cluster.leader(FINAL_TIMEOUT);
        Set<String> keys = new TreeSet<>(history.byKey().keySet());
        Map<String, Object> finals = new LinkedHashMap<>();
        long deadline = System.nanoTime() + FINAL_TIMEOUT.toNanos();
        try (LeaderFollowingClient client = workload.newClient()) {
            for (String key : keys) {
                Op op = key.startsWith(Workload.SET) ? Op.readSet() : Op.read();
                while (client.run(key, op) != LeaderFollowingClient.Outcome.OK) {
                    if (System.nanoTime() > deadline) {
                        throw new AssertionError("no final read of " + key + " succeeded within " + FINAL_TIMEOUT
                                + "\n" + cluster.logTails(20));
                    }
                }
                finals.put(key, client.lastResult());
            }
        }
        return finals;
    }

    /**
     * Waits until every node's copy (read with READONLY) holds what the leader answered for every
     * key; returns one line per node that did not within the timeout.
     */
    private static List<String> converge(ReplicaCluster cluster, Map<String, Object> finals) throws InterruptedException {
        List<String> diverged = new ArrayList<>();
        for (ReplicaCluster.Node n : cluster.nodes()) {
            long deadline = System.nanoTime() + FINAL_TIMEOUT.toNanos();
            String differs = "not read";
            while (differs != null && System.nanoTime() < deadline) {
                differs = firstDifference(n, finals);
                if (differs != null) {
                    Thread.sleep(50); // it is still applying the log: poll again
                }
            }
            if (differs != null) {
                diverged.add("copy " + n + " never converged to the leader's: " + differs);
            }
        }
        return diverged;
    }

    private static String firstDifference(ReplicaCluster.Node n, Map<String, Object> finals) {
        try (Jedis j = new Jedis("127.0.0.1", n.port, 5_000)) {
            j.readonly();
            for (Map.Entry<String, Object> e : finals.entrySet()) {
                String key = e.getKey();
                Object mine = key.startsWith(Workload.SET) ? Set.copyOf(j.hkeys(key)) : j.get(key);
                Object theirs = e.getValue();
                if (key.startsWith(Workload.SET) ? !Objects.equals(mine, Set.copyOf((Collection<?>) theirs))
                        : !Objects.equals(mine, theirs)) {
                    return key + ": " + abbreviate(mine) + " (leader: " + abbreviate(theirs) + ")";
                }
            }
            return null;
        } catch (JedisException e) {
            return "unreachable: " + e.getMessage();
        }
    }

    private static String abbreviate(Object value) {
        if (value instanceof Collection<?> c) {
            return c.size() + " elements";
        }
        return String.valueOf(value);
    }
}
