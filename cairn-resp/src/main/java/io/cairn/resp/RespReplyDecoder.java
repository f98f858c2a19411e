package io.cairn.resp;

import io.cairn.common.Checks;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;

/**
 * Turns the bytes a server sends into a stream of {@link Token}s, one per call: the client half of
 * the codec, as {@link RespDecoder} is the server half. Every RESP2 and RESP3 type is read:
 *
 * <pre>
 *   +OK  -ERR x  :42  $3\r\nfoo  $-1  *2 ...  *-1               RESP2
 *   _  #t  ,1.5  (12345  !3\r\nERR  =7\r\ntxt:abc                RESP3 scalars
 *   %1 k v  ~2 a b  &gt;2 a b  |1 k v                             RESP3 map, set, push, attribute
 * </pre>
 *
 * An aggregate is a header token ({@link Token#ARRAY}, {@link Token#MAP}, ...) whose
 * {@link #length()} is its element count (pairs, for a map or an attribute), then its elements,
 * then an {@link Token#END} that this decoder adds, so that a reader needs no count of its own. An
 * attribute annotates the value after it and is not counted as an element of the aggregate it is
 * in. {@link #replyEnded()} says when a token finished a whole top-level reply. Tokens carry no
 * objects: a token's text or bytes are read through {@link #contentIndex()} and
 * {@link #contentLength()} (or copied by {@link #text()} and {@link #bytes()}), so a caller that
 * only counts or skips allocates nothing. {@link RespReplyAggregator} builds {@link RespValue}s.
 *
 * <p><b>Buffering contract.</b> {@link #next} reads from the buffer's reader index and advances it
 * past what it parsed: a whole line with its CRLF, or a whole bulk with its CRLF, never part of
 * one. The caller presents the unconsumed bytes again, followed by whatever arrives next, as with
 * {@link RespDecoder}; progress through aggregates lives in this object, so a reply split at any
 * byte resumes correctly. A token's content lies before the reader index, so it stays readable
 * until the caller discards read bytes or calls {@link #next} again.
 *
 * <p><b>Limits before allocation.</b> Lengths, counts and nesting are checked against
 * {@link RespReplyLimits} as soon as their header is read, and the decoder itself allocates
 * nothing per token (its stack of open aggregates is allocated once). The caller is what buffers
 * an incomplete bulk, up to {@code maxBulkBytes} plus its header.
 *
 * <p><b>Errors.</b> Bytes that are not RESP, or that break a limit, throw
 * {@link RespProtocolException} worded as {@code "bulk length: 600000000 (expected: <= 536870912)"}.
 * The decoder resets itself first, but the rest of the stream cannot be framed any more: close the
 * connection.
 *
 * <p>One decoder per connection. Not thread-safe: the thread that reads replies owns it.
 */
public final class RespReplyDecoder {

    /** What {@link #next} read. */
    public enum Token {
        /** {@code +OK}: the text is the content. */
        SIMPLE_STRING,
        /** {@code -ERR no}: the message, prefix word included, is the content. */
        SIMPLE_ERROR,
        /** {@code :42}: {@link #integer()}; the digits are the content. */
        INTEGER,
        /** {@code $3\r\nfoo}: the bytes are the content. */
        BULK_STRING,
        /** {@code $-1}, RESP2's null bulk string. */
        NULL_BULK,
        /** {@code *2}: {@link #length()} elements follow, then {@link #END}. */
        ARRAY,
        /** {@code *-1}, RESP2's null array (EXEC after a WATCH conflict). */
        NULL_ARRAY,
        /** {@code _}, RESP3's null. */
        NULL,
        /** {@code #t} or {@code #f}: {@link #bool()}. */
        BOOLEAN,
        /** {@code ,1.5}, also {@code inf}, {@code -inf} and {@code nan}: {@link #doubleValue()}; the text is the content. */
        DOUBLE,
        /** {@code (12345}: the digits, maybe after a minus sign, are the content. */
        BIG_NUMBER,
        /** {@code !3\r\nERR}: an error whose message, the content, may hold any byte. */
        BULK_ERROR,
        /** {@code =7\r\ntxt:abc}: the content is the three-letter format, a colon and the text. */
        VERBATIM_STRING,
        /** {@code %1}: {@link #length()} pairs, keys and values alternating, then {@link #END}. */
        MAP,
        /** {@code ~2}: {@link #length()} elements, then {@link #END}. */
        SET,
        /** {@code |1}: {@link #length()} pairs describing the value after the {@link #END}. */
        ATTRIBUTE,
        /** {@code >2}: out-of-band data of {@link #length()} elements, then {@link #END}. */
        PUSH,
        /** The end of the innermost open aggregate; consumes no bytes. */
        END;

