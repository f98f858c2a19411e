package io.cairn.server.command;

import io.cairn.common.CairnException;
import io.cairn.common.InvalidRequestException;
import io.cairn.common.StorageIOException;
import io.cairn.common.StoreClosedException;
import io.cairn.resp.RespValue;
import java.lang.System.Logger.Level;
import java.util.concurrent.CompletionException;

/** The one place where exceptions become error replies. */
public final class Errors {
    private static final System.Logger LOG = System.getLogger(Errors.class.getName());

    private Errors() {
    }

    public static RespValue toReply(Throwable t) {
        if (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof InvalidRequestException e) {
            return RespValue.error(withPrefix(e.getMessage()));
        }
        if (t instanceof StorageIOException e) {
            return RespValue.error("MISCONF Errors writing to the write-ahead log; the write is not acknowledged: "
                    + oneLine(e.getMessage()));
        }
        if (t instanceof StoreClosedException) {
            return RespValue.error("ERR server is shutting down");
        }
        if (t instanceof IllegalArgumentException e) {
            return RespValue.error(withPrefix(e.getMessage()));
        }
        if (t instanceof CairnException e) {
            return RespValue.error("ERR " + oneLine(e.getMessage()));
        }
        LOG.log(Level.ERROR, "command failed unexpectedly", t);
        return RespValue.error("ERR internal error: " + oneLine(String.valueOf(t)));
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
