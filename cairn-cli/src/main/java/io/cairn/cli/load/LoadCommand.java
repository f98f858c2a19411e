package io.cairn.cli.load;

import io.cairn.server.ServerConfig;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cairn load}'s command line: each option with its default and help. The values are checked
 * together by {@link LoadOptions}; then {@link LoadMain} runs the load.
 *
 * <p>One instance parses and runs one command line.
 */
@Command(name = "load", sortOptions = false, showDefaultValues = true, synopsisHeading = "usage: ",
        customSynopsis = "cairn load (--index IDX | --prefix P) [OPTIONS] PATH",
        defaultValueProvider = LoadCommand.ServerDefaults.class,
        description = {"bulk-loads JSON documents (JSON lines, CSV, JSON or XML files) into a running server", "",
            "Stores each record of PATH as one JSON document (JSON.SET <prefix><id> $ <json>) on a"
                + " running server. PATH is a .jsonl/.ndjson file, a .csv file, a directory (json-dir, or"
                + " xml-dir with --format), or - for JSON lines on stdin. The id is the value of --key-field,"
                + " else the line/row number (jsonl, csv) or the file name without extension. --index takes"
                + " the prefix from FT.INFO; --prefix gives it (and wins).", ""},
        footer = {"", "Exit status: 0 all loaded, 1 some records failed or the load stopped, 2 usage error."})
public final class LoadCommand implements Callable<Integer> {
    private final InputStream stdin;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
    private boolean help;

    @Option(names = "--host", defaultValue = "127.0.0.1", paramLabel = "HOST", description = "the server's address")
    String host;

    @Option(names = "--port", defaultValue = "6379", paramLabel = "N", converter = WholeNumber.class,
            description = "the server's port")
    long port;

    @Option(names = "--password", paramLabel = "P", description = "sent with AUTH before loading")
    String password;

    @Option(names = "--index", paramLabel = "IDX", description = "take the key prefix from FT.INFO IDX (its first prefix)")
    String index;

    @Option(names = "--prefix", paramLabel = "P", description = "prepended to each id to make the key; wins over --index")
    String prefix;

    @Option(names = "--format", paramLabel = "F",
            description = "jsonl, json-dir, xml-dir or csv; by default implied by PATH (a directory is json-dir)")
    String format;

    @Option(names = "--key-field", paramLabel = "F", description = "the id is this top-level field of each record")
    String keyField;

    @Option(names = "--batch", defaultValue = "100", paramLabel = "N", converter = WholeNumber.class,
            description = "JSON.SETs pipelined per round trip on a connection")
    long batch;

    @Option(names = "--connections", defaultValue = "4", paramLabel = "N", converter = WholeNumber.class,
            description = "parallel connections; a key always goes to the same one")
    long connections;

    @Option(names = "--fail-fast", description = "stop at the first failed record")
    boolean failFast;

    @Option(names = {"--quiet", "-q"}, description = "no progress line")
    boolean quiet;

    @Option(names = "--progress", description = "a progress line even when stderr is not a terminal")
    boolean progress;

    @Option(names = "--max-record-bytes", paramLabel = "BYTES", converter = ByteCount.class,
            description = "larger records are refused without being buffered (the server's json-max-bytes default)")
    long maxRecordBytes;

    @Option(names = "--timeout", defaultValue = "60", paramLabel = "SECONDS", converter = WholeNumber.class,
            description = "a server that neither answers nor reads for this long fails the load")
    long timeoutSeconds;

    @Parameters(paramLabel = "PATH", arity = "0..*", showDefaultValue = CommandLine.Help.Visibility.NEVER,
            description = "a file, a directory, or - for stdin")
    List<String> paths = List.of();

    /**
     * @param stdin what {@code -} reads
     * @param terminal whether {@code err} is a terminal, so the progress bar is drawn without
     *     {@code --progress}
     */
    public LoadCommand(InputStream stdin, PrintStream out, PrintStream err, boolean terminal) {
        this.stdin = stdin;
        this.out = out;
        this.err = err;
        this.terminal = terminal;
    }

    /**
     * The parsed options, checked.
     *
     * @throws CommandLine.ParameterException when they ask for something impossible
     */
    LoadOptions options() {
        try {
            return LoadOptions.check(this);
        } catch (UsageException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    @Override
    public Integer call() {
        return LoadMain.load(options(), stdin, out, err, terminal);
    }

    /** A whole number, as {@code 100}; the range is {@link LoadOptions}'s to check. */
    static final class WholeNumber implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException("an integer");
            }
        }
    }

    /** A size in the server's syntax: {@code 1048576}, {@code 64kb}, {@code 512mb}, {@code 1gb}. */
    static final class ByteCount implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return ServerConfig.parseMemory("bytes", value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("bytes, e.g. 1048576, 64kb, 512mb, 1gb");
            }
        }
    }

    /** {@code --max-record-bytes} defaults to the server's {@code json-max-bytes}, defined in its table. */
    static final class ServerDefaults implements CommandLine.IDefaultValueProvider {
        @Override
        public String defaultValue(ArgSpec argSpec) {
            return argSpec instanceof OptionSpec o && o.longestName().equals("--max-record-bytes")
                    ? ServerConfig.Key.JSON_MAX_BYTES.defaultValue : null;
        }
    }
}
