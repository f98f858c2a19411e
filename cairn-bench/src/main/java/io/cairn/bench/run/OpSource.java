package io.cairn.bench.run;

/**
 * A client's supply of operations. One instance per client, called only by that client's thread.
 */
@FunctionalInterface
public interface OpSource {
    /** The next operation to run. */
    OpRun next();
}
