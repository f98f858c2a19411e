package io.cairn.server;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.cairn.storage.engine.Store;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Keeps the JVM from running out of heap ({@code heap-guard-percent}): after every garbage
 * collection it reads the heap in use; past the percent of the maximum heap, it caps the store's
 * data below what the keys hold now ({@link Store#heapCap}, a tenth less each time a collection
 * still finds the heap that full), so the next commands evict by {@code maxmemory-policy} or, under
 * {@code noeviction}, are refused with {@code -OOM} before an {@link OutOfMemoryError} can happen.
 * Once a collection finds the heap ten points under the percent, the cap is lifted. While it
 * holds, {@link #tick} asks for a collection every second or so (writes refused allocate little, so
 * without it the heap freed by a delete might go unseen).
 *
 * <p>The heap in use after a young collection still counts old garbage, so the guard can act
 * before the heap is truly full of live data: it errs on the side of refusing.
 */
final class HeapGuard implements NotificationListener, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(HeapGuard.class.getName());

    private final Store store;
    private final int percent;
    private final long maxHeap;
    private final Set<String> heapPools = new HashSet<>();
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private volatile boolean capped;
    private volatile long lastCollectionMillis = System.currentTimeMillis();

    private HeapGuard(Store store, int percent) {
        this.store = store;
        this.percent = percent;
        this.maxHeap = Runtime.getRuntime().maxMemory();
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                heapPools.add(p.getName());
            }
        }
    }

    /** Starts watching collections; a guard that does nothing when {@code percent} is 0 or the heap has no bound. */
    static HeapGuard start(Store store, int percent) {
        HeapGuard g = new HeapGuard(store, percent);
        if (percent == 0 || g.maxHeap == Long.MAX_VALUE) {
            return g;
        }
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter e) {
                e.addNotificationListener(g, null, null);
                g.emitters.add(e);
            }
        }
        long maxmemory = store.memoryLimit().maxBytes();
        if (maxmemory > 0 && maxmemory > g.maxHeap / 2) {
            LOG.log(System.Logger.Level.WARNING, "maxmemory " + maxmemory + " is more than half the heap (" + g.maxHeap
                    + " bytes): the heap guard will act before maxmemory is reached; give the JVM about "
                    + (maxmemory * 5 / 2 >> 20) + " MiB (-Xmx in CAIRN_JAVA_OPTS)");
        }
        return g;
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        lastCollectionMillis = System.currentTimeMillis();
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        long used = 0;
        for (Map.Entry<String, MemoryUsage> e : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            if (heapPools.contains(e.getKey())) {
                used += e.getValue().getUsed();
            }
        }
        observe(used);
    }

    /** What one collection left in use: caps the store when past the percent, lifts the cap well under it. */
    void observe(long heapUsedAfterCollection) {
        long full = maxHeap / 100 * percent;
        long calm = maxHeap / 100 * Math.max(0, percent - 10);
        if (heapUsedAfterCollection > full) {
            long cap = Math.min(store.memoryLimitBytes(), store.usedMemory()) / 10 * 9;
            store.heapCap(cap);
            if (!capped) {
                LOG.log(System.Logger.Level.WARNING, "heap " + heapUsedAfterCollection * 100 / maxHeap
                        + "% full after a collection: data bounded to " + cap + " bytes (evicting or refusing writes)");
            }
            capped = true;
        } else if (capped && heapUsedAfterCollection < calm) {
            store.heapCap(Long.MAX_VALUE);
            capped = false;
            LOG.log(System.Logger.Level.INFO, "heap back under " + (percent - 10) + "%: data bound lifted");
        }
    }

    /** Whether the guard holds the store's data bound down now. */
    boolean capped() {
        return capped;
    }

    /** Once a second (the server's timer): while capped, a collection if none ran for a second. */
    void tick() {
        if (capped && System.currentTimeMillis() - lastCollectionMillis >= 1000) {
            System.gc();
        }
    }

    @Override
    public void close() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(this);
            } catch (javax.management.ListenerNotFoundException ignored) {
                // already gone
            }
        }
        emitters.clear();
    }
}
