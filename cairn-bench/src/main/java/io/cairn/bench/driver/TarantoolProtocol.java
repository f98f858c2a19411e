package io.cairn.bench.driver;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Tarantool's binary protocol (IPROTO, see {@link io.cairn.bench.driver.iproto}) over the schema
 * that {@code TarantoolPeer.bootstrapLua} creates, with fixed space ids so that no lookup is needed:
 * <ul>
 *   <li>space {@code usertable} (id {@value #USERTABLE_SPACE_ID}): a record is the tuple
 *       {@code [key, field0, ..., field<n-1>]}, the key a MessagePack str and every value a
 *       MessagePack bin; primary index {@code primary} (id 0) on the key, a {@link PrimaryIndex}.
 *   <li>space {@code kv} (id {@value #KV_SPACE_ID}): a plain value is the tuple {@code [key, value]},
 *       with the value a bin, or an integer once {@value #INCREMENT_FUNCTION} has counted it.
 *   <li>the Lua function {@value #INCREMENT_FUNCTION}{@code (key)}: adds one to {@code kv}'s value
 *       (0 when missing; a numeric string counts as its number) and returns the new value.
 * </ul>
 *
 * <p>Commands map to requests as follows (field {@code fieldN} is tuple field N + 1 counted from 0,
 * the numbering IPROTO update operations use by default; Lua counts from 1, so it is N + 2 there):
 * <ul>
 *   <li>{@link Command.ReadRecord}: SELECT EQ limit 1; {@link Reply#count()} is the number of
 *       non-nil fields after the key, MISSING when there is no tuple.
 *   <li>{@link Command.WriteRecord} whole: REPLACE of {@code [key, field0, ...]}, each value placed
 *       by the number in its field name, which must be {@code field0} to {@code field<n-1>}.
 *   <li>{@link Command.WriteRecord} partial: UPDATE with one {@code '='} per field; MISSING when the
 *       record does not exist (nothing is created).
 *   <li>{@link Command.Scan}: SELECT GE limit count on the TREE index; {@link Reply#count()} is the
 *       number of records, which the reply carries in full ({@link Reply#keys()} is null).
 *   <li>{@link Command.SetValue} / {@link Command.GetValue}: REPLACE / SELECT on {@code kv}.
 *   <li>{@link Command.SetField}: UPSERT with the tuple {@code [key, nil..., value]} (nil for the
 *       fields before it, which ReadRecord does not count) and one {@code '='} operation. Tarantool
 *       skips (and only logs) an UPSERT whose operation fails, which happens when the record exists
 *       with fewer than N fields before {@code fieldN}: set fields in increasing order, or on records
 *       written whole.
 *   <li>{@link Command.Increment}: CALL {@value #INCREMENT_FUNCTION}; {@link Reply#count()} is the
 *       new value.
 *   <li>{@link Command.Delete}: DELETE; {@link Reply#count()} is 1 when a tuple was removed.
 * </ul>
 * Replies are matched to requests by sync, because Tarantool may answer a read before an earlier
 * write that waits for its WAL, and are returned in request order.
 *
 * <p>Immutable and thread-safe.
 */
public final class TarantoolProtocol implements Protocol {
    /** The id of space {@code usertable}, which holds records. */
    public static final int USERTABLE_SPACE_ID = 512;
    /** The id of space {@code kv}, which holds plain values and counters. */
    public static final int KV_SPACE_ID = 513;
    /** The Lua function a {@link Command.Increment} calls. */
    public static final String INCREMENT_FUNCTION = "cairn_incr";

    /** The type of both spaces' primary index. */
    public enum PrimaryIndex {
        /** A B+ tree: ordered, so scans work. */
        TREE,
        /** A hash table: no order, so no scans. */
        HASH;

        /** The name Tarantool's {@code create_index} takes. */
        public String luaName() {
            return name();
        }

        /** {@code tree} or {@code hash}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final PrimaryIndex primaryIndex;

    public TarantoolProtocol(PrimaryIndex primaryIndex) {
        this.primaryIndex = Objects.requireNonNull(primaryIndex, "primaryIndex");
    }

    /** With a {@link PrimaryIndex#TREE} index. */
    public TarantoolProtocol() {
        this(PrimaryIndex.TREE);
    }

    public PrimaryIndex primaryIndex() {
        return primaryIndex;
    }

    @Override
    public String name() {
        return "iproto";
    }

    @Override
    public Set<Capability> capabilities() {
        EnumSet<Capability> caps = EnumSet.of(Capability.FIELD_UPDATE, Capability.SET_FIELD,
                Capability.INCREMENT);
        if (primaryIndex == PrimaryIndex.TREE) {
            caps.add(Capability.SCAN);
        }
        return caps;
    }

    @Override
    public Connection connect(InetSocketAddress address, int timeoutMillis) throws IOException {
        return TarantoolConnection.open(address, timeoutMillis, primaryIndex == PrimaryIndex.TREE);
    }

    @Override
    public String toString() {
        return "iproto(index=" + primaryIndex.label() + ")";
    }
}
