package io.cairn.bench.driver;

import java.util.List;
import java.util.Objects;

/**
 * A system's answer to one {@link Command}, reduced to what a benchmark checks and counts.
 *
 * @param status OK, MISSING (the key is not there) or ERROR (the system refused the command)
 * @param count fields read, records scanned, a counter's new value or keys deleted; 0 otherwise
 * @param value the bytes a {@link Command.GetValue} read, else {@code null}
 * @param keys the key names a {@link Command.Scan} found when the protocol returns names only, else
 *     {@code null}
 * @param error the system's error message when ERROR, else {@code null}
 */
public record Reply(Status status, long count, byte[] value, List<String> keys, String error) {

    public enum Status { OK, MISSING, ERROR }

    private static final Reply OK = new Reply(Status.OK, 0, null, null, null);
    private static final Reply MISSING = new Reply(Status.MISSING, 0, null, null, null);

    public Reply {
        Objects.requireNonNull(status, "status");
        if ((status == Status.ERROR) != (error != null)) {
            throw new IllegalArgumentException("error: " + error + " with status " + status
                    + " (expected: a message exactly when ERROR)");
        }
    }

    public static Reply ok() {
        return OK;
    }

    public static Reply ok(long count) {
        return count == 0 ? OK : new Reply(Status.OK, count, null, null, null);
    }

    public static Reply value(byte[] value) {
        return new Reply(Status.OK, value.length, value, null, null);
    }

    public static Reply keys(List<String> keys) {
        return new Reply(Status.OK, keys.size(), null, List.copyOf(keys), null);
    }

    public static Reply missing() {
        return MISSING;
    }

    public static Reply error(String message) {
        return new Reply(Status.ERROR, 0, null, null, Objects.requireNonNull(message, "message"));
    }

    public boolean isError() {
        return status == Status.ERROR;
    }
}
