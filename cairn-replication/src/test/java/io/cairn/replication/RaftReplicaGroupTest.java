package io.cairn.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.Clock;
import io.cairn.common.NotLeaderException;
import io.cairn.storage.engine.ReplicaGroup;
import io.cairn.storage.engine.ReplicaGroup.Member;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import io.cairn.storage.io.LocalFileSystem;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Three copies in this JVM, each a store and its Ratis group, on loopback. */
class RaftReplicaGroupTest {
    @TempDir
    Path dir;

    private final List<Node> nodes = new ArrayList<>();
    private long snapshotEntries = 1_000_000;
    private List<Member> members;

    /** One copy: its store and its membership, started and stopped together. */
    private final class Node implements AutoCloseable {
        final Member member;
        final ReplicaGroup group;
        final Store store;

        Node(Member member) {
            this.member = member;
            Path home = dir.resolve(member.id());
            this.group = new RaftProvider().create(new ReplicaGroup.Settings(member.id(), members,
                    home.resolve("raft"), WalMode.FSYNC, snapshotEntries, 1 << 20));
            this.store = Store.openReplica(StoreConfig.builder(home.resolve("state")).build(),
                    LocalFileSystem.INSTANCE, Clock.SYSTEM, group);
            group.recover(store);
            group.start(store);
        }

        @Override
        public void close() {
            group.close();
            store.close();
        }
    }

    @AfterEach
    void stop() {
        nodes.forEach(Node::close);
    }

