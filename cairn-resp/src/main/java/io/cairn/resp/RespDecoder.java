package io.cairn.resp;

import io.cairn.common.Checks;
import io.netty.buffer.ByteBuf;

import java.util.Arrays;

/**
 * Turns the bytes a client sends into commands, one {@code byte[][]} per command with the name at
 * index 0, as Redis's {@code processMultibulkBuffer} and {@code processInlineBuffer} do. Two forms
 * are accepted:
 *
 * <pre>
 *   array:   *&lt;count&gt;\r\n  then count times  $&lt;length&gt;\r\n&lt;length bytes&gt;\r\n
 *   inline:  a line not starting with '*', ended by \n or \r\n, split into words like
 *            Redis's sdssplitargs (spaces and tabs separate; "..." with \n \r \t \b \a \\ \" \xHH
 *            escapes; '...' with \' ; a closing quote must be followed by a space or the end)
 * </pre>
 *
 * <p>Arrays with a count of zero or less and blank inline lines are skipped, as Redis skips them.
 *
 * <p><b>Buffering contract.</b> {@link #decode} reads from the buffer's reader index and advances
 * it past what it has parsed: a whole header line, a whole bulk with its CRLF, or a whole inline
 * line. It never consumes part of one of those, so the caller must present the unconsumed bytes
 * again, followed by whatever arrives next, as Netty's {@code ByteToMessageDecoder} cumulation
 * does. Parse progress inside an array lives in this object, so a frame split at any byte resumes
 * correctly.
 *
 * <p><b>Limits before allocation.</b> Every count and length is checked against {@link RespLimits}
 * before anything is allocated for it. A bulk's array is allocated only once the whole bulk and
 * its CRLF are readable, so a header that claims 512 MB costs nothing; the argument array starts
 * at no more than {@value #INITIAL_ARGS_CAPACITY} slots and grows as bulks arrive. The caller is
 * what buffers an incomplete bulk, up to {@code maxBulkBytes} plus its header.
 *
 * <p><b>Errors.</b> Malformed input throws {@link RespProtocolException} whose message is the
 * reply to send before closing the connection. The decoder resets itself first, but the bytes left
 * in the buffer cannot be framed any more: do not keep decoding that connection.
 *
 * <p><b>Fast path.</b> Between commands, an array that has all arrived and is plainly written is
 * read in one pass over a byte array (the buffer's own, or a copy of a direct buffer's first
 * {@value #WINDOW} bytes) instead of byte by byte through the buffer; anything else goes through
 * the state machine, which gives the same commands and the same errors.
 *
 * <p>One decoder per connection. Not thread-safe: the connection's event loop owns it.
 */
public final class RespDecoder {

    /**
     * Longest {@code *N} or {@code $N} header line, Redis's {@code PROTO_INLINE_MAX_SIZE}: without
     * a CR in its first 64 KiB it is {@code too big mbulk count string} or
     * {@code too big bulk count string}.
     */
    static final int MAX_HEADER_LINE = 64 * 1024;

    /** The argument array never starts larger than this, whatever count the header claims. */
    static final int INITIAL_ARGS_CAPACITY = 1024;

    private static final byte CR = '\r';
    private static final byte LF = '\n';
    private static final byte[] EMPTY = new byte[0];

    private enum State {
        /** Between commands: the next byte says array or inline. */
        TYPE,
        /** Waiting for a whole inline line. */
        INLINE,
        /** Waiting for the {@code *N} line. */
        ARRAY_HEADER,
        /** Inside an array, waiting for the next {@code $N} line. */
        BULK_HEADER,
        /** Inside an array, waiting for {@code bulkLength} bytes and CRLF. */
        BULK_DATA
    }

    private final RespLimits limits;

    private State state = State.TYPE;
    /** Arguments of the array being read; null outside an array. */
    private byte[][] args;
    private int argCount;
    private int expectedArgs;
    private int bulkLength;
    /**
     * How many bytes after the reader index are already known not to hold the terminator of the
     * line being waited for, so a line that arrives a byte at a time is not rescanned from its
     * start on every call.
     */
    private int searched;
    private boolean lastWasInline;

