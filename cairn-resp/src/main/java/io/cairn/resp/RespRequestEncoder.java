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
 * <p>Stateless and thread-safe.
 */
public final class RespRequestEncoder {
    private static final byte[] CRLF = {'\r', '\n'};

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
        RespEncoder.writeNumberLine(out, '*', count);
    }

    public static void writeBulk(ByteBuf out, byte[] value) {
        RespEncoder.writeNumberLine(out, '$', value.length);
        out.writeBytes(value);
        out.writeBytes(CRLF);
    }

    /** {@code value} as UTF-8; an unpaired surrogate becomes {@code ?}, as {@code String.getBytes} does. */
    public static void writeBulk(ByteBuf out, CharSequence value) {
        int length = ByteBufUtil.utf8Bytes(value);
        RespEncoder.writeNumberLine(out, '$', length);
        ByteBufUtil.reserveAndWriteUtf8(out, value, length);
        out.writeBytes(CRLF);
    }

    /** {@code value}'s decimal digits, as a command's count or score argument is sent. */
    public static void writeBulk(ByteBuf out, long value) {
        int digits = value < 0 ? 2 : 1;
        for (long rest = value / 10; rest != 0; rest /= 10) {
            digits++;
        }
        RespEncoder.writeNumberLine(out, '$', digits);
        RespEncoder.writeDecimal(out, value);
        out.writeBytes(CRLF);
    }

    /** {@code $length\r\n}: the caller then writes exactly {@code length} bytes and {@link #writeCrlf}. */
    public static void writeBulkHeader(ByteBuf out, int length) {
        if (length < 0) {
            throw new IllegalArgumentException("length: " + length + " (expected: >= 0)");
        }
        RespEncoder.writeNumberLine(out, '$', length);
    }

    public static void writeCrlf(ByteBuf out) {
        out.writeBytes(CRLF);
    }
}
