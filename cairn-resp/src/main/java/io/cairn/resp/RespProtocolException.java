package io.cairn.resp;

import io.cairn.common.CairnException;

/**
 * The client sent bytes that are not a valid request. The message is the exact error reply, in
 * Redis's words ({@code src/networking.c}, {@code processInlineBuffer} and
 * {@code processMultibulkBuffer}), prefix word included; the server sends it as an error reply
 * and then closes the connection, because the stream can no longer be framed.
 */
public class RespProtocolException extends CairnException {

    public static final String INVALID_MULTIBULK_LENGTH = "ERR Protocol error: invalid multibulk length";
    public static final String INVALID_BULK_LENGTH = "ERR Protocol error: invalid bulk length";
    public static final String TOO_BIG_MBULK_COUNT = "ERR Protocol error: too big mbulk count string";
    public static final String TOO_BIG_BULK_COUNT = "ERR Protocol error: too big bulk count string";
    public static final String TOO_BIG_INLINE = "ERR Protocol error: too big inline request";
    public static final String UNBALANCED_QUOTES = "ERR Protocol error: unbalanced quotes in request";
    /**
     * Cairn's own: Redis skips the two bytes after a bulk without looking at them; Cairn requires
     * them to be CRLF, since anything else means the client's framing is broken. The text shows the
     * escape sequences, not the control characters, since an error reply cannot contain CR or LF.
     */
    public static final String EXPECTED_CRLF_AFTER_BULK = "ERR Protocol error: expected '\\r\\n' after bulk data";

    public RespProtocolException(String message) {
        super(message);
    }

    /**
     * {@code ERR Protocol error: expected '$', got 'x'}, where x is the offending byte. As Redis's
     * {@code addReplyErrorFormat} does, a CR or LF is shown as a space so the reply stays one line.
     */
    static RespProtocolException expectedDollar(byte got) {
        char c = (char) (got & 0xFF);
        if (c == '\r' || c == '\n') {
            c = ' ';
        }
        return new RespProtocolException("ERR Protocol error: expected '$', got '" + c + "'");
    }
}
