package io.cairn.bench.driver.iproto;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.buffer.MessageBuffer;
import org.msgpack.core.buffer.MessageBufferOutput;

/**
 * Requests packed by msgpack-core's {@link MessagePacker} into one growable array until the
 * connection writes them: each request is {@link #begin}, packed through {@link #packer()}, and
 * {@link #end}ed, which fills in its length prefix (0xce and a uint32, the form Tarantool's own
 * connectors write) now that the body's size is known.
 *
 * <p>The packer writes straight into this array (its output hands out views of the free space),
 * so packing allocates nothing per value except the UTF-8 bytes of each string, and nothing per
 * request; a batch costs one view object.
 *
 * <p>Not thread-safe: one owner at a time.
 */
public final class RequestBuffer {
    private static final byte[] LENGTH_PLACEHOLDER = {(byte) 0xce, 0, 0, 0, 0};

    private final Output out;
    private final MessagePacker packer;
    /** Bytes written by the packer before {@code out.buf[0]}: sent or truncated away. */
    private long discarded;

    /** @param initialCapacity bytes to allocate up front; the buffer grows as needed */
    public RequestBuffer(int initialCapacity) {
        if (initialCapacity <= 0) {
            throw new IllegalArgumentException("initialCapacity: " + initialCapacity + " (expected: > 0)");
        }
        out = new Output(initialCapacity);
        packer = MsgPackBuffers.packer(out);
    }

    /** Where the values of the current request go. */
    public MessagePacker packer() {
        return packer;
    }

    /** Bytes buffered: every request begun and not yet written or truncated away. */
    public int size() {
        return (int) (packer.getTotalWrittenBytes() - discarded);
    }

    /** Starts a request with a length placeholder and returns its offset, for {@link #end}. */
    public int begin() throws IOException {
        int at = size();
        packer.writePayload(LENGTH_PLACEHOLDER);
        return at;
    }

    /** Fills in the length prefix {@link #begin} wrote at {@code at}: the bytes packed since. */
    public void end(int at) {
        // No flush needed: bytes the packer holds are already in out.buf (see Output).
        long length = size() - at - IprotoFormat.LENGTH_PREFIX_BYTES;
        if (at < 0 || length < 0 || out.buf[at] != (byte) 0xce) {
            throw new IllegalArgumentException("at: " + at + " (expected: the offset begin() returned)");
        }
        int n = (int) length;
        out.buf[at + 1] = (byte) (n >>> 24);
        out.buf[at + 2] = (byte) (n >>> 16);
        out.buf[at + 3] = (byte) (n >>> 8);
        out.buf[at + 4] = (byte) n;
    }

    /** Forgets what was packed after the first {@code newSize} bytes (a request that failed halfway). */
    public void truncate(int newSize) throws IOException {
        packer.flush();
        if (newSize < 0 || newSize > out.size) {
            throw new IndexOutOfBoundsException("newSize: " + newSize + " (expected: 0.." + out.size + ")");
        }
        discarded += out.size - newSize;
        out.size = newSize;
    }

    /** Writes every buffered byte to {@code os} (without flushing it) and empties the buffer. */
    public void writeTo(OutputStream os) throws IOException {
        packer.flush();
        os.write(out.buf, 0, out.size);
        discarded += out.size;
        out.size = 0;
    }

    /** A copy of the buffered bytes. */
    public byte[] toByteArray() throws IOException {
        packer.flush();
        return Arrays.copyOf(out.buf, out.size);
    }

    /**
     * The packer's output: bytes {@code [0, size)} of {@code buf} are committed; {@link #next}
     * lends the packer the free space after them, which it commits with {@link #writeBuffer}. The
     * array grows only in {@code next}, when nothing is lent, so every byte the packer has written
     * is always in the current array at the index the packer's count gives.
     */
    private static final class Output implements MessageBufferOutput {
        byte[] buf;
        int size;

        Output(int capacity) {
            buf = new byte[capacity];
        }

        @Override
        public MessageBuffer next(int minimumSize) {
            ensure(minimumSize + 1); // the packer asks again unless strictly more is free
            return MessageBuffer.wrap(buf, size, buf.length - size);
        }

        @Override
        public void writeBuffer(int length) {
            size += length;
        }

        @Override
        public void write(byte[] b, int offset, int length) {
            ensure(length);
            System.arraycopy(b, offset, buf, size, length);
            size += length;
        }

        @Override
        public void add(byte[] b, int offset, int length) {
            write(b, offset, length); // copied: the caller may reuse its array
        }

        @Override
        public void flush() {
            // nothing: the bytes stay until RequestBuffer.writeTo
        }

        @Override
        public void close() {
        }

        private void ensure(int more) {
            if (buf.length - size < more) {
                long wanted = Math.max((long) buf.length * 2, (long) size + more);
                if (wanted > Integer.MAX_VALUE - 8) {
                    throw new IllegalStateException("request buffer: " + size + " + " + more
                            + " bytes (expected: <= " + (Integer.MAX_VALUE - 8) + ")");
                }
                buf = Arrays.copyOf(buf, (int) wanted);
            }
        }
    }
}
