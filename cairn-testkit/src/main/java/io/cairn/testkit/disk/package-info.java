/** A disk engine in memory, for tests of disk databases: saves, flushes and crashes as RocksDB's with its log off. */
package io.cairn.testkit.disk;
