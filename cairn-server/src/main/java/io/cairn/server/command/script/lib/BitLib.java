package io.cairn.server.command.script.lib;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.TwoArgFunction;
import org.luaj.vm2.lib.VarArgFunction;

/**
 * The {@code bit} library (LuaBitOp 1.0.2) as Redis bundles it: 32-bit operations on Lua numbers,
 * each result a signed 32-bit integer. A number becomes 32 bits the way LuaBitOp does it on a
 * double: rounded to the nearest integer (ties to even) and taken modulo 2^32, so
 * {@code tobit(2^32 + 1) == 1}, {@code tobit(1.5) == 2}, {@code tobit(2.5) == 2}, and NaN and the
 * infinities give 0. Shift counts use their low five bits.
 *
 * <p>Stateless; one instance may be loaded into any number of {@code Globals}.
 */
public final class BitLib extends TwoArgFunction {

    private static final String[] NAMES = {
        "tobit", "bnot", "band", "bor", "bxor", "lshift", "rshift", "arshift", "rol", "ror", "bswap",
        "tohex"
    };

    /** 2^52 + 2^51: adding it leaves the rounded integer in the low 32 bits of the double. */
    private static final double ROUNDING_BIAS = 6755399441055744.0;

    @Override
    public LuaValue call(LuaValue modname, LuaValue env) {
        LuaTable bit = new LuaTable();
        for (int i = 0; i < NAMES.length; i++) {
            bit.set(NAMES[i], new Op(i, NAMES[i]));
        }
        env.set("bit", bit);
        return bit;
    }

    /** The 32 bits LuaBitOp takes from a double. */
    static int toBit(double n) {
        return (int) Double.doubleToRawLongBits(n + ROUNDING_BIAS);
    }

    private static int bits(Varargs args, int i, String name) {
        return toBit(LuaArgs.number(args, i, name));
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
            int b = bits(args, 1, fname);
            if (op == 11) {
                return tohex(b, args);
            }
            int result =
                    switch (op) {
                        case 0 -> b;
                        case 1 -> ~b;
                        case 2, 3, 4 -> fold(b, args);
                        case 5 -> b << (bits(args, 2, fname) & 31);
                        case 6 -> b >>> (bits(args, 2, fname) & 31);
                        case 7 -> b >> (bits(args, 2, fname) & 31);
                        case 8 -> Integer.rotateLeft(b, bits(args, 2, fname) & 31);
                        case 9 -> Integer.rotateRight(b, bits(args, 2, fname) & 31);
                        case 10 -> Integer.reverseBytes(b);
                        default -> throw new IllegalStateException("op: " + op);
                    };
            return LuaValue.valueOf(result);
        }

        /** band, bor, bxor over every argument; like LuaBitOp, from the last one down. */
        private int fold(int first, Varargs args) {
            int b = first;
            for (int i = args.narg(); i > 1; i--) {
                int v = bits(args, i, fname);
                b =
                        switch (op) {
                            case 2 -> b & v;
                            case 3 -> b | v;
                            default -> b ^ v;
                        };
            }
            return b;
        }

        /** n digits (8 when absent, at most 8), upper case when n is negative. */
        private LuaString tohex(int b, Varargs args) {
            int n = args.narg() < 2 ? 8 : bits(args, 2, fname);
            String digits = "0123456789abcdef";
            if (n < 0) {
                n = n == Integer.MIN_VALUE ? 8 : -n;
                digits = "0123456789ABCDEF";
            }
            n = Math.min(n, 8);
            byte[] out = new byte[n];
            for (int i = n - 1; i >= 0; i--) {
                out[i] = (byte) digits.charAt(b & 15);
                b >>>= 4;
            }
            return LuaString.valueOf(out);
        }
    }
}
