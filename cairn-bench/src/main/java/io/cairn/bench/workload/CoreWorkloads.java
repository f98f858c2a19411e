package io.cairn.bench.workload;

import java.util.Locale;
import java.util.Map;

/**
 * YCSB's six core workloads, as its {@code workloads/workloada} to {@code workloadf} files define
 * them: records of 10 fields of 100 bytes, hashed insert order, scans of uniform length up to 100.
 * Only the record and operation counts vary. Also {@value #RMW}, YCSB's "update as
 * read-then-write" variant of A ({@link #rmw}). Stateless and thread-safe.
 */
public final class CoreWorkloads {
    /** The core workloads' names, one letter each, in order; {@link #named} also takes {@value #RMW}. */
    public static final String NAMES = "abcdef";
    /** The name of workload A with every update sent as a read, then a write ({@link #rmw}). */
    public static final String RMW = "rmw";

    private CoreWorkloads() {
    }

    /** A, update heavy (a session store): 50% reads, 50% updates, zipfian. */
    public static WorkloadSpec a(long recordCount, long operationCount) {
        return spec("a", recordCount, operationCount, Distribution.ZIPFIAN,
                Map.of(Operation.READ, 0.5, Operation.UPDATE, 0.5));
    }

    /** B, read mostly (photo tagging): 95% reads, 5% updates, zipfian. */
    public static WorkloadSpec b(long recordCount, long operationCount) {
        return spec("b", recordCount, operationCount, Distribution.ZIPFIAN,
                Map.of(Operation.READ, 0.95, Operation.UPDATE, 0.05));
    }

    /** C, read only (a profile cache): 100% reads, zipfian. */
    public static WorkloadSpec c(long recordCount, long operationCount) {
        return spec("c", recordCount, operationCount, Distribution.ZIPFIAN,
                Map.of(Operation.READ, 1.0));
    }

    /** D, read latest (status updates): 95% reads, 5% inserts, the latest records the hot ones. */
    public static WorkloadSpec d(long recordCount, long operationCount) {
        return spec("d", recordCount, operationCount, Distribution.LATEST,
                Map.of(Operation.READ, 0.95, Operation.INSERT, 0.05));
    }

    /**
     * E, short ranges (threaded conversations): 95% scans, 5% inserts, zipfian start keys, scan
     * lengths uniform over 1 to 100.
     */
    public static WorkloadSpec e(long recordCount, long operationCount) {
        return spec("e", recordCount, operationCount, Distribution.ZIPFIAN,
                Map.of(Operation.SCAN, 0.95, Operation.INSERT, 0.05));
    }

    /** F, read-modify-write (a user database): 50% reads, 50% read-modify-writes, zipfian. */
    public static WorkloadSpec f(long recordCount, long operationCount) {
        return spec("f", recordCount, operationCount, Distribution.ZIPFIAN,
                Map.of(Operation.READ, 0.5, Operation.READ_MODIFY_WRITE, 0.5));
    }

    /**
     * A's mix and distribution (50% reads, 50% updates, zipfian) under its own name, for a run that
     * sends each update as a read of the record, then the write: the scenario that runs it sends
     * its updates so whatever its update mode. Its requests are A's, so that for one seed it sends
     * the very requests A does and the two differ only in the read before each write. (F differs
     * from it in its operation, reported as {@code read-modify-write}, not in what is sent.)
     */
    public static WorkloadSpec rmw(long recordCount, long operationCount) {
        return spec(RMW, recordCount, operationCount, Distribution.ZIPFIAN,
                Map.of(Operation.READ, 0.5, Operation.UPDATE, 0.5));
    }

    /**
     * The workload named by one letter of {@value #NAMES} or by {@value #RMW}, in either case.
     *
     * @throws IllegalArgumentException for any other name
     */
    public static WorkloadSpec named(String name, long recordCount, long operationCount) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "a" -> a(recordCount, operationCount);
            case "b" -> b(recordCount, operationCount);
            case "c" -> c(recordCount, operationCount);
            case "d" -> d(recordCount, operationCount);
            case "e" -> e(recordCount, operationCount);
            case "f" -> f(recordCount, operationCount);
            case RMW -> rmw(recordCount, operationCount);
            default -> throw new IllegalArgumentException(
                    "workload: " + name + " (expected: one of a, b, c, d, e, f, rmw)");
        };
    }

    private static WorkloadSpec spec(String name, long recordCount, long operationCount,
            Distribution requestDistribution, Map<Operation, Double> proportions) {
        return WorkloadSpec.builder(name)
                .recordCount(recordCount)
                .operationCount(operationCount)
                .proportions(proportions)
                .requestDistribution(requestDistribution)
                .maxScanLength(WorkloadSpec.DEFAULT_MAX_SCAN_LENGTH)
                .scanLengthDistribution(Distribution.UNIFORM)
                .insertOrder(InsertOrder.HASHED)
                .build();
    }
}
