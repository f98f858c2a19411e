package io.cairn.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.ManualClock;
import io.cairn.common.StorageIOException;
import io.cairn.storage.engine.Result;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import io.cairn.testkit.Seeds;
import io.cairn.testkit.fs.CrashableFileSystem;
import io.cairn.testkit.fs.FaultyFileSystem;
import io.cairn.testkit.model.KeyspaceModel;
import io.cairn.testkit.model.StoreDump;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletionException;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Faults injected through the FileSystem seam. After each, the recovered state must hold every
 * acknowledged write and be the state after some prefix of the attempted writes.
 */
class FaultInjectionTest {
    private static final Path DIR = Path.of("/data");
    private final CrashableFileSystem disk = new CrashableFileSystem();
    private final FaultyFileSystem faulty = new FaultyFileSystem(disk);
    private final ManualClock clock = new ManualClock(1_000_000);
    private Store store;

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private StoreConfig config() {
        return StoreConfig.builder(DIR).walMode(WalMode.FSYNC).segmentBytes(4096)
                .expiryCycle(Duration.ofHours(1)).checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build();
    }

    @AfterEach
    void closeStore() {
        if (store != null) {
            StoreModelTest.closeQuietly(store);
        }
    }

    /** Writes key i = "v" + i for i in [from, to), waiting for each; returns the model after them. */
    private void writeAcknowledged(KeyspaceModel model, int from, int to) {
        for (int i = from; i < to; i++) {
            store.set(b("k" + i), b("v" + i)).await();
            model.set("k" + i, "v" + i, 0);
        }
    }

    /** Reopens on the healed disk after a power loss; checks the state is one of the allowed prefixes. */
    private void crashAndCheckPrefix(List<KeyspaceModel> allowed) {
        disk.crash(Seeds.random(Seeds.seed())); // first, so closing cannot flush what was in flight
        StoreModelTest.closeQuietly(store);
        faulty.heal();
        store = Store.open(config(), faulty, clock);
        TreeMap<String, String> got = StoreDump.render(store);
        List<TreeMap<String, String>> candidates = new ArrayList<>();
        for (KeyspaceModel m : allowed) {
            candidates.add(m.render(clock.millis()));
        }
        assertThat(candidates).as("recovered state must be an allowed prefix").contains(got);
    }

    @Test
    void failedFsyncFailsTheWaitingWriteAndStopsLaterWrites() {
        store = Store.open(config(), faulty, clock);
        KeyspaceModel model = new KeyspaceModel();
        writeAcknowledged(model, 0, 50);
        KeyspaceModel acked = model.copy();
        faulty.failSyncAfter(0);
        Result<Void> r = store.set(b("doomed"), b("x"));
        assertThatThrownBy(r::await).isInstanceOf(StorageIOException.class);
        assertThatThrownBy(() -> store.set(b("later"), b("y")))
                .isInstanceOf(StorageIOException.class)
                .hasMessageContaining("reopen");
        assertThat(store.get(b("k49"))).as("reads still work").isEqualTo(b("v49"));
        KeyspaceModel withDoomed = acked.copy();
        withDoomed.set("doomed", "x", 0);
        crashAndCheckPrefix(List.of(acked, withDoomed));
        store.set(b("after"), b("z")).await(); // the reopened store writes again
    }

    @Test
    void failedWriteFailsTheWaitingWriteAndKeepsAcknowledgedOnes() {
        store = Store.open(config(), faulty, clock);
        KeyspaceModel model = new KeyspaceModel();
        writeAcknowledged(model, 0, 30);
        KeyspaceModel acked = model.copy();
        faulty.failWriteAfter(0);
        assertThatThrownBy(() -> store.set(b("doomed"), b("x")).await()).isInstanceOf(StorageIOException.class);
        KeyspaceModel withDoomed = acked.copy();
        withDoomed.set("doomed", "x", 0);
        crashAndCheckPrefix(List.of(acked, withDoomed));
    }

    @Test
    void shortWritesAreCompletedAndNothingIsLost() {
        faulty.shortWrites(true);
        store = Store.open(config(), faulty, clock);
        KeyspaceModel model = new KeyspaceModel();
        writeAcknowledged(model, 0, 200);
        store.checkpoint().join();
        writeAcknowledged(model, 200, 300);
        crashAndCheckPrefix(List.of(model));
    }

