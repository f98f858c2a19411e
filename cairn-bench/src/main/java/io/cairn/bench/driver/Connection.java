package io.cairn.bench.driver;

import java.io.IOException;

/**
 * One connection to a system, speaking its protocol. Commands are buffered by {@link #send},
 * written by {@link #flush}, and their replies read back by {@link #receive} in the order the
 * commands were sent, whatever order the server answered in. A synchronous client sends, flushes
 * and receives one command at a time; a pipelining client sends many before one flush.
 *
 * <p>Not thread-safe, except that one thread may {@code send}/{@code flush} while one other thread
 * {@code receive}s (the multiplexed client model does this); {@link #close} may be called from any
 * thread and makes blocked calls fail.
 */
public interface Connection extends AutoCloseable {

    /**
     * Buffers {@code command}'s request.
     *
     * @throws UnsupportedOperationException when the protocol cannot carry it (see
     *     {@link Protocol#capabilities()})
     */
    void send(Command command) throws IOException;

    /** Writes every buffered request to the server. */
    void flush() throws IOException;

    /**
     * Blocks until the reply to the oldest command not yet received has arrived, and returns it.
     * A reply the server sent as an error is a {@link Reply.Status#ERROR}, not an exception.
     *
     * @throws IOException when the connection failed or the reply broke the protocol; the
     *     connection is then unusable
     * @throws IllegalStateException when no command is outstanding
     */
    Reply receive() throws IOException;

    @Override
    void close();
}
