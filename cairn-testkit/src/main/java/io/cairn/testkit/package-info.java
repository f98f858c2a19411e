/**
 * Test support shared by every Cairn module: reproducible randomness ({@link io.cairn.testkit.Seeds})
 * and, in {@code io.cairn.testkit.fs}, in-memory, crashable and faulty file systems.
 *
 * <p>Depends on {@code cairn-common} and {@code cairn-storage} only; production code must never
 * depend on it.
 */
package io.cairn.testkit;
