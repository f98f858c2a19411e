package io.cairn.server.command.script.lib;

import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.TwoArgFunction;
import org.luaj.vm2.lib.VarArgFunction;

/**
 * The {@code cmsgpack} library (lua-cmsgpack 0.4.0, as Redis bundles it): {@code pack(...)} packs
 * each argument and concatenates them; {@code unpack(s)} returns every value in {@code s};
 * {@code unpack_one(s [, offset])} and {@code unpack_limit(s, limit [, offset])} return the offset
 * to continue from (-1 once {@code s} is used up) and then at most that many values.
 *
 * <p>What pack picks, as lua-cmsgpack does:
 *
 * <ul>
 *   <li>a number that is an integer in int64 range: the smallest of positive/negative fixint,
 *       uint8..uint64, int8..int64; any other number: float32 when it converts to float exactly
 *       (so infinities too), otherwise float64 (so NaN);
 *   <li>a string: fixstr, str8, str16 or str32 (never bin);
 *   <li>a table whose keys are exactly the integers 1..n (an empty table too): an array; any other
 *       table: a map; a table nested 16 deep (so a table that contains itself) packs as nil;
 *   <li>booleans as themselves; nil, functions and userdata (so {@code cjson.null}) as nil.
 * </ul>
 *
 * <p>Unpack reads every type but bin, ext and 0xc1 ("Bad data format in input."); a 64-bit
 * unsigned value of 2^63 or more comes back negative, as Redis's Lua 5.1 build pushes it through a
 * signed integer. The limits of Lua's C stack (8,000 slots) are reproduced, so the same inputs that
 * overflow it in Redis fail here with the same text, and deep nesting cannot overflow the Java
 * stack.
 *
 * <p>Map entries are packed in LuaJ's table order, which is not C Lua's: a map of more than one
 * entry can pack its entries in another order than Redis does (the same set of entries).
 *
 * <p>Stateless; one instance may be loaded into any number of {@code Globals}.
 */
public final class CmsgpackLib extends TwoArgFunction {

    private static final int MAX_NESTING = 16;
    private static final int MAX_C_STACK = 8000;

    @Override
    public LuaValue call(LuaValue modname, LuaValue env) {
        LuaTable t = new LuaTable();
        t.set("pack", new Op(0, "pack"));
        t.set("unpack", new Op(1, "unpack"));
        t.set("unpack_one", new Op(2, "unpack_one"));
        t.set("unpack_limit", new Op(3, "unpack_limit"));
        t.set("_NAME", "cmsgpack");
        t.set("_VERSION", "lua-cmsgpack 0.4.0");
        t.set("_COPYRIGHT", "Copyright (C) 2012, Salvatore Sanfilippo");
        t.set("_DESCRIPTION", "MessagePack C implementation for Lua");
        env.set("cmsgpack", t);
        return t;
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
            switch (op) {
                case 0:
                    return pack(args);
                case 1:
                    return unpack(args, 0, 0, Math.max(args.narg(), 1));
                case 2: {
                    long offset = LuaArgs.optInteger(args, 2, fname, 0);
                    return unpack(args, 1, offset, 1);
                }
                default: {
                    long limit = (long) LuaArgs.number(args, 2, fname);
                    long offset = LuaArgs.optInteger(args, 3, fname, 0);
                    return unpack(args, limit, offset, 1);
                }
            }
        }

        private LuaString pack(Varargs args) {
            int n = args.narg();
            if (n == 0) {
                throw LuaArgs.argError(0, fname, "MessagePack pack needs input.");
            }
            if (2L * n > MAX_C_STACK) {
                throw LuaArgs.argError(0, fname, "Too many arguments for MessagePack pack.");
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int i = 1; i <= n; i++) {
                encode(out, args.arg(i), 0);
            }
            return LuaString.valueOf(out.toByteArray());
        }

