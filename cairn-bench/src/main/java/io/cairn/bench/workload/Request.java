package io.cairn.bench.workload;

import java.util.SequencedMap;

/**
 * One operation of a {@link WorkloadStream}, for a driver to send.
 *
 * <ul>
 *   <li>{@link Operation#READ}: read every field of {@code key}; no values.
 *   <li>{@link Operation#UPDATE}: write the one field in {@code values} of {@code key}.
 *   <li>{@link Operation#INSERT}: store {@code key} with every field in {@code values}, then, once
 *       the server acknowledges it, call {@link InsertCounter#acknowledge(long)} with
 *       {@code keyNumber} so that later requests may touch it.
 *   <li>{@link Operation#SCAN}: read every field of up to {@code scanLength} records in key order,
 *       starting at {@code key}; no values.
 *   <li>{@link Operation#READ_MODIFY_WRITE}: read every field of {@code key}, then write the one
 *       field in {@code values}.
 * </ul>
 *
 * <p>Immutable except for the value arrays, which the driver must not change; the map is
 * unmodifiable and iterates in field order.
 *
 * @param keyNumber the key's number, from which {@link KeyNames} spelled {@code key}
 * @param scanLength the most records a SCAN returns, 0 for the other operations
 * @param values field name to value bytes (printable ASCII), in field order; empty for READ and SCAN
 */
public record Request(Operation operation, long keyNumber, String key, int scanLength,
        SequencedMap<String, byte[]> values) {
}
