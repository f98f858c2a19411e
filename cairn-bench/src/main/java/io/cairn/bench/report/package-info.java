/**
 * The results model of {@code cairn bench} ({@link io.cairn.bench.report.Report},
 * {@link io.cairn.bench.report.RunResult}) and its writers: {@link io.cairn.bench.report.ReportWriter}
 * writes {@code results.csv}, {@code results.json}, self-contained SVG charts
 * ({@link io.cairn.bench.report.Charts}, {@link io.cairn.bench.report.SvgChart}) and
 * {@code report.html}; {@link io.cairn.bench.report.TerminalTable} formats for the terminal.
 * Plain JDK only: no drivers, peers or engine; it formats what the runner measured.
 */
package io.cairn.bench.report;
