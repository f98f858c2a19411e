package io.cairn.server.rdb;

import java.util.List;

/**
 * A value as a DUMP payload carries it, independent of how the store keeps it. The collections
 * hold at least one element, without duplicates. Immutable once built (the lists are not copied:
 * callers hand over lists they no longer change). A stream, once the store has streams, becomes
 * one more record here; {@link DumpPayload}'s switches then ask for its RDB types.
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
}
