package io.cairn.cli.load;

import io.cairn.resp.RespReplyLimits;
import io.cairn.resp.RespValue;
import io.cairn.resp.client.RespClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code cairn load}: with the options {@link LoadCommand} parsed and checked, resolves the key
 * prefix, opens the input, runs the {@link Loader} with a progress bar, and prints the summary.
 *
 * <p>Output: errors and the progress line go to {@code err}, the summary to {@code out}. Exit
 * status: {@value #OK} when every record was stored, {@value #FAILED} when some were not or the
 * load could not run, {@value #USAGE} when the command line is wrong.
 */
public final class LoadMain {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;
    /** Record errors printed as they happen; later ones are only counted. */
    static final int MAX_PRINTED_ERRORS = 100;
    /** Bytes read but not yet acknowledged, at most (or one record, if larger). */
    static final int MIN_BUDGET_BYTES = 64 * 1024 * 1024;
    /**
     * What a reply may hold: a loader reads acknowledgements and FT.INFO, so a bulk over 64 MiB or
     * an array of over a million items means a broken server, not data.
     */
    static final RespReplyLimits REPLY_LIMITS = RespReplyLimits.DEFAULT.withMaxBulkBytes(64 * 1024 * 1024)
            .withMaxAggregateLength(1024 * 1024);

    private LoadMain() {
    }

    /**
     * Runs {@code cairn load args} as the {@code cairn} command line does (the tests' entry).
     *
     * @param stdin what {@code -} reads
     * @param terminal whether {@code err} is a terminal, so the progress bar is drawn without
     *     {@code --progress}
     */
    public static int run(String[] args, InputStream stdin, PrintStream out, PrintStream err, boolean terminal) {
        String[] all = new String[args.length + 1];
        all[0] = "load";
        System.arraycopy(args, 0, all, 1, args.length);
        return io.cairn.cli.Main.run(all, stdin, out, err, terminal);
    }

    /** Runs the load {@code o} describes; answers the exit status. */
    static int load(LoadOptions o, InputStream stdin, PrintStream out, PrintStream err, boolean terminal) {
        Loader.Connector connector = () -> connect(o);
        String prefix = o.prefix();
        if (prefix == null) {
            try (RespClient c = connector.open()) {
                prefix = IndexPrefix.resolve(c, o.index());
            } catch (IOException e) {
                err.println("cairn load: " + e.getMessage());
                return FAILED;
            }
        }
        RecordSource source;
        try {
            source = open(o, stdin);
        } catch (IOException e) {
            err.println("cairn load: cannot read " + o.sourceName() + ": " + e.getMessage());
            return FAILED;
        }
        boolean showProgress = !o.quiet() && (o.progress() || terminal);
        long t0 = System.nanoTime();
        ProgressBar bar = new ProgressBar(err, showProgress, source.totalBytes(), System::nanoTime);
        LoadReport report = new LoadReport(line -> bar.printAbove("cairn load: " + line), MAX_PRINTED_ERRORS);
        int budget = (int) Math.min(Integer.MAX_VALUE, Math.max(MIN_BUDGET_BYTES, 2 * o.maxRecordBytes() + 1024));
        LoadControl control = new LoadControl(o.failFast(), budget, report);
        Loader loader = new Loader(source, new RecordValidator(prefix, o.keyField(), o.maxRecordBytes()), report, control,
                o.batch(), o.timeoutMillis());
        try (source; bar) {
            bar.start(() -> new ProgressBar.Counts(report.loaded(), report.failed(), source.bytesRead()));
            loader.run(connector, o.connections());
        } catch (IOException e) {
            err.println("cairn load: " + e.getMessage());
            return FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("cairn load: interrupted");
            return FAILED;
        }
        long elapsed = System.nanoTime() - t0;
        for (String line : report.summary(source.bytesRead(), elapsed)) {
            out.println(line);
        }
        out.flush();
        if (report.failed() > 0 || report.stopReason() != null) {
            err.println("cairn load: " + (control.broken() ? "the load stopped: " + report.stopReason()
                    : Units.count(report.failed(), "record") + " not loaded"));
            return FAILED;
        }
        return OK;
    }

    /** Connects; connecting and each later read may take at most {@code --timeout}. */
    private static RespClient connect(LoadOptions o) throws IOException {
        RespClient c = RespClient.connect(o.host(), o.port(), new RespClient.Options(o.timeoutMillis(),
                o.timeoutMillis(), REPLY_LIMITS));
        if (o.password() != null) {
            try {
                if (c.call("AUTH", o.password()) instanceof RespValue.ErrorReply e) {
                    throw new IOException("AUTH refused by " + c.peer() + ": " + e.message());
                }
            } catch (IOException e) {
                c.close();
                throw e;
            }
        }
        return c;
    }

    private static RecordSource open(LoadOptions o, InputStream stdin) throws IOException {
        long max = o.maxRecordBytes();
        if (o.format().readsDirectory()) {
            Path root = Path.of(o.path());
            return o.format() == Format.JSON_DIR
                    ? new DirectorySource(root, ".json", json -> json, max)
                    : new DirectorySource(root, ".xml", new XmlToJson(), max);
        }
        InputStream in;
        long total;
        if (o.path().equals("-")) {
            in = stdin;
            total = -1;
        } else {
            Path file = Path.of(o.path());
            total = Files.size(file);
            in = Files.newInputStream(file);
        }
        return o.format() == Format.CSV
                ? new CsvSource(o.sourceName(), in, max, total)
                : new JsonLinesSource(o.sourceName(), in, max, total);
    }
}
