package io.cairn.storage.engine;

import java.nio.charset.StandardCharsets;

/**
 * A sorted-set member with its score. Orders by score, then by member bytes (unsigned), as
 * Redis does. The member is kept as an ISO-8859-1 string (one char per byte).
 */
public record ScoredMember(String member, double score) implements Comparable<ScoredMember> {
    @Override
    public int compareTo(ScoredMember o) {
        int c = Double.compare(score, o.score);
        return c != 0 ? c : member.compareTo(o.member);
    }

    public byte[] memberBytes() {
        return member.getBytes(StandardCharsets.ISO_8859_1);
    }
}
