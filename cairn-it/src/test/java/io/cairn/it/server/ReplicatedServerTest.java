package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.server.CairnServer;
import io.cairn.server.ServerConfig;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * Three replicated servers in this JVM, driven through Jedis as a client would: ROLE and INFO
 * replication in Redis's shapes, writes and reads refused on a follower naming the leader,
 * READONLY reads of a follower, WAIT, a failover that keeps every acknowledged write, and a
 * restarted node catching up from the group's log.
 */
class ReplicatedServerTest {
    @TempDir
    Path dir;

    private final List<int[]> ports = new ArrayList<>(); // {client, raft}
    private final CairnServer[] servers = new CairnServer[3];
    private String peers;

    @AfterEach
    void stop() {
        for (CairnServer s : servers) {
            if (s != null) {
                s.close();
            }
        }
    }

    private void startGroup() throws IOException {
        List<String> list = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ports.add(new int[] {freePort(), freePort()});
            list.add("n" + (i + 1) + "=127.0.0.1:" + ports.get(i)[1] + ":" + ports.get(i)[0]);
        }
        peers = String.join(",", list);
        for (int i = 0; i < 3; i++) {
            start(i);
        }
    }

    private void start(int i) {
        servers[i] = CairnServer.start(new ServerConfig.Builder().set("port", Integer.toString(ports.get(i)[0]))
                .set("bind", "127.0.0.1").set("dir", dir.resolve("n" + (i + 1)).toString()).set("wal", "fsync")
                .set("node-id", "n" + (i + 1)).set("peers", peers).build());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    private Jedis client(int i) {
        return new Jedis("127.0.0.1", ports.get(i)[0], 5_000);
    }

    /** The node that answers ROLE as master and takes a write. */
    private int leader() {
        int[] found = {-1};
        await("a leader that takes writes", () -> {
            for (int i = 0; i < 3; i++) {
                if (servers[i] == null) {
                    continue;
                }
                try (Jedis j = client(i)) {
                    if ("master".equals(j.role().getFirst()) && "OK".equals(j.set("probe", "1"))) {
                        found[0] = i;
                        return true;
                    }
                } catch (RuntimeException e) {
                    // electing, or not ready to take writes yet
                }
            }
            return false;
        });
        return found[0];
    }

    private static Map<String, String> info(Jedis j) {
        return j.info("replication").lines().filter(l -> l.contains(":"))
                .collect(Collectors.toMap(l -> l.substring(0, l.indexOf(':')), l -> l.substring(l.indexOf(':') + 1)));
    }

    @Test
    void rolesRedirectsReadonlyReadsAndWait() throws IOException {
        startGroup();
        int l = leader();
        int f = (l + 1) % 3;
        String leaderAddress = "127.0.0.1:" + ports.get(l)[0];
        try (Jedis leader = client(l); Jedis follower = client(f)) {
            for (int i = 0; i < 100; i++) {
                assertThat(leader.incr("counter")).isEqualTo(i + 1);
            }
            assertThat(leader.get("counter")).isEqualTo("100");

            List<Object> role = leader.role();
            assertThat(role.getFirst()).isEqualTo("master");
            assertThat((List<?>) role.get(2)).hasSize(2);
            assertThat(follower.role()).startsWith("slave", "127.0.0.1", (long) ports.get(l)[0]);

            assertThatThrownBy(() -> follower.set("k", "v")).isInstanceOf(JedisDataException.class)
                    .hasMessage("READONLY You can't write against a read only replica. The leader is " + leaderAddress + ".");
            assertThatThrownBy(() -> follower.get("counter")).isInstanceOf(JedisDataException.class)
                    .hasMessageStartingWith("NOTLEADER").hasMessageContaining(leaderAddress);
            assertThat(follower.readonly()).isEqualTo("OK");
            await("the follower applied every increment", () -> "100".equals(follower.get("counter")));
            assertThat(follower.readwrite()).isEqualTo("OK");
            assertThatThrownBy(() -> follower.get("counter")).hasMessageStartingWith("NOTLEADER");

            assertThat(leader.waitReplicas(2, 10_000)).isEqualTo(2);
            assertThatThrownBy(() -> follower.waitReplicas(1, 10)).hasMessageStartingWith("ERR WAIT cannot be used with replica instances");

            Map<String, String> li = info(leader);
            assertThat(li).containsEntry("role", "master").containsEntry("connected_slaves", "2")
                    .containsEntry("raft_node_id", "n" + (l + 1)).containsEntry("raft_leader_address", leaderAddress);
            assertThat(Long.parseLong(li.get("raft_commit_index"))).isGreaterThanOrEqualTo(100);
            Map<String, String> fi = info(follower);
            assertThat(fi).containsEntry("role", "slave").containsEntry("master_port", Integer.toString(ports.get(l)[0]))
                    .containsEntry("master_link_status", "up").containsEntry("raft_role", "follower");
        }
    }

    @Test
    void aFailoverKeepsEveryAcknowledgedWriteAndARestartedNodeCatchesUp() throws IOException {
        startGroup();
        int first = leader();
        try (Jedis leader = client(first)) {
            for (int i = 0; i < 200; i++) {
                leader.hset("h", "f" + i, "v" + i);
            }
        }
        servers[first].close();
        servers[first] = null;

        int second = leader();
        assertThat(second).isNotEqualTo(first);
        try (Jedis leader = client(second)) {
            assertThat(leader.hlen("h")).isEqualTo(200);
            for (int i = 200; i < 300; i++) {
                leader.hset("h", "f" + i, "v" + i);
            }
        }
        String kept = peers;
        peers = kept + ",n4=127.0.0.1:1:2"; // a group of four: not the one its directory holds
        int again = first;
        assertThatThrownBy(() -> start(again)).hasMessageContaining("this data directory belongs to another group")
                .hasMessageContaining("cairn-group");
        peers = kept;
        start(first); // its own directory: the log it kept, then what it missed
        try (Jedis back = client(first)) {
            back.readonly();
            await("the restarted node caught up", () -> back.hlen("h") == 300);
            assertThat(back.hget("h", "f250")).isEqualTo("v250");
            assertThat(back.role().getFirst()).isEqualTo("slave");
        }
    }

    @Test
    void sentinelClientsFindTheLeaderAndFollowAFailover() throws IOException {
        startGroup();
        int first = leader();
        try (Jedis any = client((first + 1) % 3)) {
            assertThat(any.sentinelGetMasterAddrByName("mymaster")).containsExactly("127.0.0.1", Integer.toString(ports.get(first)[0]));
            assertThat(any.sentinelGetMasterAddrByName("other")).isNull();
            assertThat(any.sentinelMasters()).singleElement().satisfies(m -> assertThat(m)
                    .containsEntry("name", "mymaster").containsEntry("port", Integer.toString(ports.get(first)[0])));
            assertThat(any.sentinelReplicas("mymaster")).hasSize(2);
            assertThatThrownBy(() -> any.sentinelMaster("other")).hasMessage("ERR No such master with that name");
        }
        java.util.Set<String> sentinels = new java.util.HashSet<>();
        for (int[] p : ports) {
            sentinels.add("127.0.0.1:" + p[0]);
        }
        try (redis.clients.jedis.JedisSentinelPool pool = new redis.clients.jedis.JedisSentinelPool("mymaster", sentinels)) {
            try (Jedis j = pool.getResource()) {
                assertThat(j.set("before", "1")).isEqualTo("OK");
            }
            servers[first].close();
            servers[first] = null;
            int second = leader();
            await("the pool follows +switch-master to the new leader",
                    () -> pool.getCurrentHostMaster().getPort() == ports.get(second)[0]);
            try (Jedis j = pool.getResource()) {
                assertThat(j.get("before")).isEqualTo("1");
                assertThat(j.set("after", "2")).isEqualTo("OK");
            }
        }
    }

    @Test
    void settingsThatDisagreeAreRefusedWithTheirReason() {
        String p = "n1=127.0.0.1:7101:7001,n2=127.0.0.1:7102:7002";
        assertThatThrownBy(() -> new ServerConfig.Builder().set("port", "7001").set("peers", p).build())
                .hasMessageContaining("node-id is empty");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("port", "7001").set("node-id", "n9").set("peers", p).build())
                .hasMessageContaining("node-id: n9 is not in peers (expected one of: n1, n2)");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("port", "7001").set("node-id", "n1").set("raft-port", "7102")
                .set("peers", p).build()).hasMessageContaining("raft-port: 7102 (expected: 7101");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("port", "7002").set("node-id", "n1").set("peers", p).build())
                .hasMessageContaining("port: 7002 (expected: 7001");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("port", "7001").set("node-id", "n1")
                .set("peers", "n1=127.0.0.1:7101").build()).hasMessageContaining("peers: peer 'n1=127.0.0.1:7101' is not id=host:raftport:clientport");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("port", "7001").set("node-id", "n1")
                .set("peers", "n1=127.0.0.1:7101:7001,n1=127.0.0.1:7102:7002").build()).hasMessageContaining("peer id 'n1' is listed twice");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("node-id", "n1").build())
                .hasMessageContaining("node-id is set but peers is empty");
        ServerConfig ok = new ServerConfig.Builder().set("port", "7001").set("node-id", "n1").set("peers", p).build();
        assertThat(ok.replicated()).isTrue();
        assertThat(ok.get(ServerConfig.Key.RAFT_PORT)).isEqualTo("7101");
        assertThat(ok.members()).hasSize(2);
    }
}
