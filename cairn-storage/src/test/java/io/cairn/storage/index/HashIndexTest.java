package io.cairn.storage.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HashIndexTest {
    private static byte[] key(int i) {
        return ("k" + i).getBytes();
    }

    @Test
    void putGetRemoveFollowAHashMapOverRandomOperations() {
        long seed = Long.getLong("cairn.seed.index", new SplittableRandom().nextLong());
        System.err.println("[cairn] HashIndexTest seed=" + seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        HashIndex<byte[]> index = new HashIndex<>(BytesKeyAccess.INSTANCE, 0);
        Map<ByteBuffer, byte[]> model = new HashMap<>();
        for (int i = 0; i < 200_000; i++) {
            byte[] k = key(rnd.nextInt(5_000));
            ByteBuffer mk = ByteBuffer.wrap(k);
            switch (rnd.nextInt(3)) {
                case 0 -> assertThat(index.put(k) != null).isEqualTo(model.put(mk, k) != null);
                case 1 -> assertThat(index.remove(k) != null).isEqualTo(model.remove(mk) != null);
                default -> assertThat(index.get(k) != null).isEqualTo(model.containsKey(mk));
            }
            assertThat(index.size()).isEqualTo(model.size());
        }
        for (ByteBuffer k : model.keySet()) {
            assertThat(index.get(k.array())).isEqualTo(k.array());
        }
    }

    @Test
    void eachKeysClockMovesWithItThroughRemovalsResizesAndReplacements() {
        SplittableRandom rnd = new SplittableRandom(7);
        HashIndex<byte[]> index = new HashIndex<>(BytesKeyAccess.INSTANCE, 0);
        Map<ByteBuffer, Integer> clocks = new HashMap<>();
        for (int i = 0; i < 50_000; i++) {
            int n = rnd.nextInt(3_000);
            byte[] k = key(n);
            ByteBuffer mk = ByteBuffer.wrap(k);
            switch (rnd.nextInt(4)) {
                case 0 -> { // a new key takes the clock given; a replaced one keeps its own
                    index.put(k, i);
                    clocks.putIfAbsent(mk, i);
                }
                case 1 -> {
                    index.remove(k);
                    clocks.remove(mk);
                }
                case 2 -> {
                    int stamp = i;
                    assertThat(index.touch(k, old -> stamp) != null).isEqualTo(clocks.containsKey(mk));
                    clocks.computeIfPresent(mk, (x, old) -> stamp);
                }
                default -> assertThat(index.clockOf(k, -1)).isEqualTo(clocks.getOrDefault(mk, -1));
            }
        }
        for (Map.Entry<ByteBuffer, Integer> e : clocks.entrySet()) {
            assertThat(index.clockOf(e.getKey().array(), -1)).isEqualTo(e.getValue());
        }
        int slot = index.slotNear(rnd.nextInt());
        assertThat(index.clockAt(slot)).isEqualTo(clocks.get(ByteBuffer.wrap(index.entryAt(slot))));
    }

    @Test
    void backwardShiftKeepsCollidingKeysReachable() {
        HashIndex<byte[]> index = new HashIndex<>(BytesKeyAccess.INSTANCE, 0);
        for (int i = 0; i < 12; i++) {
            index.put(key(i));
        }
        for (int i = 0; i < 12; i += 2) {
            assertThat(index.remove(key(i))).isEqualTo(key(i));
        }
        for (int i = 0; i < 12; i++) {
            assertThat(index.get(key(i)) != null).isEqualTo(i % 2 == 1);
        }
    }

    @Test
    void growsPastItsInitialCapacity() {
        HashIndex<byte[]> index = new HashIndex<>(BytesKeyAccess.INSTANCE, 4);
        for (int i = 0; i < 10_000; i++) {
            index.put(key(i));
        }
        assertThat(index.size()).isEqualTo(10_000);
        assertThat(index.capacity()).isGreaterThanOrEqualTo(10_000 * 4 / 3);
        assertThat(index.get(key(9_999))).isNotNull();
    }
}