    @Test
    void diskFullFailsTheWriteAndLosesNothingAcknowledged() {
        store = Store.open(config(), faulty, clock);
        KeyspaceModel model = new KeyspaceModel();
        writeAcknowledged(model, 0, 20);
        faulty.diskFullAfterBytes(100);
        List<KeyspaceModel> allowed = new ArrayList<>(List.of(model.copy()));
        int failedAt = -1;
        for (int i = 20; i < 40; i++) {
            try {
                store.set(b("k" + i), b("v" + i + "-" + "x".repeat(40))).await();
                model.set("k" + i, "v" + i + "-" + "x".repeat(40), 0);
                allowed.clear();
                allowed.add(model.copy());
            } catch (StorageIOException e) {
                assertThat(e).hasStackTraceContaining("No space left on device");
                KeyspaceModel attempted = model.copy();
                attempted.set("k" + i, "v" + i + "-" + "x".repeat(40), 0);
                allowed.add(attempted);
                failedAt = i;
                break;
            }
        }
        assertThat(failedAt).as("the disk filled up").isPositive();
        crashAndCheckPrefix(allowed);
    }

    @Test
    void powerLossDropsOnlyUnacknowledgedWritesAsAPrefix() {
        long seed = Seeds.seed();
        RandomGenerator rnd = Seeds.random(seed);
        store = Store.open(config(), faulty, clock);
        KeyspaceModel model = new KeyspaceModel();
        writeAcknowledged(model, 0, 100);
        List<KeyspaceModel> allowed = new ArrayList<>(List.of(model.copy()));
        int inFlight = 1 + rnd.nextInt(200);
        for (int i = 0; i < inFlight; i++) {
            String k = "k" + rnd.nextInt(150);
            String v = "w" + i;
            store.set(b(k), b(v)); // not awaited
            model.set(k, v, 0);
            allowed.add(model.copy());
        }
        crashAndCheckPrefix(allowed);
    }

    @Test
    void failedCheckpointLeavesTheStoreWorkingAndTheDataIntact() {
        store = Store.open(config(), faulty, clock);
        KeyspaceModel model = new KeyspaceModel();
        writeAcknowledged(model, 0, 100);
        faulty.failRename(true);
        assertThatThrownBy(() -> store.checkpoint().join()).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(StorageIOException.class);
        assertThat(store.stats().lastCheckpointError()).isNotNull();
        faulty.heal();
        writeAcknowledged(model, 100, 120);
        assertThat(store.checkpoint().join().entries()).isEqualTo(120);
        writeAcknowledged(model, 120, 130);
        crashAndCheckPrefix(List.of(model));
        assertThat(store.recoveryStats().snapshotEntries()).isEqualTo(120);
    }

    @Test
    void failedDirectorySyncDuringSegmentRollFailsWritesNotSilently() {
        store = Store.open(config(), faulty, clock);
        KeyspaceModel model = new KeyspaceModel();
        writeAcknowledged(model, 0, 10);
        faulty.failSyncDirectory(true);
        List<KeyspaceModel> allowed = new ArrayList<>(List.of(model.copy()));
        boolean failed = false;
        for (int i = 10; i < 2_000 && !failed; i++) { // 4 KiB segments roll soon
            try {
                store.set(b("k" + i), b("v" + i)).await();
                model.set("k" + i, "v" + i, 0);
                allowed.clear();
                allowed.add(model.copy());
            } catch (StorageIOException e) {
                KeyspaceModel attempted = model.copy();
                attempted.set("k" + i, "v" + i, 0);
                allowed.add(attempted);
                failed = true;
            }
        }
        assertThat(failed).isTrue();
        crashAndCheckPrefix(allowed);
    }

    /**
     * JSON documents through a power loss: every acknowledged document comes back byte for byte,
     * the one in flight comes back whole or not at all. The bytes are {"n":i} in the stored
     * document form; the engine does not read them.
     */
    @Test
    void acknowledgedDocumentsSurviveAPowerLoss() {
        store = Store.open(config(), faulty, clock);
        for (int i = 0; i < 300; i++) { // 4 KiB segments: the documents span several
            int n = i;
            store.execute(t -> {
                t.setDocument(b("doc"), document(n));
                t.setDocument(b("doc" + n), document(n));
                return null;
            }).await();
        }
        store.execute(t -> {
            t.setDocument(b("doc"), document(300));
            return null;
        }); // not awaited: in flight when the power goes
        disk.crash(Seeds.random(Seeds.seed()));
        StoreModelTest.closeQuietly(store);
        faulty.heal();
        store = Store.open(config(), faulty, clock);
        assertThat(store.<byte[]>read(t -> t.document(b("doc")))).isIn(document(299), document(300));
        for (int i = 0; i < 300; i++) {
            int n = i;
            assertThat(store.<byte[]>read(t -> t.document(b("doc" + n)))).isEqualTo(document(n));
        }
    }

    /** {"n":i} as a stored document: version 1, OBJECT of 1 member "n", INTEGER zigzag(i) as a varint. */
    private static byte[] document(int i) {
        int zigzag = 2 * i;
        return zigzag < 128
                ? new byte[] {1, 7, 1, 1, 'n', 3, (byte) zigzag}
                : new byte[] {1, 7, 1, 1, 'n', 3, (byte) (zigzag & 0x7F | 0x80), (byte) (zigzag >>> 7)};
    }
}