        public boolean isAggregate() {
            return this == ARRAY || this == MAP || this == SET || this == ATTRIBUTE || this == PUSH;
        }

        public boolean isError() {
            return this == SIMPLE_ERROR || this == BULK_ERROR;
        }
    }

    private enum State {
        /** Waiting for a whole line: a type byte, its text or number, CRLF. */
        LINE,
        /** After a {@code $}, {@code !} or {@code =} header: waiting for the bytes and CRLF. */
        BULK_DATA
    }

    private static final byte CR = '\r';
    private static final byte LF = '\n';
    private static final long MIN_TENTH = Long.MIN_VALUE / 10;

    private final RespReplyLimits limits;

    private State state = State.LINE;
    /** The token the bulk being waited for will be. */
    private Token bulkToken;
    private int bulkLength;
    /** Bytes after the reader index known to hold no CR of the line being waited for. */
    private int searched;

    /** Open aggregates, outermost first: their kind and how many elements they still expect. */
    private final Token[] open;
    private final long[] remaining;
    private int depth;

    /** The heap array behind the buffer of the current call, read directly; null for other buffers. */
    private byte[] array;
    private int arrayOffset;

    // The token last returned.
    private ByteBuf buffer;
    private int contentIndex;
    private int contentLength;
    private long integer;
    private double doubleValue;
    private boolean replyEnded;

    public RespReplyDecoder(RespReplyLimits limits) {
        this.limits = Checks.notNull("limits", limits);
        this.open = new Token[limits.maxDepth()];
        this.remaining = new long[limits.maxDepth()];
    }

    /**
     * Reads the next token from {@code in}.
     *
     * @return the token, or null when more bytes are needed (everything parsed so far has been
     *         consumed)
     * @throws RespProtocolException when the input is not RESP or breaks a limit
     */
    public Token next(ByteBuf in) {
        try {
            return decodeOne(in);
        } catch (RespProtocolException e) {
            reset();
            throw e;
        }
    }

    /** Forgets any partly read reply, so the decoder can start on a fresh stream. */
    public void reset() {
        state = State.LINE;
        bulkToken = null;
        bulkLength = 0;
        searched = 0;
        depth = 0;
        buffer = null;
        array = null;
        contentIndex = 0;
        contentLength = 0;
        integer = 0;
        doubleValue = 0;
        replyEnded = false;
    }

    /** Whether the token last returned finished a whole top-level reply (an attribute does not). */
    public boolean replyEnded() {
        return replyEnded;
    }

    /** Whether no reply is partly read: the next token starts a new one. */
    public boolean atReplyBoundary() {
        return depth == 0 && state == State.LINE;
    }

    /** Aggregates open after the token last returned. */
    public int depth() {
        return depth;
    }

    /** An {@link Token#INTEGER}'s value. */
    public long integer() {
        return integer;
    }

    /** An aggregate header's element count; pairs for a {@link Token#MAP} or an {@link Token#ATTRIBUTE}. */
    public int length() {
        return (int) integer;
    }

    /** A {@link Token#BOOLEAN}'s value. */
    public boolean bool() {
        return integer != 0;
    }

    /** A {@link Token#DOUBLE}'s value. */
    public double doubleValue() {
        return doubleValue;
    }

