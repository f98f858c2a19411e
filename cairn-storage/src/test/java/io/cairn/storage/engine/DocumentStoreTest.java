package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.Bytes;
import io.cairn.common.ManualClock;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSON documents in the engine: opaque bytes with their own type, logged as
 * {@link Mutation.PutDocument}, snapshotted as entry kind 4, seen by views as of their moment.
 * The bytes used are real stored documents (docs/format/document.md), though the engine never
 * reads them.
 */
class DocumentStoreTest {
    /** {@code {"a":1}} in the document format: version 1, OBJECT of 1 member, "a", INTEGER zigzag(1). */
    static final byte[] DOC_A1 = HexFormat.of().parseHex("01070101610302");
    /** {@code {"a":2}}. */
    static final byte[] DOC_A2 = HexFormat.of().parseHex("01070101610304");
    /** {@code [true,null]}. */
    static final byte[] DOC_ARRAY = HexFormat.of().parseHex("0106020200");

    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    Store store;

    private static byte[] b(String s) {
        return Bytes.utf8(s);
    }

    private Store open() {
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.WRITE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build(), LocalFileSystem.INSTANCE, clock);
        return store;
    }

    private Store reopen() {
        store.close();
        return open();
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private void setDocument(String key, byte[] document) {
        store.execute(t -> {
            t.setDocument(b(key), document.clone());
            return null;
        }).await();
    }

    private byte[] document(String key) {
        return store.read(t -> t.document(b(key)));
    }

    @Test
    void mutationCodecRoundTripsADocumentAmongTheOtherTypes() {
        List<Mutation> batch = List.of(
                new Mutation.PutString(0, b("s"), b("v"), 0),
                new Mutation.PutDocument(0, b("j"), DOC_A1, 0),
                new Mutation.PutDocument(0, b("k"), DOC_ARRAY, 1_700_000_060_000L),
                new Mutation.HashPut(0, b("h"), b("f"), b("x")),
                new Mutation.Delete(0, b("j")));
        ByteBuffer payload = MutationCodec.encode(batch);
        assertThat(payload.remaining()).isEqualTo(MutationCodec.sizeOf(batch));
        List<Mutation> back = MutationCodec.decode(payload);
        assertThat(back).hasSize(5);
        Mutation.PutDocument k = (Mutation.PutDocument) back.get(2);
        assertThat(k.key()).isEqualTo(b("k"));
        assertThat(k.document()).isEqualTo(DOC_ARRAY);
        assertThat(k.expireAt()).isEqualTo(1_700_000_060_000L);

        Databases dbs = new Databases(1, 16);
        Keyspace replayed = dbs.get(0);
        assertThat(MutationCodec.replay(payload, dbs)).isEqualTo(5);
        assertThat(EntryKeys.typeOf(replayed.get(b("k")))).isEqualTo(ValueType.JSON);
        assertThat(EntryKeys.typeOf(replayed.get(b("s")))).isEqualTo(ValueType.STRING);
        assertThat(replayed.get(b("j"))).isNull();
        assertThat(StringRecord.value((byte[]) replayed.get(b("k")))).isEqualTo(DOC_ARRAY);
        assertThat(EntryKeys.expireAtOf(replayed.get(b("k")))).isEqualTo(1_700_000_060_000L);
    }

    @Test
    void unknownMutationTypeIsRefusedNamingTheRange() {
        ByteBuffer payload = ByteBuffer.wrap(new byte[] {1, 99, 1, 'k'});
        assertThatThrownBy(() -> MutationCodec.decode(payload))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mutation type: 99 (expected: one of the types in docs/format/wal.md)");
    }

    @Test
    void documentsSurviveLogReplayAndASnapshot() {
        open();
        setDocument("doc", DOC_A1);
        setDocument("arr", DOC_ARRAY);
        store.execute(t -> t.expireAt(b("arr"), clock.millis() + 60_000)).await();
        reopen();
        assertThat(store.recoveryStats().walMutations()).isEqualTo(3);
        assertThat(document("doc")).isEqualTo(DOC_A1);
        assertThat(document("arr")).isEqualTo(DOC_ARRAY);
        assertThat(store.<Long>read(t -> t.expireAt(b("arr")))).isEqualTo(clock.millis() + 60_000);

        store.checkpoint().join();
        reopen();
        assertThat(store.recoveryStats().snapshotEntries()).isEqualTo(2);
        assertThat(store.recoveryStats().walRecords()).isZero();
        assertThat(document("doc")).isEqualTo(DOC_A1);
        assertThat(store.<ValueType>read(t -> t.type(b("arr")))).isEqualTo(ValueType.JSON);
        assertThat(store.<Long>read(t -> t.expireAt(b("arr")))).isEqualTo(clock.millis() + 60_000);
    }

    @Test
    void documentsAndOtherTypesRefuseEachOthersOperations() {
        open();
        setDocument("doc", DOC_A1);
        store.set(b("s"), b("v")).await();
        assertThatThrownBy(() -> store.get(b("doc"))).isInstanceOf(WrongTypeException.class)
                .hasMessage(WrongTypeException.MESSAGE);
        assertThatThrownBy(() -> store.execute(t -> t.hset(b("doc"), b("f"), b("v"))))
                .isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> store.execute(t -> t.zadd(b("doc"), b("m"), 1)))
                .isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> document("s")).isInstanceOf(WrongTypeException.class)
                .satisfies(e -> assertThat(((WrongTypeException) e).expected()).isEqualTo(ValueType.JSON));
        assertThatThrownBy(() -> setDocument("s", DOC_A1)).isInstanceOf(WrongTypeException.class);
        assertThat(store.get(b("s"))).isEqualTo(b("v"));
        assertThat(store.<String>read(t -> t.type(b("doc")).redisName())).isEqualTo("ReJSON-RL");
        assertThat(store.<String>read(t -> t.encoding(b("doc")))).isEqualTo("document");
        assertThat(document("missing")).isNull();
    }

    @Test
    void aStringSetOverADocumentReplacesIt() {
        open();
        setDocument("k", DOC_A1);
        store.set(b("k"), b("plain")).await();
        assertThat(store.get(b("k"))).isEqualTo(b("plain"));
        store.execute(t -> t.delete(b("k"))).await();
        setDocument("k", DOC_A2);
        reopen();
        assertThat(document("k")).isEqualTo(DOC_A2);
    }

    @Test
    void settingADocumentKeepsTheKeysExpiryUntilItPasses() {
        open();
        setDocument("k", DOC_A1);
        store.execute(t -> t.expireAt(b("k"), clock.millis() + 1_000)).await();
        setDocument("k", DOC_A2);
        assertThat(store.<Long>read(t -> t.expireAt(b("k")))).isEqualTo(clock.millis() + 1_000);
        assertThat(store.<ValueType>read(t -> t.type(b("k")))).isEqualTo(ValueType.JSON);

        clock.advanceMillis(2_000);
        assertThat(document("k")).isNull();
        setDocument("k", DOC_A1); // an expired key is gone: the new document has no expiry
        assertThat(store.<Long>read(t -> t.expireAt(b("k")))).isEqualTo(Txn.NO_EXPIRY);

        store.set(b("s"), b("v")).await();
        store.execute(t -> t.expireAt(b("s"), clock.millis() + 1_000)).await();
        clock.advanceMillis(2_000);
        setDocument("s", DOC_A2); // an expired string is no obstacle
        assertThat(document("s")).isEqualTo(DOC_A2);
    }

    @Test
    void aReadViewKeepsSeeingTheDocumentAsItWas() {
        open();
        setDocument("k", DOC_A1);
        setDocument("gone", DOC_ARRAY);
        try (ReadView view = store.openReadView()) {
            setDocument("k", DOC_A2);
            store.execute(t -> t.delete(b("gone"))).await();
            store.execute(t -> t.expireAt(b("k"), clock.millis() + 60_000)).await();
            assertThat(view.document(b("k"))).isEqualTo(DOC_A1);
            assertThat(view.document(b("gone"))).isEqualTo(DOC_ARRAY);
            assertThat(view.type(b("k"))).isEqualTo(ValueType.JSON);
            assertThatThrownBy(() -> view.get(b("k"))).isInstanceOf(WrongTypeException.class);
            assertThat(document("k")).isEqualTo(DOC_A2);
            assertThat(document("gone")).isNull();
        }
    }

    @Test
    void theChangeStreamCarriesTheDocumentBytes() throws Exception {
        open();
        List<Mutation> seen = new ArrayList<>();
        try (var sub = store.subscribe((lsn, ms) -> seen.addAll(ms))) {
            setDocument("k", DOC_A1);
            store.execute(t -> t.delete(b("k"))).await();
        }
        assertThat(seen).hasSize(2);
        assertThat(seen.get(0)).isInstanceOfSatisfying(Mutation.PutDocument.class, p -> {
            assertThat(p.key()).isEqualTo(b("k"));
            assertThat(p.document()).isEqualTo(DOC_A1);
            assertThat(p.expireAt()).isZero();
        });
        assertThat(seen.get(1)).isInstanceOf(Mutation.Delete.class);
    }

    @Test
    void anExpiryChangeKeepsTheDocumentType() {
        open();
        setDocument("k", DOC_A1);
        store.execute(t -> t.expireAt(b("k"), clock.millis() + 60_000)).await();
        store.execute(t -> t.persist(b("k"))).await();
        assertThat(document("k")).isEqualTo(DOC_A1);
        assertThat(store.<Long>read(t -> t.expireAt(b("k")))).isEqualTo(Txn.NO_EXPIRY);
    }
}
