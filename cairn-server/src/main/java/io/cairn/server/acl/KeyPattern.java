package io.cairn.server.acl;

import java.nio.charset.StandardCharsets;

/**
 * One key pattern of a user ({@code ~p}, {@code %R~p}, {@code %W~p}) with the access it grants.
 *
 * @param flags {@link #READ}, {@link #WRITE} or both
 */
record KeyPattern(String pattern, byte[] bytes, int flags) {
    static final int READ = 1;
    static final int WRITE = 2;
    static final int ALL = READ | WRITE;

    KeyPattern(String pattern, int flags) {
        this(pattern, pattern.getBytes(StandardCharsets.UTF_8), flags);
    }

    /** As ACL LIST writes it. */
    String describe() {
        return switch (flags) {
            case READ -> "%R~" + pattern;
            case WRITE -> "%W~" + pattern;
            default -> "~" + pattern;
        };
    }
}
