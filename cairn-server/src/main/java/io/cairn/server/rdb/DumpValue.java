package io.cairn.server.rdb;

import java.util.List;

/**
 * A value as a DUMP payload carries it, independent of how the store keeps it. The collections
 * hold at least one element, without duplicates. Immutable once built (the lists are not copied:
 * callers hand over lists they no longer change); a {@link StreamValue} may have no entries.
 */
public sealed interface DumpValue {
    record StringValue(byte[] value) implements DumpValue {
    }

    record ListValue(List<byte[]> elements) implements DumpValue {
    }

    /** {@code intset}: Cairn keeps the set as an intset, so it is dumped as one. */
    record SetValue(List<byte[]> members, boolean intset) implements DumpValue {
    }

    /** A member with its score, never NaN. */
    record Scored(byte[] member, double score) {
    }

    /** {@code listpack}: dumped as one, so the members must be in Redis's order (score, then member bytes). */
    record ZSetValue(List<Scored> members, boolean listpack) implements DumpValue {
    }

    /** Field, value, field, value...; {@code listpack}: dumped as one, in this order. */
    record HashValue(List<byte[]> fieldsAndValues, boolean listpack) implements DumpValue {
    }

    /**
     * A stream: its entries in ascending ID order, its last generated ID (at or after the last
     * entry's), its count of entries ever added (at least the entries' count), the greatest ID
     * deleted, and its groups in name order.
     */
    record StreamValue(List<Item> entries, Id lastId, long entriesAdded, Id maxDeletedId, List<Group> groups)
            implements DumpValue {

        /** A stream ID: two unsigned 64-bit halves, ordered unsigned (Redis's {@code streamID}). */
        public record Id(long ms, long seq) implements Comparable<Id> {
            public static final Id ZERO = new Id(0, 0);

            @Override
            public int compareTo(Id o) {
                int c = Long.compareUnsigned(ms, o.ms);
                return c != 0 ? c : Long.compareUnsigned(seq, o.seq);
            }

            @Override
            public String toString() {
                return Long.toUnsignedString(ms) + "-" + Long.toUnsignedString(seq);
            }
        }

        /** An entry: its ID and its field and value strings, alternating. */
        public record Item(Id id, List<byte[]> fieldsAndValues) {
        }

        /**
         * A consumer group: its last delivered ID, its entries read (-1: unknown), its pending
         * entries in ID order (each owned by one of its consumers) and its consumers in name order.
         */
        public record Group(byte[] name, Id lastDelivered, long entriesRead, List<Pending> pending,
                            List<Consumer> consumers) {
        }

        /** A pending entry: its ID, the consumer it was delivered to, the last delivery's time and the count. */
        public record Pending(Id id, byte[] consumer, long deliveryTime, long deliveryCount) {
        }

        /** A consumer: when it was last seen and last active (-1: never). */
        public record Consumer(byte[] name, long seenTime, long activeTime) {
        }
    }
}
