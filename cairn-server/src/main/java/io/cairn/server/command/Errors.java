package io.cairn.server.command;

import io.cairn.common.CairnException;
import io.cairn.common.InvalidRequestException;
import io.cairn.common.StorageIOException;
import io.cairn.common.StoreClosedException;
import io.cairn.resp.RespValue;
import io.cairn.storage.engine.InvalidExpiryException;
import io.cairn.storage.engine.LimitExceededException;
import io.cairn.storage.engine.ScoreNotANumberException;
import java.lang.System.Logger.Level;
import java.util.concurrent.CompletionException;

/**
 * The one place where exceptions become error replies, and where the engine's typed refusals
 * ({@link LimitExceededException}, {@link ScoreNotANumberException}, ...) are worded in Redis's
 * text (or, for limits Redis does not have, in Cairn's own words of the same shape). The HTTP API
 * words the same refusals through {@link #wording}. Stateless.
 */
public final class Errors {
    private static final System.Logger LOG = System.getLogger(Errors.class.getName());

    private Errors() {
    }

    public static RespValue toReply(Throwable t) {
        if (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return switch (t) {
            case InvalidRequestException e -> RespValue.error(wording(e));
            case StorageIOException e -> RespValue.error(
                    "MISCONF Errors writing to the write-ahead log; the write is not acknowledged: " + oneLine(e.getMessage()));
            case StoreClosedException e -> RespValue.error("ERR server is shutting down");
            case io.cairn.common.NotLeaderException e -> RespValue.error(notLeader(e.leaderAddress()));
            case IllegalArgumentException e -> RespValue.error(withPrefix(e.getMessage()));
            case CairnException e -> RespValue.error("ERR " + oneLine(e.getMessage()));
            default -> {
                LOG.log(Level.ERROR, "command failed unexpectedly", t);
                yield RespValue.error("ERR internal error: " + oneLine(String.valueOf(t)));
            }
        };
    }

    /**
     * The error text a client sees for a refused request, starting with its code word ({@code ERR},
     * {@code WRONGTYPE}, ...): the engine's typed refusals worded here, any other message as it is
     * with {@code ERR} put in front when it has no code word of its own.
     */
    public static String wording(InvalidRequestException e) {
        return switch (e) {
            case LimitExceededException l -> switch (l.limit()) {
                case TRANSACTION_BYTES -> "ERR transaction too large for the write-ahead log: about " + l.actual()
                        + " bytes (expected: <= " + l.max() + ")";
                case BATCH_BYTES -> "ERR batch too large for the write-ahead log: more than " + l.max() + " bytes";
                case KEY_LENGTH, VALUE_LENGTH, FIELD_LENGTH, MEMBER_LENGTH ->
                        "ERR " + l.limit().what + ": " + l.actual() + " (expected: <= " + l.max() + ")";
            };
            case ScoreNotANumberException n -> "ERR resulting score is not a number (NaN)";
            case InvalidExpiryException x -> "ERR invalid expire time: " + x.expireAt();
            default -> withPrefix(e.getMessage());
        };
    }

    /**
     * A write on a copy that follows: Redis's words for a write on a read-only replica, and where
     * the leader is, for a client to go there.
     */
    public static String notLeader(String leaderAddress) {
        return "READONLY You can't write against a read only replica."
                + (leaderAddress == null ? " No leader is known yet." : " The leader is " + leaderAddress + ".");
    }

    /** A read on a copy that follows, from a connection that did not send READONLY. */
    public static String readOnLeader(String leaderAddress) {
        return "NOTLEADER Reads are served by the leader" + (leaderAddress == null ? ", and none is known yet"
                : " at " + leaderAddress) + "; send READONLY to read this replica's copy, which may be stale.";
    }

    /** Messages already starting with an upper-case code word (ERR, WRONGTYPE, NOAUTH...) keep it. */
    static String withPrefix(String message) {
        message = oneLine(message);
        int sp = message.indexOf(' ');
        String first = sp < 0 ? message : message.substring(0, sp);
        if (!first.isEmpty() && first.chars().allMatch(c -> c >= 'A' && c <= 'Z')) {
            return message;
        }
        return "ERR " + message;
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replace('\r', ' ').replace('\n', ' ');
    }
}
