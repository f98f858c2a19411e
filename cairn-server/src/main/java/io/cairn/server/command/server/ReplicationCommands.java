package io.cairn.server.command.server;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.Commands;
import io.cairn.storage.engine.ReplicaGroup;
import java.util.ArrayList;
import java.util.List;

/**
 * ROLE, READONLY and READWRITE. ROLE answers in Redis's shape, so Sentinel-aware clients read it
 * unchanged: the leader is a {@code master} with its followers as replicas (each with the last
 * log index it holds as its offset), a follower a {@code slave} of the leader. READONLY lets a
 * connection read a follower's copy (stale, never ahead of what the group committed), as Redis
 * Cluster's replicas do; without it a follower refuses reads, so every read is linearizable.
 */
final class ReplicationCommands {
    private ReplicationCommands() {
    }

    static void register(Commands.Registrar r) {
        r.server("role", c -> {
            ReplicaGroup group = c.server().replication();
            if (group == null) {
                return RespValue.array(List.of(RespValue.bulk("master"), RespValue.ZERO, RespValue.array(List.of())));
            }
            ReplicaGroup.Status st = group.status();
            if (st.role().equals("leader")) {
                List<RespValue> replicas = new ArrayList<>();
                for (ReplicaGroup.Follower f : st.followers()) {
                    replicas.add(RespValue.array(List.of(RespValue.bulk(f.member().host()),
                            RespValue.bulk(Integer.toString(f.member().clientPort())),
                            RespValue.bulk(Long.toString(f.matchIndex())))));
                }
                return RespValue.array(List.of(RespValue.bulk("master"), RespValue.integer(st.commitIndex()),
                        RespValue.array(replicas)));
            }
            ReplicaGroup.Member leader = st.leader();
            return RespValue.array(List.of(RespValue.bulk("slave"),
                    RespValue.bulk(leader == null ? "?" : leader.host()),
                    RespValue.integer(leader == null ? -1 : leader.clientPort()),
                    RespValue.bulk(leader == null ? "connect" : "connected"),
                    RespValue.integer(st.appliedIndex())));
        });
        r.server("readonly", c -> {
            requireGroup(c.server().replication());
            c.session().replicaReads(true);
            return RespValue.OK;
        });
        r.server("readwrite", c -> {
            requireGroup(c.server().replication());
            c.session().replicaReads(false);
            return RespValue.OK;
        });
    }

    /** Redis answers READONLY and READWRITE so when it is not in a cluster. */
    private static void requireGroup(ReplicaGroup group) {
        if (group == null) {
            throw new InvalidRequestException("ERR This instance has cluster support disabled");
        }
    }
}
