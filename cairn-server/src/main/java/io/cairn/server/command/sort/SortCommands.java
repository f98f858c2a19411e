package io.cairn.server.command.sort;

import io.cairn.server.command.Commands;

/** Registers SORT and SORT_RO ({@link Sort}). */
public final class SortCommands {
    private SortCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("sort", c -> Sort.parse(c, false));
        r.data("sort_ro", c -> Sort.parse(c, true));
    }
}
