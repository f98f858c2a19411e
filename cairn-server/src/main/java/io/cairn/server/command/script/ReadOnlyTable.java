package io.cairn.server.command.script;

import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

/**
 * A library table scripts may read but not change, as Redis 7 makes {@code redis}, {@code string},
 * {@code cjson} and the others readonly: every write, {@code rawset} and {@code setmetatable}
 * included, fails with Redis's words. Filled once by {@link #copyOf}, then frozen.
 */
final class ReadOnlyTable extends LuaTable {
    static final String READONLY = "Attempt to modify a readonly table";

    private boolean frozen;

    /** A frozen copy of {@code source}'s entries. */
    static ReadOnlyTable copyOf(LuaTable source) {
        ReadOnlyTable t = new ReadOnlyTable();
        LuaReplies.forEach(source, t::rawset);
        t.frozen = true;
        return t;
    }

    /** A write by assignment: the error names the script's line. */
    private void check() {
        if (frozen) {
            throw new ScriptError(READONLY, 1);
        }
    }

    /** A write through a library function (rawset, table.insert, setmetatable): no line, as in Redis. */
    private void checkRaw() {
        if (frozen) {
            throw new ScriptError(READONLY, 0);
        }
    }

    @Override
    public void set(int key, LuaValue value) {
        check();
        super.set(key, value);
    }

    @Override
    public void set(LuaValue key, LuaValue value) {
        check();
        super.set(key, value);
    }

    @Override
    public void rawset(int key, LuaValue value) {
        checkRaw();
        super.rawset(key, value);
    }

    @Override
    public void rawset(LuaValue key, LuaValue value) {
        checkRaw();
        super.rawset(key, value);
    }

    @Override
    public void hashset(LuaValue key, LuaValue value) {
        checkRaw();
        super.hashset(key, value);
    }

    @Override
    public LuaValue remove(int pos) {
        checkRaw();
        return super.remove(pos);
    }

    @Override
    public void insert(int pos, LuaValue value) {
        checkRaw();
        super.insert(pos, value);
    }

    @Override
    public void sort(LuaValue comparator) {
        checkRaw();
        super.sort(comparator);
    }

    @Override
    public LuaValue setmetatable(LuaValue metatable) {
        checkRaw();
        return super.setmetatable(metatable);
    }
}
