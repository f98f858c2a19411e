package io.cairn.bench.cli;

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

/**
 * {@code cairn bench corpus}: writes Wikipedia-like articles as JSONL, for {@code cairn load
 * --format jsonl --key-field id} and the search benchmarks. Measures nothing and starts no server.
 * The word lists used, with their fingerprints, and a progress line go to stderr, so that
 * {@code --out -} leaves stdout to the articles alone.
 */
final class CorpusCommand {
    private static final long PROGRESS_EVERY_NANOS = 1_000_000_000L;

    private CorpusCommand() {
    }

    static Options options() {
        return new Options()
                .declare("articles", "10000", "articles to write")
                .declare("languages", "all", "language codes, comma-separated, or all: " + Language.codes())
                .declare("shape", "full", "small (id, lang, title, a one-sentence body, categories, year) or full (12 fields)")
                .declare("seed", "1", "fixes the corpus: the same seed and options write the same bytes")
                .declare("out", "-", "the JSONL file to write, or - for stdout")
                .declare("threads", String.valueOf(Runtime.getRuntime().availableProcessors()),
                        "threads generating (the output does not depend on it)")
                .declare("word-root", "/", "directory under which the Debian packages' word lists are read")
                .declare("quiet", "false", "true: no word-list summary and no progress line");
    }

    static int run(Options o, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        long articles = o.number("articles", 0, Long.MAX_VALUE / 2);
        List<Language> languages = languages(o.string("languages"));
        Shape shape = Shape.of(o.string("shape"));
        long seed = seed(o.string("seed"));
        int threads = (int) o.number("threads", 1, 1024);
        boolean quiet = switch (o.string("quiet")) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("--quiet: " + o.string("quiet") + " (expected: true or false)");
        };
        String target = o.string("out");

        long started = System.nanoTime();
        Corpus corpus = Corpus.open(new CorpusSpec(languages, shape, seed), new WordLists(Path.of(o.string("word-root"))));
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

    private static long seed(String value) {
        try {
            return Long.parseLong(value.strip().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--seed: " + value + " (expected: a whole number)");
        }
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