    /** Where the last token's content starts in the buffer given to {@link #next}. */
    public int contentIndex() {
        return contentIndex;
    }

    public int contentLength() {
        return contentLength;
    }

    /** A copy of the last token's content. */
    public byte[] bytes() {
        byte[] b = new byte[contentLength];
        if (contentLength > 0) {
            buffer.getBytes(contentIndex, b);
        }
        return b;
    }

    /** The last token's content as UTF-8 text. */
    public String text() {
        return contentLength == 0 ? "" : buffer.toString(contentIndex, contentLength, StandardCharsets.UTF_8);
    }

    private Token decodeOne(ByteBuf in) {
        buffer = in;
        if (in.hasArray()) {
            array = in.array();
            arrayOffset = in.arrayOffset();
        } else {
            array = null;
        }
        replyEnded = false;
        if (state == State.BULK_DATA) {
            return readBulkData(in);
        }
        if (depth > 0 && remaining[depth - 1] == 0) {
            Token closed = open[--depth];
            contentLength = 0;
            replyEnded = depth == 0 && closed != Token.ATTRIBUTE;
            return Token.END;
        }
        if (array != null) {
            Token bulk = wholeBulkString(in);
            if (bulk != null) {
                return bulk;
            }
        }
        int cr = findLineEnd(in);
        if (cr < 0) {
            return null;
        }
        int start = in.readerIndex();
        byte type = at(in, start);
        contentIndex = start + 1;
        contentLength = cr - contentIndex;
        Token token = switch (type) {
            case '+' -> Token.SIMPLE_STRING;
            case '-' -> Token.SIMPLE_ERROR;
            case ':' -> {
                integer = parseLong(in, "integer");
                yield Token.INTEGER;
            }
            case '$' -> bulkHeader(in, Token.BULK_STRING, "bulk length");
            case '!' -> bulkHeader(in, Token.BULK_ERROR, "bulk error length");
            case '=' -> bulkHeader(in, Token.VERBATIM_STRING, "verbatim string length");
            case '*' -> aggregateHeader(in, Token.ARRAY, "array length");
            case '%' -> aggregateHeader(in, Token.MAP, "map length");
            case '~' -> aggregateHeader(in, Token.SET, "set length");
            case '|' -> aggregateHeader(in, Token.ATTRIBUTE, "attribute length");
            case '>' -> aggregateHeader(in, Token.PUSH, "push length");
            case '_' -> {
                if (contentLength != 0) {
                    throw invalid(in, "null", "nothing between _ and CRLF");
                }
                yield Token.NULL;
            }
            case '#' -> {
                byte b = contentLength == 1 ? at(in, contentIndex) : 0;
                if (b != 't' && b != 'f') {
                    throw invalid(in, "boolean", "t or f");
                }
                integer = b == 't' ? 1 : 0;
                yield Token.BOOLEAN;
            }
            case ',' -> {
                Double d = ReplyScalars.parseDouble(in.toString(contentIndex, contentLength, StandardCharsets.US_ASCII));
                if (d == null) {
                    throw invalid(in, "double", "a decimal number, inf, -inf or nan");
                }
                doubleValue = d;
                yield Token.DOUBLE;
            }
            case '(' -> {
                if (!ReplyScalars.isBigNumber(in.toString(contentIndex, contentLength, StandardCharsets.US_ASCII))) {
                    throw invalid(in, "big number", "decimal digits");
                }
                yield Token.BIG_NUMBER;
            }
            default -> throw new RespProtocolException("reply type: '" + ReplyScalars.printable(type)
                    + "' (expected: one of + - : $ * _ # , ( ! = % ~ | >)");
        };
        in.readerIndex(cr + 2);
        searched = 0;
        countElement(token);
        if (token.isAggregate()) {
            push(token);
            return token;
        }
        if (state == State.BULK_DATA) {
            return readBulkData(in);
        }
        replyEnded = depth == 0;
        return token;
    }

