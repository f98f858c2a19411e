package io.cairn.server.command.sort;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import io.cairn.storage.engine.WrongTypeException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * SORT / SORT_RO key [BY pattern] [LIMIT offset count] [GET pattern ...] [ASC | DESC] [ALPHA]
 * [STORE destination], with Redis 7.2's rules (its {@code sort.c}):
 * <ul>
 *   <li>Options come in any order, the last of each winning (GETs add up; but one BY without
 *       {@code *} anywhere turns sorting off); an unknown word, an option without its arguments,
 *       or STORE in SORT_RO is a syntax error; LIMIT's numbers must be integers. All this is
 *       checked before the key is looked at.</li>
 *   <li>The key must hold a list, a set or a sorted set (absent: empty); else WRONGTYPE.</li>
 *   <li>Without BY, elements sort by their own numeric value (ALPHA: their bytes); with
 *       {@code BY pattern}, by the value the pattern names ({@link SortPattern}; a missing one
 *       weighs 0, or sorts first with ALPHA). Equal numeric weights fall back to the elements'
 *       bytes. A weight that is not a number ({@link SortWeight}) fails the whole command with
 *       "One or more scores can't be converted into double".</li>
 *   <li>A BY pattern without {@code *} ({@code BY nosort}) does not sort: a list keeps its order and
 *       a sorted set its score order (both reversed by DESC), a set its own order, except that with
 *       STORE a set is sorted by ALPHA so the stored list is deterministic.</li>
 *   <li>LIMIT offset count is clamped to the elements (a negative count: all after the offset) and
 *       applied before GET, so only the elements returned are looked up.</li>
 *   <li>Each element gives itself, or one value per GET pattern ({@code #}: itself; nil when the
 *       pattern names nothing). STORE writes that as a list at the destination (an empty string
 *       for each nil), replacing whatever it held and its TTL; an empty result deletes it. It
 *       answers the list's length.</li>
 * </ul>
 * Where Redis compares with {@code strcoll} (ALPHA without STORE), Cairn compares bytes, which is
 * what {@code strcoll} does in the C locale. Immutable.
 */
record Sort(byte[] key, SortPattern by, boolean dontSort, long offset, long count, List<SortPattern> gets,
            boolean desc, boolean alpha, byte[] store) implements Operation {
    static final String NOT_A_DOUBLE = "ERR One or more scores can't be converted into double";

    /** Reads the options of SORT ({@code readOnly} false) or SORT_RO, in Redis's order of checks. */
    static Sort parse(CommandContext c, boolean readOnly) {
        SortPattern by = null;
        boolean dontSort = false;
        long offset = 0;
        long count = -1;
        List<SortPattern> gets = new ArrayList<>();
        boolean desc = false;
        boolean alpha = false;
        byte[] store = null;
        for (int j = 2; j < c.argc(); j++) {
            int left = c.argc() - j - 1;
            String word = c.option(j);
            if (word.equals("ASC")) {
                desc = false;
            } else if (word.equals("DESC")) {
                desc = true;
            } else if (word.equals("ALPHA")) {
                alpha = true;
            } else if (word.equals("LIMIT") && left >= 2) {
                offset = CommandContext.parseLong(c.arg(j + 1));
                count = CommandContext.parseLong(c.arg(j + 2));
                j += 2;
            } else if (!readOnly && word.equals("STORE") && left >= 1) {
                store = c.arg(++j);
            } else if (word.equals("BY") && left >= 1) {
                by = SortPattern.of(c.arg(++j));
                dontSort |= !by.hasStar(); // once a BY without * is seen, nothing sorts, as in Redis
                if (by.hasStar() && !readsEveryKey(c)) {
                    throw new InvalidRequestException("ERR BY option of SORT denied due to insufficient ACL permissions.");
                }
            } else if (word.equals("GET") && left >= 1) {
                if (!readsEveryKey(c)) {
                    throw new InvalidRequestException("ERR GET option of SORT denied due to insufficient ACL permissions.");
                }
                gets.add(SortPattern.of(c.arg(++j)));
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        return new Sort(c.arg(1), by, dontSort, offset, count, List.copyOf(gets), desc, alpha, store);
    }

    /** Whether the client's user may read any key, which BY's and GET's patterns may name (as Redis checks). */
    private static boolean readsEveryKey(CommandContext c) {
        io.cairn.server.acl.AclUser u = c.session() == null ? null : c.session().user();
        return u == null || u.rules().readsEveryKey();
    }

    /** One element and what it sorts by. */
    private static final class Item {
        final byte[] element;
        double score;
        byte[] weight;

        Item(byte[] element) {
            this.element = element;
        }
    }

    @Override
    public RespValue run(Txn t) {
        ValueType type = t.type(key);
        if (type != ValueType.NONE && type != ValueType.LIST && type != ValueType.SET && type != ValueType.ZSET) {
            throw new WrongTypeException(ValueType.LIST, type);
        }
        boolean sorted = !dontSort;
        boolean byAlpha = alpha;
        SortPattern weights = by;
        if (dontSort && type == ValueType.SET && store != null) {
            sorted = true; // a set has no order of its own to store: sort it by its bytes
            byAlpha = true;
            weights = null;
        }
        int size = switch (type) {
            case LIST -> t.lists().length(key);
            case SET -> t.sets().card(key);
            case ZSET -> t.zcard(key);
            default -> 0;
        };
        long start = Math.min(Math.max(offset, 0), size);
        long n = Math.min(Math.max(count, -1), size);
        long end = n < 0 ? size - 1 : start + n - 1;
        if (start >= size) {
            start = size - 1;
            end = size - 2;
        }
        end = Math.min(end, size - 1);
        List<byte[]> chosen = !sorted && type != ValueType.SET
                ? inOwnOrder(t, type, start, end)
                : sortedRange(t, type, sorted, byAlpha, weights, (int) start, (int) (end + 1));
        return store == null ? reply(t, chosen) : store(t, chosen);
    }

    /** The range of a list or a sorted set in its own order (reversed by DESC), reading nothing else. */
    private List<byte[]> inOwnOrder(Txn t, ValueType type, long start, long end) {
        if (end < start) {
            return List.of();
        }
        if (type == ValueType.ZSET) {
            List<byte[]> out = new ArrayList<>((int) (end - start + 1));
            for (ScoredMember m : t.zsets().byRank(key, start, end, desc)) {
                out.add(m.memberBytes());
            }
            return out;
        }
        if (!desc) {
            return t.lists().range(key, start, end);
        }
        int size = t.lists().length(key);
        List<byte[]> out = new ArrayList<>(t.lists().range(key, size - 1 - end, size - 1 - start));
        Collections.reverse(out);
        return out;
    }

    /**
     * Every element, sorted unless {@code sorted} is false (a set in its own order), then
     * {@code [from, to)}; empty when {@code from >= to}.
     */
    private List<byte[]> sortedRange(Txn t, ValueType type, boolean sorted, boolean byAlpha, SortPattern weights,
                                     int from, int to) {
        List<byte[]> all = switch (type) {
            case LIST -> t.lists().range(key, 0, -1);
            case SET -> t.sets().members(key);
            case ZSET -> {
                List<byte[]> members = new ArrayList<>();
                for (ScoredMember m : t.zsets().members(key)) {
                    members.add(m.memberBytes());
                }
                yield members;
            }
            default -> List.of();
        };
        if (!sorted) {
            return from >= to ? List.of() : all.subList(from, to);
        }
        List<Item> items = new ArrayList<>(all.size());
        for (byte[] element : all) {
            Item item = new Item(element);
            byte[] value = weights == null ? element : weights.lookup(t, element);
            if (value != null) {
                if (!byAlpha) {
                    item.score = SortWeight.parse(value);
                    if (Double.isNaN(item.score)) {
                        throw new InvalidRequestException(NOT_A_DOUBLE);
                    }
                } else if (weights != null) {
                    item.weight = value;
                }
            }
            items.add(item);
        }
        // every weight is checked, even when LIMIT leaves nothing to return, as in Redis
        if (from >= to) {
            return List.of();
        }
        items.sort(order(byAlpha, weights != null));
        List<byte[]> out = new ArrayList<>(to - from);
        for (Item item : items.subList(from, to)) {
            out.add(item.element);
        }
        return out;
    }

    private Comparator<Item> order(boolean byAlpha, boolean byPattern) {
        Comparator<Item> c;
        if (!byAlpha) {
            c = (a, b) -> a.score < b.score ? -1 : a.score > b.score ? 1 : Arrays.compareUnsigned(a.element, b.element);
        } else if (byPattern) {
            c = (a, b) -> a.weight == null || b.weight == null
                    ? Boolean.compare(a.weight != null, b.weight != null) // missing weights first
                    : Arrays.compareUnsigned(a.weight, b.weight);
        } else {
            c = (a, b) -> Arrays.compareUnsigned(a.element, b.element);
        }
        return desc ? c.reversed() : c;
    }

    /** The elements, or what the GET patterns name for each. */
    private RespValue reply(Txn t, List<byte[]> chosen) {
        List<RespValue> out = new ArrayList<>(chosen.size() * Math.max(1, gets.size()));
        for (byte[] element : chosen) {
            if (gets.isEmpty()) {
                out.add(RespValue.bulk(element));
            }
            for (SortPattern get : gets) {
                byte[] v = get.lookup(t, element);
                out.add(v == null ? RespValue.NULL : RespValue.bulk(v));
            }
        }
        return RespValue.array(out);
    }

    /** STORE: the destination becomes the list of the output (or is deleted when it is empty). */
    private RespValue store(Txn t, List<byte[]> chosen) {
        List<byte[]> values = new ArrayList<>(chosen.size() * Math.max(1, gets.size()));
        for (byte[] element : chosen) {
            if (gets.isEmpty()) {
                values.add(element);
            }
            for (SortPattern get : gets) {
                byte[] v = get.lookup(t, element);
                values.add(v == null ? new byte[0] : v);
            }
        }
        t.delete(store);
        if (!values.isEmpty()) {
            t.lists().push(store, false, values.toArray(new byte[0][]), false);
        }
        return RespValue.integer(values.size());
    }
}
