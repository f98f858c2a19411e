package io.cairn.storage.engine;

import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;

/**
 * One copy's membership of a replicated group: the log of record of its {@link Store} (opened
 * with {@link Store#openReplica}) and what a server asks of the group. The group is built by the
 * {@link Provider} found on the class path (the {@code cairn-replication} module, on Apache
 * Ratis), so the server depends on no consensus library.
 *
 * <p>Life cycle: {@link Provider#create}, then {@link Store#openReplica} with it as the log, then
 * {@link #start} with that store (it applies the group's log to it), {@link #close} before the
 * store's own close.
 */
public interface ReplicaGroup extends ReplicatedLog, AutoCloseable {

    /**
     * Before {@link #start}: loads the newest snapshot this copy kept into {@code store}, so what
     * opens over the store next (search indexes) finds its data; {@link #start} then applies the
     * log after it. Nothing when there is none. Refuses a directory that holds another group or
     * this node under another id.
     */
    void recover(Store store);

    /**
     * After {@link #recover} (which also checks that the directory belongs to this group): joins
     * the group and brings {@code store} up to date from the group's log, in the background.
     */
    void start(Store store);

    /** Whether this copy may run writes now: it leads the group and has applied all it committed. */
    boolean writable();

    /**
     * A ReadIndex round started by this call: completes once the leader confirmed, after the call,
     * that it still led, and this copy applied everything the leader had committed then. On the
     * leader, a read run before the call and answered after it is linearizable. Fails when no
     * leader answers.
     */
    CompletableFuture<Void> readBarrier();

    /**
     * Completes with the number of other copies that hold every batch committed before the call,
     * once at least {@code replicas} do or after {@code timeoutMillis} (0: no limit; negative: at
     * once, with the count now), as Redis's {@code WAIT} answers.
     */
    CompletableFuture<Integer> waitForReplicas(int replicas, long timeoutMillis);

    /** Where the group stands, as this copy sees it. */
    Status status();

    /**
     * Calls {@code listener} with the former leader (null when none was known) and the new one
     * each time this copy learns that another member leads; on Ratis's threads, so it must not block.
     */
    void onLeaderChange(java.util.function.BiConsumer<Member, Member> listener);

    /** Stops taking part: leaves the group's log and its threads. */
    @Override
    void close();

    /** A member of the group: its id and the addresses of its Raft and client ports. */
    record Member(String id, String host, int raftPort, int clientPort) {
        public String clientAddress() {
            return host + ":" + clientPort;
        }

        /**
         * Parses {@code --peers}: {@code id=host:raftport:clientport}, comma-separated.
         *
         * @throws IllegalArgumentException naming the part that is wrong
         */
        public static List<Member> parseAll(String peers) {
            List<Member> out = new java.util.ArrayList<>();
            java.util.Set<String> ids = new java.util.HashSet<>();
            java.util.Set<String> addresses = new java.util.HashSet<>();
            for (String part : peers.split(",", -1)) {
                String p = part.strip();
                int eq = p.indexOf('=');
                String[] hostPorts = eq < 0 ? new String[0] : p.substring(eq + 1).split(":", -1);
                if (eq <= 0 || hostPorts.length != 3 || hostPorts[0].isEmpty()) {
                    throw new IllegalArgumentException("peer '" + p + "' is not id=host:raftport:clientport");
                }
                String id = p.substring(0, eq);
                if (!id.matches("[A-Za-z0-9_.-]+")) {
                    throw new IllegalArgumentException("peer id '" + id + "' may hold only letters, digits, '_', '.' and '-'");
                }
                int raft = port(hostPorts[1], p);
                int client = port(hostPorts[2], p);
                if (!ids.add(id)) {
                    throw new IllegalArgumentException("peer id '" + id + "' is listed twice");
                }
                if (!addresses.add(hostPorts[0] + ":" + raft) || !addresses.add(hostPorts[0] + ":" + client)) {
                    throw new IllegalArgumentException("peer '" + p + "' uses a port another peer (or its own other port) uses");
                }
                out.add(new Member(id, hostPorts[0], raft, client));
            }
            return List.copyOf(out);
        }

        private static int port(String s, String peer) {
            try {
                int port = Integer.parseInt(s);
                if (port >= 1 && port <= 65535) {
                    return port;
                }
            } catch (NumberFormatException e) {
                // worded below
            }
            throw new IllegalArgumentException("peer '" + peer + "': '" + s + "' is not a port (1-65535)");
        }
    }

    /** A copy that follows, as the leader sees it: the last log index it holds. */
    record Follower(Member member, long matchIndex, long lagMillis) {
    }

    /**
     * @param role        {@code leader}, {@code follower}, {@code candidate} or {@code starting}
     * @param leader      the member that leads, or null when none is known
     * @param followers   on the leader, each other member's progress; empty elsewhere
     */
    record Status(Member self, String role, Member leader, long term, long commitIndex, long appliedIndex,
                  List<Member> members, List<Follower> followers) {
    }

    /**
     * What a copy is started with.
     *
     * @param walMode          how the group's log reaches disk before this copy counts toward a majority
     * @param snapshotEntries  log entries applied since the last snapshot that trigger the next one
     *                         (the log before a snapshot is then purged)
     * @param logSegmentBytes  size of a segment of the log; purging removes whole segments
     */
    record Settings(String nodeId, List<Member> members, java.nio.file.Path dir, WalMode walMode,
                    long snapshotEntries, long logSegmentBytes) {
        public Member self() {
            return members.stream().filter(m -> m.id().equals(nodeId)).findFirst().orElseThrow();
        }
    }

    /** Builds a copy's membership; found with {@link ServiceLoader}. */
    interface Provider {
        ReplicaGroup create(Settings settings);
    }

    /** The provider on the class path, or null when none is (a build without {@code cairn-replication}). */
    static Provider provider() {
        return ServiceLoader.load(Provider.class).findFirst().orElse(null);
    }
}
