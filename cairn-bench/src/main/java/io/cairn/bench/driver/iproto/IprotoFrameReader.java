package io.cairn.bench.driver.iproto;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.msgpack.core.MessageFormat;
import org.msgpack.core.MessageInsufficientBufferException;
import org.msgpack.core.MessagePackException;
import org.msgpack.core.MessageUnpacker;

/**
 * Reads the greeting and then reply frames from a Tarantool connection's input stream: the length
 * prefix (any MessagePack unsigned integer, though Tarantool writes 0xce and a uint32), then the
 * header map, decoded here, then the rest of that many bytes, the body, left to the caller.
 *
 * <p>msgpack-core's {@link MessageUnpacker} buffers the stream, so the caller should not wrap it
 * in a {@code BufferedInputStream}. Its errors, which are unchecked, come out of {@link #next} as
 * {@link IOException}s: the stream ending early as an {@link EOFException}, anything malformed as
 * an {@code IOException} starting {@code "protocol: "}.
 *
 * <p>Not thread-safe: the single reader of its stream. It does not own the stream.
 */
public final class IprotoFrameReader {
    /** The longest frame accepted before the peer is taken to be broken. */
    public static final int MAX_FRAME_BYTES = 512 * 1024 * 1024;

    private final MessageUnpacker in;

    public IprotoFrameReader(InputStream in) {
        this.in = MsgPackBuffers.unpacker(in);
    }

    /**
     * Reads the 128-byte greeting and returns its first line, such as
     * {@code "Tarantool 2.6.0 (Binary) 1f7c..."}.
     *
     * @throws IOException when the stream ends first or the greeting is not Tarantool's
     */
    public String readGreeting() throws IOException {
        byte[] greeting = new byte[IprotoFormat.GREETING_BYTES];
        try {
            in.readPayload(greeting);
        } catch (MessageInsufficientBufferException e) {
            throw new EOFException("connection closed by the server during its greeting");
        }
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
        try {
            long length = frameLength();
            long start = in.getTotalReadBytes();
            long code = -1;
            long sync = -1;
            for (int i = in.unpackMapHeader(); i > 0; i--) {
                long key = in.unpackLong();
                if (key == IprotoFormat.REQUEST_TYPE) {
                    code = in.unpackLong();
                } else if (key == IprotoFormat.SYNC) {
                    sync = in.unpackLong();
                } else {
                    in.skipValue();
                }
            }
            long header = in.getTotalReadBytes() - start;
            if (header > length) {
                throw new IOException("protocol: a header of " + header + " bytes in a frame of " + length);
            }
            if (code < 0 || sync < 0) {
                throw new IOException("protocol: reply header without " + (code < 0 ? "code" : "sync"));
            }
            return new IprotoFrame(code, sync, in.readPayload((int) (length - header)));
        } catch (MessageInsufficientBufferException e) {
            throw new EOFException("connection closed by the server in the middle of a frame");
        } catch (MessagePackException e) {
            throw new IOException("protocol: " + e.getMessage(), e);
        }
    }

    /** The length prefix, which must be an unsigned integer up to {@link #MAX_FRAME_BYTES}. */
    private long frameLength() throws IOException {
        MessageFormat f = in.getNextFormat();
        if (f != MessageFormat.POSFIXINT && f != MessageFormat.UINT8 && f != MessageFormat.UINT16
                && f != MessageFormat.UINT32 && f != MessageFormat.UINT64) {
            throw new IOException("protocol: frame length is a MessagePack " + f
                    + " (expected: an unsigned integer)");
        }
        long length = in.unpackLong();
        if (length > MAX_FRAME_BYTES) {
            throw new IOException("protocol: frame length " + length + " (expected: <= " + MAX_FRAME_BYTES + ")");
        }
        return length;
    }
}
