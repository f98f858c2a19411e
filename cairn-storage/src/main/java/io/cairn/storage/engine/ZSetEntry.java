package io.cairn.storage.engine;

import java.util.HashMap;
import java.util.TreeSet;

/** A sorted set: a member-to-score map beside a set ordered by (score, member). */
final class ZSetEntry extends CollectionEntry {
    final HashMap<String, Double> scores;
    final TreeSet<ScoredMember> ordered;

    ZSetEntry(byte[] key, long expireAt, long epoch, HashMap<String, Double> scores, TreeSet<ScoredMember> ordered) {
        super(key, expireAt, epoch);
        this.scores = scores;
        this.ordered = ordered;
    }

    @Override
    ValueType type() {
        return ValueType.ZSET;
    }

    @Override
    int size() {
        return scores.size();
    }

    /** Sets a member's score; returns the previous score or null. */
    Double put(String member, double score) {
        Double old = scores.put(member, score);
        if (old != null) {
            ordered.remove(new ScoredMember(member, old));
        }
        ordered.add(new ScoredMember(member, score));
        return old;
    }

    Double remove(String member) {
        Double old = scores.remove(member);
        if (old != null) {
            ordered.remove(new ScoredMember(member, old));
        }
        return old;
    }

    /** ZSCAN over the score map: the simple, O(n)-per-page {@link HashOrder}; values are Doubles. */
    @Override
    long scan(long cursor, int count, ScanVisitor visitor) {
        byte[][] names = new byte[scores.size()][];
        Object[] values = new Object[names.length];
        int i = 0;
        for (java.util.Map.Entry<String, Double> m : scores.entrySet()) {
            names[i] = m.getKey().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            values[i++] = m.getValue();
        }
        return HashOrder.page(names, values, cursor, count, visitor);
    }

    @Override
    ZSetEntry copy(long epoch) {
        return new ZSetEntry(key, expireAt, epoch, new HashMap<>(scores), new TreeSet<>(ordered));
    }
}
