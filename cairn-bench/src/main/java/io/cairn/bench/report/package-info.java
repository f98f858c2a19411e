/**
 * The results model of {@code cairn bench} ({@link io.cairn.bench.report.Report},
 * {@link io.cairn.bench.report.RunResult}) and its writers: {@link io.cairn.bench.report.ReportWriter}
 * writes {@code results.csv}, {@code results.json} (Jackson, through {@code io.cairn.bench.json}), the
 * SVG charts ({@link io.cairn.bench.report.Charts} plans them, {@link io.cairn.bench.report.ChartContents}
 * fills them, {@link io.cairn.bench.report.ChartRenderer} draws them with XChart) and
 * {@code report.html}; {@link io.cairn.bench.report.TerminalTable} formats for the terminal. No
 * drivers, peers or engine: it formats what the runner measured.
 */
package io.cairn.bench.report;
