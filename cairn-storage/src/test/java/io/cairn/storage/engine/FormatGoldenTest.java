package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Bytes;
import io.cairn.common.ManualClock;
import io.cairn.storage.io.LocalFileSystem;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checked-in files written by format version 1 (hex dumps under {@code src/test/resources/golden})
 * must still open, and today's writer must still produce them byte for byte. A failure here means
 * the on-disk format changed: bump the version and keep a reader for the old one.
 */
class FormatGoldenTest {
    private static final long TIME = 1_700_000_000_000L;

    @TempDir
    Path dir;

    private static byte[] golden(String name) {
        try (InputStream in = FormatGoldenTest.class.getResourceAsStream("/golden/" + name + ".hex")) {
            StringBuilder hex = new StringBuilder();
            for (String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n")) {
                int hash = line.indexOf('#');
                hex.append((hash >= 0 ? line.substring(0, hash) : line).replaceAll("\\s", ""));
            }
            return HexFormat.of().parseHex(hex);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static StoreConfig config(Path dir) {
        return StoreConfig.builder(dir).walMode(WalMode.FSYNC).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build();
    }

    @Test
    void walWriterProducesTheVersion1GoldenSegment() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            s.set(Bytes.utf8("a"), Bytes.utf8("hi")).await();
        }
        byte[] written = Files.readAllBytes(dir.resolve("wal-00000000000000000001.log"));
        assertThat(HexFormat.of().formatHex(written)).isEqualTo(HexFormat.of().formatHex(golden("wal-v1-set-a-hi")));
    }