    /** The value that just started is one element of the aggregate it is in, unless it is an attribute. */
    private void countElement(Token token) {
        if (token != Token.ATTRIBUTE && depth > 0) {
            remaining[depth - 1]--;
        }
    }

    /** Opens an aggregate whose header {@link #aggregateHeader} checked. */
    private void push(Token token) {
        open[depth] = token;
        remaining[depth] = token == Token.MAP || token == Token.ATTRIBUTE ? 2 * integer : integer;
        depth++;
    }

    /**
     * The fast path for the commonest token, a bulk string whose header and bytes have all arrived
     * in a heap buffer: one pass over the array, no state change. Anything else, errors included,
     * returns null before consuming a byte, and the general path reads it as it would anyway.
     */
    private Token wholeBulkString(ByteBuf in) {
        byte[] a = array;
        int off = arrayOffset;
        int start = off + in.readerIndex();
        int end = off + in.writerIndex();
        if (start >= end || a[start] != '$') {
            return null;
        }
        int p = start + 1;
        int digitsEnd = Math.min(end, p + 9); // up to 999,999,999: within an int, and so within the limit's type
        long length = 0;
        while (p < digitsEnd && a[p] >= '0' && a[p] <= '9') {
            length = length * 10 + (a[p] - '0');
            p++;
        }
        if (p == start + 1 || p + 1 >= end || a[p] != CR || a[p + 1] != LF || length > limits.maxBulkBytes()) {
            return null;
        }
        int data = p + 2;
        if (end - data < length + 2) {
            return null;
        }
        int dataEnd = data + (int) length;
        if (a[dataEnd] != CR || a[dataEnd + 1] != LF) {
            return null;
        }
        countElement(Token.BULK_STRING);
        searched = 0; // a slower call may have scanned part of this header before it all arrived
        contentIndex = data - off;
        contentLength = (int) length;
        in.readerIndex(dataEnd + 2 - off);
        replyEnded = depth == 0;
        return Token.BULK_STRING;
    }

    /** Reads a bulk header's length and moves to {@link State#BULK_DATA}, or yields a null bulk. */
    private Token bulkHeader(ByteBuf in, Token token, String what) {
        long length = parseLong(in, what);
        if (length == -1 && token == Token.BULK_STRING) {
            return Token.NULL_BULK;
        }
        if (length < 0) {
            throw new RespProtocolException(what + ": " + length + " (expected: >= "
                    + (token == Token.BULK_STRING ? "-1" : "0") + ")");
        }
        if (length > limits.maxBulkBytes()) {
            throw new RespProtocolException(what + ": " + length + " (expected: <= " + limits.maxBulkBytes() + ")");
        }
        bulkToken = token;
        bulkLength = (int) length;
        state = State.BULK_DATA;
        return token;
    }

    private Token aggregateHeader(ByteBuf in, Token token, String what) {
        long count = parseLong(in, what);
        if (count == -1 && token == Token.ARRAY) {
            return Token.NULL_ARRAY;
        }
        if (count < 0) {
            throw new RespProtocolException(what + ": " + count + " (expected: >= " + (token == Token.ARRAY ? "-1" : "0") + ")");
        }
        if (count > limits.maxAggregateLength()) {
            throw new RespProtocolException(what + ": " + count + " (expected: <= " + limits.maxAggregateLength() + ")");
        }
        if (depth == open.length) {
            throw new RespProtocolException("nesting depth: " + (depth + 1) + " (expected: <= " + open.length + ")");
        }
        integer = count;
        return token;
    }

    private Token readBulkData(ByteBuf in) {
        if (in.readableBytes() < (long) bulkLength + 2) {
            return null;
        }
        int start = in.readerIndex();
        int end = start + bulkLength;
        if (at(in, end) != CR || at(in, end + 1) != LF) {
            throw new RespProtocolException(name(bulkToken) + ": " + bulkLength
                    + " bytes not followed by CRLF");
        }
        if (bulkToken == Token.VERBATIM_STRING && (bulkLength < 4 || at(in, start + 3) != ':')) {
            throw new RespProtocolException("verbatim string: no format (expected: 3 letters and ':' before the text)");
        }
        contentIndex = start;
        contentLength = bulkLength;
        in.readerIndex(end + 2);
        state = State.LINE;
        replyEnded = depth == 0;
        return bulkToken;
    }

