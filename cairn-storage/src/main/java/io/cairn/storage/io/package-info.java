/**
 * The file-system seam: every byte the engine reads or writes goes through
 * {@link io.cairn.storage.io.FileSystem}, so tests can swap in in-memory, faulty and crashable
 * implementations (see {@code cairn-testkit}). {@link io.cairn.storage.io.LocalFileSystem} is the
 * real one. Depends on {@code cairn-common} only.
 */
package io.cairn.storage.io;
