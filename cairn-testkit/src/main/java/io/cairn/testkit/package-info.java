/**
 * Test support shared by every Cairn module: reproducible randomness ({@link io.cairn.testkit.Seeds}),
 * skipping a test that needs a missing Debian package ({@link io.cairn.testkit.DebianPackages}) and,
 * in {@code io.cairn.testkit.fs}, in-memory, crashable, faulty and held-sync file systems, and in
 * {@code io.cairn.testkit.history}, client histories and their linearizability checker.
 *
 * <p>Depends on {@code cairn-common}, {@code cairn-storage} and JUnit's API only; production code
 * must never depend on it.
 */
package io.cairn.testkit;
