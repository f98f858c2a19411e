package io.cairn.server.command.script;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaValue;

/**
 * The globals every script sees, protected as Redis 7 protects them once set up: reading a name
 * that is not there and writing any name fail with Redis's words, so one script can neither leave
 * state behind for the next nor mistype a variable silently. Only the engine rebinds {@code KEYS}
 * and {@code ARGV}, through {@link #bind}.
 */
final class ScriptGlobals extends Globals {
    private boolean frozen;
    private boolean binding;

    /** From now on the table is readonly and a missing name is an error. */
    void freeze() {
        frozen = true;
    }

    /** Sets a global past the protection: {@code KEYS} and {@code ARGV} before each call. */
    void bind(String name, LuaValue value) {
        binding = true;
        try {
            super.rawset(LuaValue.valueOf(name), value);
        } finally {
            binding = false;
        }
    }

    private void checkWrite() {
        if (frozen && !binding) {
            throw new ScriptError(ReadOnlyTable.READONLY, 1);
        }
    }

    private void checkRawWrite() {
        if (frozen && !binding) {
            throw new ScriptError(ReadOnlyTable.READONLY, 0);
        }
    }

    @Override
    public LuaValue get(LuaValue key) {
        LuaValue v = super.rawget(key);
        if (v.isnil() && frozen) {
            throw new ScriptError("Script attempted to access nonexistent global variable '" + key.tojstring() + "'", 1);
        }
        return v;
    }

    @Override
    public LuaValue get(int key) {
        return get(LuaValue.valueOf(key));
    }

    @Override
    public void set(int key, LuaValue value) {
        checkWrite();
        super.set(key, value);
    }

    @Override
    public void set(LuaValue key, LuaValue value) {
        checkWrite();
        super.set(key, value);
    }

    @Override
    public void rawset(int key, LuaValue value) {
        checkRawWrite();
        super.rawset(key, value);
    }

    @Override
    public void rawset(LuaValue key, LuaValue value) {
        checkRawWrite();
        super.rawset(key, value);
    }

    @Override
    public void hashset(LuaValue key, LuaValue value) {
        checkRawWrite();
        super.hashset(key, value);
    }

    @Override
    public LuaValue setmetatable(LuaValue metatable) {
        checkRawWrite();
        return super.setmetatable(metatable);
    }
}
