package io.cairn.cli;

import io.cairn.bench.cli.BenchCommand;
import io.cairn.cli.load.LoadCommand;
import io.cairn.server.ServerContext;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/**
 * Entry point of the runnable jar: the {@code cairn} command line, in picocli. Its commands are
 * {@code server} ({@link ServerCommand}), {@code load} ({@link LoadCommand}), {@code bench}
 * ({@link BenchCommand}, the benchmark suite of cairn-bench) and {@code version}; every option is
 * declared once, with its help and default, and a wrong command line is reported by
 * {@link UsageErrors}. ({@code ./cairn test} is the launcher's: it runs Maven, not this jar.)
 */
@Command(name = "cairn", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        synopsisHeading = "usage: ", commandListHeading = "%ncommands:%n",
        description = {"A Redis-compatible server: keys, hashes, sorted sets, JSON documents and search,"
                + " with the durability you choose."},
        footer = {"", "'cairn <command> --help' lists a command's options with their defaults.",
            "'./cairn test' runs the test suite (mvn -B verify; the launcher's, not this jar's)."})
public final class Main implements Callable<Integer> {
    @Spec
    private CommandLine.Model.CommandSpec spec;

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.in, System.out, System.err,
                System.console() != null && System.console().isTerminal()));
    }

    /** Runs {@code cairn args}; answers the exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, System.in, out, err, false);
    }

    /**
     * Runs {@code cairn args}.
     *
     * @param stdin what {@code cairn load -} reads
     * @param terminal whether {@code err} is a terminal (so {@code cairn load} draws its progress bar)
     */
    public static int run(String[] args, InputStream stdin, PrintStream out, PrintStream err, boolean terminal) {
        CommandLine cl = commandLine(stdin, out, err, terminal);
        int status = cl.execute(args);
        cl.getOut().flush();
        cl.getErr().flush();
        return status;
    }

    /** The whole command tree, writing to {@code out} and {@code err}. */
    static CommandLine commandLine(InputStream stdin, PrintStream out, PrintStream err, boolean terminal) {
        CommandLine cl = new CommandLine(new Main());
        cl.addSubcommand("server", ServerCommand.commandLine(out, err));
        cl.addSubcommand("load", new CommandLine(new LoadCommand(stdin, out, err, terminal)));
        cl.addSubcommand("cluster", new CommandLine(new ClusterCommand())
                .addSubcommand("local", new CommandLine(new ClusterCommand.Local(out, err))));
        cl.addSubcommand("bench", BenchCommand.commandLine(out, err));
        cl.addSubcommand("version", new CommandLine(new VersionCommand(out)));
        cl.addSubcommand("help", new CommandLine.HelpCommand());
        // Settings for the whole tree, so after the subcommands are added:
        cl.setOut(writer(out));
        cl.setErr(writer(err));
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        cl.setUsageHelpAutoWidth(true); // as wide as the terminal; 80 columns when not one
        cl.setOverwrittenOptionsAllowed(true); // the last of a repeated option wins
        cl.setExpandAtFiles(false); // PATH "@x" is a file name, not an argument file
        cl.setParameterExceptionHandler(new UsageErrors());
        return cl;
    }

    /** {@code cairn} alone: the usage, and exit status 2. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return spec.exitCodeOnInvalidInput();
    }

    private static PrintWriter writer(PrintStream stream) {
        return new PrintWriter(stream, true, stream.charset());
    }

    /** {@code cairn version}, as {@code cairn --version}. */
    @Command(name = "version", description = "prints the version")
    static final class VersionCommand implements Callable<Integer> {
        private final PrintStream out;

        VersionCommand(PrintStream out) {
            this.out = out;
        }

        @Override
        public Integer call() {
            out.println(Version.line());
            return 0;
        }
    }

    /** The version line: {@code cairn <version>}. */
    static final class Version implements CommandLine.IVersionProvider {
        static String line() {
            return "cairn " + ServerContext.VERSION;
        }

        @Override
        public String[] getVersion() {
            return new String[] {line()};
        }
    }
}
