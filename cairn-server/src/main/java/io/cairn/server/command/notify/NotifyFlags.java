package io.cairn.server.command.notify;

import io.cairn.common.InvalidRequestException;

/**
 * {@code notify-keyspace-events} as Redis reads and prints it: the classes {@code g $ l s h z x e
 * t d m n} ({@code A} for {@code g$lshzxetd}), and {@code K} / {@code E} for the keyspace and
 * keyevent channels. Without K or E nothing is published. Immutable bit set.
 */
public record NotifyFlags(int bits) {
    public static final int GENERIC = 1;
    public static final int STRING = 1 << 1;
    public static final int LIST = 1 << 2;
    public static final int SET = 1 << 3;
    public static final int HASH = 1 << 4;
    public static final int ZSET = 1 << 5;
    public static final int EXPIRED = 1 << 6;
    public static final int EVICTED = 1 << 7;
    public static final int STREAM = 1 << 8;
    public static final int MODULE = 1 << 9;
    public static final int KEY_MISS = 1 << 10;
    public static final int NEW = 1 << 11;
    public static final int KEYSPACE = 1 << 12;
    public static final int KEYEVENT = 1 << 13;
    /** {@code A}: every class but key-miss and new, as Redis defines it. */
    public static final int ALL = GENERIC | STRING | LIST | SET | HASH | ZSET | EXPIRED | EVICTED | STREAM | MODULE;

    public static final NotifyFlags NONE = new NotifyFlags(0);

    private static final String CLASSES = "g$lshzxetd";
    private static final int[] CLASS_BITS = {GENERIC, STRING, LIST, SET, HASH, ZSET, EXPIRED, EVICTED, STREAM, MODULE};

    /** Reads a setting's text; refuses a character Redis refuses, in its words. */
    public static NotifyFlags parse(String text) {
        int bits = 0;
        for (char c : text.toCharArray()) {
            int i = CLASSES.indexOf(c);
            bits |= switch (c) {
                case 'A' -> ALL;
                case 'K' -> KEYSPACE;
                case 'E' -> KEYEVENT;
                case 'm' -> KEY_MISS;
                case 'n' -> NEW;
                default -> {
                    if (i < 0) {
                        throw new InvalidRequestException("Invalid event class character. Use 'Ag$lshzxeKEtmdn'.");
                    }
                    yield CLASS_BITS[i];
                }
            };
        }
        return new NotifyFlags(bits);
    }

    /** The setting's text as CONFIG GET shows it: {@code AKE} for {@code KEA}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        if ((bits & ALL) == ALL) {
            sb.append('A');
        } else {
            for (int i = 0; i < CLASS_BITS.length; i++) {
                if ((bits & CLASS_BITS[i]) != 0) {
                    sb.append(CLASSES.charAt(i));
                }
            }
        }
        if ((bits & KEYSPACE) != 0) {
            sb.append('K');
        }
        if ((bits & KEYEVENT) != 0) {
            sb.append('E');
        }
        if ((bits & KEY_MISS) != 0) {
            sb.append('m');
        }
        if ((bits & NEW) != 0) {
            sb.append('n');
        }
        return sb.toString();
    }

    /** Whether anything is published at all: some class, and K or E. */
    public boolean enabled() {
        return (bits & (KEYSPACE | KEYEVENT)) != 0 && (bits & (ALL | KEY_MISS | NEW)) != 0;
    }

    public boolean has(int flag) {
        return (bits & flag) != 0;
    }
}
