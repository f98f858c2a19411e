package io.cairn.cli.load;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The command line of {@code cairn load} ({@link LoadCommand}), checked: every value is in range,
 * exactly one of {@code --index} and {@code --prefix} decides the key prefix ({@code --prefix} wins
 * when both are given), and the format is known, given or implied by {@code PATH}. Immutable.
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

    /** Checks the values of a parsed {@code cairn load} command line together. */
    static LoadOptions check(LoadCommand c) throws UsageException {
        if (c.index != null) {
            nonEmpty("--index", c.index);
        }
        if (c.keyField != null) {
            nonEmpty("--key-field", c.keyField);
        }
        int port = inRange("--port", c.port, 1, 65535);
        int batch = inRange("--batch", c.batch, 1, 100_000);
        int connections = inRange("--connections", c.connections, 1, 256);
        int timeoutSeconds = inRange("--timeout", c.timeoutSeconds, 1, 86_400);
        long maxRecordBytes = inRange("--max-record-bytes", c.maxRecordBytes, 1, Integer.MAX_VALUE - 64);
        if (c.paths.size() > 1) {
            throw new UsageException("unexpected argument: " + c.paths.get(1) + " (expected: one PATH, already have "
                    + c.paths.getFirst() + ")");
        }
        if (c.paths.isEmpty()) {
            throw new UsageException("PATH is missing (a file, a directory, or - for stdin)");
        }
        String path = c.paths.getFirst();
        if (c.prefix == null && c.index == null) {
            throw new UsageException("--index or --prefix is required (it decides the key prefix)");
        }
        Format format = c.format != null ? Format.of(c.format) : Format.implied(path);
        checkPath(format, path);
        return new LoadOptions(c.host, port, c.password, c.index, c.prefix, format, c.keyField, batch, connections,
                c.failFast, c.quiet, c.progress, maxRecordBytes, timeoutSeconds * 1000, path);
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

    private static void nonEmpty(String name, String v) throws UsageException {
        if (v.isEmpty()) {
            throw new UsageException(name + ": \"\" (expected: a non-empty name)");
        }
    }

    private static int inRange(String name, long v, long min, long max) throws UsageException {
        if (v < min || v > max) {
            throw new UsageException(name + ": " + v + " (expected: " + min + " <= " + name.substring(2) + " <= " + max + ")");
        }
        return (int) v;
    }

    /** Where the records come from, for messages: the path, or {@code stdin}. */
    String sourceName() {
        return path.equals("-") ? "stdin" : path;
    }
}
