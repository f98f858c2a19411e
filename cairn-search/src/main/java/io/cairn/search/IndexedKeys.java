package io.cairn.search;

import io.cairn.search.index.PrefixScan;
import io.cairn.search.schema.IndexDefinition;
import io.cairn.search.schema.SourceType;
import io.cairn.storage.engine.ReadView;
import io.cairn.storage.engine.Result;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.ValueType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code FT.DROPINDEX ... DD}: deletes the keys an index covers (under its prefixes, of its source
 * type) from the store. The keys are listed from a view, then deleted in batches of
 * {@value #DELETE_BATCH}, each re-checking the type, so writes in between are never held back
 * long; returns once the last batch is durable. A key first written under the prefixes after the
 * view opened survives. Stateless; thread-safe.
 */
final class IndexedKeys {
    private static final int DELETE_BATCH = 1_000;

    private IndexedKeys() {
    }

    static void delete(Store store, IndexDefinition d) {
        List<byte[]> doomed = new ArrayList<>();
        ValueType want = d.source() == SourceType.JSON ? ValueType.JSON : ValueType.HASH;
        try (ReadView view = store.openReadView()) {
            for (byte[] prefix : d.prefixBytes()) {
                PrefixScan.forEach(view, prefix, () -> true, k -> {
                    if (view.type(k) == want) {
                        doomed.add(k);
                    }
                });
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        CompletableFuture<Void> last = CompletableFuture.completedFuture(null);
        for (int i = 0; i < doomed.size(); i += DELETE_BATCH) {
            List<byte[]> batch = doomed.subList(i, Math.min(doomed.size(), i + DELETE_BATCH));
            Result<Void> r = store.execute(t -> {
                for (byte[] k : batch) {
                    if (t.type(k) == want) {
                        t.delete(k);
                    }
                }
                return null;
            });
            last = r.durable();
        }
        last.join();
    }
}
