package io.cairn.server.command.set;

import io.cairn.storage.engine.SetOps;
import java.util.List;

/** The three set combinations of SINTER, SUNION and SDIFF and their STORE forms. */
enum Algebra {
    INTER, UNION, DIFF;

    List<byte[]> apply(SetOps sets, byte[][] keys) {
        return switch (this) {
            case INTER -> sets.inter(keys);
            case UNION -> sets.union(keys);
            case DIFF -> sets.diff(keys);
        };
    }
}
