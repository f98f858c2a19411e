package io.cairn.bench.workload;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * One YCSB-style workload: how many records the load phase stores, how many operations the run
 * phase performs (across all clients), the shape of a record, the mix of operations and how keys
 * and scan lengths are chosen. Names and defaults follow YCSB's core workload properties, in camel
 * case ({@code readProportion} for {@code readproportion}). Reads read every field and updates
 * write one field, as YCSB's core workloads do ({@code readallfields=true},
 * {@code writeallfields=false}).
 *
 * <p>Every instance is valid: the constructor rejects bad values with an
 * {@link IllegalArgumentException} worded {@code "recordCount: 0 (expected: > 0)"}. Immutable and
 * thread-safe.
 *
 * @param name a short label, such as {@code "a"} for YCSB's workload A
 * @param recordCount records stored by the load phase, key numbers {@code [0, recordCount)}
 * @param operationCount operations in the run phase, all clients together
 * @param fieldCount fields of a record
 * @param fieldLength bytes of each field value
 * @param proportions the probability of each operation, summing to 1; a missing operation is 0
 * @param requestDistribution how the record an operation touches is chosen
 * @param maxScanLength the longest scan, in records
 * @param scanLengthDistribution how a scan's length is chosen from {@code [1, maxScanLength]}:
 *     {@link Distribution#UNIFORM} or {@link Distribution#ZIPFIAN}
 * @param insertOrder how inserted key numbers become key names
 */
public record WorkloadSpec(
        String name,
        long recordCount,
        long operationCount,
        int fieldCount,
        int fieldLength,
        Map<Operation, Double> proportions,
        Distribution requestDistribution,
        int maxScanLength,
        Distribution scanLengthDistribution,
        InsertOrder insertOrder) {

    public static final int DEFAULT_FIELD_COUNT = 10;
    public static final int DEFAULT_FIELD_LENGTH = 100;
    public static final int DEFAULT_MAX_SCAN_LENGTH = 100;
    /** How far the proportions may sum from 1, to allow for decimal fractions in binary. */
    public static final double PROPORTION_SUM_TOLERANCE = 1e-9;

    public WorkloadSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(requestDistribution, "requestDistribution");
        Objects.requireNonNull(scanLengthDistribution, "scanLengthDistribution");
        Objects.requireNonNull(insertOrder, "insertOrder");
        positive("recordCount", recordCount);
        positive("operationCount", operationCount);
        positive("fieldCount", fieldCount);
        positive("fieldLength", fieldLength);
        positive("maxScanLength", maxScanLength);
        if (scanLengthDistribution == Distribution.LATEST) {
            throw new IllegalArgumentException("scanLengthDistribution: " + scanLengthDistribution
                    + " (expected: UNIFORM or ZIPFIAN)");
        }
        proportions = checkedProportions(proportions);
    }

    /** The probability of {@code operation}, 0 when the workload never does it. */
    public double proportion(Operation operation) {
        return proportions.get(operation);
    }

    /** A builder holding YCSB's defaults: 1,000 records and operations, 95% reads, 5% updates, uniform. */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** A builder holding this spec's values, to derive a variant. */
    public Builder toBuilder() {
        Builder b = new Builder(name)
                .recordCount(recordCount)
                .operationCount(operationCount)
                .fieldCount(fieldCount)
                .fieldLength(fieldLength)
                .requestDistribution(requestDistribution)
                .maxScanLength(maxScanLength)
                .scanLengthDistribution(scanLengthDistribution)
                .insertOrder(insertOrder);
        proportions.forEach(b::proportion);
        return b;
    }

    private static void positive(String what, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(what + ": " + value + " (expected: > 0)");
        }
    }

    private static Map<Operation, Double> checkedProportions(Map<Operation, Double> given) {
        Objects.requireNonNull(given, "proportions");
        EnumMap<Operation, Double> all = new EnumMap<>(Operation.class);
        double sum = 0;
        for (Operation op : Operation.values()) {
            Double boxed = given.get(op);
            double p = boxed == null ? 0 : boxed;
            String name = op.proportionName();
            if (!(p >= 0 && p <= 1)) {
                throw new IllegalArgumentException(
                        name + ": " + p + " (expected: 0 <= " + name + " <= 1)");
            }
            all.put(op, p);
            sum += p;
        }
        if (Math.abs(sum - 1) > PROPORTION_SUM_TOLERANCE) {
            throw new IllegalArgumentException("proportions: " + all + " sum to " + sum
                    + " (expected: 1 within " + PROPORTION_SUM_TOLERANCE + ")");
        }
        return Collections.unmodifiableMap(all);
    }

    /**
     * Collects a spec's values, starting from YCSB's defaults except that the scan length is at most
     * {@value #DEFAULT_MAX_SCAN_LENGTH}, as in the core workloads. Validation happens in
     * {@link #build()}. Not thread-safe.
     */
    public static final class Builder {
        private final String name;
        private long recordCount = 1000;
        private long operationCount = 1000;
        private int fieldCount = DEFAULT_FIELD_COUNT;
        private int fieldLength = DEFAULT_FIELD_LENGTH;
        private final EnumMap<Operation, Double> proportions = new EnumMap<>(Operation.class);
        private Distribution requestDistribution = Distribution.UNIFORM;
        private int maxScanLength = DEFAULT_MAX_SCAN_LENGTH;
        private Distribution scanLengthDistribution = Distribution.UNIFORM;
        private InsertOrder insertOrder = InsertOrder.HASHED;

        private Builder(String name) {
            this.name = name;
            proportions.put(Operation.READ, 0.95);
            proportions.put(Operation.UPDATE, 0.05);
        }

        public Builder recordCount(long recordCount) {
            this.recordCount = recordCount;
            return this;
        }

        public Builder operationCount(long operationCount) {
            this.operationCount = operationCount;
            return this;
        }

        public Builder fieldCount(int fieldCount) {
            this.fieldCount = fieldCount;
            return this;
        }

        public Builder fieldLength(int fieldLength) {
            this.fieldLength = fieldLength;
            return this;
        }

        /** Sets one operation's proportion; the others keep theirs. */
        public Builder proportion(Operation operation, double proportion) {
            proportions.put(Objects.requireNonNull(operation, "operation"), proportion);
            return this;
        }

        /** Sets every proportion: those not in {@code proportions} become 0. */
        public Builder proportions(Map<Operation, Double> proportions) {
            this.proportions.clear();
            this.proportions.putAll(proportions);
            return this;
        }

        public Builder requestDistribution(Distribution requestDistribution) {
            this.requestDistribution = requestDistribution;
            return this;
        }

        public Builder maxScanLength(int maxScanLength) {
            this.maxScanLength = maxScanLength;
            return this;
        }

        public Builder scanLengthDistribution(Distribution scanLengthDistribution) {
            this.scanLengthDistribution = scanLengthDistribution;
            return this;
        }

        public Builder insertOrder(InsertOrder insertOrder) {
            this.insertOrder = insertOrder;
            return this;
        }

        /** @throws IllegalArgumentException naming the first bad value */
        public WorkloadSpec build() {
            return new WorkloadSpec(name, recordCount, operationCount, fieldCount, fieldLength,
                    proportions, requestDistribution, maxScanLength, scanLengthDistribution, insertOrder);
        }
    }
}
