package io.cairn.server.memcached;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.ByteProcessor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits a memcached connection's bytes into {@link MemcachedRequest}s: request lines ending in
 * LF (a CR before it is dropped), and for storage commands the data block of the length the line
 * gave, which must end in CRLF. A state machine ({@link State}); every limit is checked before
 * anything is allocated for what it bounds:
 *
 * <ul>
 *   <li>a line with no LF in its first {@value #MAX_LINE} bytes closes the connection, unless it is
 *       a {@code get} or {@code gets} (multi-gets may be long), which may grow to
 *       {@value #MAX_GET_LINE} bytes;
 *   <li>a value past {@code item-size-max} is refused with memcached's
 *       {@code SERVER_ERROR object too large for cache} and its data block swallowed as it
 *       arrives, never buffered, so the connection goes on with the next command.
 * </ul>
 *
 * A storage line memcached refuses before reading the data (a bad number, a key past 250 bytes)
 * is refused here without reading it, so the data line is read as a command, as memcached does.
 * Not thread-safe: one per connection, on its event loop.
 */
final class MemcachedDecoder extends ByteToMessageDecoder {
    /** memcached's bound on a line still without LF before it closes the connection. */
    static final int MAX_LINE = 2048;
    /** Cairn's bound on a multi-get line (memcached has none). */
    static final int MAX_GET_LINE = 1 << 21;
    /** memcached's KEY_MAX_LENGTH. */
    static final int KEY_MAX = 250;
    /** memcached's MAX_TOKENS: a line's tokens counted as memcached counts them, terminal included. */
    private static final int MAX_TOKENS = 24;
    /** memcached's MFLAG_MAX_OPT_LENGTH. */
    static final int META_MAX_TOKENS = 20;
    /** The item header memcached counts with the key and the value against item_size_max. */
    static final int ITEM_OVERHEAD = 48 + 8 + 1;

    enum State {
        /** Reading a request line. */
        LINE,
        /** Reading a data block into {@link #data}, then its CRLF. */
        DATA,
        /** Discarding {@link #remaining} bytes of a refused data block. */
        SWALLOW,
        /** The connection is being closed: everything is discarded. */
        CLOSED
    }

    private final long itemSizeMax;
    private State state = State.LINE;
    /** Bytes of the current line already searched for LF. */
    private int scanned;
    private StorageHeader header;
    private byte[] data;
    private int filled;
    private final byte[] trailer = new byte[2];
    private long remaining;

    MemcachedDecoder(long itemSizeMax) {
        this.itemSizeMax = itemSizeMax;
    }

    State state() {
        return state;
    }

    /** Bytes held back for a request not yet complete (tests: a swallowed value is never held). */
    int heldBytes() {
        return internalBuffer().readableBytes();
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (in.isReadable()) {
            switch (state) {
                case LINE -> {
                    if (!line(ctx, in, out)) {
                        return;
                    }
                }
                case DATA -> {
                    if (!block(in, out)) {
                        return;
                    }
                }
                case SWALLOW -> {
                    int n = (int) Math.min(remaining, in.readableBytes());
                    in.skipBytes(n);
                    remaining -= n;
                    if (remaining == 0) {
                        state = State.LINE;
                    }
                }
                case CLOSED -> {
                    in.skipBytes(in.readableBytes());
                    return;
                }
            }
        }
    }

    private boolean line(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int start = in.readerIndex();
        int lf = in.forEachByte(start + scanned, in.readableBytes() - scanned, ByteProcessor.FIND_LF);
        if (lf < 0) {
            scanned = in.readableBytes();
            if (scanned > MAX_LINE && (!multiGet(in) || scanned > MAX_GET_LINE)) {
                state = State.CLOSED; // as memcached: junk without a newline ends the connection
                in.skipBytes(in.readableBytes());
                ctx.close();
            }
            return false;
        }
        scanned = 0;
        int end = lf > start && in.getByte(lf - 1) == '\r' ? lf - 1 : lf;
        byte[] line = new byte[end - start];
        in.getBytes(start, line);
        in.readerIndex(lf + 1);
        byte[][] tokens = tokenize(line);
        if (tokens.length == 0) {
            out.add(new MemcachedRequest.Line(tokens));
            return true;
        }
        Object request = storage(tokens);
        if (request != null) {
            out.add(request);
        } else if (state == State.LINE) {
            out.add(new MemcachedRequest.Line(tokens));
        }
        return true;
    }

    /** Whether the unfinished line is a get or gets, after at most 100 spaces, as memcached allows. */
    private static boolean multiGet(ByteBuf in) {
        int i = in.readerIndex();
        int end = in.writerIndex();
        while (i < end && in.getByte(i) == ' ') {
            i++;
        }
        if (i - in.readerIndex() > 100) {
            return false;
        }
        return startsWith(in, i, "get ") || startsWith(in, i, "gets ");
    }

    private static boolean startsWith(ByteBuf in, int at, String prefix) {
        if (in.writerIndex() - at < prefix.length()) {
            return false;
        }
        for (int k = 0; k < prefix.length(); k++) {
            if (in.getByte(at + k) != prefix.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** The line's words, split at spaces (only spaces) as memcached's tokenizer splits them. */
    static byte[][] tokenize(byte[] line) {
        List<byte[]> tokens = new ArrayList<>();
        int i = 0;
        while (i < line.length) {
            while (i < line.length && line[i] == ' ') {
                i++;
            }
            int s = i;
            while (i < line.length && line[i] != ' ') {
                i++;
            }
            if (i > s) {
                tokens.add(Arrays.copyOfRange(line, s, i));
            }
        }
        return tokens.toArray(new byte[0][]);
    }

    /** memcached's token count for a line of {@code n} words: the terminal token included, at most 24. */
    static int ntokens(int n) {
        return Math.min(n, MAX_TOKENS - 1) + 1;
    }

    static boolean is(byte[] token, String word) {
        if (token.length != word.length()) {
            return false;
        }
        for (int i = 0; i < token.length; i++) {
            if (token[i] != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * For a storage command's line, the request to hand on (a refusal, after which the state may
     * be {@link State#SWALLOW}) or null after entering {@link State#DATA}; for any other line, null
     * with the state left at {@link State#LINE}.
     */
    private Object storage(byte[][] t) {
        StorageHeader.Mode mode = switch (new String(t[0], StandardCharsets.ISO_8859_1)) {
            case "set" -> StorageHeader.Mode.SET;
            case "add" -> StorageHeader.Mode.ADD;
            case "replace" -> StorageHeader.Mode.REPLACE;
            case "append" -> StorageHeader.Mode.APPEND;
            case "prepend" -> StorageHeader.Mode.PREPEND;
            case "cas" -> StorageHeader.Mode.CAS;
            default -> null;
        };
        if (mode != null) {
            return text(mode, t);
        }
        if (is(t[0], "ms")) {
            return meta(t);
        }
        return null;
    }

    private Object text(StorageHeader.Mode mode, byte[][] t) {
        int n = ntokens(t.length);
        boolean cas = mode == StorageHeader.Mode.CAS;
        if (cas ? n != 7 && n != 8 : n != 6 && n != 7) {
            return new MemcachedRequest.Refused("ERROR", false);
        }
        boolean noreply = is(t[n - 2], "noreply");
        String bad = "CLIENT_ERROR bad command line format";
        if (!Keys.valid(t[1])) {
            return new MemcachedRequest.Refused(bad, noreply);
        }
        Integer flags = Numbers.unsigned32(t[2]);
        Integer exptime = Numbers.signed32(t[3]);
        Integer length = Numbers.signed32(t[4]);
        if (flags == null || exptime == null || length == null) {
            return new MemcachedRequest.Refused(bad, noreply);
        }
        Long casValue = 0L;
        if (cas && (casValue = Numbers.unsigned64(t[5])) == null) {
            return new MemcachedRequest.Refused(bad, noreply);
        }
        if (length < 0 || length > Integer.MAX_VALUE - 2) {
            return new MemcachedRequest.Refused(bad, noreply);
        }
        StorageHeader h = new StorageHeader(mode, t[1], flags, exptime, length, casValue, noreply, null);
        if (tooLarge(h)) {
            swallow(length + 2L);
            return new MemcachedRequest.Refused("SERVER_ERROR object too large for cache", noreply,
                    mode == StorageHeader.Mode.SET ? t[1] : null);
        }
        expect(h);
        return null;
    }

    private Object meta(byte[][] t) {
        int n = ntokens(t.length);
        if (n < 3) {
            return new MemcachedRequest.Refused("ERROR", false);
        }
        String bad = "CLIENT_ERROR bad command line format";
        if (t[1].length > KEY_MAX || n == 3) {
            return new MemcachedRequest.Refused(bad, false);
        }
        if (n > META_MAX_TOKENS) {
            return new MemcachedRequest.Refused("CLIENT_ERROR options flags too long", false);
        }
        Integer length = Numbers.signed32(t[2]);
        if (length == null || length < 0 || length > Integer.MAX_VALUE - 2) {
            return new MemcachedRequest.Refused(bad, false);
        }
        MetaFlags f = MetaFlags.parse(t, 3);
        String error = f.error;
        if (error == null && f.opaqueTooLong()) {
            error = "CLIENT_ERROR opaque token too long";
        }
        StorageHeader.Mode mode = switch (f.mode) {
            case 0, 'S' -> StorageHeader.Mode.SET;
            case 'E' -> StorageHeader.Mode.ADD;
            case 'A' -> StorageHeader.Mode.APPEND;
            case 'P' -> StorageHeader.Mode.PREPEND;
            case 'R' -> StorageHeader.Mode.REPLACE;
            default -> null;
        };
        if (error == null && mode == null) {
            error = "CLIENT_ERROR invalid mode for ms M token";
        }
        if (error == null && (f.keyBinary ? f.key.length > KEY_MAX : !Keys.valid(f.key))) {
            error = bad;
        }
        if (error != null) {
            swallow(length + 2L);
            return new MemcachedRequest.Refused(error, false);
        }
        if (f.hasCas && (mode == StorageHeader.Mode.SET || mode == StorageHeader.Mode.REPLACE)) {
            mode = StorageHeader.Mode.CAS;
        }
        StorageHeader h = new StorageHeader(mode, f.key, f.clientFlags, f.newTtl ? f.exptime : 0, length,
                f.hasCas ? f.cas : 0, f.quiet, f);
        if (tooLarge(h)) {
            swallow(length + 2L);
            return new MemcachedRequest.Refused("SERVER_ERROR object too large for cache", false, f.key);
        }
        expect(h);
        return null;
    }

    /** Whether the item passes item_size_max as memcached counts it: header, key, flags, value and CRLF. */
    private boolean tooLarge(StorageHeader h) {
        long total = ITEM_OVERHEAD + h.key().length + (h.flags() != 0 ? 4 : 0) + (long) h.length() + 2;
        return total > itemSizeMax;
    }

    private void swallow(long n) {
        remaining = n;
        state = n > 0 ? State.SWALLOW : State.LINE;
    }

    private void expect(StorageHeader h) {
        header = h;
        data = new byte[h.length()];
        filled = 0;
        remaining = h.length() + 2L;
        state = State.DATA;
    }

    private boolean block(ByteBuf in, List<Object> out) {
        while (remaining > 0 && in.isReadable()) {
            if (filled < data.length) {
                int n = Math.min(data.length - filled, in.readableBytes());
                in.readBytes(data, filled, n);
                filled += n;
                remaining -= n;
            } else {
                trailer[2 - (int) remaining] = in.readByte();
                remaining--;
            }
        }
        if (remaining > 0) {
            return false;
        }
        state = State.LINE;
        StorageHeader h = header;
        byte[] value = data;
        header = null;
        data = null;
        if (trailer[0] != '\r' || trailer[1] != '\n') {
            // memcached answers ms's errors whatever q says, and text ones as noreply asks
            out.add(new MemcachedRequest.Refused("CLIENT_ERROR bad data chunk", h.meta() == null && h.noreply()));
        } else {
            out.add(new MemcachedRequest.Storage(h, value));
        }
        return true;
    }
}
