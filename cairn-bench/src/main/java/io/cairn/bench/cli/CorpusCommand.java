package io.cairn.bench.cli;

import static picocli.CommandLine.Help.Visibility.ALWAYS;

import io.cairn.bench.corpus.Corpus;
import io.cairn.bench.corpus.CorpusSpec;
import io.cairn.bench.corpus.CorpusWriter;
import io.cairn.bench.corpus.Language;
import io.cairn.bench.corpus.Shape;
import io.cairn.bench.corpus.WordList;
import io.cairn.bench.corpus.WordLists;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code cairn bench corpus}: writes Wikipedia-like articles as JSONL, for {@code cairn load
 * --format jsonl --key-field id} and the search benchmarks. Measures nothing and starts no server.
 * The word lists used, with their fingerprints, and a progress line go to stderr, so that
 * {@code --out -} leaves stdout to the articles alone.
 */
final class CorpusCommand implements Callable<Integer> {
    private static final long PROGRESS_EVERY_NANOS = 1_000_000_000L;

    private final PrintStream out;
    private final PrintStream err;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
    private boolean help;

    @Option(names = "--articles", defaultValue = "10000", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "articles to write")
    long articles;

    @Option(names = "--languages", defaultValue = "all", paramLabel = "LIST",
            description = "language codes, comma-separated, or all: en,ar,zh,nl,fr,de,it,ja,ko,fa,pt,ru,es")
    String languages;

    @Option(names = "--shape", defaultValue = "full", paramLabel = "SHAPE",
            description = "small (id, lang, title, a one-sentence body, categories, year) or full (12 fields)")
    String shape;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "fixes the corpus: the same seed and options write the same bytes")
    long seed;

    @Option(names = "--out", defaultValue = "-", paramLabel = "FILE", description = "the JSONL file to write, or - for stdout")
    String target;

    @Option(names = "--threads", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "threads generating (the output does not depend on it); by default one per core")
    long threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--word-root", defaultValue = "/", paramLabel = "DIR",
            description = "directory under which the Debian packages' word lists are read")
    Path wordRoot;

    @Option(names = "--quiet", defaultValue = "false", arity = "1", paramLabel = "BOOL", showDefaultValue = ALWAYS,
            converter = Values.TrueFalse.class, description = "true: no word-list summary and no progress line")
    boolean quiet;

    CorpusCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        return ExitCodes.run(spec, err, this::write);
    }

    private int write() throws IOException, InterruptedException {
        long articles = Values.range("--articles", this.articles, 0, Long.MAX_VALUE / 2);
        List<Language> languages = languages(this.languages);
        Shape shape = Shape.of(this.shape);
        int threads = (int) Values.range("--threads", this.threads, 1, 1024);

        long started = System.nanoTime();
        Corpus corpus = Corpus.open(new CorpusSpec(languages, shape, seed), new WordLists(wordRoot));
        if (!quiet) {
            for (Language l : corpus.spec().languages()) {
                WordList w = corpus.wordList(l);
                err.printf(Locale.ROOT, "corpus: %s %,9d words, fingerprint %s, from %s%n", l.code(), w.size(),
                        w.fingerprint(), w.source());
            }
        }
        CorpusWriter writer = new CorpusWriter(corpus.articles(), threads);
        ProgressLine progress = new ProgressLine(err, articles, quiet);
        long bytes;
        if (target.equals("-")) {
            OutputStream stream = new BufferedOutputStream(out, 1 << 16);
            bytes = writer.write(0, articles, stream, progress);
            stream.flush();
        } else {
            Path file = Path.of(target);
            if (file.toAbsolutePath().getParent() != null) {
                Files.createDirectories(file.toAbsolutePath().getParent());
            }
            try (OutputStream stream = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
                bytes = writer.write(0, articles, stream, progress);
            }
        }
        progress.end();
        if (!quiet) {
            double seconds = (System.nanoTime() - started) / 1e9;
            err.printf(Locale.ROOT, "corpus: wrote %,d articles (%,.1f MB) to %s in %.1f s%n", articles,
                    bytes / 1e6, target.equals("-") ? "stdout" : target, seconds);
        }
        return 0;
    }

    static List<Language> languages(String value) {
        if (value.strip().equalsIgnoreCase("all")) {
            return List.of(Language.values());
        }
        List<Language> out = new ArrayList<>();
        for (String code : value.split(",")) {
            if (!code.isBlank()) {
                Language l = Language.ofCode(code);
                if (!out.contains(l)) {
                    out.add(l);
                }
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--languages: empty (expected: codes from " + Language.codes() + ", or all)");
        }
        return out;
    }

    /** At most once a second: a line redrawn in place on a terminal, one line per 10 s otherwise. */
    private static final class ProgressLine implements CorpusWriter.Progress {
        private final PrintStream err;
        private final long total;
        private final boolean quiet;
        private final long started = System.nanoTime();
        private long lastShown = started;
        private long lastLogged = started;
        private boolean shown;

        ProgressLine(PrintStream err, long total, boolean quiet) {
            this.err = err;
            this.total = total;
            this.quiet = quiet;
        }

        @Override
        public void written(long articles, long bytes) {
            long now = System.nanoTime();
            if (quiet || now - lastShown < PROGRESS_EVERY_NANOS) {
                return;
            }
            lastShown = now;
            double seconds = (now - started) / 1e9;
            String line = String.format(Locale.ROOT, "corpus: %,d / %,d articles (%.0f%%), %,.0f MB, %,.0f articles/s",
                    articles, total, 100.0 * articles / total, bytes / 1e6, articles / seconds);
            if (System.console() != null && System.console().isTerminal()) {
                err.print("\r" + line + "\033[K");
                shown = true;
            } else if (now - lastLogged >= 10 * PROGRESS_EVERY_NANOS) {
                lastLogged = now;
                err.println(line);
            }
        }

        void end() {
            if (shown) {
                err.print("\r\033[K");
            }
        }
    }
}
