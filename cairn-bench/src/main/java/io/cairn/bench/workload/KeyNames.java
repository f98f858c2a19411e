package io.cairn.bench.workload;

import java.util.Objects;

/**
 * How records and their fields are named, the same for Cairn and every peer so that the very same
 * keys are compared.
 *
 * <p>A key name is {@code "user"} followed by a decimal number, left-padded with zeros to at least
 * {@value #DIGITS} digits:
 * <ul>
 *   <li>{@link InsertOrder#HASHED}: the number is the absolute value of the 64-bit FNV-1a hash of
 *       the key number's eight bytes, least significant first ({@code user6284781860667377211} for
 *       key number 0). These are nearly always 18 or 19 digits, so the padding does not show.
 *   <li>{@link InsertOrder#ORDERED}: the number is the key number itself, so key number 42 is
 *       {@code user0000000042} and names sort in key-number order up to ten billion keys.
 * </ul>
 * This follows YCSB's {@code CoreWorkload} naming with {@code zeropadding=10}: run the official
 * YCSB client with {@code -p zeropadding=10} (only ordered keys differ without it) to address the
 * same records.
 *
 * <p>Field names are {@code "field0"} to {@code "field<fieldCount - 1>"}, as YCSB's.
 *
 * <p>Immutable and thread-safe.
 */
public final class KeyNames {
    /** The prefix of every key name. */
    public static final String PREFIX = "user";
    /** The least number of digits after the prefix. */
    public static final int DIGITS = 10;
    /** The prefix of every field name. */
    public static final String FIELD_PREFIX = "field";

    private final InsertOrder order;

    public KeyNames(InsertOrder order) {
        this.order = Objects.requireNonNull(order, "order");
    }

    /**
     * The key name of {@code keyNumber}.
     *
     * @throws IllegalArgumentException when {@code keyNumber < 0}
     */
    public String name(long keyNumber) {
        if (keyNumber < 0) {
            throw new IllegalArgumentException("keyNumber: " + keyNumber + " (expected: >= 0)");
        }
        long number = order == InsertOrder.HASHED ? hashed(keyNumber) : keyNumber;
        String digits = Long.toString(number);
        StringBuilder name = new StringBuilder(PREFIX.length() + Math.max(DIGITS, digits.length()));
        name.append(PREFIX);
        for (int i = digits.length(); i < DIGITS; i++) {
            name.append('0');
        }
        return name.append(digits).toString();
    }

    /** The name of field {@code index}: {@code "field" + index}. */
    public static String fieldName(int index) {
        return FIELD_PREFIX + index;
    }

    public InsertOrder order() {
        return order;
    }

    /** The absolute FNV-1a hash; {@code Long.MIN_VALUE}, which has none, becomes 0. */
    static long hashed(long keyNumber) {
        long hash = Fnv1a.hash(keyNumber);
        return hash == Long.MIN_VALUE ? 0 : Math.abs(hash);
    }
}
