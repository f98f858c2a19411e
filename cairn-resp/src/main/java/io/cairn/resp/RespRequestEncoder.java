package io.cairn.resp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

import java.util.List;

/**
 * Writes commands the way a client sends them, as {@link RespDecoder} reads them: an array of
 * bulk strings, the command name first.
 *
 * <pre>
 *   SET k 10   →   *3\r\n $3\r\nSET\r\n $1\r\nk\r\n $2\r\n10\r\n
 * </pre>
 *
 * <p>A command can be written whole ({@link #writeCommand}) or piece by piece: {@link
 * #writeArrayHeader} with the argument count, then that many {@code writeBulk} calls. Text is
 * written as UTF-8 and numbers as decimal digits, straight into the buffer, without building an
 * intermediate {@code byte[]} or {@code String}. A caller that sends a large argument without
 * copying it writes {@link #writeBulkHeader}, the bytes, then {@link #writeCrlf}. Nothing here
 * counts arguments: a header that promises more or fewer than follow breaks the stream.
 *
 * <p>Into a heap buffer the encoder writes headers and bulks straight into the backing array, one
 * capacity check each: the bench sends hundreds of thousands of commands a second through this.
 *
 * <p>Stateless and thread-safe.
 */
public final class RespRequestEncoder {
    private static final byte[] CRLF = {'\r', '\n'};
    /** Longer text goes through Netty's UTF-8 writer, which counts its bytes first. */
    private static final int MAX_ASCII_FAST_PATH = 4096;

    private RespRequestEncoder() {
    }

    /** Appends {@code args} as one command. */
    public static void writeCommand(ByteBuf out, byte[]... args) {
        writeArrayHeader(out, args.length);
        for (byte[] arg : args) {
            writeBulk(out, arg);
        }
    }

    /** Appends {@code args}, each written as UTF-8, as one command. */
    public static void writeCommand(ByteBuf out, CharSequence... args) {
        writeArrayHeader(out, args.length);
        for (CharSequence arg : args) {
            writeBulk(out, arg);
        }
    }

    /** Appends {@code args}, each written as UTF-8, as one command. */
    public static void writeCommand(ByteBuf out, List<? extends CharSequence> args) {
        writeArrayHeader(out, args.size());
        for (CharSequence arg : args) {
            writeBulk(out, arg);
        }
    }

    /** {@code *count\r\n}: a command of {@code count} arguments follows. */
    public static void writeArrayHeader(ByteBuf out, int count) {
        if (count <= 0) {
            throw new IllegalArgumentException("count: " + count + " (expected: > 0)");
        }
        writeHeader(out, '*', count, 0);
    }

    public static void writeBulk(ByteBuf out, byte[] value) {
        int at = writeHeader(out, '$', value.length, value.length + 2);
        if (at < 0) {
            out.writeBytes(value);
            out.writeBytes(CRLF);
            return;
        }
        byte[] a = out.array();
        System.arraycopy(value, 0, a, at, value.length);
        a[at + value.length] = '\r';
        a[at + value.length + 1] = '\n';
        out.writerIndex(out.writerIndex() + value.length + 2);
    }

    /** {@code value} as UTF-8; an unpaired surrogate becomes {@code ?}, as {@code String.getBytes} does. */
    public static void writeBulk(ByteBuf out, CharSequence value) {
        if (out.hasArray() && value.length() <= MAX_ASCII_FAST_PATH && writeAsciiBulk(out, value)) {
            return;
        }
        int length = ByteBufUtil.utf8Bytes(value);
        writeHeader(out, '$', length, length + 2);
        ByteBufUtil.reserveAndWriteUtf8(out, value, length);
        out.writeBytes(CRLF);
    }

    /** {@code value}'s decimal digits, as a command's count or score argument is sent. */
    public static void writeBulk(ByteBuf out, long value) {
        int width = value >= 0 ? digits(value) : value == Long.MIN_VALUE ? 20 : 1 + digits(-value);
        writeHeader(out, '$', width, width + 2);
        RespEncoder.writeDecimal(out, value);
        out.writeBytes(CRLF);
    }

    /** {@code $length\r\n}: the caller then writes exactly {@code length} bytes and {@link #writeCrlf}. */
    public static void writeBulkHeader(ByteBuf out, int length) {
        if (length < 0) {
            throw new IllegalArgumentException("length: " + length + " (expected: >= 0)");
        }
        writeHeader(out, '$', length, 0);
    }

    public static void writeCrlf(ByteBuf out) {
        out.writeBytes(CRLF);
    }

    /**
     * Writes {@code value} as a bulk string into a heap buffer in one pass if every char is ASCII
     * (keys and field names nearly always are), so its UTF-8 length is its length.
     *
     * @return false, having written nothing, when a char is not ASCII
     */
    private static boolean writeAsciiBulk(ByteBuf out, CharSequence value) {
        int n = value.length();
        int digits = digits(n);
        int total = digits + 3 + n + 2;
        out.ensureWritable(total);
        byte[] a = out.array();
        int start = out.arrayOffset() + out.writerIndex();
        int at = start + digits + 3;
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c >= 0x80) {
                return false; // the bytes past the writer index are not committed
            }
            a[at + i] = (byte) c;
        }
        putHeader(a, start, '$', n, digits);
        a[at + n] = '\r';
        a[at + n + 1] = '\n';
        out.writerIndex(out.writerIndex() + total);
        return true;
    }

    /**
     * Writes {@code type}, the digits of {@code value} (not negative) and CRLF, having made room for
     * {@code then} more bytes after them.
     *
     * @return for a heap buffer, the index in its array just past the CRLF, where the caller may
     *         write those bytes; else -1
     */
    private static int writeHeader(ByteBuf out, char type, long value, int then) {
        int digits = digits(value);
        int length = digits + 3;
        out.ensureWritable(length + then);
        if (!out.hasArray()) {
            RespEncoder.writeNumberLine(out, type, value);
            return -1;
        }
        int start = out.arrayOffset() + out.writerIndex();
        putHeader(out.array(), start, type, value, digits);
        out.writerIndex(out.writerIndex() + length);
        return start + length;
    }

    /** {@code type}, the {@code digits} digits of {@code value} (not negative), CRLF, from {@code a[start]}. */
    private static void putHeader(byte[] a, int start, char type, long value, int digits) {
        a[start] = (byte) type;
        if (value <= Integer.MAX_VALUE) { // int division by 10 compiles to a multiply, long division may not
            int rest = (int) value;
            for (int i = start + digits; i > start; i--) {
                a[i] = (byte) ('0' + rest % 10);
                rest /= 10;
            }
        } else {
            long rest = value;
            for (int i = start + digits; i > start; i--) {
                a[i] = (byte) ('0' + rest % 10);
                rest /= 10;
            }
        }
        a[start + digits + 1] = '\r';
        a[start + digits + 2] = '\n';
    }

    /** How many decimal digits {@code value} (not negative) has. */
    private static int digits(long value) {
        if (value < 10) {
            return 1;
        }
        if (value < 100) {
            return 2;
        }
        if (value < 1000) {
            return 3;
        }
        int digits = 4;
        for (long rest = value / 10000; rest != 0; rest /= 10) {
            digits++;
        }
        return digits;
    }
}