    @Test
    void version1GoldenSegmentStillOpens() throws IOException {
        Files.write(dir.resolve("wal-00000000000000000001.log"), golden("wal-v1-set-a-hi"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertThat(s.get(Bytes.utf8("a"))).isEqualTo(Bytes.utf8("hi"));
        }
    }

    private static void fill(Store s) {
        s.execute(t -> {
            t.set(Bytes.utf8("s"), Bytes.utf8("v"), TIME + 60_000);
            t.hset(Bytes.utf8("h"), Bytes.utf8("f"), Bytes.utf8("x"));
            t.zadd(Bytes.utf8("z"), Bytes.utf8("m"), 1.5);
            return null;
        }).await();
    }

    @Test
    void checkpointProducesTheVersion1GoldenSnapshot() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            fill(s);
            s.checkpoint().join();
        }
        byte[] written = Files.readAllBytes(dir.resolve("snapshot-00000000000000000001.snap"));
        assertThat(HexFormat.of().formatHex(written)).isEqualTo(HexFormat.of().formatHex(golden("snapshot-v1-three-types")));
    }

    @Test
    void version1GoldenSnapshotStillOpens() throws IOException {
        Files.write(dir.resolve("snapshot-00000000000000000001.snap"), golden("snapshot-v1-three-types"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertThat(s.get(Bytes.utf8("s"))).isEqualTo(Bytes.utf8("v"));
            assertThat(s.<Long>read(t -> t.expireAt(Bytes.utf8("s")))).isEqualTo(TIME + 60_000);
            assertThat(s.<byte[]>read(t -> t.hget(Bytes.utf8("h"), Bytes.utf8("f")))).isEqualTo(Bytes.utf8("x"));
            assertThat(s.<List<ScoredMember>>read(t -> t.zrangeByRank(Bytes.utf8("z"), 0, -1)))
                    .containsExactly(new ScoredMember("m", 1.5));
            assertThat(s.recoveryStats().snapshotEntries()).isEqualTo(3);
        }
    }

    // A JSON document (mutation type 10, snapshot entry kind 4), added to version 1 with no other
    // change: the fixtures above still open and are still written byte for byte.

    private static final byte[] DOCUMENT = HexFormat.of().parseHex("01070101610302"); // {"a":1}

    @Test
    void walWriterProducesTheDocumentGoldenSegment() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            s.execute(t -> {
                t.setDocument(Bytes.utf8("j"), DOCUMENT.clone());
                return null;
            }).await();
        }
        byte[] written = Files.readAllBytes(dir.resolve("wal-00000000000000000001.log"));
        assertThat(HexFormat.of().formatHex(written))
                .isEqualTo(HexFormat.of().formatHex(golden("wal-v1-put-document")));
    }

    @Test
    void documentGoldenSegmentStillOpens() throws IOException {
        Files.write(dir.resolve("wal-00000000000000000001.log"), golden("wal-v1-put-document"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertThat(s.<byte[]>read(t -> t.document(Bytes.utf8("j")))).isEqualTo(DOCUMENT);
            assertThat(s.<ValueType>read(t -> t.type(Bytes.utf8("j")))).isEqualTo(ValueType.JSON);
        }
    }

    @Test
    void checkpointProducesTheDocumentGoldenSnapshot() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            s.execute(t -> {
                t.setDocument(Bytes.utf8("j"), DOCUMENT.clone());
                t.expireAt(Bytes.utf8("j"), TIME + 60_000);
                return null;
            }).await();
            s.checkpoint().join();
        }
        byte[] written = Files.readAllBytes(dir.resolve("snapshot-00000000000000000001.snap"));
        assertThat(HexFormat.of().formatHex(written))
                .isEqualTo(HexFormat.of().formatHex(golden("snapshot-v1-document")));
    }

    @Test
    void documentGoldenSnapshotStillOpens() throws IOException {
        Files.write(dir.resolve("snapshot-00000000000000000001.snap"), golden("snapshot-v1-document"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertThat(s.<byte[]>read(t -> t.document(Bytes.utf8("j")))).isEqualTo(DOCUMENT);
            assertThat(s.<Long>read(t -> t.expireAt(Bytes.utf8("j")))).isEqualTo(TIME + 60_000);
            assertThat(s.recoveryStats().snapshotEntries()).isEqualTo(1);
        }
    }

    // Databases (SELECT_DB 11, MOVE 12, SWAP_DB 13; snapshot kind 16), added to version 1 with no
    // other change: a log or snapshot of database 0 alone has no marker, so the fixtures above are
    // still written byte for byte.

    @Test
    void walWriterProducesTheDatabasesGoldenSegment() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            s.execute(2, t -> {
                t.set(Bytes.utf8("k"), Bytes.utf8("v"), 0);
                t.move(Bytes.utf8("k"), 5);
                t.swapDatabases(5, 0);
                return null;
            }).await();
        }
        byte[] written = Files.readAllBytes(dir.resolve("wal-00000000000000000001.log"));
        assertThat(HexFormat.of().formatHex(written))
                .isEqualTo(HexFormat.of().formatHex(golden("wal-v1-databases")));
    }

    @Test
    void databasesGoldenSegmentStillOpens() throws IOException {
        Files.write(dir.resolve("wal-00000000000000000001.log"), golden("wal-v1-databases"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            // set in 2, moved to 5, and 5 swapped with 0: the key is in database 0 only
            assertThat(s.get(Bytes.utf8("k"))).isEqualTo(Bytes.utf8("v"));
            for (int db : new int[] {2, 5}) {
                assertThat(s.<Boolean>read(db, t -> t.exists(Bytes.utf8("k")))).as("db %d", db).isFalse();
            }
        }
    }

    @Test
    void checkpointProducesTheDatabasesGoldenSnapshot() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            s.set(Bytes.utf8("a"), Bytes.utf8("0")).await();
            s.execute(3, t -> {
                t.set(Bytes.utf8("b"), Bytes.utf8("3"), 0);
                return null;
            }).await();
            s.checkpoint().join();
        }
        byte[] written = Files.readAllBytes(dir.resolve("snapshot-00000000000000000002.snap"));
        assertThat(HexFormat.of().formatHex(written))
                .isEqualTo(HexFormat.of().formatHex(golden("snapshot-v1-databases")));
    }

    @Test
    void databasesGoldenSnapshotStillOpens() throws IOException {
        Files.write(dir.resolve("snapshot-00000000000000000002.snap"), golden("snapshot-v1-databases"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertThat(s.<byte[]>read(0, t -> t.get(Bytes.utf8("a")))).isEqualTo(Bytes.utf8("0"));
            assertThat(s.<byte[]>read(3, t -> t.get(Bytes.utf8("b")))).isEqualTo(Bytes.utf8("3"));
            assertThat(s.<byte[]>read(0, t -> t.get(Bytes.utf8("b")))).isNull();
            assertThat(s.recoveryStats().snapshotEntries()).isEqualTo(2);
        }
    }

    // A sorted-set range removal (mutation type 40), added to version 1 with no other change.

    @Test
    void walWriterProducesTheZSetRemoveRangeGoldenSegment() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            s.execute(t -> {
                t.zadd(Bytes.utf8("z"), Bytes.utf8("a"), 1);
                t.zadd(Bytes.utf8("z"), Bytes.utf8("b"), 2.5);
                t.zadd(Bytes.utf8("z"), Bytes.utf8("c"), 3);
                return t.zsets().removeByRank(Bytes.utf8("z"), 0, 1);
            }).await();
        }
        byte[] written = Files.readAllBytes(dir.resolve("wal-00000000000000000001.log"));
        assertThat(HexFormat.of().formatHex(written))
                .isEqualTo(HexFormat.of().formatHex(golden("wal-v1-zset-remove-range")));
    }

    @Test
    void zsetRemoveRangeGoldenSegmentStillOpens() throws IOException {
        Files.write(dir.resolve("wal-00000000000000000001.log"), golden("wal-v1-zset-remove-range"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertThat(s.<List<ScoredMember>>read(t -> t.zrangeByRank(Bytes.utf8("z"), 0, -1)))
                    .containsExactly(new ScoredMember("c", 3));
        }
    }

    // Lists (mutation types 20..25, snapshot entry kind 5), added to version 1 with no other change.

    @Test
    void walWriterProducesTheListGoldenSegment() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            s.execute(t -> t.lists().push(Bytes.utf8("l"), false, new byte[][] {Bytes.utf8("a"), Bytes.utf8("b")}, false))
                    .await();
        }
        byte[] written = Files.readAllBytes(dir.resolve("wal-00000000000000000001.log"));
        assertThat(HexFormat.of().formatHex(written)).isEqualTo(HexFormat.of().formatHex(golden("wal-v1-list-push")));
    }

    @Test
    void listGoldenSegmentStillOpens() throws IOException {
        Files.write(dir.resolve("wal-00000000000000000001.log"), golden("wal-v1-list-push"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertThat(s.<List<byte[]>>read(t -> t.lists().range(Bytes.utf8("l"), 0, -1)))
                    .containsExactly(Bytes.utf8("a"), Bytes.utf8("b"));
        }
    }

    @Test
    void checkpointProducesTheListGoldenSnapshot() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            s.execute(t -> {
                t.lists().push(Bytes.utf8("l"), false, new byte[][] {Bytes.utf8("a"), Bytes.utf8("b")}, false);
                t.expireAt(Bytes.utf8("l"), TIME + 60_000);
                return null;
            }).await();
            s.checkpoint().join();
        }
        byte[] written = Files.readAllBytes(dir.resolve("snapshot-00000000000000000001.snap"));
        assertThat(HexFormat.of().formatHex(written)).isEqualTo(HexFormat.of().formatHex(golden("snapshot-v1-list")));
    }

    @Test
    void listGoldenSnapshotStillOpens() throws IOException {
        Files.write(dir.resolve("snapshot-00000000000000000001.snap"), golden("snapshot-v1-list"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertThat(s.<List<byte[]>>read(t -> t.lists().range(Bytes.utf8("l"), 0, -1)))
                    .containsExactly(Bytes.utf8("a"), Bytes.utf8("b"));
            assertThat(s.<Long>read(t -> t.expireAt(Bytes.utf8("l")))).isEqualTo(TIME + 60_000);
            assertThat(s.<String>read(t -> t.encoding(Bytes.utf8("l")))).isEqualTo("listpack");
        }
    }

    // Sets (mutation types 30 and 31, snapshot entry kind 6), added to version 1 with no other
    // change. SET_ADD lists the new members; the snapshot lists an intset's members ascending and a
    // hashtable's in hash order.

    private static void fillSets(Store s) {
        s.execute(t -> t.sets().add(Bytes.utf8("s"), new byte[][] {Bytes.utf8("x"), Bytes.utf8("7")})).await();
    }

    @Test
    void walWriterProducesTheSetGoldenSegment() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            fillSets(s);
            s.execute(t -> t.sets().remove(Bytes.utf8("s"), new byte[][] {Bytes.utf8("x")})).await();
        }
        byte[] written = Files.readAllBytes(dir.resolve("wal-00000000000000000001.log"));
        assertThat(HexFormat.of().formatHex(written)).isEqualTo(HexFormat.of().formatHex(golden("wal-v1-set-add")));
    }

    @Test
    void setGoldenSegmentStillOpens() throws IOException {
        Files.write(dir.resolve("wal-00000000000000000001.log"), golden("wal-v1-set-add"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertThat(s.<List<byte[]>>read(t -> t.sets().members(Bytes.utf8("s")))).containsExactly(Bytes.utf8("7"));
            assertThat(s.<String>read(t -> t.encoding(Bytes.utf8("s")))).isEqualTo("hashtable");
        }
    }

    @Test
    void checkpointProducesTheSetGoldenSnapshot() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            s.execute(t -> {
                t.sets().add(Bytes.utf8("i"), new byte[][] {Bytes.utf8("300"), Bytes.utf8("-1")});
                t.expireAt(Bytes.utf8("i"), TIME + 60_000);
                return t.sets().add(Bytes.utf8("s"), new byte[][] {Bytes.utf8("x"), Bytes.utf8("7")});
            }).await();
            s.checkpoint().join();
        }
        byte[] written = Files.readAllBytes(dir.resolve("snapshot-00000000000000000001.snap"));
        assertThat(HexFormat.of().formatHex(written)).isEqualTo(HexFormat.of().formatHex(golden("snapshot-v1-set")));
    }

    @Test
    void setGoldenSnapshotStillOpens() throws IOException {
        Files.write(dir.resolve("snapshot-00000000000000000001.snap"), golden("snapshot-v1-set"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertThat(s.<List<byte[]>>read(t -> t.sets().members(Bytes.utf8("i"))))
                    .containsExactly(Bytes.utf8("-1"), Bytes.utf8("300"));
            assertThat(s.<String>read(t -> t.encoding(Bytes.utf8("i")))).isEqualTo("intset");
            assertThat(s.<Long>read(t -> t.expireAt(Bytes.utf8("i")))).isEqualTo(TIME + 60_000);
            assertThat(s.<Integer>read(t -> t.sets().card(Bytes.utf8("s")))).isEqualTo(2);
            assertThat(s.<String>read(t -> t.encoding(Bytes.utf8("s")))).isEqualTo("hashtable");
            assertThat(s.recoveryStats().snapshotEntries()).isEqualTo(2);
        }
    }

    // RENAME of a collection (mutation type 60), added to version 1 with no other change.

    @Test
    void walWriterProducesTheRenameGoldenSegment() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            s.execute(t -> t.hset(Bytes.utf8("h"), Bytes.utf8("f"), Bytes.utf8("x"))).await();
            s.execute(t -> t.rename(Bytes.utf8("h"), Bytes.utf8("g"))).await();
        }
        byte[] written = Files.readAllBytes(dir.resolve("wal-00000000000000000001.log"));
        assertThat(HexFormat.of().formatHex(written)).isEqualTo(HexFormat.of().formatHex(golden("wal-v1-rename")));
    }

    @Test
    void renameGoldenSegmentStillOpens() throws IOException {
        Files.write(dir.resolve("wal-00000000000000000001.log"), golden("wal-v1-rename"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertThat(s.<byte[]>read(t -> t.hget(Bytes.utf8("g"), Bytes.utf8("f")))).isEqualTo(Bytes.utf8("x"));
            assertThat(s.<Boolean>read(t -> t.exists(Bytes.utf8("h")))).isFalse();
        }
    }

    // STRING_SET_RANGE (type 50), added to version 1 with no other change.

    @Test
    void walWriterProducesTheStringSetRangeGoldenSegment() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            s.execute(t -> t.strings().setRange(Bytes.utf8("b"), 2, new byte[] {(byte) 0x80})).await();
        }
        byte[] written = Files.readAllBytes(dir.resolve("wal-00000000000000000001.log"));
        assertThat(HexFormat.of().formatHex(written))
                .isEqualTo(HexFormat.of().formatHex(golden("wal-v1-string-set-range")));
    }

    @Test
    void stringSetRangeGoldenSegmentStillOpens() throws IOException {
        Files.write(dir.resolve("wal-00000000000000000001.log"), golden("wal-v1-string-set-range"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertThat(s.get(Bytes.utf8("b"))).containsExactly(0, 0, 0x80);
        }
    }

    // Memcached items (PUT_ITEM, type 51; snapshot kind 8), added to version 1 with no other
    // change: a store without items writes neither, so the fixtures above stay.

    private static void putItem(Store s) {
        s.execute(t -> t.items().put(Bytes.utf8("m"), Bytes.utf8("hi"), 0x8000_0005, TIME + 60_000)).await();
    }

    private static void assertItem(Store s, long cas) {
        Item item = s.read(t -> t.items().get(Bytes.utf8("m")));
        assertThat(item.value()).isEqualTo(Bytes.utf8("hi"));
        assertThat(item.flags()).isEqualTo(0x8000_0005);
        assertThat(item.cas()).isEqualTo(cas);
        assertThat(item.expireAt()).isEqualTo(TIME + 60_000);
        assertThat(s.get(Bytes.utf8("m"))).isEqualTo(Bytes.utf8("hi"));
    }

    @Test
    void walWriterProducesThePutItemGoldenSegment() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            putItem(s);
        }
        byte[] written = Files.readAllBytes(dir.resolve("wal-00000000000000000001.log"));
        assertThat(HexFormat.of().formatHex(written)).isEqualTo(HexFormat.of().formatHex(golden("wal-v1-put-item")));
    }

    @Test
    void putItemGoldenSegmentStillOpens() throws IOException {
        Files.write(dir.resolve("wal-00000000000000000001.log"), golden("wal-v1-put-item"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertItem(s, 1);
        }
    }

    @Test
    void checkpointProducesTheItemGoldenSnapshot() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            putItem(s);
            s.checkpoint().join();
        }
        byte[] written = Files.readAllBytes(dir.resolve("snapshot-00000000000000000001.snap"));
        assertThat(HexFormat.of().formatHex(written)).isEqualTo(HexFormat.of().formatHex(golden("snapshot-v1-item")));
    }

    @Test
    void itemGoldenSnapshotStillOpens() throws IOException {
        Files.write(dir.resolve("snapshot-00000000000000000001.snap"), golden("snapshot-v1-item"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertItem(s, 1);
            assertThat(s.recoveryStats().snapshotEntries()).isEqualTo(1);
        }
    }

    // Function libraries (mutation type 70; snapshot kind 17, written first), added to version 1
    // with no other change: a store without functions writes neither, so the fixtures above stay.

    @Test
    void walWriterProducesTheFunctionsGoldenSegment() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            s.execute(t -> {
                t.setFunctions(Bytes.utf8("lib"));
                t.flushAll();
                return null;
            }).await();
        }
        byte[] written = Files.readAllBytes(dir.resolve("wal-00000000000000000001.log"));
        assertThat(HexFormat.of().formatHex(written))
                .isEqualTo(HexFormat.of().formatHex(golden("wal-v1-functions")));
    }

    @Test
    void functionsGoldenSegmentStillOpens() throws IOException {
        Files.write(dir.resolve("wal-00000000000000000001.log"), golden("wal-v1-functions"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            // FLUSHALL after them kept them
            assertThat(s.<byte[]>read(0, Txn::functions)).isEqualTo(Bytes.utf8("lib"));
        }
    }

    @Test
    void checkpointProducesTheFunctionsGoldenSnapshot() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            s.execute(t -> {
                t.setFunctions(Bytes.utf8("lib"));
                t.set(Bytes.utf8("a"), Bytes.utf8("0"), 0);
                return null;
            }).await();
            s.checkpoint().join();
        }
        byte[] written = Files.readAllBytes(dir.resolve("snapshot-00000000000000000001.snap"));
        assertThat(HexFormat.of().formatHex(written))
                .isEqualTo(HexFormat.of().formatHex(golden("snapshot-v1-functions")));
    }

    @Test
    void functionsGoldenSnapshotStillOpens() throws IOException {
        Files.write(dir.resolve("snapshot-00000000000000000001.snap"), golden("snapshot-v1-functions"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            assertThat(s.<byte[]>read(0, Txn::functions)).isEqualTo(Bytes.utf8("lib"));
            assertThat(s.get(Bytes.utf8("a"))).isEqualTo(Bytes.utf8("0"));
            assertThat(s.recoveryStats().snapshotEntries()).isEqualTo(1);
        }
    }

    // Streams (mutation types 80..89; snapshot kind 7), added to version 1 with no other change.

    @Test
    void walWriterProducesTheStreamsGoldenSegment() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            StreamStoreTest.everyWrite(s);
        }
        byte[] written = Files.readAllBytes(dir.resolve("wal-00000000000000000001.log"));
        assertThat(HexFormat.of().formatHex(written)).isEqualTo(HexFormat.of().formatHex(golden("wal-v1-streams")));
    }

    @Test
    void streamsGoldenSegmentStillOpens() throws IOException {
        Files.write(dir.resolve("wal-00000000000000000001.log"), golden("wal-v1-streams"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            StreamStoreTest.checkEveryWrite(s);
        }
    }

    @Test
    void checkpointProducesTheStreamsGoldenSnapshot() throws IOException {
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            StreamStoreTest.everyWrite(s);
            s.checkpoint().join();
        }
        byte[] written = Files.readAllBytes(dir.resolve("snapshot-00000000000000000001.snap"));
        assertThat(HexFormat.of().formatHex(written))
                .isEqualTo(HexFormat.of().formatHex(golden("snapshot-v1-streams")));
    }

    @Test
    void streamsGoldenSnapshotStillOpens() throws IOException {
        Files.write(dir.resolve("snapshot-00000000000000000001.snap"), golden("snapshot-v1-streams"));
        try (Store s = Store.open(config(dir), LocalFileSystem.INSTANCE, new ManualClock(TIME))) {
            StreamStoreTest.checkEveryWrite(s);
            assertThat(s.recoveryStats().snapshotEntries()).isEqualTo(2);
        }
    }
}
