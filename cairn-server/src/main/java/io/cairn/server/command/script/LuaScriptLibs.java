package io.cairn.server.command.script;

import io.cairn.server.command.script.lib.CNumbers;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.luaj.vm2.LoadState;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.compiler.LuaC;
import org.luaj.vm2.lib.BaseLib;
import org.luaj.vm2.lib.OneArgFunction;
import org.luaj.vm2.lib.PackageLib;
import org.luaj.vm2.lib.StringLib;
import org.luaj.vm2.lib.TableLib;
import org.luaj.vm2.lib.TwoArgFunction;
import org.luaj.vm2.lib.VarArgFunction;
import org.luaj.vm2.lib.jse.JseMathLib;

/**
 * The Lua environment Redis gives scripts, built on LuaJ (which implements Lua 5.2): the base,
 * {@code table}, {@code string} and {@code math} libraries with the Lua 5.1 names Redis scripts use
 * ({@code unpack}, {@code loadstring}, {@code table.getn}, {@code math.mod}, ...), numbers printed
 * as Lua 5.1 prints them ({@code tostring}, {@code string.format}), no {@code os}, {@code io},
 * {@code debug}, files or modules, every library table readonly and the globals protected
 * ({@link ScriptGlobals}). Stateless; {@link #create} builds one environment.
 */
final class LuaScriptLibs {
    /** Globals Lua or LuaJ define that Redis's sandbox does not offer. */
    private static final List<String> REMOVED = List.of("dofile", "loadfile", "print", "require", "module",
            "package", "rawlen");
    /** The library tables made readonly, as Redis 7 makes them. */
    private static final List<String> READONLY = List.of("string", "table", "math", "redis", "bit", "cjson",
            "cmsgpack", "struct");

    private LuaScriptLibs() {
    }

    /**
     * A new script environment with {@code redis} (and any extra libraries, each a LuaJ library
     * function that sets its own global) installed, then frozen.
     */
    static ScriptGlobals create(LuaTable redis, List<TwoArgFunction> extraLibs, java.util.function.LongPredicate fits) {
        ScriptGlobals g = new ScriptGlobals();
        g.load(new BaseLib());
        g.load(new PackageLib()); // the libraries register themselves in package.loaded; removed below
        g.load(new TableLib());
        g.load(new StringLib());
        g.load(new JseMathLib());
        LoadState.install(g);
        LuaC.install(g);
        for (TwoArgFunction lib : extraLibs) {
            g.load(lib);
        }
        lua51(g);
        boundedRep(g, fits);
        g.set("redis", redis);
        for (String name : REMOVED) {
            g.set(name, LuaValue.NIL);
        }
        for (String name : READONLY) {
            LuaValue lib = g.rawget(name);
            if (lib.istable()) {
                g.set(name, ReadOnlyTable.copyOf((LuaTable) lib));
            }
        }
        LuaTable stringMeta = new LuaTable();
        stringMeta.set(LuaValue.INDEX, g.rawget("string"));
        LuaString.s_metatable = ReadOnlyTable.copyOf(stringMeta);
        g.freeze();
        return g;
    }

