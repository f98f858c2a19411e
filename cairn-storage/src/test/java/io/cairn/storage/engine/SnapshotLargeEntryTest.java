package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Bytes;
import io.cairn.storage.io.LocalFileSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Entries larger than the writer's block buffer (a big hash, a big set, a long string) are
 * streamed through the buffer instead of built whole in memory; the file must be the same byte
 * for byte as the one built in memory (field order depends on the per-process hash seed, so both
 * are written in one process from the same entries).
 */
class SnapshotLargeEntryTest {
    @TempDir
    Path dir;

    private static List<Object> entries(int bigFields, int bigString) {
        CowClock clock = CowClock.unshared(1);
        List<Object> out = new ArrayList<>();
        out.add(StringRecord.encode(Bytes.utf8("a-small"), Bytes.utf8("v"), 0));
        HashEntry small = HashEntry.empty(Bytes.utf8("b-small-hash"), 0, clock, 1);
        small.put(Bytes.utf8("f"), Bytes.utf8("x"), clock, Encodings.DEFAULTS);
        out.add(small);
        HashEntry big = HashEntry.empty(Bytes.utf8("c-big-hash"), 1_800_000_000_000L, clock, 1);
        SetEntry set = SetEntry.create(Bytes.utf8("d-big-set"), 1, Bytes.utf8("member-0"), 1, 512);
        for (int j = 0; j < bigFields; j++) {
            big.put(Bytes.utf8("field-" + j), Bytes.utf8("value-".repeat(8) + j), clock, Encodings.DEFAULTS);
            set.add(Bytes.utf8("member-".repeat(5) + j), 512, clock);
        }
        out.add(big);
        out.add(set);
        byte[] value = new byte[bigString];
        for (int i = 0; i < value.length; i++) {
            value[i] = (byte) (i * 31);
        }
        out.add(StringRecord.encode(Bytes.utf8("e-big-string"), value, 0));
        HashEntry medium = HashEntry.empty(Bytes.utf8("f-medium-hash"), 0, clock, 1);
        for (int j = 0; j < 100; j++) {
            medium.put(Bytes.utf8("g" + j), Bytes.utf8("y"), clock, Encodings.DEFAULTS);
        }
        out.add(medium);
        return out;
    }

    private byte[] write(List<Object> entries, boolean stream, String name) throws IOException {
        Path d = Files.createDirectories(dir.resolve(name));
        try (SnapshotWriter w = new SnapshotWriter(LocalFileSystem.INSTANCE, d, 7, 1_700_000_000_000L, stream)) {
            w.add(entries.get(0));
            w.add(entries.get(1));
            w.database(3);
            for (Object e : entries.subList(2, entries.size())) {
                w.add(e);
            }
            w.finish();
            return Files.readAllBytes(w.target());
        }
    }

    @Test
    void largeEntriesAreWrittenAsWhenBuiltInMemory() throws IOException {
        List<Object> entries = entries(5000, 300_000);
        byte[] streamed = write(entries, true, "streamed");
        byte[] built = write(entries, false, "built");
        assertThat(streamed.length).isGreaterThan(3 * 2 * SnapshotFormat.TARGET_BLOCK_BYTES);
        assertThat(HexFormat.of().formatHex(streamed)).isEqualTo(HexFormat.of().formatHex(built));
    }

    @Test
    void entriesJustPastTheBufferAreWrittenAsWhenBuiltInMemory() throws IOException {
        for (int fields : new int[] {1500, 1700, 1900, 2100}) {
            List<Object> entries = entries(fields, 2 * SnapshotFormat.TARGET_BLOCK_BYTES - 40 + fields % 7);
            assertThat(HexFormat.of().formatHex(write(entries, true, "s" + fields)))
                    .isEqualTo(HexFormat.of().formatHex(write(entries, false, "b" + fields)));
        }
    }
}
