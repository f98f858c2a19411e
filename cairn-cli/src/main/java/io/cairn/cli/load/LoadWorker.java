package io.cairn.cli.load;

import io.cairn.resp.RespValue;
import io.cairn.resp.client.RespClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Sends the documents of one queue over one connection: it takes whatever is queued, up to
 * {@code batch} documents or {@value #MAX_BATCH_BYTES} bytes, writes them as pipelined
 * {@code JSON.SET key $ json} commands, then reads exactly as many replies, in order, and reports
 * each. It does not wait for a batch to fill: a slow reader gets small batches, a fast one full ones.
 *
 * <p>Runs on its own thread and owns its connection. It ends at the {@link #END} marker, when
 * {@link LoadControl#stopped} turns true (after the batch in flight), or when the connection fails,
 * which stops the whole load: the batch in flight may then be partly stored.
 */
final class LoadWorker implements Runnable {
    /** Put on a worker's queue after its last document. */
    static final RecordValidator.Document END = new RecordValidator.Document("", "", new byte[0]);
    /** A batch is cut at this size even below {@code batch} documents, so replies come back in time. */
    static final long MAX_BATCH_BYTES = 16L * 1024 * 1024;
    private static final byte[] JSON_SET = "JSON.SET".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ROOT = {'$'};

    private final BlockingQueue<RecordValidator.Document> queue;
    private final RespClient connection;
    private final int batch;
    private final LoadReport report;
    private final LoadControl control;
    /** Replies read for the batch in flight. */
    private int answered;

    LoadWorker(BlockingQueue<RecordValidator.Document> queue, RespClient connection, int batch, LoadReport report,
            LoadControl control) {
        this.queue = queue;
        this.connection = connection;
        this.batch = batch;
        this.report = report;
        this.control = control;
    }

    @Override
    public void run() {
        List<RecordValidator.Document> docs = new ArrayList<>(batch);
        try {
            boolean ended = false;
            while (!ended && !control.stopped()) {
                RecordValidator.Document first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                if (first == END) {
                    break;
                }
                docs.add(first);
                long bytes = first.json().length;
                while (docs.size() < batch && bytes < MAX_BATCH_BYTES) {
                    RecordValidator.Document d = queue.poll();
                    if (d == null) {
                        break;
                    }
                    if (d == END) {
                        ended = true;
                        break;
                    }
                    docs.add(d);
                    bytes += d.json().length;
                }
                send(docs);
                docs.clear();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            int unanswered = docs.size() - answered;
            control.fail(e.getMessage() + (unanswered == 0 ? "" : "; " + Units.count(unanswered, "document") + " sent without a reply may or may not be stored"));
        }
    }

    private void send(List<RecordValidator.Document> docs) throws IOException {
        answered = 0;
        for (RecordValidator.Document d : docs) {
            connection.send(JSON_SET, d.key().getBytes(StandardCharsets.UTF_8), ROOT, d.json());
        }
        connection.flush();
        for (RecordValidator.Document d : docs) {
            RespValue r = connection.read();
            answered++;
            control.release(d);
            if (r instanceof RespValue.SimpleString s && s.value().equals("OK")) {
                report.loaded(1);
            } else {
                String message = r instanceof RespValue.ErrorReply e ? e.message() : "unexpected reply " + r;
                report.failed(new LoadReport.RecordError(d.where(), d.key(), message));
                control.recordFailed();
            }
        }
    }
}
