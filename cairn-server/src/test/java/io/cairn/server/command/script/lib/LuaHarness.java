package io.cairn.server.command.script.lib;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LoadState;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.compiler.LuaC;
import org.luaj.vm2.lib.PackageLib;
import org.luaj.vm2.lib.StringLib;
import org.luaj.vm2.lib.TableLib;
import org.luaj.vm2.lib.TwoArgFunction;
import org.luaj.vm2.lib.jse.JseBaseLib;
import org.luaj.vm2.lib.jse.JseMathLib;

/**
 * A fresh LuaJ {@code Globals} with base, package, table, string and math and the library under
 * test, for running the snippets whose Redis replies the tests record.
 */
final class LuaHarness {
    private final Globals globals = new Globals();

    LuaHarness(TwoArgFunction library) {
        globals.load(new JseBaseLib());
        globals.load(new PackageLib());
        globals.load(new TableLib());
        globals.load(new StringLib());
        globals.load(new JseMathLib());
        LoadState.install(globals);
        LuaC.install(globals);
        globals.load(library);
    }

    /** Runs the chunk and returns what it returns. */
    Varargs run(String chunk) {
        return globals.load(chunk, "test").invoke();
    }

    /** Runs the chunk and returns its first value. */
    LuaValue eval(String chunk) {
        return run(chunk).arg1();
    }

    /** The first value as a Java string (its bytes as ISO-8859-1, so binary shows one char a byte). */
    String str(String chunk) {
        LuaValue v = eval(chunk);
        byte[] b = new byte[v.checkstring().rawlen()];
        v.checkstring().copyInto(0, b, 0, b.length);
        return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** The first value as a double. */
    double num(String chunk) {
        return eval(chunk).checkdouble();
    }

    /** The message of the error the chunk raises, as the caller of pcall sees it. */
    String error(String chunk) {
        try {
            run(chunk);
        } catch (LuaError e) {
            return e.getMessageObject().tojstring();
        }
        throw new AssertionError("no error from: " + chunk);
    }
}