    private static String name(Token bulk) {
        return switch (bulk) {
            case BULK_ERROR -> "bulk error";
            case VERBATIM_STRING -> "verbatim string";
            default -> "bulk string";
        };
    }

    /**
     * The byte at {@code index}. A heap buffer's array is read directly: the bench reads hundreds
     * of thousands of replies a second through this, and {@code ByteBuf.getByte}'s checks per byte
     * cost as much as the parse. Callers only read below the writer index.
     */
    private byte at(ByteBuf in, int index) {
        byte[] a = array;
        return a != null ? a[arrayOffset + index] : in.getByte(index);
    }

    /** The first CR in {@code [from, to)}, or -1. */
    private int indexOfCr(ByteBuf in, int from, int to) {
        byte[] a = array;
        if (a == null) {
            return in.indexOf(from, to, CR);
        }
        int off = arrayOffset;
        int i = from + off;
        int end = to + off;
        while (i < end) {
            if (a[i] == CR) {
                return i - off;
            }
            i++;
        }
        return -1;
    }

    /**
     * The index of the CR ending the line at the reader index, or -1 while the line (its LF
     * included) has not all arrived.
     */
    private int findLineEnd(ByteBuf in) {
        int start = in.readerIndex();
        long max = 1L + limits.maxLineBytes(); // the type byte and the text
        int scan = (int) Math.min(in.readableBytes(), max + 1);
        int cr = indexOfCr(in, start + Math.min(searched, scan), start + scan);
        if (cr < 0) {
            if (in.readableBytes() > max) {
                throw new RespProtocolException("line length: more than " + limits.maxLineBytes()
                        + " bytes (expected: <= " + limits.maxLineBytes() + ")");
            }
            searched = scan;
            return -1;
        }
        if (cr + 1 >= in.writerIndex()) {
            searched = cr - start; // the LF has not arrived; look at this CR again next time
            return -1;
        }
        if (at(in, cr + 1) != LF) {
            throw new RespProtocolException("line: CR not followed by LF");
        }
        if (cr == start) {
            throw new RespProtocolException("reply type: none, an empty line (expected: one of + - : $ * _ # , ( ! = % ~ | >)");
        }
        return cr;
    }

    /** The content as a signed decimal long: an optional minus, at least one digit, nothing else. */
    private long parseLong(ByteBuf in, String what) {
        int i = contentIndex;
        int end = contentIndex + contentLength;
        boolean negative = i < end && at(in, i) == '-';
        if (negative) {
            i++;
        }
        if (i == end) {
            throw invalid(in, what, "an integer");
        }
        long value = 0; // accumulated negatively, so that Long.MIN_VALUE fits
        for (; i < end; i++) {
            int d = at(in, i) - '0';
            // value * 10 - d stays >= Long.MIN_VALUE (= MIN_TENTH * 10 - 8); no division per digit
            if (d < 0 || d > 9 || value < MIN_TENTH || (value == MIN_TENTH && d > 8)) {
                throw invalid(in, what, "an integer");
            }
            value = value * 10 - d;
        }
        if (!negative && value == Long.MIN_VALUE) {
            throw invalid(in, what, "an integer");
        }
        return negative ? value : -value;
    }

    /** {@code what: 'the content' (expected: ...)}, the content cut at 40 bytes and made printable. */
    private RespProtocolException invalid(ByteBuf in, String what, String expected) {
        StringBuilder shown = new StringBuilder();
        for (int i = 0; i < Math.min(contentLength, 40); i++) {
            shown.append(ReplyScalars.printable(at(in, contentIndex + i)));
        }
        return new RespProtocolException(what + ": '" + shown + (contentLength > 40 ? "...'" : "'")
                + " (expected: " + expected + ")");
    }
}
