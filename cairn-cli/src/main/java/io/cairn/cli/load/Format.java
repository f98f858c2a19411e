package io.cairn.cli.load;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The input formats of {@code cairn load}, by their command-line names. */
enum Format {
    /** One JSON object per line; blank lines are skipped. A file or {@code -} for stdin. */
    JSONL("jsonl"),
    /** Every {@code *.json} file under a directory, one object each. */
    JSON_DIR("json-dir"),
    /** Every {@code *.xml} file under a directory, each converted by {@link XmlToJson}. */
    XML_DIR("xml-dir"),
    /** RFC 4180 CSV with a header row. A file or {@code -} for stdin. */
    CSV("csv");

    final String cliName;

    Format(String cliName) {
        this.cliName = cliName;
    }

    static Format of(String name) throws UsageException {
        for (Format f : values()) {
            if (f.cliName.equals(name)) {
                return f;
            }
        }
        throw new UsageException("--format: " + name + " (expected: jsonl, json-dir, xml-dir or csv)");
    }

    /**
     * The format {@code path} implies: a directory is {@code json-dir}, {@code .jsonl} and
     * {@code .ndjson} are {@code jsonl}, {@code .csv} is {@code csv}, stdin ({@code -}) is {@code jsonl}.
     *
     * @throws UsageException when nothing can be implied, so {@code --format} is required
     */
    static Format implied(String path) throws UsageException {
        if (path.equals("-")) {
            return JSONL;
        }
        if (Files.isDirectory(Path.of(path))) {
            return JSON_DIR;
        }
        String lower = path.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) {
            return JSONL;
        }
        if (lower.endsWith(".csv")) {
            return CSV;
        }
        throw new UsageException("cannot tell the format of " + path
                + " (expected: a directory, .jsonl, .ndjson or .csv; or give --format)");
    }

    boolean readsDirectory() {
        return this == JSON_DIR || this == XML_DIR;
    }
}
