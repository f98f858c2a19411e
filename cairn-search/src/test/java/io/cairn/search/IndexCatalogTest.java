package io.cairn.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.CorruptionException;
import io.cairn.search.schema.CreateArguments;
import io.cairn.search.schema.IndexDefinition;
import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import io.cairn.testkit.fs.FaultyFileSystem;
import io.cairn.testkit.fs.InMemoryFileSystem;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The catalog file, written and read through the storage {@code FileSystem} seam. */
class IndexCatalogTest {
    private static final Path DIR = Path.of("/data/search");

    private static IndexDefinition definition(String line) {
        return CreateArguments.parseCreate(Arrays.asList(line.split(" "))).definition();
    }

    private static List<String> names(IndexCatalog c) {
        return c.entries().stream().map(e -> e.definition().name()).toList();
    }

    @Test
    void entriesAndIdsSurviveAReopen() {
        InMemoryFileSystem fs = new InMemoryFileSystem();
        IndexCatalog c = IndexCatalog.open(fs, DIR);
        assertThat(c.entries()).isEmpty();
        IndexDefinition books = definition("books ON JSON PREFIX 1 book: SCHEMA $.title AS title TEXT WEIGHT 2");
        IndexDefinition people = definition("people ON HASH PREFIX 1 p: SCHEMA age NUMERIC SORTABLE");
        c.put(new IndexCatalog.Entry(c.nextId(), books));
        c.put(new IndexCatalog.Entry(c.nextId(), people));
        c.remove("books");
        IndexCatalog reopened = IndexCatalog.open(fs, DIR);
        assertThat(reopened.entries()).containsExactly(new IndexCatalog.Entry(2, people));
        assertThat(reopened.nextId()).as("ids are not reused once saved").isEqualTo(3);
        assertThat(fs.exists(DIR.resolve(IndexCatalog.FILE + ".tmp"))).isFalse();
    }

    @Test
    void aFailedSaveLeavesTheCatalogUnchanged() {
        FaultyFileSystem fs = new FaultyFileSystem(new InMemoryFileSystem());
        IndexCatalog c = IndexCatalog.open(fs, DIR);
        IndexDefinition a = definition("a ON JSON PREFIX 1 a: SCHEMA $.t AS t TEXT");
        c.put(new IndexCatalog.Entry(c.nextId(), a));

        fs.failRename(true);
        IndexDefinition b = definition("b ON JSON PREFIX 1 b: SCHEMA $.t AS t TEXT");
        assertThatThrownBy(() -> c.put(new IndexCatalog.Entry(c.nextId(), b))).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("catalog.json");
        assertThatThrownBy(() -> c.remove("a")).isInstanceOf(UncheckedIOException.class);
        fs.heal().failSyncAfter(0);
        assertThatThrownBy(() -> c.put(new IndexCatalog.Entry(c.nextId(), b))).isInstanceOf(UncheckedIOException.class);
        assertThat(names(c)).containsExactly("a");
        assertThat(c.nextId()).isEqualTo(2);

        fs.heal();
        assertThat(names(IndexCatalog.open(fs, DIR))).as("on disk too").containsExactly("a");
        c.put(new IndexCatalog.Entry(c.nextId(), b)); // the temporary file a failed save left is replaced
        assertThat(names(IndexCatalog.open(fs, DIR))).containsExactly("a", "b");
    }

    @Test
    void aFileThatIsNotACatalogIsCorrupt() throws Exception {
        InMemoryFileSystem fs = new InMemoryFileSystem();
        fs.createDirectories(DIR);
        try (FileHandle h = fs.open(DIR.resolve(IndexCatalog.FILE), FileSystem.OpenMode.CREATE_NEW)) {
            h.writeFully(ByteBuffer.wrap("{\"format\":\"something-else\"}".getBytes(StandardCharsets.UTF_8)));
        }
        assertThatThrownBy(() -> IndexCatalog.open(fs, DIR)).isInstanceOf(CorruptionException.class)
                .hasMessageContaining("not a Cairn search catalog");
    }
}
