package io.cairn.server.command.script;

import io.cairn.server.command.script.lib.BitLib;
import io.cairn.server.command.script.lib.CjsonLib;
import io.cairn.server.command.script.lib.CmsgpackLib;
import io.cairn.server.command.script.lib.StructLib;
import java.util.List;
import org.luaj.vm2.lib.TwoArgFunction;

/** The libraries Redis bundles beside Lua's own: {@code bit}, {@code cjson}, {@code cmsgpack}, {@code struct}. */
final class ScriptLibraries {
    private ScriptLibraries() {
    }

    static List<TwoArgFunction> extra() {
        return List.of(new BitLib(), new StructLib(), new CjsonLib(), new CmsgpackLib());
    }
}