    public RespDecoder(RespLimits limits) {
        this.limits = Checks.notNull("limits", limits);
    }

    /**
     * Decodes at most one command from {@code in}.
     *
     * @return the command's arguments, the name first, each array owned by the caller; or null when
     *         more bytes are needed (everything parsed so far has been consumed)
     * @throws RespProtocolException when the input is malformed or breaks a limit
     */
    public byte[][] decode(ByteBuf in) {
        try {
            return decodeOne(in);
        } catch (RespProtocolException e) {
            reset();
            throw e;
        }
    }

    /** Whether the command {@link #decode} last returned came as an inline line. */
    public boolean lastWasInline() {
        return lastWasInline;
    }

    /** Forgets any partly read command, so the decoder can start on a fresh stream. */
    public void reset() {
        state = State.TYPE;
        args = null;
        argCount = 0;
        expectedArgs = 0;
        bulkLength = 0;
        searched = 0;
        lastWasInline = false;
    }

    private byte[][] decodeOne(ByteBuf in) {
        while (true) {
            switch (state) {
                case TYPE -> {
                    if (!in.isReadable()) {
                        return null;
                    }
                    if (in.getByte(in.readerIndex()) != '*') {
                        state = State.INLINE;
                    } else {
                        byte[][] whole = decodeWholeArray(in);
                        if (whole != null) {
                            lastWasInline = false;
                            return whole;
                        }
                        state = State.ARRAY_HEADER;
                    }
                }
                case INLINE -> {
                    byte[][] command = readInline(in);
                    if (command == null) {
                        return null;
                    }
                    state = State.TYPE;
                    if (command.length > 0) {
                        lastWasInline = true;
                        return command;
                    }
                }
                case ARRAY_HEADER -> {
                    if (!readArrayHeader(in)) {
                        return null;
                    }
                }
                case BULK_HEADER -> {
                    if (!readBulkHeader(in)) {
                        return null;
                    }
                }
                case BULK_DATA -> {
                    if (!readBulkData(in)) {
                        return null;
                    }
                    if (argCount == expectedArgs) {
                        byte[][] command = args;
                        args = null;
                        state = State.TYPE;
                        lastWasInline = false;
                        return command;
                    }
                }
            }
        }
    }

    /**
     * The fast path: a whole, plainly written array command read straight from the buffer's
     * backing array (or a copy of a direct buffer's first {@link #WINDOW} bytes), or null (nothing consumed) when the buffer has no array, the command has not
     * all arrived, or anything about it is unusual (a sign, a leading zero, a count of zero, a
     * limit broken, a missing CRLF). The state machine then reads the same bytes and gives the
     * same commands and the same errors; this path only skips its per-byte calls.
     */
    private byte[][] decodeWholeArray(ByteBuf in) {
        byte[] a;
        int base; // array index = buffer index + base
        if (in.hasArray()) {
            a = in.array();
            base = in.arrayOffset();
        } else {
            // A direct buffer (Netty's epoll reads into one): its first bytes copied in one go.
            int n = Math.min(in.readableBytes(), WINDOW);
            if (window == null) {
                window = new byte[WINDOW];
            }
            in.getBytes(in.readerIndex(), window, 0, n);
            a = window;
            base = -in.readerIndex();
            return decodeWholeArray(in, a, base, 0, n);
        }
        return decodeWholeArray(in, a, base, base + in.readerIndex(), base + in.writerIndex());
    }

