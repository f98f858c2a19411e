package io.cairn.server.command.script.lib;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.TwoArgFunction;
import org.luaj.vm2.lib.VarArgFunction;

/**
 * The {@code struct} library (Roberto Ierusalimschy's struct, as Redis 7 bundles it):
 * {@code pack(fmt, ...)}, {@code unpack(fmt, data [, pos])} (the values, then the position after
 * the last byte read) and {@code size(fmt)}, over byte strings.
 *
 * <p>Format options, each optionally followed by a count where it takes one:
 *
 * <pre>
 *   &gt; &lt;      big / little endian (the default is little, as on the x86-64 Redis runs on)
 *   ![n]     maximum alignment n, a power of 2 (default 8); alignment starts at 1
 *   x        one zero byte
 *   b B      signed / unsigned char (1 byte)    h H   short (2)    l L  long (8)    T  size_t (8)
 *   i[n] I[n] signed / unsigned integer of n bytes (default 4, at most 32)
 *   f d      float (4) / double (8)
 *   c[n]     n bytes of a string (default 1); c0 packs the whole string, and unpacks as many
 *            bytes as the value unpacked just before it says
 *   s        zero-terminated string
 *   ' '      ignored
 * </pre>
 *
 * <p>Integers travel through a 64-bit C {@code long}, and this class reproduces what that does on
 * x86-64 where C leaves it undefined: a double out of range packs as 0x8000000000000000 (or 0 when
 * it is 2^64 or more), an integer wider than 8 bytes packs its high bytes as zeros and unpacks only
 * its low 8 bytes, and sign extension of such a width follows the hardware's shift-count masking.
 *
 * <p>Stateless; one instance may be loaded into any number of {@code Globals}.
 */
public final class StructLib extends TwoArgFunction {

    private static final int MAX_INT_SIZE = 32;
    private static final int MAX_ALIGN = 8;
    /** Lua 5.1's LUAI_MAXCSTACK: how many values a C function may leave on its stack. */
    private static final int MAX_C_STACK = 8000;

    @Override
    public LuaValue call(LuaValue modname, LuaValue env) {
        LuaTable struct = new LuaTable();
        struct.set("pack", new Op(0, "pack"));
        struct.set("unpack", new Op(1, "unpack"));
        struct.set("size", new Op(2, "size"));
        env.set("struct", struct);
        return struct;
    }

    private static final class Op extends VarArgFunction {
        private final int op;
        private final String fname;

        Op(int op, String name) {
            this.op = op;
            this.fname = name;
            this.name = name;
        }

        @Override
        public Varargs invoke(Varargs args) {
            Format fmt = new Format(LuaArgs.string(args, 1, fname));
            return switch (op) {
                case 0 -> pack(fmt, args);
                case 1 -> unpack(fmt, args);
                default -> LuaValue.valueOf(size(fmt));
            };
        }

        private LuaString pack(Format fmt, Varargs args) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Header h = new Header();
            int arg = 2;
            long total = 0;
            while (fmt.more()) {
                int opt = fmt.next();
                long size = fmt.size(opt);
                int pad = toAlign(total, h, opt, size);
                total += pad;
                for (int i = 0; i < pad; i++) {
                    out.write(0);
                }
                switch (opt) {
                    case 'b', 'B', 'h', 'H', 'l', 'L', 'T', 'i', 'I' -> {
                        putInteger(out, toUnsignedLong(number(args, arg++)), h.littleEndian, (int) size);
                    }
                    case 'x' -> out.write(0);
                    case 'f' -> {
                        int bits = Float.floatToRawIntBits((float) number(args, arg++));
                        putInteger(out, bits, h.littleEndian, 4);
                    }
                    case 'd' -> {
                        long bits = Double.doubleToRawLongBits(number(args, arg++));
                        putInteger(out, bits, h.littleEndian, 8);
                    }
                    case 'c', 's' -> {
                        LuaString s = string(args, arg++);
                        int len = s.rawlen();
                        if (size == 0) {
                            size = len;
                        }
                        if (len < size) {
                            throw LuaArgs.argError(arg, fname, "string too short");
                        }
                        out.write(s.m_bytes, s.m_offset, (int) size);
                        if (opt == 's') {
                            out.write(0);
                            size++;
                        }
                    }
                    default -> control(opt, fmt, h);
                }
                total += size;
            }
            return LuaString.valueOf(out.toByteArray());
        }

