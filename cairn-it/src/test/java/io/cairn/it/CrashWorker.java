package io.cairn.it;

import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The child process of {@link CrashTest}: opens a store and writes from several threads until it
 * is killed. Thread t writes keys {@code t:<seq>} in sequence, each one only after the previous
 * was acknowledged (durable), and also sets field {@code seq} of hash {@code h:<t>}; after each
 * acknowledgement it prints {@code ACK t seq}. Checkpoints run now and then meanwhile.
 *
 * <p>Arguments: data directory, wal mode, thread count.
 */
public final class CrashWorker {
    private CrashWorker() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        WalMode mode = WalMode.parse(args[1]);
        int threads = Integer.parseInt(args[2]);
        Store store = Store.open(StoreConfig.builder(dir).walMode(mode).segmentBytes(256 * 1024)
                .checkpointLogBytes(1 << 20).checkpointInterval(Duration.ofMillis(300)).build());
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.US_ASCII);
        // Start from what survived earlier rounds, so reruns on one directory keep growing.
        long[] start = new long[threads];
        for (int t = 0; t < threads; t++) {
            int tt = t;
            start[t] = store.read(tx -> {
                byte[] v = tx.get(("next:" + tt).getBytes(StandardCharsets.US_ASCII));
                return v == null ? 0L : Long.parseLong(new String(v, StandardCharsets.US_ASCII));
            });
        }
        synchronized (out) {
            out.println("READY");
            out.flush();
        }
        for (int t = 0; t < threads; t++) {
            int tt = t;
            Thread.ofPlatform().start(() -> {
                for (long seq = start[tt]; ; seq++) {
                    long s = seq;
                    byte[] key = (tt + ":" + s).getBytes(StandardCharsets.US_ASCII);
                    byte[] value = CrashTest.valueFor(tt, s);
                    store.execute(tx -> {
                        tx.set(key, value, 0);
                        tx.hset(("h:" + tt).getBytes(StandardCharsets.US_ASCII),
                                Long.toString(s % 1024).getBytes(StandardCharsets.US_ASCII), value);
                        tx.set(("next:" + tt).getBytes(StandardCharsets.US_ASCII),
                                Long.toString(s + 1).getBytes(StandardCharsets.US_ASCII), 0);
                        return null;
                    }).await();
                    synchronized (out) {
                        out.println("ACK " + tt + " " + s);
                        out.flush();
                    }
                }
            });
        }
        Thread.sleep(Long.MAX_VALUE); // the writers run until the parent test kills this process
    }
}