    private void startGroup(int n) throws IOException {
        List<Member> ms = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            ms.add(new Member("n" + i, "127.0.0.1", freePort(), freePort()));
        }
        members = List.copyOf(ms);
        for (Member m : members) {
            nodes.add(new Node(m));
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void await(String what, BooleanSupplier condition) {
        await(what, condition, () -> "");
    }

    private static void await(String what, BooleanSupplier condition, java.util.function.Supplier<String> state) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + " " + state.get());
            }
            Thread.onSpinWait();
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    private Node leader() {
        Node[] found = new Node[1];
        await("a leader that takes writes", () -> {
            for (Node n : nodes) {
                if (n.group.writable()) {
                    found[0] = n;
                    return true;
                }
            }
            return false;
        });
        return found[0];
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String s(byte[] b) {
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    private static Void increment(io.cairn.storage.engine.Txn t) {
        byte[] v = t.get(b("counter"));
        t.set(b("counter"), b(String.valueOf(v == null ? 1 : Long.parseLong(s(v)) + 1)), 0);
        return null;
    }

    @Test
    void writesOnTheLeaderReachEveryCopyAndFollowersRefuseWrites() throws IOException {
        startGroup(3);
        Node leader = leader();
        for (int i = 0; i < 200; i++) {
            leader.store.set(b("k" + i), b("v" + i)).durable().join();
        }
        for (Node n : nodes) {
            await(n.member.id() + " has every write", () -> "v199".equals(s(n.store.get(b("k199")))));
            for (int i = 0; i < 200; i++) {
                assertThat(s(n.store.get(b("k" + i)))).isEqualTo("v" + i);
            }
        }
        Node follower = nodes.stream().filter(n -> n != leader).findFirst().orElseThrow();
        assertThatThrownBy(() -> follower.store.set(b("x"), b("y")))
                .isInstanceOf(NotLeaderException.class)
                .hasMessageContaining(leader.member.clientAddress());
        assertThat(follower.store.get(b("x"))).isNull();

        ReplicaGroup.Status st = leader.group.status();
        assertThat(st.role()).isEqualTo("leader");
        assertThat(st.leader()).isEqualTo(leader.member);
        await("both followers caught up", () -> leader.group.status().followers().stream()
                .filter(f -> f.matchIndex() >= leader.group.status().commitIndex()).count() == 2);
        assertThat(leader.group.waitForReplicas(2, 10_000).join()).isEqualTo(2);
        assertThat(follower.group.status().role()).isEqualTo("follower");
        assertThat(follower.group.status().leader()).isEqualTo(leader.member);
        leader.group.readBarrier().join();
        follower.group.readBarrier().join(); // the leader's read index, applied here (gRPC serves ReadIndex to followers)
    }

    @Test
    void aNewLeaderHasEveryAcknowledgedWriteAndARestartedCopyCatchesUp() throws IOException {
        startGroup(3);
        Node first = leader();
        for (int i = 0; i < 100; i++) {
            first.store.execute(RaftReplicaGroupTest::increment).durable().join();
        }
        nodes.remove(first);
        first.close();

        Node second = leader();
        assertThat(s(second.store.get(b("counter")))).isEqualTo("100");
        for (int i = 0; i < 50; i++) {
            second.store.execute(RaftReplicaGroupTest::increment).durable().join();
        }
        Node back = new Node(first.member); // the same directories: its log, and a store rebuilt from it
        nodes.add(back);
        await("the restarted copy caught up", () -> "150".equals(s(back.store.get(b("counter")))));
        assertThat(back.group.writable()).isFalse();
    }

    @Test
    void aCopyThatDivergedRebuildsItsStoreFromTheLogAndServesAgain() throws IOException {
        startGroup(3);
        Node leader = leader();
        for (int i = 0; i < 50; i++) {
            leader.store.set(b("k" + i), b("v" + i)).durable().join();
        }
        // As after a proposal the group did not take: the store is emptied and the whole log applied again.
        ((RaftReplicaGroup) leader.group).diverged("a test");
        await("the rebuilt copy has every committed write", () -> "v49".equals(s(leader.store.get(b("k49")))));
        for (int i = 0; i < 50; i++) {
            assertThat(s(leader.store.get(b("k" + i)))).isEqualTo("v" + i);
        }
        Node next = leader();
        next.store.set(b("after"), b("1")).durable().join();
        for (Node n : nodes) {
            await(n.member.id() + " has the write after the rebuild", () -> "1".equals(s(n.store.get(b("after")))));
            assertThat(n.store.stats().keys()).isEqualTo(51);
        }
    }

    @Test
    void snapshotsPurgeTheLogAndACopyFarBehindInstallsTheLeadersSnapshot() throws IOException {
        snapshotEntries = 40;
        startGroup(3);
        Node leader = leader();
        byte[] big = new byte[4096];
        java.util.Arrays.fill(big, (byte) 'x');
        Node follower = nodes.stream().filter(n -> n != leader).findFirst().orElseThrow();
        for (int i = 0; i < 100; i++) {
            leader.store.set(b("k" + i), big).durable().join();
        }
        await(follower.member.id() + " applied the first writes", () -> follower.store.get(b("k99")) != null);
        nodes.remove(follower);
        follower.close();
        long behind = ((RaftReplicaGroup) leader.group).status().commitIndex();

        for (int i = 100; i < 700; i++) {
            leader.store.set(b("k" + i), big).durable().join();
        }
        leader.store.set(b("last"), b("1")).durable().join();
        RaftReplicaGroup lg = (RaftReplicaGroup) leader.group;
        await("the leader took a snapshot and purged its log past the stopped copy",
                () -> lg.snapshotIndex() > behind && lg.logStartIndex() > behind + 1);

        Node back = new Node(follower.member); // its own snapshot and log; what it lacks is purged, so it gets the leader's snapshot
        nodes.add(back);
        assertThat(((RaftReplicaGroup) back.group).preloaded()).isNotNull();
        await("the copy far behind has every write", () -> "1".equals(s(back.store.get(b("last")))),
                () -> back.group.status() + " / leader: " + leader.group.status());
        assertThat(back.store.stats().keys()).isEqualTo(701);

        nodes.remove(leader);
        leader.close();
        Node restarted = new Node(leader.member); // its own snapshot, then its log after it
        nodes.add(restarted);
        assertThat(((RaftReplicaGroup) restarted.group).preloaded()).isNotNull();
        Node now = leader();
        now.store.set(b("after"), b("2")).durable().join();
        for (Node n : nodes) {
            await(n.member.id() + " has the write after the restart", () -> "2".equals(s(n.store.get(b("after")))));
            assertThat(n.store.stats().keys()).isEqualTo(702);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (var paths = java.nio.file.Files.walk(root)) {
            for (Path p : (Iterable<Path>) paths.sorted(java.util.Comparator.reverseOrder())::iterator) {
                java.nio.file.Files.delete(p);
            }
        }
    }
}
