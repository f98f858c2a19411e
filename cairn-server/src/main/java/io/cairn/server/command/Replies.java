package io.cairn.server.command;

import io.cairn.resp.RespEncoder;
import io.cairn.resp.RespValue;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Txn;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/** Builders for the reply shapes many commands share. */
public final class Replies {
    private Replies() {
    }

    /**
     * A float as INCRBYFLOAT and HINCRBYFLOAT print it, as Redis's "%.17Lf" trimmed: plain decimal
     * notation, no exponent, at most 17 digits after the point (so 1e-20 prints as 0), no "-0".
     */
    public static String longDoubleText(double d) {
        BigDecimal v = new BigDecimal(RespEncoder.formatDouble(d));
        String s = (v.scale() > 17 ? v.setScale(17, RoundingMode.HALF_EVEN) : v).toPlainString();
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s.equals("-0") ? "0" : s;
    }

    public static RespValue bulks(List<byte[]> items) {
        List<RespValue> out = new ArrayList<>(items.size());
        for (byte[] b : items) {
            out.add(RespValue.bulk(b));
        }
        return RespValue.array(out);
    }

    /** Members as a set reply: a RESP3 set ({@code ~}), an array in RESP2, as SMEMBERS answers. */
    public static RespValue set(List<byte[]> members) {
        List<RespValue> out = new ArrayList<>(members.size());
        for (byte[] b : members) {
            out.add(RespValue.bulk(b));
        }
        return new RespValue.SetReply(out);
    }

    /**
     * A hash as HGETALL answers it (a map in RESP3, a flat array in RESP2), over the stored field
     * names and values without copying them (see {@link Txn.HashFields}).
     */
    public static RespValue fieldMap(Txn.HashFields hash) {
        return new RespValue.FieldMap(hash.names(), hash.values());
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
