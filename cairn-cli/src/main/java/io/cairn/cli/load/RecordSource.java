package io.cairn.cli.load;

import java.io.Closeable;
import java.io.IOException;

/**
 * Streams the records of one input, in input order, holding at most one record in memory (plus a
 * read buffer). {@link #next} is called by one thread; {@link #bytesRead} may be read by another
 * (the progress bar) at any time.
 */
interface RecordSource extends Closeable {

    /**
     * The next record, or null at the end of the input. A record that cannot be read is returned
     * with its problem; an {@link IOException} means the input as a whole failed.
     */
    SourceRecord next() throws IOException;

    /** Bytes of input consumed so far. */
    long bytesRead();

    /** Bytes the whole input holds, or -1 when that is not known (stdin). */
    long totalBytes();
}
