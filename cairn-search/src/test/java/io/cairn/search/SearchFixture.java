package io.cairn.search;

import io.cairn.common.Clock;
import io.cairn.document.codec.DocumentEncoder;
import io.cairn.document.json.JsonParser;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.search.index.IndexerConfig;
import io.cairn.storage.io.FileSystem;
import io.cairn.storage.io.LocalFileSystem;
import io.cairn.storage.engine.WalMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** A store and its search service in a directory, with shorthands for writes and FT.* calls. */
final class SearchFixture implements AutoCloseable {
    final Path dir;
    /** Where the search catalog is kept; the store and the Lucene directories are on the local disk. */
    final FileSystem catalogFs;
    final IndexerConfig indexer;
    Store store;
    SearchService search;

    SearchFixture(Path dir) {
        this(dir, LocalFileSystem.INSTANCE, IndexerConfig.defaults());
    }

    SearchFixture(Path dir, FileSystem catalogFs, IndexerConfig indexer) {
        this.dir = dir;
        this.catalogFs = catalogFs;
        this.indexer = indexer;
        open();
    }

    void open() {
        open(java.time.Duration.ofMillis(100));
    }

    /** With {@code expiryCycle} how often the store reclaims expired keys in the background. */
    void open(java.time.Duration expiryCycle) {
        store = Store.open(StoreConfig.builder(dir.resolve("data")).walMode(WalMode.WRITE).expiryCycle(expiryCycle).build(),
                LocalFileSystem.INSTANCE, Clock.SYSTEM);
        search = SearchService.open(store, dir.resolve("data").resolve("search"), catalogFs, indexer);
    }

    /** A clean restart: the service commits its indexes, the store closes, both reopen. */
    void restart() {
        search.close();
        store.close();
        open();
    }

    /**
     * Copies the files as they are now, while everything is open, into {@code target} and opens a
     * fixture on the copy: what a SIGKILL leaves (acknowledged writes are in the log; each index
     * has its last commit, the last checkpoint's, or none since it was created).
     */
    SearchFixture crashCopy(Path target) throws java.io.IOException {
        copyAsCrashed(dir.resolve("data"), target.resolve("data"));
        return new SearchFixture(target);
    }

    /**
     * Copies the tree {@code from} into {@code to} as it is now, while a store or search service may
     * still be writing it: what a SIGKILL at this moment leaves (Lucene's write lock aside).
     */
    static void copyAsCrashed(Path from, Path to) throws java.io.IOException {
        List<Path> paths;
        // Listing by a directory stream per directory: a file Lucene removes between the listing and
        // the copy is skipped (the crash came after its removal), where Files.walk would fail.
        paths = new java.util.ArrayList<>();
        java.util.ArrayDeque<Path> dirs = new java.util.ArrayDeque<>(List.of(from));
        while (!dirs.isEmpty()) {
            Path d = dirs.pop();
            java.nio.file.Files.createDirectories(to.resolve(from.relativize(d).toString()));
            try (var entries = java.nio.file.Files.newDirectoryStream(d)) {
                for (Path p : entries) {
                    if (java.nio.file.Files.isDirectory(p)) {
                        dirs.push(p);
                    } else {
                        paths.add(p);
                    }
                }
            }
        }
        for (Path p : paths) {
            if (p.getFileName().toString().equals("write.lock")) {
                continue;
            }
            try {
                java.nio.file.Files.copy(p, to.resolve(from.relativize(p).toString()));
            } catch (java.nio.file.NoSuchFileException gone) {
                // removed while copying (a Lucene temporary file): the crash came after that
            }
        }
    }

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    void json(String key, String json) {
        store.execute(t -> {
            t.setDocument(b(key), DocumentEncoder.encode(JsonParser.parse(json)));
            return null;
        }).durable().join();
    }

    void hset(String key, String... fieldValues) {
        store.execute(t -> {
            for (int i = 0; i < fieldValues.length; i += 2) {
                t.hset(b(key), b(fieldValues[i]), b(fieldValues[i + 1]));
            }
            return null;
        }).durable().join();
    }

    void del(String key) {
        store.execute(t -> t.delete(b(key))).durable().join();
    }

    void create(String line) {
        search.create(Arrays.asList(line.split(" ")));
    }

    SearchResult search(String index, String query, String... options) {
        return search.search(index, SearchRequest.parse(query, List.of(options)));
    }

    AggregateResult aggregate(String index, String query, String... options) {
        return search.aggregate(index, AggregateRequest.parse(query, List.of(options)));
    }

    /** The keys of a search, in result order. */
    List<String> keys(String index, String query, String... options) {
        return search(index, query, options).hits().stream().map(h -> new String(h.key(), StandardCharsets.UTF_8)).toList();
    }

    @Override
    public void close() {
        search.close();
        store.close();
    }
}
