package io.cairn.server.command.script.lib;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaUserdata;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.TwoArgFunction;
import org.luaj.vm2.lib.VarArgFunction;

/**
 * The {@code cjson} library (Lua CJSON 2.1.0, as Redis bundles it): {@code encode},
 * {@code decode}, {@code null}, {@code new} (a fresh module table with its own settings) and the
 * settings functions {@code encode_sparse_array}, {@code encode_max_depth},
 * {@code decode_max_depth}, {@code encode_number_precision}, {@code encode_keep_buffer},
 * {@code encode_invalid_numbers} and {@code decode_invalid_numbers}, each returning the current
 * setting. {@link JsonEncoder} and {@link JsonDecoder} hold the rules.
 *
 * <p>Each module table has its own {@link Settings}, changed by its settings functions and kept
 * for as long as the table lives (in Redis, for as long as the Lua VM does). A module table is
 * not thread-safe: a {@code Globals} is used by one script at a time.
 */
public final class CjsonLib extends TwoArgFunction {

    /**
     * {@code cjson.null}: JSON's null, a userdata that prints as Redis's NULL light userdata does.
     * Every module table shares it, so {@code cjson.new().null == cjson.null}.
     */
    public static final LuaValue NULL =
            new LuaUserdata(new Object()) {
                @Override
                public String tojstring() {
                    return "userdata: (nil)";
                }
            };

    @Override
    public LuaValue call(LuaValue modname, LuaValue env) {
        LuaTable cjson = newModule();
        env.set("cjson", cjson);
        return cjson;
    }

    static LuaTable newModule() {
        Settings settings = new Settings();
        LuaTable t = new LuaTable();
        String[] names = {
            "encode", "decode", "encode_sparse_array", "encode_max_depth", "decode_max_depth",
            "encode_number_precision", "encode_keep_buffer", "encode_invalid_numbers",
            "decode_invalid_numbers", "new"
        };
        for (int i = 0; i < names.length; i++) {
            t.set(names[i], new Op(i, names[i], settings));
        }
        t.set("null", NULL);
        t.set("_NAME", "cjson");
        t.set("_VERSION", "2.1.0");
        return t;
    }

    /** One module table's settings, with Redis's defaults. */
    static final class Settings {
        int sparseConvert = 0;
        int sparseRatio = 2;
        int sparseSafe = 10;
        int encodeMaxDepth = 1000;
        int decodeMaxDepth = 1000;
        /** 0 refuses NaN and infinities, 1 writes them as nan/inf, 2 writes them as null. */
        int encodeInvalidNumbers = 0;
        int decodeInvalidNumbers = 1;
        int encodeKeepBuffer = 1;
        int numberPrecision = 14;
    }

    private static final String[] OFF_ON = {"off", "on"};
    private static final String[] OFF_ON_NULL = {"off", "on", "null"};

    private static final class Op extends VarArgFunction {
        private final int op;
        private final String fname;
        private final Settings s;

        Op(int op, String name, Settings settings) {
            this.op = op;
            this.fname = name;
            this.name = name;
            this.s = settings;
        }

        @Override
        public Varargs invoke(Varargs args) {
            switch (op) {
                case 0:
                    checkOneArgument(args);
                    return new JsonEncoder(s).encode(args.arg1());
                case 1: {
                    checkOneArgument(args);
                    LuaString json = LuaArgs.string(args, 1, fname);
                    return new JsonDecoder(s, json).decode();
                }
                case 2: {
                    argInit(args, 3);
                    LuaValue convert = enumOption(args, 1, s.sparseConvert, OFF_ON, v -> s.sparseConvert = v);
                    LuaValue ratio = intOption(args, 2, 0, Integer.MAX_VALUE, s.sparseRatio, v -> s.sparseRatio = v);
                    LuaValue safe = intOption(args, 3, 0, Integer.MAX_VALUE, s.sparseSafe, v -> s.sparseSafe = v);
                    return LuaValue.varargsOf(convert, ratio, safe);
                }
                case 3:
                    argInit(args, 1);
                    return intOption(args, 1, 1, Integer.MAX_VALUE, s.encodeMaxDepth, v -> s.encodeMaxDepth = v);
                case 4:
                    argInit(args, 1);
                    return intOption(args, 1, 1, Integer.MAX_VALUE, s.decodeMaxDepth, v -> s.decodeMaxDepth = v);
                case 5:
                    argInit(args, 1);
                    return intOption(args, 1, 1, 14, s.numberPrecision, v -> s.numberPrecision = v);
                case 6:
                    argInit(args, 1);
                    return enumOption(args, 1, s.encodeKeepBuffer, OFF_ON, v -> s.encodeKeepBuffer = v);
                case 7:
                    argInit(args, 1);
                    return enumOption(
                            args, 1, s.encodeInvalidNumbers, OFF_ON_NULL, v -> s.encodeInvalidNumbers = v);
                case 8:
                    argInit(args, 1);
                    return enumOption(
                            args, 1, s.decodeInvalidNumbers, OFF_ON, v -> s.decodeInvalidNumbers = v);
                default:
                    return newModule();
            }
        }

        private void checkOneArgument(Varargs args) {
            if (args.narg() != 1) {
                throw LuaArgs.argError(1, fname, "expected 1 argument");
            }
        }

        private void argInit(Varargs args, int n) {
            if (args.narg() > n) {
                throw LuaArgs.argError(n + 1, fname, "found too many arguments");
            }
        }

        /**
         * An integer setting: nil leaves it; a number (truncated to a C int, as Lua CJSON stores it)
         * must be within [min, max]. Like Lua CJSON, a range error always names argument #1.
         */
        private LuaValue intOption(
                Varargs args, int i, int min, int max, int current, java.util.function.IntConsumer set) {
            if (!args.arg(i).isnil()) {
                int value = (int) (long) LuaArgs.number(args, i, fname);
                if (value < min || value > max) {
                    throw LuaArgs.argError(1, fname, "expected integer between " + min + " and " + max);
                }
                set.accept(value);
                current = value;
            }
            return LuaValue.valueOf(current);
        }

        /** An enumerated setting: a boolean, or one of the option names; answered as bool or name. */
        private LuaValue enumOption(
                Varargs args, int i, int current, String[] options, java.util.function.IntConsumer set) {
            LuaValue v = args.arg(i);
            if (!v.isnil()) {
                if (v.isboolean()) {
                    current = v.toboolean() ? 1 : 0;
                } else {
                    String name = LuaArgs.string(args, i, fname).tojstring();
                    current = -1;
                    for (int k = 0; k < options.length; k++) {
                        if (options[k].equals(name)) {
                            current = k;
                        }
                    }
                    if (current < 0) {
                        throw LuaArgs.argError(i, fname, "invalid option '" + name + "'");
                    }
                }
                set.accept(current);
            }
            return current <= 1 ? LuaValue.valueOf(current == 1) : LuaValue.valueOf(options[current]);
        }
    }
}
