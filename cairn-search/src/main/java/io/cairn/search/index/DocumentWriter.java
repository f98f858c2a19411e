package io.cairn.search.index;

import io.cairn.document.codec.DocumentDecoder;
import io.cairn.document.json.JsonValue;
import io.cairn.search.analysis.DocumentLanguageAnalyzer;
import io.cairn.search.schema.IndexDefinition;
import io.cairn.search.schema.SourceType;
import io.cairn.storage.engine.Mutation;
import io.cairn.storage.engine.ReadView;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.util.BytesRef;

/**
 * Turns the store's mutations, and the keys of a build, into adds and deletes on one index's
 * {@link IndexWriter}: a JSON document is mapped from the mutation itself, a hash is re-read whole
 * from the store (a hash mutation names one field), and a key deleted, expired or retyped leaves
 * the index. A value the schema cannot index removes the key's document and is counted.
 *
 * <p>Thread-safe: the indexer threads call {@link #apply} concurrently, each with its own keys
 * (the writer is thread-safe and the analyzer's language is per thread). Callers guarantee that
 * one key's mutations reach this class from one thread, in LSN order, and never contain a
 * {@link Mutation.Clear} (a FLUSHALL is the indexer's barrier, not a mutation to apply).
 */
final class DocumentWriter {
    private final IndexDefinition definition;
    private final Store store;
    private final DocumentMapper mapper;
    private final DocumentLanguageAnalyzer analyzer;
    private final IndexWriter writer;
    private final IndexCounters counters;

    DocumentWriter(IndexDefinition definition, Store store, DocumentMapper mapper, DocumentLanguageAnalyzer analyzer,
            IndexWriter writer, IndexCounters counters) {
        this.definition = definition;
        this.store = store;
        this.mapper = mapper;
        this.analyzer = analyzer;
        this.writer = writer;
        this.counters = counters;
    }

    /** Applies {@code mutations} in order. */
    void apply(List<Mutation> mutations) throws IOException {
        Set<BytesRef> dirtyHashes = new LinkedHashSet<>();
        Set<BytesRef> movedIn = new LinkedHashSet<>();
        for (Mutation m : mutations) {
            switch (m) {
                case Mutation.Clear c -> throw new IllegalStateException("FLUSHALL goes through the barrier");
                case Mutation.ExpireAt e -> {
                }
                case Mutation.PutDocument d when definition.source() == SourceType.JSON ->
                        indexJson(d.key(), d.document());
                case Mutation.HashPut h when definition.source() == SourceType.HASH ->
                        dirtyHashes.add(new BytesRef(h.key()));
                case Mutation.HashDelete h when definition.source() == SourceType.HASH ->
                        dirtyHashes.add(new BytesRef(h.key()));
                case Mutation.Move mv when definition.source() == SourceType.HASH ->
                        dirtyHashes.add(new BytesRef(mv.key())); // moved into database 0: index it as it is there
                case Mutation.Move mv -> movedIn.add(new BytesRef(mv.key()));
                default -> {
                    // deleted, expired, or now of a type this index does not read
                    writer.deleteDocuments(keyTerm(m.key()));
                    dirtyHashes.remove(new BytesRef(m.key()));
                }
            }
        }
        if (!movedIn.isEmpty()) {
            // Documents moved into database 0 (the log carries no value for a MOVE): read them now.
            List<byte[]> keys = movedIn.stream().map(b -> b.bytes).toList();
            List<byte[]> docs = store.read(t -> {
                List<byte[]> out = new ArrayList<>(keys.size());
                for (byte[] k : keys) {
                    out.add(t.type(k) == ValueType.JSON ? t.document(k) : null);
                }
                return out;
            });
            for (int i = 0; i < keys.size(); i++) {
                if (docs.get(i) != null) {
                    indexJson(keys.get(i), docs.get(i));
                } else {
                    writer.deleteDocuments(keyTerm(keys.get(i)));
                }
            }
        }
        if (!dirtyHashes.isEmpty()) {
            // Index the whole hash as it is now: at least as new as the batch, so the index still
            // never runs behind.
            List<byte[]> keys = dirtyHashes.stream().map(b -> b.bytes).toList();
            List<Map<String, byte[]>> states = store.read(t -> {
                List<Map<String, byte[]>> out = new ArrayList<>(keys.size());
                for (byte[] k : keys) {
                    out.add(t.type(k) == ValueType.HASH ? hashMap(t.hashFields(k)) : null);
                }
                return out;
            });
            for (int i = 0; i < keys.size(); i++) {
                indexHash(keys.get(i), states.get(i));
            }
        }
    }

    /**
     * Indexes every key under the prefixes from a view of the store; returns the view's LSN (every
     * batch up to it is in the index), or -1 when {@code stop} said to stop before the end.
     */
    long build(BooleanSupplier stop) throws IOException {
        long lsn;
        try (ReadView view = store.openReadView()) {
            counters.buildStarted(view.size());
            for (byte[] prefix : definition.prefixBytes()) {
                PrefixScan.forEach(view, prefix, () -> !stop.getAsBoolean(), k -> {
                    indexFromView(view, k);
                    counters.buildStep();
                });
            }
            lsn = view.lsn();
        }
        return stop.getAsBoolean() ? -1 : lsn;
    }

    private void indexFromView(ReadView view, byte[] key) throws IOException {
        ValueType type = view.type(key);
        if (definition.source() == SourceType.JSON && type == ValueType.JSON) {
            indexJson(key, view.document(key));
        } else if (definition.source() == SourceType.HASH && type == ValueType.HASH) {
            Map<String, byte[]> m = new LinkedHashMap<>();
            for (var e : view.hgetAll(key)) {
                m.put(new String(e.getKey(), StandardCharsets.UTF_8), e.getValue());
            }
            indexHash(key, m);
        }
    }

    private void indexJson(byte[] key, byte[] stored) throws IOException {
        try {
            JsonValue root = DocumentDecoder.decode(stored);
            add(key, mapper.mapJson(key, root, DocumentMapper.fnv(DocumentMapper.FNV_START, stored)));
        } catch (MappingException | IllegalArgumentException e) {
            failed(key, e);
        }
    }

    private void indexHash(byte[] key, Map<String, byte[]> fields) throws IOException {
        if (fields == null || fields.isEmpty()) {
            writer.deleteDocuments(keyTerm(key));
            return;
        }
        try {
            add(key, mapper.mapHash(key, fields, DocumentMapper.hashOf(fields)));
        } catch (MappingException | IllegalArgumentException e) {
            failed(key, e);
        }
    }

    private void add(byte[] key, DocumentMapper.Mapped m) throws IOException {
        analyzer.use(m.language());
        try {
            writer.updateDocument(keyTerm(key), m.document());
        } finally {
            analyzer.use(null);
        }
    }

    private void failed(byte[] key, RuntimeException e) throws IOException {
        writer.deleteDocuments(keyTerm(key));
        counters.documentFailed(key, e);
    }

    private static Term keyTerm(byte[] key) {
        return new Term(DocumentMapper.KEY, new BytesRef(key));
    }

    static Map<String, byte[]> hashMap(Txn.HashFields h) {
        Map<String, byte[]> m = new LinkedHashMap<>(h.names().length * 2);
        for (int i = 0; i < h.names().length; i++) {
            m.put(new String(h.names()[i].getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8), h.values()[i]);
        }
        return m;
    }
}
