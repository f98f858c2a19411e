package io.cairn.disk;

import io.cairn.storage.engine.DiskEngine;
import java.nio.file.Path;

/**
 * The child JVM of {@link DurabilityBoundaryTest}: saves batch A at LSN 5 and flushes it, saves
 * batch B at LSN 9 without a flush, prints {@code SAVED} and halts as a SIGKILL would end it (no
 * close, no shutdown hooks).
 */
public final class CrashingSaver {
    public static void main(String[] args) throws Exception {
        DiskEngine engine = RocksDbEngine.open(new DiskEngine.Settings(Path.of(args[0]), 8L << 20));
        DiskEngine.Batch a = engine.batch();
        for (int i = 0; i < DurabilityBoundaryTest.KEYS; i++) {
            a.put(0, DurabilityBoundaryTest.key("a", i), DurabilityBoundaryTest.key("a", i));
        }
        a.meta(0, "a".getBytes());
        engine.save(a, 5);
        engine.flush();
        DiskEngine.Batch b = engine.batch();
        for (int i = 0; i < DurabilityBoundaryTest.KEYS; i++) {
            b.put(0, DurabilityBoundaryTest.key("b", i), DurabilityBoundaryTest.key("b", i));
            b.put(0, DurabilityBoundaryTest.key("a", i), "overwritten by b".getBytes());
        }
        b.put(3, "b".getBytes(), "b".getBytes());
        b.meta(0, "b".getBytes());
        engine.save(b, 9);
        System.out.println("SAVED");
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }
}
