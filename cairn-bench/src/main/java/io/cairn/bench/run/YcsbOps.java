package io.cairn.bench.run;

import io.cairn.bench.driver.Capability;
import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.Reply;
import io.cairn.bench.workload.InsertCounter;
import io.cairn.bench.workload.KeyNames;
import io.cairn.bench.workload.Request;
import io.cairn.bench.workload.WorkloadSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.SequencedMap;

/**
 * Turns YCSB requests into operations for one protocol's capabilities:
 * <ul>
 *   <li>read: read the record;
 *   <li>update: write the field ({@link UpdateMode#WRITE}), or read then write
 *       ({@link UpdateMode#READ_THEN_WRITE}); a system without partial updates always reads, then
 *       rewrites the whole record with every field as long as the one updated;
 *   <li>insert: write every field, then acknowledge the key so later requests may choose it;
 *   <li>scan: scan from the key; when the protocol returns key names, read those records in one
 *       batch;
 *   <li>read-modify-write: read, then write as an update does.
 * </ul>
 * Operation types are reported as {@code read}, {@code update}, {@code insert}, {@code scan} and
 * {@code read-modify-write}. Immutable and thread-safe.
 */
public final class YcsbOps {
    private final Set<Capability> capabilities;
    private final UpdateMode updateMode;
    private final int fieldCount;

    public YcsbOps(Set<Capability> capabilities, UpdateMode updateMode, WorkloadSpec spec) {
        this.capabilities = Set.copyOf(capabilities);
        this.updateMode = updateMode;
        this.fieldCount = spec.fieldCount();
    }

    /** Why a protocol with these capabilities cannot run {@code spec}, or {@code null} if it can. */
    public static String unsupported(Set<Capability> capabilities, WorkloadSpec spec) {
        if (spec.proportion(io.cairn.bench.workload.Operation.SCAN) > 0
                && !capabilities.contains(Capability.SCAN)) {
            return "no ordered key space to scan";
        }
        return null;
    }

    /** The operation for {@code request}; {@code inserts} is acknowledged when an insert succeeds. */
    public OpRun op(Request request, InsertCounter inserts) {
        String key = request.key();
        return switch (request.operation()) {
            case READ -> OpRun.single("read", new Command.ReadRecord(key));
            case UPDATE -> write("update", key, request.values());
            case READ_MODIFY_WRITE -> readThenWrite("read-modify-write", key, request.values());
            case INSERT -> new OpRun("insert",
                    List.of(new Command.WriteRecord(key, request.values(), true)), null,
                    inserts == null ? null : () -> inserts.acknowledge(request.keyNumber()));
            case SCAN -> new OpRun("scan", List.of(new Command.Scan(key, request.scanLength())),
                    YcsbOps::readScanned, null);
        };
    }

    /** A load-phase insert: no acknowledgement, the run phase starts after every insert. */
    public OpRun load(Request request) {
        return new OpRun("insert", List.of(new Command.WriteRecord(request.key(), request.values(), true)),
                null, null);
    }

    private OpRun write(String type, String key, SequencedMap<String, byte[]> values) {
        if (updateMode == UpdateMode.WRITE && capabilities.contains(Capability.FIELD_UPDATE)) {
            return OpRun.single(type, new Command.WriteRecord(key, values, false));
        }
        return readThenWrite(type, key, values);
    }

    private OpRun readThenWrite(String type, String key, SequencedMap<String, byte[]> values) {
        Command write = capabilities.contains(Capability.FIELD_UPDATE)
                ? new Command.WriteRecord(key, values, false)
                : new Command.WriteRecord(key, wholeRecord(values), true);
        return new OpRun(type, List.of(new Command.ReadRecord(key)),
                (stage, replies) -> stage == 0 ? List.of(write) : null, null);
    }

    /** Every field, each as long as the updated one, with the updated field's new value. */
    private SequencedMap<String, byte[]> wholeRecord(SequencedMap<String, byte[]> changed) {
        byte[] value = changed.firstEntry().getValue();
        SequencedMap<String, byte[]> all = LinkedHashMap.newLinkedHashMap(fieldCount);
        for (int i = 0; i < fieldCount; i++) {
            String name = KeyNames.fieldName(i);
            all.put(name, changed.getOrDefault(name, value));
        }
        return all;
    }

    private static List<Command> readScanned(int stage, Reply[] replies) {
        List<String> keys = stage == 0 ? replies[0].keys() : null;
        if (keys == null || keys.isEmpty()) {
            return null;
        }
        List<Command> reads = new ArrayList<>(keys.size());
        for (String k : keys) {
            reads.add(new Command.ReadRecord(k));
        }
        return reads;
    }
}
