package io.cairn.bench.run;

import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.Reply;
import java.util.List;

/**
 * One benchmark operation as a client executes it: one or more stages, each a batch of commands
 * sent together (and pipelined) whose replies decide the next stage. A YCSB read is one stage; a
 * read-modify-write is two (read, then write); a scan that returns key names is two (the scan, then
 * every record read in one batch).
 *
 * <p>Latency is measured by the client from before the first stage is sent to after the last reply
 * is read. Any error reply, or a MISSING reply where the operation needs the key, fails the
 * operation and ends it.
 *
 * <p>Not thread-safe: one client owns an operation.
 */
public final class OpRun {
    private final String type;
    private List<Command> stage;
    private final NextStage next;
    private int stageIndex;
    private final Runnable onSuccess;
    private String error;

    /**
     * @param type the operation type, as reported ({@code read}, {@code update}, ...)
     * @param first the commands of the first stage
     * @param next the commands that follow a stage, or {@code null} for a one-stage operation
     * @param onSuccess run when the operation completes without error (an insert acknowledges its
     *     key), or {@code null}
     */
    public OpRun(String type, List<Command> first, NextStage next,
            Runnable onSuccess) {
        this.type = type;
        this.stage = first;
        this.next = next;
        this.onSuccess = onSuccess;
    }

    /** What follows a stage of an operation. */
    @FunctionalInterface
    public interface NextStage {
        /**
         * @param stage the stage that completed, 0 for the first
         * @param replies its replies, none an error
         * @return the commands of the next stage, or {@code null} (or empty) when the operation is done
         */
        List<Command> after(int stage, Reply[] replies);
    }

    public static OpRun single(String type, Command command) {
        return new OpRun(type, List.of(command), null, null);
    }

    public String type() {
        return type;
    }

    /** The commands to send now; empty once the operation is done. */
    public List<Command> stage() {
        return stage;
    }

    public boolean done() {
        return stage.isEmpty();
    }

    /** Why the operation failed, or {@code null}. */
    public String error() {
        return error;
    }

    /**
     * Takes the replies to {@link #stage()} (one per command, in order) and moves to the next stage.
     *
     * @return true when the operation is now done
     */
    public boolean advance(Reply[] replies) {
        for (int i = 0; i < replies.length; i++) {
            Reply r = replies[i];
            if (r.isError()) {
                return fail(r.error());
            }
            if (r.status() == Reply.Status.MISSING && !(stage.get(i) instanceof Command.Delete)) {
                return fail("missing: " + stage.get(i).getClass().getSimpleName() + " found no key");
            }
        }
        List<Command> following = next == null ? null : next.after(stageIndex++, replies);
        if (following == null || following.isEmpty()) {
            stage = List.of();
            if (onSuccess != null) {
                onSuccess.run();
            }
            return true;
        }
        stage = following;
        return false;
    }

    /** Ends the operation as failed (a wire failure, or an error reply). */
    public boolean fail(String why) {
        error = why;
        stage = List.of();
        return true;
    }
}
