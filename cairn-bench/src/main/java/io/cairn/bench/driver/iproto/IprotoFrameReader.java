package io.cairn.bench.driver.iproto;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads the greeting and then reply frames from a Tarantool connection's input stream: the length
 * prefix (any MessagePack unsigned integer, though Tarantool writes 0xce and a uint32), then that
 * many bytes, of which the header map is decoded here and the body left to the caller.
 *
 * <p>Not thread-safe: the single reader of its stream. It does not own the stream.
 */
public final class IprotoFrameReader {
    /** The longest frame accepted before the peer is taken to be broken. */
    public static final int MAX_FRAME_BYTES = 512 * 1024 * 1024;

    private final InputStream in;
    private final byte[] prefix = new byte[9];

    public IprotoFrameReader(InputStream in) {
        this.in = in;
    }

    /**
     * Reads the 128-byte greeting and returns its first line, such as
     * {@code "Tarantool 2.6.0 (Binary) 1f7c..."}.
     *
     * @throws IOException when the stream ends first or the greeting is not Tarantool's
     */
    public String readGreeting() throws IOException {
        byte[] greeting = readFully(new byte[IprotoFormat.GREETING_BYTES], 0, IprotoFormat.GREETING_BYTES);
        String first = new String(greeting, 0, 64, StandardCharsets.US_ASCII).strip();
        if (!first.startsWith("Tarantool ")) {
            throw new IOException("protocol: greeting starts with \"" + first.replaceAll("\\p{Cntrl}", "?")
                    + "\" (expected: \"Tarantool \")");
        }
        return first;
    }

    /**
     * Blocks until the next frame has arrived.
     *
     * @throws IOException when the stream ends or the frame is malformed; the stream is then out of
     *     step and must be abandoned
     */
    public IprotoFrame next() throws IOException {
        readFully(prefix, 0, 1);
        int b = prefix[0] & 0xff;
        int width = switch (b) {
            case 0xcc -> 1;
            case 0xcd -> 2;
            case 0xce -> 4;
            case 0xcf -> 8;
            default -> b <= 0x7f ? 0 : -1;
        };
        if (width < 0) {
            throw new IOException("protocol: frame length starts with byte 0x" + Integer.toHexString(b)
                    + " (expected: a MessagePack unsigned integer)");
        }
        readFully(prefix, 1, width);
        long length = new MsgPackReader(prefix, 0, 1 + width).readLong();
        if (length > MAX_FRAME_BYTES) {
            throw new IOException("protocol: frame length " + length + " (expected: <= " + MAX_FRAME_BYTES + ")");
        }
        byte[] frame = readFully(new byte[(int) length], 0, (int) length);
        MsgPackReader header = new MsgPackReader(frame);
        long code = -1;
        long sync = -1;
        for (int i = header.readMapHeader(); i > 0; i--) {
            long key = header.readLong();
            if (key == IprotoFormat.REQUEST_TYPE) {
                code = header.readLong();
            } else if (key == IprotoFormat.SYNC) {
                sync = header.readLong();
            } else {
                header.skip();
            }
        }
        if (code < 0 || sync < 0) {
            throw new IOException("protocol: reply header without " + (code < 0 ? "code" : "sync"));
        }
        return new IprotoFrame(code, sync, frame, header.position());
    }

    private byte[] readFully(byte[] b, int offset, int length) throws IOException {
        int n = in.readNBytes(b, offset, length);
        if (n < length) {
            throw new EOFException("connection closed by the server after " + n + " of " + length + " bytes");
        }
        return b;
    }
}
