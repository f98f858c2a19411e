package io.cairn.bench.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Draws an {@link Operation} with the probabilities of a {@link WorkloadSpec}: one uniform double
 * per draw, walked along the cumulative proportions. Operations with proportion 0 are never drawn.
 * Immutable and thread-safe.
 */
public final class OperationChooser {
    private final Operation[] operations;
    /** {@code bounds[i]}: the sum of the proportions of {@code operations[0..i]}. */
    private final double[] bounds;

    public OperationChooser(WorkloadSpec spec) {
        List<Operation> ops = new ArrayList<>();
        List<Double> sums = new ArrayList<>();
        double sum = 0;
        for (Operation op : Operation.values()) {
            double p = spec.proportion(op);
            if (p > 0) {
                sum += p;
                ops.add(op);
                sums.add(sum);
            }
        }
        this.operations = ops.toArray(Operation[]::new);
        this.bounds = sums.stream().mapToDouble(Double::doubleValue).toArray();
    }

    public Operation next(RandomGenerator rnd) {
        double u = rnd.nextDouble() * bounds[bounds.length - 1];
        for (int i = 0; i < bounds.length - 1; i++) {
            if (u < bounds[i]) {
                return operations[i];
            }
        }
        return operations[operations.length - 1];
    }
}