    /** {@code string.rep} that checks the size of its result against the script's memory before it allocates. */
    private static void boundedRep(ScriptGlobals g, java.util.function.LongPredicate fits) {
        LuaValue string = g.rawget("string");
        LuaValue rep = string.get("rep");
        string.set("rep", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                long size = (long) args.checkstring(1).m_length * Math.max(0, args.checkint(2));
                if (size > Integer.MAX_VALUE - 8 || !fits.test(size)) {
                    throw ScriptEngine.outOfMemory();
                }
                return rep.invoke(args);
            }
        });
    }

    /** The Lua 5.1 names Redis's Lua has and LuaJ's 5.2 does not, and 5.1's printing of numbers. */
    private static void lua51(ScriptGlobals g) {
        LuaValue table = g.rawget("table");
        LuaValue string = g.rawget("string");
        LuaValue math = g.rawget("math");
        g.set("unpack", table.get("unpack"));
        table.set("getn", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue t) {
                return LuaValue.valueOf(t.checktable().length());
            }
        });
        table.set("maxn", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue t) {
                double max = 0;
                LuaValue k = LuaValue.NIL;
                while (true) {
                    Varargs n = t.checktable().next(k);
                    k = n.arg1();
                    if (k.isnil()) {
                        return LuaValue.valueOf(max);
                    }
                    if (k.type() == LuaValue.TNUMBER) {
                        max = Math.max(max, k.todouble());
                    }
                }
            }
        });
        table.set("pack", LuaValue.NIL);
        table.set("unpack", LuaValue.NIL);
        g.set("_VERSION", LuaValue.valueOf("Lua 5.1"));
        math.set("mod", math.get("fmod"));
        if (math.get("log10").isnil()) {
            math.set("log10", new OneArgFunction() {
                @Override
                public LuaValue call(LuaValue x) {
                    return LuaValue.valueOf(Math.log10(x.checkdouble()));
                }
            });
        }
        string.set("gfind", string.get("gmatch"));
        string.set("format", new LuaFormat());
        g.set("error", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                LuaValue message = args.arg1();
                if (message.type() == LuaValue.TSTRING || message.type() == LuaValue.TNUMBER) {
                    throw new ScriptError(message.tojstring(), args.optint(2, 1));
                }
                throw new ScriptError(message);
            }
        });
        g.set("tostring", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue v) {
                return LuaScriptLibs.tostring(v);
            }
        });
        LuaValue load = g.rawget("load");
        // Source text only: a precompiled chunk could break the VM's invariants.
        g.set("loadstring", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                LuaString chunk = args.checkstring(1);
                return textOnly(load, chunk, args.optvalue(2, chunk));
            }
        });
        g.set("load", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                LuaValue chunk = args.arg1();
                LuaValue name = args.optvalue(2, LuaValue.valueOf("=(load)"));
                if (chunk.isfunction()) {
                    ByteArrayOutputStream pieces = new ByteArrayOutputStream();
                    for (LuaValue piece = chunk.call(); !piece.isnil() && piece.rawlen() > 0; piece = chunk.call()) {
                        LuaString p = piece.checkstring();
                        pieces.write(p.m_bytes, p.m_offset, p.m_length);
                    }
                    chunk = LuaString.valueUsing(pieces.toByteArray());
                }
                return textOnly(load, chunk.checkstring(), name);
            }
        });
        g.set("gcinfo", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                return LuaValue.valueOf((int) (usedHeap() / 1024));
            }
        });
        // LuaJ's collectgarbage("collect") would run a full JVM collection on a script's request.
        g.set("collectgarbage", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                String opt = args.optjstring(1, "collect");
                return switch (opt) {
                    case "count" -> LuaValue.valueOf(usedHeap() / 1024.0);
                    case "step" -> LuaValue.TRUE;
                    case "collect", "stop", "restart", "setpause", "setstepmul" -> LuaValue.ZERO;
                    default -> throw new ScriptError("bad argument #1 to 'collectgarbage' (invalid option '" + opt + "')", 1);
                };
            }
        });
    }

    private static Varargs textOnly(LuaValue load, LuaString chunk, LuaValue name) {
        if (chunk.m_length > 0 && chunk.luaByte(0) == 27) { // ESC: the signature of a precompiled chunk
            return LuaValue.varargsOf(LuaValue.NIL, LuaValue.valueOf("bytecode loading is not allowed"));
        }
        return load.invoke(LuaValue.varargsOf(chunk, name, LuaValue.valueOf("t")));
    }

    /** {@code tostring} as Lua 5.1: numbers as {@code %.14g}, everything else as LuaJ prints it. */
    static LuaValue tostring(LuaValue v) {
        if (v.type() == LuaValue.TNUMBER) {
            return LuaValue.valueOf(CNumbers.formatG(v.todouble(), 14));
        }
        LuaValue meta = v.metatag(LuaValue.TOSTRING);
        if (!meta.isnil()) {
            return meta.call(v);
        }
        return v.isstring() ? v : LuaValue.valueOf(v.tojstring());
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
