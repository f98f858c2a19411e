package io.cairn.server.command.bitmap;

import io.cairn.common.InvalidRequestException;
import io.cairn.server.command.CommandContext;

/** Parsers for the arguments the bit commands share, worded as Redis words their errors. */
final class BitArguments {
    static final String BAD_OFFSET = "ERR bit offset is not an integer or out of range";

    private BitArguments() {
    }

    /**
     * A bit offset, refused when negative or when the string it addresses would pass
     * {@code maxBytes} ({@code proto-max-bulk-len}): so no command can make Cairn allocate past the
     * bulk limit. With {@code fieldBits > 0} (BITFIELD) an offset {@code #N} means the N-th field
     * of that width, {@code N * fieldBits}.
     */
    static long offset(byte[] arg, int fieldBits, long maxBytes) {
        boolean fields = fieldBits > 0 && arg.length > 0 && arg[0] == '#';
        long offset;
        try {
            offset = CommandContext.parseLong(fields ? java.util.Arrays.copyOfRange(arg, 1, arg.length) : arg);
            if (fields) {
                offset = Math.multiplyExact(offset, fieldBits);
            }
        } catch (InvalidRequestException | ArithmeticException e) {
            throw new InvalidRequestException(BAD_OFFSET);
        }
        if (offset < 0 || (offset >>> 3) >= maxBytes) {
            throw new InvalidRequestException(BAD_OFFSET);
        }
        return offset;
    }
}
