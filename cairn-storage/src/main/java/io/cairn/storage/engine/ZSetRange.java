package io.cairn.storage.engine;

/**
 * A range of a sorted set's order, by score or by member, as {@code ZRANGEBYSCORE} and
 * {@code ZRANGEBYLEX} take them. Immutable. Each bound is a predicate that fails on a prefix
 * ({@link #atLeastMin}) or holds on a prefix ({@link #atMostMax}) of the (score, member) order, so
 * the engine finds both ends by descent in O(log n). A lex range is meaningful only when every
 * member has the same score, as in Redis; otherwise the members it selects are unspecified.
 */
public sealed interface ZSetRange {
    /** Whether {@code m} lies at or above the lower bound. */
    boolean atLeastMin(ScoredMember m);

    /** Whether {@code m} lies at or below the upper bound. */
    boolean atMostMax(ScoredMember m);

    /** Scores from {@code min} to {@code max}, each end inclusive unless marked exclusive; never NaN. */
    record ByScore(double min, boolean minExclusive, double max, boolean maxExclusive) implements ZSetRange {
        public ByScore {
            if (Double.isNaN(min) || Double.isNaN(max)) {
                throw new IllegalArgumentException("score range: NaN (expected: a number or an infinity)");
            }
        }

        /** Both ends inclusive. */
        public static ByScore closed(double min, double max) {
            return new ByScore(min, false, max, false);
        }

        @Override
        public boolean atLeastMin(ScoredMember m) {
            return minExclusive ? m.score() > min : m.score() >= min;
        }

        @Override
        public boolean atMostMax(ScoredMember m) {
            return maxExclusive ? m.score() < max : m.score() <= max;
        }
    }

    /** Members from {@code min} to {@code max}, compared as unsigned bytes. */
    record ByLex(LexBound min, LexBound max) implements ZSetRange {
        @Override
        public boolean atLeastMin(ScoredMember m) {
            int c = min.compareTo(m.member());
            return min.exclusive() ? c < 0 : c <= 0;
        }

        @Override
        public boolean atMostMax(ScoredMember m) {
            int c = max.compareTo(m.member());
            return max.exclusive() ? c > 0 : c >= 0;
        }
    }

    /**
     * One end of a lex range: a member (Latin-1, one char per byte), inclusive ({@code [x}) or
     * exclusive ({@code (x}), or an infinity ({@code -} below every member, {@code +} above).
     */
    record LexBound(String value, int infinity, boolean exclusive) {
        public static final LexBound MINUS = new LexBound(null, -1, false);
        public static final LexBound PLUS = new LexBound(null, 1, false);

        public LexBound {
            if ((value == null) != (infinity != 0) || infinity < -1 || infinity > 1) {
                throw new IllegalArgumentException("lex bound: a value or an infinity (expected: exactly one)");
            }
        }

        public static LexBound inclusive(String value) {
            return new LexBound(value, 0, false);
        }

        public static LexBound exclusive(String value) {
            return new LexBound(value, 0, true);
        }

        /** Negative when this bound lies below {@code member}; never 0 for an infinity. */
        int compareTo(String member) {
            return infinity != 0 ? infinity : value.compareTo(member);
        }
    }
}
