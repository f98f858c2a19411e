/**
 * File systems for tests, behind the {@link io.cairn.storage.io.FileSystem} seam:
 * {@link io.cairn.testkit.fs.InMemoryFileSystem} for speed, {@link io.cairn.testkit.fs.CrashableFileSystem}
 * whose {@code crash()} keeps only what was synced, {@link io.cairn.testkit.fs.FaultyFileSystem}
 * that fails or shortens writes and syncs on demand, and {@link io.cairn.testkit.fs.HeldSyncFileSystem}
 * whose syncs (or writes) wait until the test releases them, to show that nothing is acknowledged
 * before it is durable. Fault state lives in instances, never statics.
 * Depends on {@code cairn-storage}'s {@code io} package and {@code cairn-common} only.
 */
package io.cairn.testkit.fs;
