package io.cairn.it.replication;

import io.cairn.testkit.history.History;
import io.cairn.testkit.history.Op;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * One client of a {@link ReplicaCluster}: a Jedis connection to the node it believes leads,
 * running one {@link Op} at a time and recording each in a {@link History}, as a Jepsen client
 * does. A reply proving the op had no effect (READONLY or NOTLEADER from a copy that does not
 * lead, EXECABORT, a CAS whose EXEC was aborted by WATCH) is {@code fail}; a lost connection or a
 * timeout after the request was sent is {@code info}, and so is any other error reply (reported
 * too, as it may say the outcome is unknown); the client then takes a new process
 * number, since its request may still land. After either it drops the connection and looks for
 * the leader again: the address a READONLY or NOTLEADER reply names, else the first node whose
 * ROLE says master.
 *
 * <p>Not thread-safe: one worker thread owns each client.
 */
final class LeaderFollowingClient implements AutoCloseable {
    /** Read timeout of the workload's connections: a frozen leader must yield {@code info}, not a hang. */
    static final int SOCKET_TIMEOUT_MILLIS = 2_000;
    private static final Pattern LEADER = Pattern.compile("(?:The leader is|at) ([\\w.\\-]+):(\\d+)");

    private final ReplicaCluster cluster;
    private final History history;
    private final AtomicInteger processes;
    private final Queue<String> unexpected;
    private int process;
    private Jedis jedis;
    private int hint = -1;
    private Object lastResult;

    /**
     * @param processes where process numbers come from, shared by every client of one history
     * @param unexpected where error replies that are neither a redirect nor an abort are reported,
     *     as {@code key op: message}
     */
    LeaderFollowingClient(ReplicaCluster cluster, History history, AtomicInteger processes, Queue<String> unexpected) {
        this.cluster = Objects.requireNonNull(cluster, "cluster");
        this.history = Objects.requireNonNull(history, "history");
        this.processes = processes;
        this.unexpected = unexpected;
        this.process = processes.getAndIncrement();
    }

    /** How a {@link #run} ended: as recorded, or {@code NOT_SENT} when nothing was recorded. */
    enum Outcome { OK, FAIL, INFO, NOT_SENT }

    /**
     * Runs {@code op} on {@code key} against the leader and records it; {@code NOT_SENT}, recording
     * nothing, when no node says it leads (the caller tries again later). After {@code OK},
     * {@link #lastResult} is the reply as recorded.
     */
    Outcome run(String key, Op op) {
        lastResult = null;
        Jedis j = connection();
        if (j == null) {
            return Outcome.NOT_SENT;
        }
        long id = history.invoke(process, key, op);
        try {
            Object result = execute(j, key, op);
            if (result == Aborted.INSTANCE) {
                history.fail(id);
                return Outcome.FAIL;
            }
            history.ok(id, result);
            lastResult = result;
            return Outcome.OK;
        } catch (JedisDataException e) {
            drop();
            String m = String.valueOf(e.getMessage());
            if (m.startsWith("READONLY") || m.startsWith("NOTLEADER") || m.startsWith("EXECABORT")) {
                history.fail(id); // refused before it ran: this copy does not lead
                hint = leaderPort(m);
                return Outcome.FAIL;
            }
            history.info(id);
            unexpected.add(key + " " + op + ": " + m);
            process = processes.getAndIncrement();
            return Outcome.INFO;
        } catch (JedisConnectionException e) {
            drop();
            history.info(id); // sent, and then the connection died or the reply did not come in time
            process = processes.getAndIncrement();
            return Outcome.INFO;
        }
    }

    /** The reply of the last {@link #run} that ended {@code OK}, else null. */
    Object lastResult() {
        return lastResult;
    }

    /** Marks a CAS whose value matched but whose EXEC WATCH aborted: it had no effect. */
    private enum Aborted { INSTANCE }

    private static Object execute(Jedis j, String key, Op op) {
        return switch (op) {
            case Op.Read r -> j.get(key);
            case Op.Write w -> j.set(key, w.value());
            case Op.Cas c -> cas(j, key, c);
            case Op.Incr i -> j.incr(key);
            case Op.Add a -> j.hset(key, a.element(), "1");
            case Op.ReadSet r -> Set.copyOf(j.hkeys(key));
        };
    }

    /**
     * WATCH, GET, and when the value is the expected one MULTI, SET, EXEC. A different value is an
     * {@code ok} false answered from the GET; a null EXEC (the key changed after WATCH) had no
     * effect; an error inside EXEC's reply is thrown as the command's own error.
     */
    private static Object cas(Jedis j, String key, Op.Cas c) {
        j.watch(key);
        String current = j.get(key);
        if (!Objects.equals(current, c.expected())) {
            j.unwatch();
            return false;
        }
        Transaction t = j.multi();
        t.set(key, c.value());
        List<Object> replies = t.exec();
        if (replies == null) {
            return Aborted.INSTANCE;
        }
        for (Object r : replies) {
            if (r instanceof JedisDataException e) {
                throw e;
            }
        }
        return true;
    }

    private Jedis connection() {
        if (jedis != null) {
            return jedis;
        }
        int port = hint;
        hint = -1;
        if (port < 0 || !cluster.ports().contains(port)) {
            port = cluster.masterPort();
        }
        if (port >= 0) {
            try {
                jedis = new Jedis("127.0.0.1", port, SOCKET_TIMEOUT_MILLIS);
                jedis.ping(); // connected before the op is invoked: a refused connection sent nothing
                return jedis;
            } catch (JedisConnectionException e) {
                drop();
            }
        }
        try {
            Thread.sleep(20); // no leader reachable: an election is under way
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    private static int leaderPort(String message) {
        Matcher m = LEADER.matcher(message);
        return m.find() ? Integer.parseInt(m.group(2)) : -1;
    }

    private void drop() {
        if (jedis != null) {
            try {
                jedis.close();
            } catch (RuntimeException e) {
                // already broken
            }
            jedis = null;
        }
    }

    @Override
    public void close() {
        drop();
    }
}
