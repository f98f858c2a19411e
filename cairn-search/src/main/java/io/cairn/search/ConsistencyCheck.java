package io.cairn.search;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.codec.DocumentDecoder;
import io.cairn.search.index.DocumentMapper;
import io.cairn.search.index.MappingException;
import io.cairn.search.index.PrefixScan;
import io.cairn.search.index.SearchIndex;
import io.cairn.search.schema.SourceType;
import io.cairn.storage.engine.ReadView;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.ValueType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.lucene.search.IndexSearcher;

/**
 * {@code FT.CHECK}: compares an index with the data. Every key under the prefixes that the schema
 * can index must be in the index with the hash of its current value, and nothing else. Retries
 * while writes arrive during the comparison; {@link CheckReport#stable()} says whether one attempt
 * saw none. Stateless.
 */
final class ConsistencyCheck {
    private ConsistencyCheck() {
    }

    static CheckReport run(Store store, SearchIndex idx, long timeoutMillis) {
        if (idx.state() == SearchIndex.State.BUILDING) {
            throw new InvalidRequestException("index " + idx.definition().name() + " is still being built; check it when FT.INFO shows indexing 0");
        }
        // Keys past their expiry are gone for readers but stay indexed until the expiry cycle reclaims
        // them; reclaim them now so they do not show as differences.
        while (store.reclaimExpired(100_000) > 0) {
            // each pass reclaims what it walks over
        }
        CheckReport last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            long before = store.lastLsn();
            Map<String, Long> data = new TreeMap<>();
            long lsn;
            try (ReadView view = store.openReadView()) {
                lsn = view.lsn();
                collectData(idx, view, data);
            }
            idx.awaitVisible(timeoutMillis);
            Map<String, Long> indexed = indexContents(idx);
            boolean stable = store.lastLsn() == before;
            last = compare(lsn, data, indexed, stable);
            if (stable) {
                return last;
            }
        }
        return last;
    }

    private static void collectData(SearchIndex idx, ReadView view, Map<String, Long> out) {
        try {
            for (byte[] prefix : idx.definition().prefixBytes()) {
                PrefixScan.forEach(view, prefix, () -> true, k -> {
                    Long h = expectedHash(idx, view, k);
                    if (h != null) {
                        out.put(keyString(k), h);
                    }
                });
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The hash the index should hold for {@code key}, or null when the key should not be indexed. */
    private static Long expectedHash(SearchIndex idx, ReadView view, byte[] key) {
        ValueType type = view.type(key);
        try {
            if (idx.definition().source() == SourceType.JSON && type == ValueType.JSON) {
                byte[] stored = view.document(key);
                long h = DocumentMapper.fnv(DocumentMapper.FNV_START, stored);
                idx.mapper().mapJson(key, DocumentDecoder.decode(stored), h);
                return h;
            }
            if (idx.definition().source() == SourceType.HASH && type == ValueType.HASH) {
                Map<String, byte[]> m = new LinkedHashMap<>();
                for (var e : view.hgetAll(key)) {
                    m.put(new String(e.getKey(), StandardCharsets.UTF_8), e.getValue());
                }
                long h = DocumentMapper.hashOf(m);
                idx.mapper().mapHash(key, m, h);
                return h;
            }
        } catch (MappingException | IllegalArgumentException e) {
            return null; // not indexable: must not be in the index
        }
        return null;
    }

    private static Map<String, Long> indexContents(SearchIndex idx) {
        Map<String, Long> out = new TreeMap<>();
        IndexSearcher s = idx.acquire();
        try {
            var reader = s.getIndexReader();
            var stored = s.storedFields();
            Set<String> wanted = Set.of(DocumentMapper.KEY, DocumentMapper.HASH);
            for (var leaf : reader.leaves()) {
                var live = leaf.reader().getLiveDocs();
                for (int i = 0; i < leaf.reader().maxDoc(); i++) {
                    if (live != null && !live.get(i)) {
                        continue;
                    }
                    var doc = stored.document(leaf.docBase + i, wanted);
                    byte[] key = org.apache.lucene.util.BytesRef.deepCopyOf(doc.getBinaryValue(DocumentMapper.KEY)).bytes;
                    out.put(keyString(key), doc.getField(DocumentMapper.HASH).numericValue().longValue());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            idx.release(s);
        }
        return out;
    }

    private static CheckReport compare(long lsn, Map<String, Long> data, Map<String, Long> indexed, boolean stable) {
        long missing = 0;
        long extra = 0;
        long stale = 0;
        List<String> examples = new ArrayList<>();
        for (var e : data.entrySet()) {
            Long h = indexed.get(e.getKey());
            if (h == null) {
                missing++;
                if (examples.size() < 30) {
                    examples.add("missing " + e.getKey());
                }
            } else if (!h.equals(e.getValue())) {
                stale++;
                if (examples.size() < 30) {
                    examples.add("stale " + e.getKey());
                }
            }
        }
        for (String k : indexed.keySet()) {
            if (!data.containsKey(k)) {
                extra++;
                if (examples.size() < 30) {
                    examples.add("extra " + k);
                }
            }
        }
        return new CheckReport(lsn, data.size(), indexed.size(), missing, extra, stale, stable, examples);
    }

    private static String keyString(byte[] key) {
        return new String(key, StandardCharsets.UTF_8);
    }
}
