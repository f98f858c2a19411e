package io.cairn.search.index;

import io.cairn.search.schema.IndexDefinition;
import io.cairn.storage.engine.ReadView;
import java.io.IOException;
import java.util.List;
import java.util.function.BooleanSupplier;

/** Walks the keys of a read view under one prefix, in key order, a page at a time. Stateless. */
public final class PrefixScan {
    private static final int PAGE = 1_000;

    /** What to do with each key; may throw the I/O errors of indexing. */
    @FunctionalInterface
    public interface KeyVisitor {
        void visit(byte[] key) throws IOException;
    }

    private PrefixScan() {
    }

    /** Visits every live key starting with {@code prefix} while {@code go} answers true. */
    public static void forEach(ReadView view, byte[] prefix, BooleanSupplier go, KeyVisitor visitor) throws IOException {
        byte[] from = prefix;
        boolean exclusive = false;
        while (go.getAsBoolean()) {
            List<byte[]> keys = view.scanKeys(from, exclusive, PAGE);
            if (keys.isEmpty()) {
                return;
            }
            for (byte[] k : keys) {
                if (!IndexDefinition.startsWith(k, prefix)) {
                    return;
                }
                visitor.visit(k);
            }
            from = keys.getLast();
            exclusive = true;
        }
    }
}
