package io.cairn.server.command.server;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.storage.engine.StoreStats;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryUsage;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * MEMORY: USAGE (the engine's estimate for one key, {@code Txn.memoryUsage}), STATS (Redis's field
 * names, filled from the JVM's heap and the store's counters: {@link MemoryFigures}), DOCTOR (a
 * report in words), MALLOC-STATS (the JVM's memory pools, its allocator) and PURGE (a full garbage
 * collection, the JVM's way of giving memory back).
 */
final class MemoryCommands {
    /** A key's share of the indexes, as the engine's estimate counts it (MEMORY STATS' per-database overhead). */
    private static final long INDEX_BYTES_PER_KEY = 16;
    private static final int DEFAULT_SAMPLES = 5;

    private MemoryCommands() {
    }

    static void register(Commands.Registrar r) {
        r.inline("memory|usage", (t, c) -> {
            int samples = samples(c);
            long bytes = t.memoryUsage(c.arg(2), samples);
            return bytes < 0 ? RespValue.NULL : RespValue.integer(bytes);
        });
        r.server("memory|stats", MemoryCommands::stats);
        r.server("memory|doctor", c -> LatencyCommands.verbatim(c, doctor(c.server())));
        r.server("memory|malloc-stats", c -> LatencyCommands.verbatim(c, pools()));
        r.server("memory|purge", c -> {
            System.gc(); // a hint the JVM acts on with a full collection: the pause is what PURGE asks for
            return RespValue.OK;
        });
        r.server("memory|help", c -> LatencyCommands.help("MEMORY", List.of(
                "DOCTOR",
                "    A report, in words, of how memory is used and what may be wrong.",
                "MALLOC-STATS",
                "    The JVM's memory pools: what each holds, has reserved, and at most.",
                "PURGE",
                "    Runs a full garbage collection, so the JVM may give memory back.",
                "STATS",
                "    Figures of the server's memory use, by Redis's names.",
                "USAGE <key> [SAMPLES <count>]",
                "    An estimate of the bytes <key> costs; a collection is measured on <count> of its",
                "    elements (default: 5, 0 means all) and the rest extrapolated.")));
    }

    /** SAMPLES as Redis reads it: any number of SAMPLES n pairs, the last winning; 0 means every element. */
    private static int samples(CommandContext c) {
        long samples = DEFAULT_SAMPLES;
        for (int j = 3; j < c.argc(); j++) {
            if (c.option(j).equals("SAMPLES") && j + 1 < c.argc()) {
                samples = c.integer(j + 1);
                if (samples < 0) {
                    throw new InvalidRequestException(CommandContext.SYNTAX);
                }
                j++;
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        return samples == 0 || samples > Integer.MAX_VALUE ? 0 : (int) samples;
    }

    private static RespValue stats(CommandContext c) {
        ServerContext s = c.server();
        StoreStats st = s.store().stats();
        MemoryFigures m = MemoryFigures.read(s, st.keys());
        List<Map.Entry<RespValue, RespValue>> out = new ArrayList<>();
        put(out, "peak.allocated", m.peak());
        put(out, "total.allocated", m.used());
        put(out, "startup.allocated", m.startup());
        put(out, "replication.backlog", 0);
        put(out, "clients.slaves", 0);
        put(out, "clients.normal", 0);
        put(out, "cluster.links", 0);
        put(out, "aof.buffer", 0);
        put(out, "lua.caches", 0);
        put(out, "functions.caches", 0);
        long overhead = m.startup();
        for (int db = 0; db < st.keysPerDb().length; db++) {
            if (st.keysPerDb()[db] == 0) {
                continue;
            }
            long main = st.keysPerDb()[db] * INDEX_BYTES_PER_KEY;
            overhead += main;
            List<Map.Entry<RespValue, RespValue>> d = new ArrayList<>();
            put(d, "overhead.hashtable.main", main);
            put(d, "overhead.hashtable.expires", 0); // an expiry lives in its key's entry
            put(d, "overhead.hashtable.slot-to-keys", 0);
            out.add(entry("db." + db, new RespValue.MapReply(d)));
        }
        long net = m.net();
        long dataset = Math.max(0, m.used() - overhead);
        put(out, "overhead.total", overhead);
        put(out, "keys.count", m.keys());
        put(out, "keys.bytes-per-key", m.keys() == 0 ? 0 : net / m.keys());
        put(out, "dataset.bytes", dataset);
        out.add(entry("dataset.percentage", new RespValue.DoubleReply(net == 0 ? 0 : dataset * 100.0 / net)));
        out.add(entry("peak.percentage", new RespValue.DoubleReply(m.peakPercentage())));
        put(out, "allocator.allocated", m.used());
        put(out, "allocator.active", m.committed());
        put(out, "allocator.resident", m.rss());
        out.add(entry("allocator-fragmentation.ratio", new RespValue.DoubleReply(ratio(m.committed(), m.used()))));
        put(out, "allocator-fragmentation.bytes", m.committed() - m.used());
        out.add(entry("allocator-rss.ratio", new RespValue.DoubleReply(ratio(m.rss(), m.committed()))));
        put(out, "allocator-rss.bytes", m.rss() - m.committed());
        out.add(entry("rss-overhead.ratio", new RespValue.DoubleReply(1.0)));
        put(out, "rss-overhead.bytes", 0);
        out.add(entry("fragmentation", new RespValue.DoubleReply(m.fragmentation())));
        put(out, "fragmentation.bytes", m.rss() - m.used());
        return new RespValue.MapReply(out);
    }

    private static double ratio(long a, long b) {
        return b == 0 ? 0 : (double) a / b;
    }

    private static void put(List<Map.Entry<RespValue, RespValue>> out, String name, long v) {
        out.add(entry(name, RespValue.integer(v)));
    }

    private static Map.Entry<RespValue, RespValue> entry(String k, RespValue v) {
        return new AbstractMap.SimpleImmutableEntry<>(RespValue.bulk(k), v);
    }

    static String doctor(ServerContext s) {
        StoreStats st = s.store().stats();
        MemoryFigures m = MemoryFigures.read(s, st.keys());
        StringBuilder sb = new StringBuilder();
        if (m.keys() == 0 || m.net() < 5 * 1024 * 1024) {
            return "This server holds little data (" + m.keys() + " keys, " + human(m.net())
                    + " of heap past what it started with): too little for a report on its memory to say anything.\n";
        }
        sb.append("Heap in use: ").append(human(m.used())).append(" of ").append(human(m.committed()))
                .append(" reserved (at most ").append(m.max() < 0 ? "unbounded" : human(m.max())).append("); the process's resident set ")
                .append(human(m.rss())).append(". Heap in use counts garbage not yet collected, so it moves between collections.\n");
        boolean issues = false;
        if (m.max() > 0 && m.used() > m.max() * 0.85) {
            issues = true;
            sb.append("* The heap is over 85% full: the JVM spends more time collecting, and runs out of memory past it."
                    + " Give it more with -Xmx, or hold less data.\n");
        }
        if (m.peak() > 0 && m.used() < m.peak() / 2) {
            issues = true;
            sb.append("* Heap in use is under half its peak (").append(human(m.peak()))
                    .append("): a burst has passed; MEMORY PURGE runs a full collection if the memory should go back sooner.\n");
        }
        if (m.used() > 0 && m.rss() > 2 * m.committed()) {
            issues = true;
            sb.append("* The resident set is over twice the reserved heap: memory outside the heap (network buffers,"
                    + " search indexes, thread stacks) is large.\n");
        }
        if (!issues) {
            sb.append("No problem found.\n");
        }
        return sb.toString();
    }

    private static String pools() {
        StringBuilder sb = new StringBuilder("JVM memory pools (used / committed / max, bytes; max -1: unbounded)\n");
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage u = p.getUsage();
            sb.append(String.format(Locale.ROOT, "%-32s %-8s %14d %14d %14d\n", p.getName(),
                    p.getType().name().toLowerCase(Locale.ROOT).replace('_', '-'), u.getUsed(), u.getCommitted(), u.getMax()));
        }
        return sb.toString();
    }

    private static String human(long bytes) {
        return Info.human(bytes);
    }
}