        private Varargs unpack(Format fmt, Varargs args) {
            LuaString data = LuaArgs.string(args, 2, fname);
            long ld = data.rawlen();
            long pos = LuaArgs.optInteger(args, 3, fname, 1);
            if (pos == 0) { // C compares it as a size_t: a negative position passes, then is too far
                throw LuaArgs.argError(3, fname, "offset must be 1 or greater");
            }
            pos--;
            int stackBase = Math.max(args.narg(), 2);
            ArrayList<LuaValue> results = new ArrayList<>();
            Header h = new Header();
            while (fmt.more()) {
                int opt = fmt.next();
                long size = fmt.size(opt);
                pos += toAlign(pos, h, opt, size);
                checkRoom(pos, size, ld);
                if (stackBase + results.size() + 2 > MAX_C_STACK) {
                    throw new LuaError("stack overflow (too many results)");
                }
                int at = (int) pos;
                switch (opt) {
                    case 'b', 'B', 'h', 'H', 'l', 'L', 'T', 'i', 'I' -> {
                        results.add(
                                LuaValue.valueOf(
                                        getInteger(data, at, h.littleEndian, Character.isLowerCase(opt), (int) size)));
                    }
                    case 'x' -> {}
                    case 'f' -> {
                        int bits = (int) getBits(data, at, h.littleEndian, 4);
                        results.add(LuaValue.valueOf((double) Float.intBitsToFloat(bits)));
                    }
                    case 'd' -> {
                        long bits = getBits(data, at, h.littleEndian, 8);
                        results.add(LuaValue.valueOf(Double.longBitsToDouble(bits)));
                    }
                    case 'c' -> {
                        if (size == 0) {
                            Double previous = results.isEmpty() ? null : LuaArgs.toNumber(results.getLast());
                            if (previous == null) {
                                throw new LuaError("format 'c0' needs a previous size");
                            }
                            size = toUnsignedLong(previous);
                            results.removeLast();
                            checkRoom(pos, size, ld);
                            at = (int) pos;
                        }
                        results.add(data.substring(at, at + (int) size));
                    }
                    case 's' -> {
                        int end = at;
                        while (end < ld && data.luaByte(end) != 0) {
                            end++;
                        }
                        if (end == ld) {
                            throw new LuaError("unfinished string in data");
                        }
                        size = end - at + 1;
                        results.add(data.substring(at, end));
                    }
                    default -> control(opt, fmt, h);
                }
                pos += size;
            }
            results.add(LuaValue.valueOf((double) (pos + 1)));
            return LuaValue.varargsOf(results.toArray(new LuaValue[0]));
        }

        /** C's {@code size <= ld && pos <= ld - size}, in size_t arithmetic. */
        private void checkRoom(long pos, long size, long ld) {
            if (Long.compareUnsigned(size, ld) > 0 || Long.compareUnsigned(pos, ld - size) > 0) {
                throw LuaArgs.argError(2, fname, "data string too short");
            }
        }

        private long size(Format fmt) {
            Header h = new Header();
            long pos = 0;
            while (fmt.more()) {
                int opt = fmt.next();
                long size = fmt.size(opt);
                pos += toAlign(pos, h, opt, size);
                if (opt == 's') {
                    throw LuaArgs.argError(1, fname, "option 's' has no fixed size");
                } else if (opt == 'c' && size == 0) {
                    throw LuaArgs.argError(1, fname, "option 'c0' has no fixed size");
                }
                if (!isAlnum(opt)) {
                    control(opt, fmt, h);
                }
                pos += size;
            }
            return pos;
        }

        /** The endianness and alignment options; anything else is not an option. */
        private void control(int opt, Format fmt, Header h) {
            switch (opt) {
                case ' ' -> {}
                case '>' -> h.littleEndian = false;
                case '<' -> h.littleEndian = true;
                case '!' -> {
                    int a = fmt.number(MAX_ALIGN);
                    if (a <= 0 || (a & (a - 1)) != 0) {
                        throw new LuaError("alignment " + a + " is not a power of 2");
                    }
                    h.align = a;
                }
                default ->
                        throw LuaArgs.argError(1, fname, "invalid format option '" + (char) opt + "'");
            }
        }

        /**
         * A pack argument as a number. struct pushes a nil after its arguments before it starts, so
         * the first missing one is "nil" rather than "no value".
         */
        private double number(Varargs args, int i) {
            if (i == args.narg() + 1) {
                throw LuaArgs.argError(i, fname, "number expected, got nil");
            }
            return LuaArgs.number(args, i, fname);
        }

