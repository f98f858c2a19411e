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
        r.server("sentinel|get-master-addr-by-name", c -> {
            ReplicaGroup.Status st = sentinelStatus(c);
            if (st == null || !c.string(2).equals(c.server().config().groupName()) || st.leader() == null) {
                return RespValue.NULL_ARRAY; // Sentinel's answer for a name it does not monitor, or no master yet
            }
            return RespValue.array(List.of(RespValue.bulk(st.leader().host()),
                    RespValue.bulk(Integer.toString(st.leader().clientPort()))));
        });
        r.server("sentinel|masters", c -> {
            ReplicaGroup.Status st = requireSentinel(c);
            return RespValue.array(st.leader() == null ? List.of() : List.of(master(c, st)));
        });
        r.server("sentinel|master", c -> {
            ReplicaGroup.Status st = known(c);
            if (st.leader() == null) {
                throw new InvalidRequestException("ERR No such master with that name");
            }
            return master(c, st);
        });
        r.server("sentinel|replicas", c -> replicas(known(c)));
        r.server("sentinel|slaves", c -> replicas(known(c)));
        r.server("sentinel|sentinels", c -> {
            ReplicaGroup.Status st = known(c);
            List<RespValue> out = new ArrayList<>();
            for (ReplicaGroup.Member m : st.members()) {
                if (!m.id().equals(st.self().id())) {
                    out.add(map("name", m.id(), "ip", m.host(), "port", Integer.toString(m.clientPort()), "runid", m.id(),
                            "flags", "sentinel"));
                }
            }
            return RespValue.array(out);
        });
        r.server("sentinel|myid", c -> RespValue.bulk(requireSentinel(c).self().id()));
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

    /** Every node of a group answers as a Sentinel of it; a single node, as Redis does without sentinel mode. */
    private static ReplicaGroup.Status sentinelStatus(io.cairn.server.command.CommandContext c) {
        ReplicaGroup group = c.server().replication();
        return group == null ? null : group.status();
    }

    private static ReplicaGroup.Status requireSentinel(io.cairn.server.command.CommandContext c) {
        ReplicaGroup.Status st = sentinelStatus(c);
        if (st == null) {
            throw new InvalidRequestException("ERR unknown command 'sentinel', with args beginning with: "
                    + (c.argc() > 1 ? "'" + c.string(1) + "' " : ""));
        }
        return st;
    }

    /** The status, for a subcommand naming the group: Sentinel's error for another name. */
    private static ReplicaGroup.Status known(io.cairn.server.command.CommandContext c) {
        ReplicaGroup.Status st = requireSentinel(c);
        if (!c.string(2).equals(c.server().config().groupName())) {
            throw new InvalidRequestException("ERR No such master with that name");
        }
        return st;
    }

    private static RespValue master(io.cairn.server.command.CommandContext c, ReplicaGroup.Status st) {
        ReplicaGroup.Member l = st.leader();
        return map("name", c.server().config().groupName(), "ip", l.host(), "port", Integer.toString(l.clientPort()),
                "runid", l.id(), "flags", "master", "num-slaves", Integer.toString(st.members().size() - 1),
                "num-other-sentinels", Integer.toString(st.members().size() - 1),
                "quorum", Integer.toString(st.members().size() / 2 + 1), "raft-term", Long.toString(st.term()));
    }

    private static RespValue replicas(ReplicaGroup.Status st) {
        List<RespValue> out = new ArrayList<>();
        for (ReplicaGroup.Member m : st.members()) {
            if (st.leader() != null && m.id().equals(st.leader().id())) {
                continue;
            }
            out.add(map("name", m.clientAddress(), "ip", m.host(), "port", Integer.toString(m.clientPort()), "runid", m.id(),
                    "flags", "slave", "master-host", st.leader() == null ? "?" : st.leader().host(),
                    "master-port", st.leader() == null ? "0" : Integer.toString(st.leader().clientPort()),
                    "master-link-status", st.leader() == null ? "err" : "ok"));
        }
        return RespValue.array(out);
    }

    /** Field and value pairs: a map in RESP3, a flat array in RESP2, as Sentinel replies. */
    private static RespValue map(String... kv) {
        List<java.util.Map.Entry<RespValue, RespValue>> entries = new ArrayList<>();
        for (int i = 0; i < kv.length; i += 2) {
            entries.add(java.util.Map.entry(RespValue.bulk(kv[i]), RespValue.bulk(kv[i + 1])));
        }
        return new RespValue.MapReply(entries);
    }

    /** Redis answers READONLY and READWRITE so when it is not in a cluster. */
    private static void requireGroup(ReplicaGroup group) {
        if (group == null) {
            throw new InvalidRequestException("ERR This instance has cluster support disabled");
        }
    }
}
