package io.cairn.server.command.script.lib;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * Argument checks worded as Lua 5.1's C API words them ({@code luaL_checknumber},
 * {@code luaL_argerror}), so a library's errors read as Redis's do: {@code bad argument #2 to
 * 'band' (number expected, got string)}. LuaJ's own checks word them differently. The function
 * name is the library function's own; C Lua takes it from the call site, so under
 * {@code pcall(bit.band, ...)} Redis says {@code '?'} where these say {@code 'band'}.
 */
final class LuaArgs {
    private LuaArgs() {}

    /**
     * The argument as a number; a numeric string converts as Lua 5.1 converts it
     * ({@link CNumbers#luaToNumber}, wider than LuaJ's: {@code "inf"}, {@code "0x1p4"}), as
     * {@code luaL_checknumber} does.
     */
    static double number(Varargs args, int i, String function) {
        Double n = toNumber(args.arg(i));
        if (n == null) {
            throw typeError(args, i, function, "number");
        }
        return n;
    }

    /** A number, or a string Lua 5.1 reads as one, as a double; else null. */
    static Double toNumber(LuaValue v) {
        if (v.type() == LuaValue.TNUMBER) {
            return v.todouble();
        }
        if (v.type() == LuaValue.TSTRING) {
            LuaString s = v.checkstring();
            return CNumbers.luaToNumber(s.m_bytes, s.m_offset, s.m_length);
        }
        return null;
    }

    /**
     * The argument as a string's bytes; a number converts as Lua 5.1 writes it ({@code "%.14g"},
     * not LuaJ's own text), as {@code luaL_checklstring} does.
     */
    static LuaString string(Varargs args, int i, String function) {
        LuaValue v = args.arg(i);
        if (v.type() == LuaValue.TNUMBER) {
            return LuaString.valueOf(CNumbers.luaToString(v.todouble()));
        }
        if (v.type() != LuaValue.TSTRING) {
            throw typeError(args, i, function, "string");
        }
        return v.checkstring();
    }

    /** {@code luaL_optinteger}: absent or nil gives the default; a number is truncated. */
    static long optInteger(Varargs args, int i, String function, long dflt) {
        if (args.arg(i).isnil()) {
            return dflt;
        }
        return (long) number(args, i, function);
    }

    static LuaError typeError(Varargs args, int i, String function, String expected) {
        String got = i > args.narg() ? "no value" : args.arg(i).typename();
        return argError(i, function, expected + " expected, got " + got);
    }

    static LuaError argError(int i, String function, String message) {
        return new LuaError("bad argument #" + i + " to '" + function + "' (" + message + ")");
    }
}
