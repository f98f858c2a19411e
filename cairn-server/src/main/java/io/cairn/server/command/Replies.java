package io.cairn.server.command;

import io.cairn.resp.RespValue;
import io.cairn.storage.engine.ScoredMember;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Builders for the reply shapes many commands share. */
public final class Replies {
    private Replies() {
    }

    public static RespValue bulks(List<byte[]> items) {
        List<RespValue> out = new ArrayList<>(items.size());
        for (byte[] b : items) {
            out.add(RespValue.bulk(b));
        }
        return RespValue.array(out);
    }

    /** Field-value pairs: a map in RESP3, a flat array in RESP2 (HGETALL). */
    public static RespValue pairs(List<Map.Entry<byte[], byte[]>> entries) {
        List<Map.Entry<RespValue, RespValue>> out = new ArrayList<>(entries.size());
        for (Map.Entry<byte[], byte[]> e : entries) {
            out.add(new AbstractMap.SimpleImmutableEntry<>(RespValue.bulk(e.getKey()), RespValue.bulk(e.getValue())));
        }
        return new RespValue.MapReply(out);
    }

    /**
     * Sorted-set members, optionally with scores: RESP2 flattens member, score, member, score...;
     * RESP3 nests [member, score] pairs with a double score, as Redis 7 does.
     */
    public static RespValue scored(List<ScoredMember> members, boolean withScores, int protocol) {
        List<RespValue> out = new ArrayList<>(members.size() * (withScores && protocol == 2 ? 2 : 1));
        for (ScoredMember m : members) {
            RespValue member = RespValue.bulk(m.memberBytes());
            if (!withScores) {
                out.add(member);
            } else if (protocol == 2) {
                out.add(member);
                out.add(new RespValue.DoubleReply(m.score()));
            } else {
                out.add(RespValue.array(List.of(member, new RespValue.DoubleReply(m.score()))));
            }
        }
        return RespValue.array(out);
    }
}
