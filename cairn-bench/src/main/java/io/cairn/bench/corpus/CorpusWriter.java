package io.cairn.bench.corpus;

import com.fasterxml.jackson.core.JsonGenerator;
import io.cairn.bench.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Writes articles as JSONL (one JSON object and a newline per article) in index order. With more
 * than one thread, batches of {@value #BATCH} articles are made in parallel and written in order,
 * so the bytes are the same whatever the thread count.
 *
 * <p>Not thread-safe: one {@link #write} at a time per instance.
 */
public final class CorpusWriter {
    static final int BATCH = 256;

    /** Told after each batch is written. */
    @FunctionalInterface
    public interface Progress {
        void written(long articles, long bytes);
    }

    private final ArticleGenerator generator;
    private final int threads;

    /** @throws IllegalArgumentException unless {@code threads >= 1} */
    public CorpusWriter(ArticleGenerator generator, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads: " + threads + " (expected: >= 1)");
        }
        this.generator = generator;
        this.threads = threads;
    }

    /**
     * Writes articles {@code [from, from + count)} to {@code out} (which stays open), telling
     * {@code progress} as it goes.
     *
     * @return the bytes written
     */
    public long write(long from, long count, OutputStream out, Progress progress)
            throws IOException, InterruptedException {
        if (from < 0 || count < 0) {
            throw new IllegalArgumentException("from: " + from + ", count: " + count + " (expected: >= 0)");
        }
        long end = Math.addExact(from, count);
        long bytes = 0;
        if (threads == 1) {
            for (long b = from; b < end; b += BATCH) {
                byte[] chunk = batch(b, Math.min(end, b + BATCH));
                out.write(chunk);
                bytes += chunk.length;
                progress.written(Math.min(end, b + BATCH) - from, bytes);
            }
            return bytes;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "corpus-writer");
            t.setDaemon(true);
            return t;
        });
        try {
            ArrayDeque<Future<byte[]>> inFlight = new ArrayDeque<>();
            long next = from;
            long done = from;
            while (done < end) {
                while (next < end && inFlight.size() < threads * 4) {
                    long b = next;
                    long e = Math.min(end, b + BATCH);
                    inFlight.add(pool.submit(() -> batch(b, e)));
                    next = e;
                }
                byte[] chunk = get(inFlight.poll());
                out.write(chunk);
                bytes += chunk.length;
                done = Math.min(end, done + BATCH);
                progress.written(done - from, bytes);
            }
            return bytes;
        } finally {
            pool.shutdownNow();
        }
    }

    private static byte[] get(Future<byte[]> f) throws InterruptedException, IOException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IOException("generating articles failed: " + e.getCause(), e.getCause());
        }
    }

    /** Articles {@code [from, to)} as JSONL in UTF-8. */
    byte[] batch(long from, long to) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(
                (int) (to - from) * (generator.spec().shape() == Shape.FULL ? 3000 : 300));
        try (JsonGenerator g = Json.compact(out)) {
            for (long i = from; i < to; i++) {
                ArticleJson.write(generator.article(i), generator.spec().shape(), g);
                g.writeRaw('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to memory", e); // a ByteArrayOutputStream does not fail
        }
        return out.toByteArray();
    }
}
