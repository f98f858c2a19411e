package io.cairn.testkit.disk;

import io.cairn.storage.engine.DiskEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * {@link DiskEngine}s kept in memory, one per directory, that outlive a close as RocksDB's files
 * do: a save is seen by reads at once but is only kept across {@link #crash} once flushed, and a
 * crash takes every engine back to its last flush, whole saves only. With {@code autoFlush} an
 * engine also flushes now and then on its own after a save, as RocksDB does when a memtable fills.
 */
public final class CrashableDiskEngines implements DiskEngine.Provider {
    private static final java.util.Comparator<byte[]> ORDER = Arrays::compareUnsigned;
    private final Map<Path, State> states = new HashMap<>();
    private final RandomGenerator autoFlush;
    private final double autoFlushChance;

    /** Flushes only when asked. */
    public CrashableDiskEngines() {
        this(null, 0);
    }

    /** Also flushes after a save with probability {@code chance}, drawn from {@code random}. */
    public CrashableDiskEngines(RandomGenerator random, double chance) {
        this.autoFlush = random;
        this.autoFlushChance = chance;
    }

    @Override
    public synchronized DiskEngine open(DiskEngine.Settings settings) {
        State s = states.computeIfAbsent(settings.dir(), d -> new State());
        if (s.open) {
            throw new IllegalStateException("engine in " + settings.dir() + " is already open");
        }
        s.open = true;
        s.live = s.durable.copy();
        return new Engine(s);
    }

    /** Power loss: every engine forgets what it saved since its last flush; open ones are closed. */
    public synchronized void crash() {
        for (State s : states.values()) {
            s.open = false;
            s.live = s.durable.copy();
        }
    }

    /** Saves made since open, over every engine (for tests that need a save to have happened). */
    public synchronized long saves() {
        long n = 0;
        for (State s : states.values()) {
            n += s.saves;
        }
        return n;
    }

    /** Part reads made on live engines since creation, over every engine (a big hash's field reads). */
    public synchronized long partReads() {
        long n = 0;
        for (State s : states.values()) {
            n += s.partReads;
        }
        return n;
    }

    /** Parts (a big collection's fields) held now, live, in every engine. */
    public synchronized long parts() {
        long n = 0;
        for (State s : states.values()) {
            for (TreeMap<byte[], byte[]> m : s.live.parts.values()) {
                n += m.size();
            }
        }
        return n;
    }

    /** One directory's data: what reads see, and what a crash goes back to. */
    private static final class State {
        Data durable = new Data();
        Data live = new Data();
        boolean open;
        long saves;
        long partReads;
    }

    private static final class Data {
        final Map<Integer, TreeMap<byte[], byte[]>> dbs = new HashMap<>();
        final Map<Integer, TreeMap<byte[], byte[]>> parts = new HashMap<>();
        final Map<Integer, byte[]> meta = new HashMap<>();
        long lsn;

        TreeMap<byte[], byte[]> db(int db) {
            return dbs.computeIfAbsent(db, d -> new TreeMap<>(ORDER));
        }

        TreeMap<byte[], byte[]> parts(int db) {
            return parts.computeIfAbsent(db, d -> new TreeMap<>(ORDER));
        }

        Data copy() {
            Data d = new Data();
            dbs.forEach((k, v) -> d.dbs.put(k, new TreeMap<>(v)));
            parts.forEach((k, v) -> d.parts.put(k, new TreeMap<>(v)));
            d.meta.putAll(meta);
            d.lsn = lsn;
            return d;
        }
    }

    private final class Engine implements DiskEngine {
        private final State state;
        private boolean closed;

        Engine(State state) {
            this.state = state;
        }

        private Data live() {
            synchronized (CrashableDiskEngines.this) {
                if (closed || !state.open) {
                    throw new IllegalStateException("engine closed");
                }
                return state.live;
            }
        }

        @Override
        public long savedLsn() {
            synchronized (CrashableDiskEngines.this) {
                return live().lsn;
            }
        }

        @Override
        public byte[] meta(int db) {
            synchronized (CrashableDiskEngines.this) {
                byte[] m = live().meta.get(db);
                return m == null ? null : m.clone();
            }
        }

        @Override
        public byte[] get(int db, byte[] key) {
            synchronized (CrashableDiskEngines.this) {
                byte[] v = live().db(db).get(key);
                return v == null ? null : v.clone();
            }
        }

        @Override
        public void scan(int db, byte[] from, boolean exclusive, Visitor visitor) {
            NavigableMap<byte[], byte[]> range;
            synchronized (CrashableDiskEngines.this) {
                TreeMap<byte[], byte[]> m = live().db(db);
                range = new TreeMap<>(from == null ? m : m.tailMap(from, !exclusive));
            }
            for (var e : range.entrySet()) {
                if (!visitor.visit(e.getKey().clone(), e.getValue().clone())) {
                    return;
                }
            }
        }

        @Override
        public byte[] getPart(int db, byte[] part) {
            synchronized (CrashableDiskEngines.this) {
                Data d = live();
                state.partReads++;
                byte[] v = d.parts(db).get(part);
                return v == null ? null : v.clone();
            }
        }

        @Override
        public void scanParts(int db, byte[] from, Visitor visitor) {
            synchronized (CrashableDiskEngines.this) { // in place: a walk reads a few parts of a big collection, not all
                visitAll(live().parts(db).tailMap(from, true), visitor);
            }
        }

        @Override
        public void scanPartsBackward(int db, byte[] from, Visitor visitor) {
            synchronized (CrashableDiskEngines.this) {
                visitAll(live().parts(db).headMap(from, true).descendingMap(), visitor);
            }
        }

        @Override
        public Batch batch() {
            return new ListBatch();
        }

        @Override
        public void save(Batch batch, long lsn) {
            synchronized (CrashableDiskEngines.this) {
                Data d = live();
                ((ListBatch) batch).applyTo(d);
                d.lsn = lsn;
                state.saves++;
                if (autoFlush != null && autoFlush.nextDouble() < autoFlushChance) {
                    state.durable = d.copy();
                }
            }
        }

        @Override
        public void flush() {
            synchronized (CrashableDiskEngines.this) {
                state.durable = live().copy();
            }
        }

        @Override
        public Snapshot snapshot() {
            Data frozen;
            synchronized (CrashableDiskEngines.this) {
                frozen = live().copy();
            }
            return new Snapshot() {
                @Override
                public byte[] get(int db, byte[] key) {
                    byte[] v = frozen.db(db).get(key);
                    return v == null ? null : v.clone();
                }

                @Override
                public void scan(int db, byte[] from, boolean exclusive, Visitor visitor) {
                    TreeMap<byte[], byte[]> m = frozen.db(db);
                    for (var e : (from == null ? m : m.tailMap(from, !exclusive)).entrySet()) {
                        if (!visitor.visit(e.getKey().clone(), e.getValue().clone())) {
                            return;
                        }
                    }
                }

                @Override
                public byte[] getPart(int db, byte[] part) {
                    byte[] v = frozen.parts(db).get(part);
                    return v == null ? null : v.clone();
                }

                @Override
                public void scanParts(int db, byte[] from, Visitor visitor) {
                    visitAll(frozen.parts(db).tailMap(from, true), visitor);
                }

                @Override
                public void scanPartsBackward(int db, byte[] from, Visitor visitor) {
                    visitAll(frozen.parts(db).headMap(from, true).descendingMap(), visitor);
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public Map<String, String> info() {
            Map<String, String> out = new LinkedHashMap<>();
            out.put("disk_engine", "memory (test)");
            return out;
        }

        @Override
        public void close() throws IOException {
            synchronized (CrashableDiskEngines.this) {
                if (!closed && state.open) {
                    state.open = false;
                }
                closed = true;
            }
        }
    }

    private static void visitAll(NavigableMap<byte[], byte[]> range, DiskEngine.Visitor visitor) {
        for (var e : range.entrySet()) {
            if (!visitor.visit(e.getKey().clone(), e.getValue().clone())) {
                return;
            }
        }
    }

    /** A batch as a list of changes, applied in order. */
    private static final class ListBatch implements DiskEngine.Batch {
        private final java.util.List<java.util.function.Consumer<Data>> ops = new java.util.ArrayList<>();

        @Override
        public void put(int db, byte[] key, byte[] value) {
            byte[] k = key.clone();
            byte[] v = value.clone();
            ops.add(d -> d.db(db).put(k, v));
        }

        @Override
        public void delete(int db, byte[] key) {
            byte[] k = key.clone();
            ops.add(d -> d.db(db).remove(k));
        }

        @Override
        public void clear(int db) {
            ops.add(d -> {
                d.db(db).clear();
                d.parts(db).clear();
            });
        }

        @Override
        public void putPart(int db, byte[] part, byte[] value) {
            byte[] k = part.clone();
            byte[] v = value.clone();
            ops.add(d -> d.parts(db).put(k, v));
        }

        @Override
        public void deletePart(int db, byte[] part) {
            byte[] k = part.clone();
            ops.add(d -> d.parts(db).remove(k));
        }

        @Override
        public void deleteParts(int db, byte[] from, byte[] to) {
            byte[] f = from.clone();
            byte[] t = to.clone();
            ops.add(d -> d.parts(db).subMap(f, true, t, false).clear());
        }

        @Override
        public void meta(int db, byte[] value) {
            byte[] v = value.clone();
            ops.add(d -> d.meta.put(db, v));
        }

        void applyTo(Data d) {
            ops.forEach(op -> op.accept(d));
        }
    }
}
