/**
 * {@code cairn bench}'s command line, in picocli: {@link io.cairn.bench.cli.BenchCommand} (the
 * table of scenarios and their defaults), {@link io.cairn.bench.cli.BenchOptions} (the options
 * every measured scenario has), {@link io.cairn.bench.cli.MeasuredScenario} and one class per
 * scenario with its own options, and the tools {@code corpus} and {@code peers}.
 * {@link io.cairn.bench.cli.BenchRun} starts the peers and writes the report. No server module:
 * Cairn is measured over the wire, started from the jar this runs from.
 */
package io.cairn.bench.cli;