    private byte[][] decodeWholeArray(ByteBuf in, byte[] a, int base, int start, int end) {
        // Pass 1: check the framing and the limits, allocating nothing.
        long count = plainNumber(a, start + 1, end);
        if (count <= 0 || count > limits.maxArgs()) {
            return null;
        }
        int p = numberEnd;
        for (long i = 0; i < count; i++) {
            if (p >= end || a[p] != '$') {
                return null;
            }
            long length = plainNumber(a, p + 1, end);
            if (length < 0 || length > limits.maxBulkBytes() || end - numberEnd < length + 2) {
                return null;
            }
            p = numberEnd + (int) length;
            if (a[p] != CR || a[p + 1] != LF) {
                return null;
            }
            p += 2;
        }
        // Pass 2: the same walk, copying the arguments out.
        byte[][] command = new byte[(int) count][];
        int q = start + 1;
        q = skipLine(a, q);
        for (int i = 0; i < command.length; i++) {
            int length = (int) plainNumber(a, q + 1, end);
            q = numberEnd;
            command[i] = length == 0 ? EMPTY : Arrays.copyOfRange(a, q, q + length);
            q += length + 2;
        }
        in.readerIndex(p - base);
        searched = 0;
        return command;
    }

    /**
     * How many bytes of a direct buffer the fast path copies to look for a whole command: commands
     * longer than this take the state machine, where per-byte costs are small beside their data.
     */
    static final int WINDOW = 1024;
    private byte[] window;

    /** Where {@link #plainNumber} stopped: the byte after the number's CRLF. */
    private int numberEnd;

    /**
     * The number of at most 9 digits from {@code p} to a CRLF before {@code end}, without sign or
     * leading zero (a lone {@code 0} is fine), setting {@link #numberEnd}; else -1.
     */
    private long plainNumber(byte[] a, int p, int end) {
        int from = p;
        long v = 0;
        while (p < end && a[p] != CR) {
            int d = a[p] - '0';
            if (d < 0 || d > 9 || p - from == 9) {
                return -1;
            }
            v = v * 10 + d;
            p++;
        }
        if (p == from || p + 1 >= end || a[p + 1] != LF || a[from] == '0' && p - from > 1) {
            return -1;
        }
        numberEnd = p + 2;
        return v;
    }

    private static int skipLine(byte[] a, int p) {
        while (a[p] != CR) {
            p++;
        }
        return p + 2;
    }

    private boolean readArrayHeader(ByteBuf in) {
        int cr = findHeaderEnd(in, RespProtocolException.TOO_BIG_MBULK_COUNT);
        if (cr < 0) {
            return false;
        }
        long count = parseHeaderNumber(in, cr, RespProtocolException.INVALID_MULTIBULK_LENGTH);
        if (count > limits.maxArgs()) {
            throw new RespProtocolException(RespProtocolException.INVALID_MULTIBULK_LENGTH);
        }
        in.readerIndex(cr + 2);
        searched = 0;
        if (count <= 0) {
            state = State.TYPE;
            return true;
        }
        expectedArgs = (int) count;
        args = new byte[Math.min(expectedArgs, INITIAL_ARGS_CAPACITY)][];
        argCount = 0;
        state = State.BULK_HEADER;
        return true;
    }

    private boolean readBulkHeader(ByteBuf in) {
        int cr = findHeaderEnd(in, RespProtocolException.TOO_BIG_BULK_COUNT);
        if (cr < 0) {
            return false;
        }
        byte first = in.getByte(in.readerIndex());
        if (first != '$') {
            throw RespProtocolException.expectedDollar(first);
        }
        long length = parseHeaderNumber(in, cr, RespProtocolException.INVALID_BULK_LENGTH);
        if (length < 0 || length > limits.maxBulkBytes()) {
            throw new RespProtocolException(RespProtocolException.INVALID_BULK_LENGTH);
        }
        in.readerIndex(cr + 2);
        searched = 0;
        bulkLength = (int) length;
        state = State.BULK_DATA;
        return true;
    }

    private boolean readBulkData(ByteBuf in) {
        if (in.readableBytes() < (long) bulkLength + 2) {
            return false;
        }
        int end = in.readerIndex() + bulkLength;
        if (in.getByte(end) != CR || in.getByte(end + 1) != LF) {
            throw new RespProtocolException(RespProtocolException.EXPECTED_CRLF_AFTER_BULK);
        }
        byte[] arg = bulkLength == 0 ? EMPTY : new byte[bulkLength];
        in.readBytes(arg);
        in.skipBytes(2);
        if (argCount == args.length) {
            args = Arrays.copyOf(args, (int) Math.min(2L * args.length, expectedArgs));
        }
        args[argCount++] = arg;
        state = State.BULK_HEADER;
        return true;
    }

