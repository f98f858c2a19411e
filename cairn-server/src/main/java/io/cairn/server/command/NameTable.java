package io.cairn.server.command;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * An open-addressing table from lower-case ASCII names to {@link Command}s, probed with a
 * request's name bytes in any letter case without building a String. Built once, then read-only
 * and thread-safe. The capacity is a power of two at least twice the number of names, so a probe
 * ends at an empty slot.
 */
final class NameTable {
    private final String[] names;
    private final Command[] commands;

    /** @param keys the lower-case names, one per command, in the same order as {@code values} */
    NameTable(List<String> keys, List<Command> values) {
        int capacity = Integer.highestOneBit(Math.max(4, keys.size() * 2 - 1)) << 1;
        names = new String[capacity];
        commands = new Command[capacity];
        for (int k = 0; k < keys.size(); k++) {
            byte[] name = keys.get(k).getBytes(StandardCharsets.US_ASCII);
            int i = hashIgnoreCase(name, 0, name.length) & (capacity - 1);
            while (names[i] != null) {
                i = (i + 1) & (capacity - 1);
            }
            names[i] = keys.get(k);
            commands[i] = values.get(k);
        }
    }

    /** The command named by {@code name} in any letter case, or null. */
    Command get(byte[] name) {
        int mask = names.length - 1;
        for (int i = hashIgnoreCase(name, 0, name.length) & mask; ; i = (i + 1) & mask) {
            String candidate = names[i];
            if (candidate == null) {
                return null;
            }
            if (equalsIgnoreCase(candidate, name)) {
                return commands[i];
            }
        }
    }

    private static int hashIgnoreCase(byte[] b, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + lower(b[i]);
        }
        return h ^ (h >>> 16);
    }

    private static int lower(byte c) {
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    }

    private static boolean equalsIgnoreCase(String name, byte[] b) {
        if (name.length() != b.length) {
            return false;
        }
        for (int i = 0; i < b.length; i++) {
            if (name.charAt(i) != lower(b[i])) {
                return false;
            }
        }
        return true;
    }
}