        private Varargs unpack(Varargs args, long limit, long offset, int stackBase) {
            LuaString s = LuaArgs.string(args, 1, fname);
            int len = s.rawlen();
            if (offset < 0 || limit < 0) {
                // lua-cmsgpack prints the input's length where it says "limit"
                throw new LuaError(
                        "Invalid request to unpack with offset of " + (int) offset + " and limit of " + len
                                + ".");
            }
            if (offset > len) {
                throw new LuaError(
                        "Start offset " + (int) offset + " greater than input length " + len + ".");
            }
            boolean all = limit == 0 && offset == 0;
            if (all) {
                limit = Integer.MAX_VALUE;
            }
            Cursor c = new Cursor(s, (int) offset);
            List<LuaValue> values = new ArrayList<>();
            while (c.pos < len && values.size() < limit) {
                values.add(decode(c, stackBase + values.size()));
            }
            if (!all) {
                values.addFirst(LuaValue.valueOf(c.pos == len ? -1 : c.pos));
            }
            return LuaValue.varargsOf(values.toArray(new LuaValue[0]));
        }
    }

    // ---------------------------------------------------------------- encoding

    private static void encode(ByteArrayOutputStream out, LuaValue v, int level) {
        switch (v.type()) {
            case LuaValue.TSTRING -> encodeBytes(out, v.checkstring());
            case LuaValue.TBOOLEAN -> out.write(v.toboolean() ? 0xc3 : 0xc2);
            case LuaValue.TNUMBER -> encodeNumber(out, v.todouble());
            case LuaValue.TTABLE -> {
                if (level == MAX_NESTING) {
                    out.write(0xc0);
                } else {
                    encodeTable(out, (LuaTable) v, level);
                }
            }
            default -> out.write(0xc0);
        }
    }

    private static void encodeBytes(ByteArrayOutputStream out, LuaString s) {
        int len = s.rawlen();
        if (len < 32) {
            out.write(0xa0 | len);
        } else if (len <= 0xff) {
            out.write(0xd9);
            out.write(len);
        } else if (len <= 0xffff) {
            out.write(0xda);
            writeBigEndian(out, len, 2);
        } else {
            out.write(0xdb);
            writeBigEndian(out, len, 4);
        }
        out.write(s.m_bytes, s.m_offset, len);
    }

    private static void encodeNumber(ByteArrayOutputStream out, double d) {
        if (d >= -0x1p63 && d < 0x1p63 && (long) d == d) {
            encodeInt(out, (long) d);
        } else if (d == (double) (float) d) {
            out.write(0xca);
            writeBigEndian(out, Float.floatToRawIntBits((float) d), 4);
        } else {
            out.write(0xcb);
            writeBigEndian(out, Double.doubleToRawLongBits(d), 8);
        }
    }

    private static void encodeInt(ByteArrayOutputStream out, long n) {
        if (n >= 0) {
            if (n <= 127) {
                out.write((int) n);
            } else if (n <= 0xff) {
                out.write(0xcc);
                out.write((int) n);
            } else if (n <= 0xffff) {
                out.write(0xcd);
                writeBigEndian(out, n, 2);
            } else if (n <= 0xffffffffL) {
                out.write(0xce);
                writeBigEndian(out, n, 4);
            } else {
                out.write(0xcf);
                writeBigEndian(out, n, 8);
            }
        } else if (n >= -32) {
            out.write((int) n & 0xff);
        } else if (n >= -128) {
            out.write(0xd0);
            out.write((int) n & 0xff);
        } else if (n >= -32768) {
            out.write(0xd1);
            writeBigEndian(out, n, 2);
        } else if (n >= -2147483648L) {
            out.write(0xd2);
            writeBigEndian(out, n, 4);
        } else {
            out.write(0xd3);
            writeBigEndian(out, n, 8);
        }
    }

    private static void encodeTable(ByteArrayOutputStream out, LuaTable t, int level) {
        int count = arrayLength(t);
        if (count >= 0) {
            writeHeader(out, count, 0x90, 0xdc);
            for (int i = 1; i <= count; i++) {
                encode(out, t.rawget(i), level + 1);
            }
            return;
        }
        int entries = 0;
        for (LuaValue k = t.next(LuaValue.NIL).arg1(); !k.isnil(); k = t.next(k).arg1()) {
            entries++;
        }
        writeHeader(out, entries, 0x80, 0xde);
        LuaValue k = LuaValue.NIL;
        while (true) {
            Varargs e = t.next(k);
            k = e.arg1();
            if (k.isnil()) {
                break;
            }
            encode(out, k, level + 1);
            encode(out, e.arg(2), level + 1);
        }
    }

    /** n when the keys are exactly the integers 1..n (0 for an empty table), else -1. */
    private static int arrayLength(LuaTable t) {
        int count = 0;
        int max = 0;
        LuaValue k = LuaValue.NIL;
        while (true) {
            k = t.next(k).arg1();
            if (k.isnil()) {
                break;
            }
            if (k.type() != LuaValue.TNUMBER) {
                return -1;
            }
            double n = k.todouble();
            if (!(n > 0 && n <= Integer.MAX_VALUE && n == Math.floor(n))) {
                return -1;
            }
            max = Math.max(max, (int) n);
            count++;
        }
        return max == count ? count : -1;
    }

    /** A fix header below 16 items, else the 16-bit form, else the 32-bit form (one code up). */
    private static void writeHeader(ByteArrayOutputStream out, int n, int fix, int code16) {
        if (n <= 15) {
            out.write(fix | n);
        } else if (n <= 0xffff) {
            out.write(code16);
            writeBigEndian(out, n, 2);
        } else {
            out.write(code16 + 1);
            writeBigEndian(out, n, 4);
        }
    }

    private static void writeBigEndian(ByteArrayOutputStream out, long v, int bytes) {
        for (int i = bytes - 1; i >= 0; i--) {
            out.write((int) (v >>> (8 * i)) & 0xff);
        }
    }

    // ---------------------------------------------------------------- decoding

    private static final class Cursor {
        final LuaString s;
        int pos;

        Cursor(LuaString s, int pos) {
            this.s = s;
            this.pos = pos;
        }

        void need(long n) {
            if (s.rawlen() - pos < n) {
                throw new LuaError("Missing bytes in input.");
            }
        }

        int u8(int at) {
            return s.luaByte(at);
        }

        long big(int at, int bytes) {
            long v = 0;
            for (int i = 0; i < bytes; i++) {
                v = (v << 8) | s.luaByte(at + i);
            }
            return v;
        }

        /** Reads {@code len} bytes after a header of {@code header} bytes. */
        LuaString bytes(int header, long len) {
            need(header + len);
            LuaString r = s.substring(pos + header, pos + header + (int) len);
            pos += header + (int) len;
            return r;
        }
    }

    /**
     * One value, read with an explicit stack of open arrays and maps, so nesting costs no Java stack.
     * {@code used} is how many slots of C Lua's stack are taken before the value is pushed, so the
     * checks lua-cmsgpack makes with luaL_checkstack fail where they fail in Redis.
     */
    private static LuaValue decode(Cursor c, int used) {
        ArrayDeque<Container> open = new ArrayDeque<>();
        while (true) {
            int slots = open.isEmpty() ? used : open.peek().slotsForNext();
            Object read = readOne(c, slots);
            LuaValue v;
            if (read instanceof Container container) {
                if (container.remaining > 0) {
                    open.push(container);
                    continue;
                }
                v = container.table;
            } else {
                v = (LuaValue) read;
            }
            while (true) {
                if (open.isEmpty()) {
                    return v;
                }
                Container top = open.peek();
                if (!top.accept(v)) {
                    break;
                }
                open.pop();
                v = top.table;
            }
        }
    }

    /** An array or map being filled. */
    private static final class Container {
        final LuaTable table = new LuaTable();
        final boolean isMap;
        final int slots;
        long remaining;
        int index = 1;
        LuaValue key;

        Container(boolean isMap, long n, int slots) {
            this.isMap = isMap;
            this.remaining = n;
            this.slots = slots;
        }

        /** C Lua's stack holds the table, then the index or the key, under the next value. */
        int slotsForNext() {
            return slots + (isMap && key == null ? 1 : 2);
        }

        /** Takes the next element; true when the container is complete. */
        boolean accept(LuaValue v) {
            if (!isMap) {
                if (!v.isnil()) {
                    table.rawset(index, v);
                }
                index++;
            } else if (key == null) {
                key = v;
                return false;
            } else {
                LuaValue k = key;
                key = null;
                if (k.isnil()) {
                    throw new LuaError("table index is nil");
                }
                if (k.type() == LuaValue.TNUMBER && Double.isNaN(k.todouble())) {
                    throw new LuaError("table index is NaN");
                }
                table.rawset(k, v);
            }
            return --remaining == 0;
        }
    }

    /** A scalar as a LuaValue, or a newly opened array or map as a Container. */
    private static Object readOne(Cursor c, int used) {
        c.need(1);
        if (used + 1 > MAX_C_STACK) {
            throw new LuaError(
                    "stack overflow (too many return values at once; use unpack_one or unpack_limit"
                            + " instead.)");
        }
        int b = c.u8(c.pos);
        switch (b) {
            case 0xc0:
                c.pos++;
                return LuaValue.NIL;
            case 0xc2:
                c.pos++;
                return LuaValue.FALSE;
            case 0xc3:
                c.pos++;
                return LuaValue.TRUE;
            case 0xcc:
                return number(c, 1, false);
            case 0xcd:
                return number(c, 2, false);
            case 0xce:
                return number(c, 4, false);
            case 0xcf:
            case 0xd3: // both pushed through a signed 64-bit integer
                return number(c, 8, true);
            case 0xd0:
                return number(c, 1, true);
            case 0xd1:
                return number(c, 2, true);
            case 0xd2:
                return number(c, 4, true);
            case 0xca: {
                c.need(5);
                float f = Float.intBitsToFloat((int) c.big(c.pos + 1, 4));
                c.pos += 5;
                return LuaValue.valueOf((double) f);
            }
            case 0xcb: {
                c.need(9);
                double d = Double.longBitsToDouble(c.big(c.pos + 1, 8));
                c.pos += 9;
                return LuaValue.valueOf(d);
            }
            case 0xd9:
                c.need(2);
                return c.bytes(2, c.big(c.pos + 1, 1));
            case 0xda:
                c.need(3);
                return c.bytes(3, c.big(c.pos + 1, 2));
            case 0xdb:
                c.need(5);
                return c.bytes(5, c.big(c.pos + 1, 4));
            case 0xdc:
                c.need(3);
                return array(c, 3, c.big(c.pos + 1, 2), used);
            case 0xdd:
                c.need(5);
                return array(c, 5, c.big(c.pos + 1, 4), used);
            case 0xde:
                c.need(3);
                return map(c, 3, c.big(c.pos + 1, 2), used);
            case 0xdf:
                c.need(5);
                return map(c, 5, c.big(c.pos + 1, 4), used);
            default:
                break;
        }
        if ((b & 0x80) == 0) {
            c.pos++;
            return LuaValue.valueOf(b);
        } else if ((b & 0xe0) == 0xe0) {
            c.pos++;
            return LuaValue.valueOf((byte) b);
        } else if ((b & 0xe0) == 0xa0) {
            return c.bytes(1, b & 0x1f);
        } else if ((b & 0xf0) == 0x90) {
            return array(c, 1, b & 0xf, used);
        } else if ((b & 0xf0) == 0x80) {
            return map(c, 1, b & 0xf, used);
        }
        throw new LuaError("Bad data format in input.");
    }

    private static LuaValue number(Cursor c, int bytes, boolean signed) {
        c.need(1 + bytes);
        long v = c.big(c.pos + 1, bytes);
        if (signed && bytes < 8) {
            int shift = 64 - 8 * bytes;
            v = (v << shift) >> shift;
        }
        c.pos += 1 + bytes;
        return LuaValue.valueOf((double) v);
    }

    private static Container array(Cursor c, int header, long n, int used) {
        c.pos += header;
        if (used + 2 > MAX_C_STACK) {
            throw new LuaError("stack overflow (in function mp_decode_to_lua_array)");
        }
        return new Container(false, n, used);
    }

    private static Container map(Cursor c, int header, long n, int used) {
        c.pos += header;
        return new Container(true, n, used);
    }
}