    /**
     * The index of the CR ending the header line at the reader index, or -1 while the line (its LF
     * included) has not all arrived.
     */
    private int findHeaderEnd(ByteBuf in, String tooBig) {
        int start = in.readerIndex();
        int scan = Math.min(in.readableBytes(), MAX_HEADER_LINE + 1);
        int cr = in.indexOf(start + Math.min(searched, scan), start + scan, CR);
        if (cr < 0) {
            if (in.readableBytes() > MAX_HEADER_LINE) {
                throw new RespProtocolException(tooBig);
            }
            searched = scan;
            return -1;
        }
        if (cr + 1 < in.writerIndex()) {
            return cr;
        }
        searched = cr - start; // the LF has not arrived; look at this CR again next time
        return -1;
    }

    /**
     * The number between the type byte and the CR at {@code cr}, read as Redis's {@code string2ll}
     * reads it: {@code 0} or an optional minus and a digit 1-9 followed by digits, at most 20
     * characters, within a long. Cairn also requires the CR to be followed by LF.
     */
    private static long parseHeaderNumber(ByteBuf in, int cr, String invalid) {
        if (in.getByte(cr + 1) != LF) {
            throw new RespProtocolException(invalid);
        }
        int from = in.readerIndex() + 1;
        int length = cr - from;
        if (length == 0 || length > 20) {
            throw new RespProtocolException(invalid);
        }
        if (length == 1 && in.getByte(from) == '0') {
            return 0;
        }
        int i = from;
        boolean negative = in.getByte(i) == '-';
        if (negative) {
            i++;
        }
        if (i == cr || in.getByte(i) < '1' || in.getByte(i) > '9') {
            throw new RespProtocolException(invalid);
        }
        // Accumulate negatively so that Long.MIN_VALUE fits.
        long value = 0;
        for (; i < cr; i++) {
            byte b = in.getByte(i);
            if (b < '0' || b > '9') {
                throw new RespProtocolException(invalid);
            }
            if (value < (Long.MIN_VALUE + (b - '0')) / 10) {
                throw new RespProtocolException(invalid);
            }
            value = value * 10 - (b - '0');
        }
        if (negative) {
            return value;
        }
        if (value == Long.MIN_VALUE) {
            throw new RespProtocolException(invalid);
        }
        return -value;
    }

    /** A whole inline command, an empty array for a blank line, or null while the line is incomplete. */
    private byte[][] readInline(ByteBuf in) {
        int start = in.readerIndex();
        long max = limits.maxInlineBytes();
        // The line may hold max bytes plus CR and LF; past that, the LF cannot come in time.
        int scan = (int) Math.min(in.readableBytes(), max + 2);
        int lf = in.indexOf(start + Math.min(searched, scan), start + scan, LF);
        if (lf < 0) {
            if (in.readableBytes() >= max + 2) {
                throw new RespProtocolException(RespProtocolException.TOO_BIG_INLINE);
            }
            searched = scan;
            return null;
        }
        int end = lf > start && in.getByte(lf - 1) == CR ? lf - 1 : lf;
        if (end - start > max) {
            throw new RespProtocolException(RespProtocolException.TOO_BIG_INLINE);
        }
        byte[] line = new byte[end - start];
        in.getBytes(start, line);
        byte[][] words = InlineSplitter.split(line);
        if (words == null) {
            throw new RespProtocolException(RespProtocolException.UNBALANCED_QUOTES);
        }
        if (words.length > limits.maxArgs()) {
            throw new RespProtocolException(RespProtocolException.INVALID_MULTIBULK_LENGTH);
        }
        for (byte[] word : words) {
            if (word.length > limits.maxBulkBytes()) {
                throw new RespProtocolException(RespProtocolException.INVALID_BULK_LENGTH);
            }
        }
        in.readerIndex(lf + 1);
        searched = 0;
        return words;
    }
}
