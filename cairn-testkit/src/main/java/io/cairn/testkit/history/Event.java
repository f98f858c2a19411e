package io.cairn.testkit.history;

import java.util.Locale;

/**
 * One line of a {@link History}: an op's invocation or its completion. {@code index} is the
 * event's place in the history, the real-time order the checkers use; {@code time} is the clock's
 * reading when it was recorded, for display. {@code result} is the reply of an {@code OK} event and
 * {@code null} otherwise.
 */
public record Event(int index, long opId, Type type, int process, String key, Op op, Object result, long time) {
    /** Invocation, or one of the three ways an op can end. */
    public enum Type {
        /** The client is about to send the request. */
        INVOKE,
        /** The reply came and says what happened. */
        OK,
        /** The op definitely had no effect (an error reply that proves it). */
        FAIL,
        /** Unknown (timeout, lost connection): it may have taken effect, now or at any later time, or never. */
        INFO
    }

    /** The text form: index, time since {@code origin} in milliseconds, process, type, key, op, result. */
    public String format(long origin) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%6d %10.3fms p%-3d %-6s %s %s", index, (time - origin) / 1e6, process,
                type.name().toLowerCase(Locale.ROOT), key, op));
        if (type == Type.OK && !(op instanceof Op.Write) && !(op instanceof Op.Add)) {
            sb.append(" -> ").append(result);
        }
        sb.append("  (op ").append(opId).append(')');
        return sb.toString();
    }

    @Override
    public String toString() {
        return format(0);
    }
}
