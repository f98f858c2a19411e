package io.cairn.cli.load;

import io.cairn.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The command line of {@code cairn load}, checked: every value is in range, exactly one of
 * {@code --index} and {@code --prefix} decides the key prefix ({@code --prefix} wins when both are
 * given), and the format is known, given or implied by {@code PATH}. Immutable.
 *
 * @param prefix the key prefix, or null when it is to be read from {@code FT.INFO index}
 * @param maxRecordBytes the largest record accepted, in bytes of JSON text (the server's
 *     {@code json-max-bytes} default)
 * @param timeoutMillis how long one network read or write may stall before the load fails
 * @param progress draw the progress bar even when stderr is not a terminal
 */
record LoadOptions(String host, int port, String password, String index, String prefix, Format format,
        String keyField, int batch, int connections, boolean failFast, boolean quiet, boolean progress,
        long maxRecordBytes, int timeoutMillis, String path) {

    static final String USAGE = """
            usage: cairn load [--host 127.0.0.1] [--port 6379] [--password p] (--index idx | --prefix p)
                              [--format jsonl|json-dir|xml-dir|csv] [--key-field f] [--batch 100]
                              [--connections 4] [--fail-fast] [--quiet] [--progress]
                              [--max-record-bytes 64mb] [--timeout 60] PATH

              Stores each record of PATH as one JSON document (JSON.SET <prefix><id> $ <json>) on a
              running server. PATH is a .jsonl/.ndjson file, a .csv file, a directory (json-dir, or
              xml-dir with --format), or - for JSON lines on stdin. The id is the value of
              --key-field, else the line/row number (jsonl, csv) or the file name without extension.
              --index takes the prefix from FT.INFO; --prefix gives it (and wins).
              Exit status: 0 all loaded, 1 some records failed or the load stopped, 2 usage error.
            """;

    static final int DEFAULT_PORT = 6379;
    static final int DEFAULT_BATCH = 100;
    static final int DEFAULT_CONNECTIONS = 4;
    static final int DEFAULT_TIMEOUT_SECONDS = 60;
    static final long DEFAULT_MAX_RECORD_BYTES =
            ServerConfig.parseMemory("json-max-bytes", ServerConfig.Key.JSON_MAX_BYTES.defaultValue);

    /** Parses {@code args} (everything after {@code load}). */
    static LoadOptions parse(String[] args) throws UsageException {
        String host = "127.0.0.1";
        int port = DEFAULT_PORT;
        String password = null;
        String index = null;
        String prefix = null;
        String formatName = null;
        String keyField = null;
        int batch = DEFAULT_BATCH;
        int connections = DEFAULT_CONNECTIONS;
        boolean failFast = false;
        boolean quiet = false;
        boolean progress = false;
        long maxRecordBytes = DEFAULT_MAX_RECORD_BYTES;
        int timeoutSeconds = DEFAULT_TIMEOUT_SECONDS;
        String path = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--fail-fast" -> failFast = true;
                case "--quiet", "-q" -> quiet = true;
                case "--progress" -> progress = true;
                case "--host", "--port", "--password", "--index", "--prefix", "--format", "--key-field", "--batch",
                        "--connections", "--max-record-bytes", "--timeout" -> {
                    if (i + 1 >= args.length) {
                        throw new UsageException(a + " needs a value");
                    }
                    String v = args[++i];
                    switch (a) {
                        case "--host" -> host = v;
                        case "--port" -> port = intValue(a, v, 1, 65535);
                        case "--password" -> password = v;
                        case "--index" -> index = nonEmpty(a, v);
                        case "--prefix" -> prefix = v;
                        case "--format" -> formatName = v;
                        case "--key-field" -> keyField = nonEmpty(a, v);
                        case "--batch" -> batch = intValue(a, v, 1, 100_000);
                        case "--connections" -> connections = intValue(a, v, 1, 256);
                        case "--max-record-bytes" -> maxRecordBytes = bytesValue(a, v);
                        case "--timeout" -> timeoutSeconds = intValue(a, v, 1, 86_400);
                        default -> throw new AssertionError(a);
                    }
                }
                default -> {
                    if (a.startsWith("-") && !a.equals("-")) {
                        throw new UsageException("unknown option: " + a);
                    }
                    if (path != null) {
                        throw new UsageException("unexpected argument: " + a + " (expected: one PATH, already have " + path + ")");
                    }
                    path = a;
                }
            }
        }
        if (path == null) {
            throw new UsageException("PATH is missing (a file, a directory, or - for stdin)");
        }
        if (prefix == null && index == null) {
            throw new UsageException("--index or --prefix is required (it decides the key prefix)");
        }
        Format format = formatName != null ? Format.of(formatName) : Format.implied(path);
        checkPath(format, path);
        return new LoadOptions(host, port, password, index, prefix, format, keyField, batch, connections, failFast,
                quiet, progress, maxRecordBytes, timeoutSeconds * 1000, path);
    }

    private static void checkPath(Format format, String path) throws UsageException {
        if (path.equals("-")) {
            if (format.readsDirectory()) {
                throw new UsageException("--format " + format.cliName + " reads a directory, not stdin");
            }
            return;
        }
        Path p = Path.of(path);
        if (!Files.exists(p)) {
            throw new UsageException(path + ": no such file or directory");
        }
        if (format.readsDirectory() != Files.isDirectory(p)) {
            throw new UsageException(path + ": " + (format.readsDirectory() ? "not a directory" : "is a directory")
                    + " (--format " + format.cliName + " reads " + (format.readsDirectory() ? "a directory" : "a file") + ")");
        }
    }

    private static String nonEmpty(String name, String v) throws UsageException {
        if (v.isEmpty()) {
            throw new UsageException(name + ": \"\" (expected: a non-empty name)");
        }
        return v;
    }

    private static int intValue(String name, String v, int min, int max) throws UsageException {
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new UsageException(name + ": " + v + " (expected: an integer)");
        }
        if (n < min || n > max) {
            throw new UsageException(name + ": " + v + " (expected: " + min + " <= " + name.substring(2) + " <= " + max + ")");
        }
        return (int) n;
    }

    private static long bytesValue(String name, String v) throws UsageException {
        long n;
        try {
            n = ServerConfig.parseMemory(name, v);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (n < 1 || n > Integer.MAX_VALUE - 64) {
            throw new UsageException(name + ": " + v + " (expected: 1 <= " + name.substring(2) + " <= " + (Integer.MAX_VALUE - 64) + ")");
        }
        return n;
    }

    /** Where the records come from, for messages: the path, or {@code stdin}. */
    String sourceName() {
        return path.equals("-") ? "stdin" : path;
    }
}
