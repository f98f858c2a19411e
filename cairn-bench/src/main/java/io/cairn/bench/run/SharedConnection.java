package io.cairn.bench.run;

import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.Connection;
import io.cairn.bench.driver.Reply;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * One connection shared by many synchronous clients ({@link ClientModel#MULTIPLEXED}). A client
 * calls {@link #exchange} and blocks; a writer thread takes every exchange queued since its last
 * pass, sends them all and flushes once, so requests from different clients share writes; a reader
 * thread reads replies in order and completes each exchange when its last reply arrives.
 *
 * <p>Ordering: the writer buffers an exchange's commands, then puts it on the in-flight queue, then
 * flushes; it is the only sender, so the in-flight queue is in the order of the replies, and the
 * reader never asks the connection for a reply to a command it has not been given.
 *
 * <p>Thread-safe. After the connection fails every waiting and later exchange fails with the same
 * IOException.
 */
final class SharedConnection implements AutoCloseable {
    private final Connection connection;
    private final LinkedBlockingQueue<Exchange> submitted = new LinkedBlockingQueue<>();
    private final LinkedBlockingQueue<Exchange> inFlight = new LinkedBlockingQueue<>();
    private final Thread writer;
    private final Thread reader;
    private volatile IOException failure;

    private static final class Exchange {
        final List<Command> commands;
        final CompletableFuture<Reply[]> done = new CompletableFuture<>();

        Exchange(List<Command> commands) {
            this.commands = commands;
        }
    }

    /** A marker that wakes the threads on close. */
    private static final Exchange POISON = new Exchange(List.of());

    SharedConnection(Connection connection, String name) {
        this.connection = connection;
        this.writer = Thread.ofPlatform().daemon().name(name + "-writer").start(this::writeLoop);
        this.reader = Thread.ofPlatform().daemon().name(name + "-reader").start(this::readLoop);
    }

    /** Sends {@code commands} (in one flush with other clients' commands) and waits for their replies. */
    Reply[] exchange(List<Command> commands) throws IOException {
        IOException f = failure;
        if (f != null) {
            throw f;
        }
        Exchange e = new Exchange(commands);
        submitted.add(e);
        if (failure != null) {
            fail(failure); // failed between the check and the add: nobody else will complete e
        }
        try {
            return e.done.get();
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", ex);
        } catch (ExecutionException ex) {
            if (ex.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException(ex.getCause());
        }
    }

    private void writeLoop() {
        List<Exchange> batch = new ArrayList<>();
        try {
            while (true) {
                batch.add(submitted.take());
                submitted.drainTo(batch);
                for (Exchange e : batch) {
                    if (e == POISON) {
                        return;
                    }
                    IOException f = failure;
                    if (f != null) {
                        throw f; // the reader failed: complete this batch rather than send into a dead connection
                    }
                    for (Command c : e.commands) {
                        connection.send(c);
                    }
                    inFlight.add(e); // after send: the reader's receive() needs the commands queued
                    if (failure != null) {
                        fail(failure); // the reader failed after draining inFlight: nobody else completes e
                    }
                }
                connection.flush();
                batch.clear();
            }
        } catch (IOException e) {
            fail(e);
            batch.forEach(x -> x.done.completeExceptionally(e));
        } catch (RuntimeException e) {
            IOException io = new IOException("writer failed: " + e, e);
            fail(io);
            batch.forEach(x -> x.done.completeExceptionally(io));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void readLoop() {
        Exchange current = null;
        try {
            while (true) {
                current = inFlight.take();
                if (current == POISON) {
                    return;
                }
                Reply[] replies = new Reply[current.commands.size()];
                for (int i = 0; i < replies.length; i++) {
                    replies[i] = connection.receive();
                }
                current.done.complete(replies);
                current = null;
            }
        } catch (IOException e) {
            failWith(current, e);
        } catch (RuntimeException e) {
            failWith(current, new IOException("reader failed: " + e, e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Fails everything queued and {@code reading}, the exchange the reader had taken off the queue. */
    private void failWith(Exchange reading, IOException e) {
        fail(e);
        if (reading != null && reading != POISON) {
            reading.done.completeExceptionally(e);
        }
    }

    private void fail(IOException e) {
        if (failure == null) {
            failure = e;
        }
        connection.close();
        List<Exchange> left = new ArrayList<>();
        inFlight.drainTo(left);
        submitted.drainTo(left);
        left.forEach(x -> x.done.completeExceptionally(e));
    }

    @Override
    public void close() {
        submitted.add(POISON);
        inFlight.add(POISON);
        connection.close();
        try {
            writer.join(5000);
            reader.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