        private LuaString string(Varargs args, int i) {
            if (i == args.narg() + 1) {
                throw LuaArgs.argError(i, fname, "string expected, got nil");
            }
            return LuaArgs.string(args, i, fname);
        }
    }

    private static final class Header {
        boolean littleEndian = true;
        int align = 1;
    }

    /** A cursor over the format; like C, it ends at the first zero byte. */
    private static final class Format {
        private final LuaString fmt;
        private int i;

        Format(LuaString fmt) {
            this.fmt = fmt;
        }

        boolean more() {
            return i < fmt.rawlen() && fmt.luaByte(i) != 0;
        }

        int next() {
            return fmt.luaByte(i++);
        }

        /** The digits at the cursor, or {@code dflt} when there are none. */
        int number(int dflt) {
            if (!more() || !isDigit(fmt.luaByte(i))) {
                return dflt;
            }
            int a = 0;
            do {
                int d = fmt.luaByte(i) - '0';
                if (a > Integer.MAX_VALUE / 10 || a * 10 > Integer.MAX_VALUE - d) {
                    throw new LuaError("integral size overflow");
                }
                a = a * 10 + d;
                i++;
            } while (more() && isDigit(fmt.luaByte(i)));
            return a;
        }

        /** The size in bytes of an option, reading its count; 0 for the control options. */
        long size(int opt) {
            return switch (opt) {
                case 'B', 'b', 'x' -> 1;
                case 'H', 'h' -> 2;
                case 'L', 'l', 'T', 'd' -> 8;
                case 'f' -> 4;
                case 'c' -> number(1);
                case 'i', 'I' -> {
                    int sz = number(4);
                    if (sz > MAX_INT_SIZE) {
                        throw new LuaError(
                                "integral size " + sz + " is larger than limit of " + MAX_INT_SIZE);
                    }
                    yield sz;
                }
                default -> 0;
            };
        }
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isAlnum(int c) {
        return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** Padding to put an item of {@code size} bytes at {@code len} under the current alignment. */
    private static int toAlign(long len, Header h, int opt, long size) {
        if (size == 0 || opt == 'c') {
            return 0;
        }
        if (size > h.align) {
            size = h.align;
        }
        return (int) ((size - (len & (size - 1))) & (size - 1));
    }

    /**
     * A double as x86-64 converts it to an unsigned long: truncated; negative values through a
     * signed long; NaN and values below -2^63 as 0x8000000000000000; 2^64 and above as 0.
     */
    static long toUnsignedLong(double n) {
        if (n < 0) {
            return n >= -0x1p63 ? (long) n : Long.MIN_VALUE;
        }
        if (Double.isNaN(n)) {
            return Long.MIN_VALUE;
        }
        if (n < 0x1p63) {
            return (long) n;
        }
        if (n < 0x1p64) {
            return (long) (n - 0x1p63) ^ Long.MIN_VALUE;
        }
        return 0;
    }

    /** The low {@code size} bytes of a 64-bit value; bytes past the eighth are zero. */
    private static void putInteger(ByteArrayOutputStream out, long value, boolean little, int size) {
        byte[] b = new byte[size];
        for (int k = 0; k < size; k++) {
            b[little ? k : size - 1 - k] = k < 8 ? (byte) (value >>> (8 * k)) : 0;
        }
        out.write(b, 0, size);
    }

    /** The bytes as one integer, most significant first; only the last 8 of them survive. */
    private static long getBits(LuaString data, int at, boolean little, int size) {
        long l = 0;
        for (int k = 0; k < size; k++) {
            l = (l << 8) | data.luaByte(at + (little ? size - 1 - k : k));
        }
        return l;
    }

    private static double getInteger(
            LuaString data, int at, boolean little, boolean signed, int size) {
        long l = getBits(data, at, little, size);
        if (!signed) {
            return unsignedToDouble(l);
        }
        long mask = -1L << ((size * 8 - 1) & 63); // x86 masks the shift count to 6 bits
        if ((l & mask) != 0) {
            l |= mask;
        }
        return (double) l;
    }

    /** An unsigned 64-bit value as the nearest double, as C's conversion rounds it. */
    static double unsignedToDouble(long l) {
        if (l >= 0) {
            return (double) l;
        }
        return (double) ((l >>> 1) | (l & 1)) * 2.0;
    }
}
