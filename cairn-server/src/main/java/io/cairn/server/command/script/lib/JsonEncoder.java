package io.cairn.server.command.script.lib;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * {@code cjson.encode} for one value, as Lua CJSON 2.1.0 writes it:
 *
 * <ul>
 *   <li>numbers with {@code "%.14g"} (the precision is a setting); NaN and the infinities are
 *       refused, or written as {@code nan}/{@code inf}/{@code -inf} or {@code null} by setting;
 *   <li>strings byte for byte, escaping {@code " \ /}, the control bytes (as {@code \b \t \n \f \r}
 *       or {@code \\u00XX}) and 0x7f; other bytes, UTF-8 or not, pass through;
 *   <li>a table whose keys are all positive integers is an array of 1..max (holes as null), unless
 *       it is excessively sparse (max &gt; ratio × count and max &gt; safe), which is an error or,
 *       by setting, an object; any other table, the empty one too, is an object whose keys must be
 *       strings or numbers (written as strings);
 *   <li>nil and {@code cjson.null} as null; functions, userdata and threads are refused.
 * </ul>
 *
 * Object members come in LuaJ's table order, which is not C Lua's: an object of more than one
 * member can list them in another order than Redis does.
 *
 * <p>One instance encodes one value; not thread-safe.
 */
final class JsonEncoder {
    private static final int MAX_C_STACK = 8000;
    private static final byte[][] ESCAPES = new byte[256][];

    static {
        for (int c = 0; c < 32; c++) {
            ESCAPES[c] = String.format("\\u%04x", c).getBytes(StandardCharsets.US_ASCII);
        }
        ESCAPES['\b'] = "\\b".getBytes(StandardCharsets.US_ASCII);
        ESCAPES['\t'] = "\\t".getBytes(StandardCharsets.US_ASCII);
        ESCAPES['\n'] = "\\n".getBytes(StandardCharsets.US_ASCII);
        ESCAPES['\f'] = "\\f".getBytes(StandardCharsets.US_ASCII);
        ESCAPES['\r'] = "\\r".getBytes(StandardCharsets.US_ASCII);
        ESCAPES['"'] = "\\\"".getBytes(StandardCharsets.US_ASCII);
        ESCAPES['\\'] = "\\\\".getBytes(StandardCharsets.US_ASCII);
        ESCAPES['/'] = "\\/".getBytes(StandardCharsets.US_ASCII);
        ESCAPES[0x7f] = "\\u007f".getBytes(StandardCharsets.US_ASCII);
    }

    private final CjsonLib.Settings settings;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    /** The tables being written, innermost first; nesting costs no Java stack. */
    private final ArrayDeque<Frame> open = new ArrayDeque<>();

    JsonEncoder(CjsonLib.Settings settings) {
        this.settings = settings;
    }

    LuaString encode(LuaValue v) {
        value(v, 1);
        while (!open.isEmpty()) {
            Frame f = open.peek();
            if (f.length > 0) {
                if (f.next > f.length) {
                    out.write(']');
                    open.pop();
                    continue;
                }
                if (f.next > 1) {
                    out.write(',');
                }
                value(f.table.rawget(f.next++), f.used + 1);
                continue;
            }
            Varargs e = f.table.next(f.key);
            f.key = e.arg1();
            if (f.key.isnil()) {
                out.write('}');
                open.pop();
                continue;
            }
            if (f.next++ > 1) {
                out.write(',');
            }
            if (f.key.type() == LuaValue.TNUMBER) {
                out.write('"');
                number(f.key.todouble());
                ascii("\":");
            } else if (f.key.type() == LuaValue.TSTRING) {
                string(f.key.checkstring());
                out.write(':');
            } else {
                throw refuse(f.key, "table key must be a number or string");
            }
            value(e.arg(2), f.used + 2);
        }
        return LuaString.valueOf(out.toByteArray());
    }

    /**
     * Writes a scalar, or opens a table on {@link #open}. {@code used}: the C Lua stack slots
     * taken, the value included (Lua CJSON checks that 3 more are free before each table).
     */
    private void value(LuaValue v, int used) {
        switch (v.type()) {
            case LuaValue.TSTRING -> string(v.checkstring());
            case LuaValue.TNUMBER -> number(v.todouble());
            case LuaValue.TBOOLEAN -> ascii(v.toboolean() ? "true" : "false");
            case LuaValue.TNIL -> ascii("null");
            case LuaValue.TTABLE -> {
                if (open.size() + 1 > settings.encodeMaxDepth || used + 3 > MAX_C_STACK) {
                    throw new LuaError("Cannot serialise, excessive nesting (" + (open.size() + 1) + ")");
                }
                LuaTable t = (LuaTable) v;
                int length = arrayLength(t);
                out.write(length > 0 ? '[' : '{');
                open.push(new Frame(t, Math.max(length, 0), used));
            }
            default -> {
                if (v == CjsonLib.NULL) {
                    ascii("null");
                } else {
                    throw refuse(v, "type not supported");
                }
            }
        }
    }

    /** A table being written: an array of {@code length} elements, or (length 0) an object. */
    private static final class Frame {
        final LuaTable table;
        final int length;
        final int used;
        /** The next array index, or the number of the next object member, from 1. */
        int next = 1;
        /** The object member last written, for {@code next()}. */
        LuaValue key = LuaValue.NIL;

        Frame(LuaTable table, int length, int used) {
            this.table = table;
            this.length = length;
            this.used = used;
        }
    }

    /**
     * The largest key when every key is a positive integer and the table is not excessively sparse;
     * 0 or less otherwise (an object). The largest key goes through a C int as Lua CJSON keeps it,
     * so one beyond 2^31 makes the table an object.
     */
    private int arrayLength(LuaTable t) {
        int max = 0;
        int items = 0;
        LuaValue k = LuaValue.NIL;
        while (true) {
            k = t.next(k).arg1();
            if (k.isnil()) {
                break;
            }
            double n = k.type() == LuaValue.TNUMBER ? k.todouble() : 0;
            if (n == 0 || Math.floor(n) != n || n < 1) {
                return -1;
            }
            if (n > max) {
                max = n <= Integer.MAX_VALUE ? (int) n : Integer.MIN_VALUE; // x86's cvttsd2si
            }
            items++;
        }
        if (settings.sparseRatio > 0
                && max > (long) items * settings.sparseRatio
                && max > settings.sparseSafe) {
            if (settings.sparseConvert == 0) {
                throw refuse(t, "excessively sparse array");
            }
            return -1;
        }
        return max;
    }

    private void number(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            switch (settings.encodeInvalidNumbers) {
                case 0 -> throw new LuaError("Cannot serialise number: must not be NaN or Inf");
                case 2 -> {
                    ascii("null");
                    return;
                }
                default -> {
                    if (Double.isNaN(d)) {
                        ascii("nan");
                        return;
                    }
                }
            }
        }
        ascii(CNumbers.formatG(d, settings.numberPrecision));
    }

    private void string(LuaString s) {
        out.write('"');
        byte[] b = s.m_bytes;
        int end = s.m_offset + s.m_length;
        int run = s.m_offset;
        for (int i = s.m_offset; i < end; i++) {
            byte[] escape = ESCAPES[b[i] & 0xff];
            if (escape != null) {
                out.write(b, run, i - run);
                out.write(escape, 0, escape.length);
                run = i + 1;
            }
        }
        out.write(b, run, end - run);
        out.write('"');
    }

    private void ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            out.write(s.charAt(i));
        }
    }

    private static LuaError refuse(LuaValue v, String reason) {
        return new LuaError("Cannot serialise " + v.typename() + ": " + reason);
    }
}
