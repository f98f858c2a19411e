package io.cairn.cli.load;

import io.cairn.resp.client.RespClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Runs one load: the calling thread reads and checks records and hands each document to a worker,
 * chosen by its key's hash so that records with the same key are stored in input order (the last
 * one wins, as it would loading one at a time); each worker has its own bounded queue and
 * connection. Memory stays bounded by the queues' lengths and {@link LoadControl}'s byte budget.
 */
final class Loader {

    /** Opens a connection ready for commands (authenticated when needed). */
    interface Connector {
        RespClient open() throws IOException;
    }

    private final RecordSource source;
    private final RecordValidator validator;
    private final LoadReport report;
    private final LoadControl control;
    private final int batch;
    private final int timeoutMillis;

    Loader(RecordSource source, RecordValidator validator, LoadReport report, LoadControl control, int batch, int timeoutMillis) {
        this.source = source;
        this.validator = validator;
        this.report = report;
        this.control = control;
        this.batch = batch;
        this.timeoutMillis = timeoutMillis;
    }

    /**
     * Loads everything over {@code connections} connections from {@code connector}. Returns when
     * every document was answered or the load stopped; failures are in the report.
     *
     * @throws IOException when the connections cannot be opened (nothing was sent)
     */
    void run(Connector connector, int connections) throws IOException, InterruptedException {
        List<RespClient> opened = new ArrayList<>(connections);
        try {
            for (int i = 0; i < connections; i++) {
                opened.add(connector.open());
            }
            List<BlockingQueue<RecordValidator.Document>> queues = new ArrayList<>(connections);
            List<Thread> workers = new ArrayList<>(connections);
            for (int i = 0; i < connections; i++) {
                BlockingQueue<RecordValidator.Document> q = new ArrayBlockingQueue<>(2 * batch);
                queues.add(q);
                workers.add(Thread.ofPlatform().name("cairn-load-" + i)
                        .start(new LoadWorker(q, opened.get(i), batch, report, control)));
            }
            StallWatchdog watchdog = new StallWatchdog(opened, TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
            try {
                read(queues);
                for (BlockingQueue<RecordValidator.Document> q : queues) {
                    put(q, LoadWorker.END);
                }
                for (Thread w : workers) {
                    w.join();
                }
            } finally {
                watchdog.close();
            }
        } finally {
            for (RespClient c : opened) {
                c.close();
            }
        }
    }

    private void read(List<BlockingQueue<RecordValidator.Document>> queues) throws InterruptedException {
        while (!control.stopped()) {
            SourceRecord r;
            try {
                r = source.next();
            } catch (IOException e) {
                control.fail("reading the input failed: " + e.getMessage());
                return;
            }
            if (r == null) {
                return;
            }
            switch (validator.check(r)) {
                case RecordValidator.Failure f -> {
                    report.failed(new LoadReport.RecordError(f.where(), f.key(), f.message()));
                    control.recordFailed();
                }
                case RecordValidator.Document d -> {
                    if (!control.acquire(d)) {
                        return;
                    }
                    put(queues.get(Math.floorMod(d.key().hashCode(), queues.size())), d);
                }
            }
        }
    }

    /** Queues {@code d}, waiting for room unless the load stops (a worker that failed no longer takes). */
    private void put(BlockingQueue<RecordValidator.Document> q, RecordValidator.Document d) throws InterruptedException {
        while (!q.offer(d, 100, TimeUnit.MILLISECONDS)) {
            if (control.stopped()) {
                return;
            }
        }
    }
}
