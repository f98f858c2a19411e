package io.cairn.storage.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/**
 * Views are read without locks on other threads while the writer keeps changing the tree: the
 * contract the checkpoint thread relies on. A reader opens a view under the writer's lock, notes
 * what the tree held at that moment, then scans the view unlocked while the writer churns, and
 * must see exactly the noted contents.
 */
class OrderedIndexConcurrencyTest {
    private static byte[] key(int i) {
        return String.format("k%06d", i).getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void viewsReadOnOtherThreadsNeverSeeLaterWrites() throws Exception {
        OrderedIndex<byte[]> index = new OrderedIndex<>(BytesKeyAccess.INSTANCE);
        ReentrantLock lock = new ReentrantLock();
        for (int i = 0; i < 20_000; i += 2) {
            index.put(key(i));
        }
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread writer = Thread.ofPlatform().start(() -> {
            SplittableRandom rnd = new SplittableRandom(7);
            while (!stop.get()) {
                lock.lock();
                try {
                    for (int n = 0; n < 64; n++) {
                        byte[] k = key(rnd.nextInt(20_000));
                        if (rnd.nextBoolean()) {
                            index.put(k);
                        } else {
                            index.remove(k);
                        }
                    }
                } finally {
                    lock.unlock();
                }
            }
        });
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            readers.add(Thread.ofPlatform().start(() -> {
                try {
                    for (int round = 0; round < 40; round++) {
                        View<byte[]> view;
                        int expectedSize;
                        long expectedHash = 0;
                        lock.lock();
                        try {
                            view = index.openView();
                            expectedSize = index.size();
                            long[] h = {0};
                            index.scan(null, false, e -> {
                                h[0] = h[0] * 31 + java.util.Arrays.hashCode(e);
                                return true;
                            });
                            expectedHash = h[0];
                        } finally {
                            lock.unlock();
                        }
                        Thread.sleep(1); // let the writer change the live tree meanwhile
                        long[] h = {0};
                        int[] n = {0};
                        view.scan(null, false, e -> {
                            h[0] = h[0] * 31 + java.util.Arrays.hashCode(e);
                            n[0]++;
                            return true;
                        });
                        assertThat(n[0]).isEqualTo(expectedSize);
                        assertThat(h[0]).isEqualTo(expectedHash);
                        lock.lock();
                        try {
                            view.close();
                        } finally {
                            lock.unlock();
                        }
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
        }
        for (Thread t : readers) {
            t.join();
        }
        stop.set(true);
        writer.join();
        if (failure.get() != null) {
            throw new AssertionError("a view changed under its reader", failure.get());
        }
        lock.lock();
        try {
            index.verify();
            assertThat(index.openViewCount()).isZero();
        } finally {
            lock.unlock();
        }
    }
}
