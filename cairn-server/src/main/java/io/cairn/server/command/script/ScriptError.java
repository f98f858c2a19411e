package io.cairn.server.command.script;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaValue;

/**
 * An error raised by a script ({@code error()}) or by the sandbox, printed as Lua 5.1 prints it:
 * {@code user_script:3: message} when raised at a level that names a line, the message alone at
 * level 0 (and for readonly refusals raised inside library functions, as Redis's are). LuaJ's own
 * {@link LuaError} joins position and message with a space and ignores the level.
 */
final class ScriptError extends LuaError {
    private final String raw;
    private final int errorLevel;

    ScriptError(String message, int level) {
        super(message, level);
        this.raw = message;
        this.errorLevel = level;
    }

    ScriptError(LuaValue object) {
        super(object);
        this.raw = null;
        this.errorLevel = 1;
    }

    /** Where the error happened ({@code user_script:3}), whatever its level; null if LuaJ could not tell. */
    String position() {
        return fileline;
    }

    /** Level 0: the message is to carry no position, wherever it was raised. */
    boolean unpositioned() {
        return errorLevel <= 0;
    }

    /** Whether the message carries its position. */
    boolean positioned() {
        return errorLevel > 0 && fileline != null;
    }

    @Override
    public String getMessage() {
        if (raw == null) {
            return super.getMessage();
        }
        return positioned() ? fileline + ": " + raw : raw;
    }
}
