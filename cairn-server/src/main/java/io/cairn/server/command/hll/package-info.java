/**
 * HyperLogLog: PFADD PFCOUNT PFMERGE PFDEBUG over string values in Redis's own representation, so
 * an HLL read with GET from Cairn counts the same when SET into a Redis, and the other way round.
 * {@code HllFormat} holds the layout (the 16-byte {@code HYLL} header, sparse and dense encodings;
 * {@code docs/format/hyperloglog.md}); {@code HyperLogLog} is one value being read or changed,
 * with {@code SparseRegisters} and {@code DenseRegisters} for the two encodings,
 * {@code MurmurHash64A} the element hash and {@code HllEstimator} the cardinality estimate. The
 * commands ({@code PfAdd}, {@code PfCount}, {@code PfMerge}, {@code PfDebug}) are typed operations
 * parsed before the store's lock. Depends on the engine's {@code Txn} only.
 */
package io.cairn.server.command.hll;
