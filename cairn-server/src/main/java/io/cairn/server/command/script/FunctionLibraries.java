package io.cairn.server.command.script;

import io.cairn.common.InvalidRequestException;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import io.cairn.storage.engine.Txn;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Prototype;
import org.luaj.vm2.Varargs;

/**
 * The server's function libraries (FUNCTION, FCALL): what each library registered, the checks of
 * FUNCTION LOAD and RESTORE in Redis's words, and their one payload in the store (FUNCTION DUMP's
 * serialization, {@link Txn#setFunctions}), which every change rewrites and the start reads back.
 * Running a library's code is the {@link ScriptEngine}'s ({@link ScriptEngine#register}).
 * Changes happen under the store's lock; the maps are read by any thread (FCALL's parse, LIST).
 */
public final class FunctionLibraries {
    private final ServerContext server;
    private final ScriptEngine engine;

    FunctionLibraries(ServerContext server, ScriptEngine engine) {
        this.server = server;
        this.engine = engine;
    }

    /** A function a library registered: its callback, flags and description. */
    public record FunctionDef(String name, String library, LuaValue callback, Set<String> flags, String description) {
        public boolean noWrites() {
            return flags.contains("no-writes");
        }
    }

    /** A loaded library: its name, its code as sent, its functions in the order it registered them. */
    public record Library(String name, byte[] code, List<FunctionDef> functions) {
    }

    /** A library's code checked and compiled before the store's lock (FUNCTION LOAD's parse). */
    public record LibrarySource(String name, byte[] code, Prototype prototype) {
    }

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_]+");
    // Written under the store's lock, read by any thread (FCALL's parse, FUNCTION LIST).
    private final Map<String, Library> libraries = new ConcurrentHashMap<>();
    private final Map<String, FunctionDef> functions = new ConcurrentHashMap<>();

    /** The function named {@code name}, or null. */
    public FunctionDef function(String name) {
        return functions.get(name);
    }

    /** The loaded libraries, by name. */
    public java.util.SortedMap<String, Library> libraries() {
        return new java.util.TreeMap<>(libraries);
    }

    public int functionCount() {
        return functions.size();
    }

    /** Reads a library's {@code #!lua name=<name>} line and compiles it, in Redis's words when it cannot. */
    public static LibrarySource parseLibrary(byte[] code) {
        if (code.length < 2 || code[0] != '#' || code[1] != '!') {
            throw new InvalidRequestException("ERR Missing library metadata");
        }
        int eol = 0;
        while (eol < code.length && code[eol] != '\n') {
            eol++;
        }
        String[] parts = new String(code, 2, eol - 2, StandardCharsets.UTF_8).trim().split(" +");
        if (!parts[0].equals("lua")) {
            throw new InvalidRequestException("ERR Engine '" + parts[0] + "' not found");
        }
        String name = null;
        for (int i = 1; i < parts.length; i++) {
            if (parts[i].startsWith("name=")) {
                name = parts[i].substring("name=".length());
            } else {
                throw new InvalidRequestException("ERR Invalid metadata value given: " + parts[i]);
            }
        }
        if (name == null) {
            throw new InvalidRequestException("ERR Library name was not given");
        }
        if (!NAME.matcher(name).matches()) {
            throw new InvalidRequestException(
                    "ERR Library names can only contain letters, numbers, or underscores(_) and must be at least one character long");
        }
        byte[] body = code.clone();
        java.util.Arrays.fill(body, 0, eol, (byte) ' ');
        return new LibrarySource(name, code.clone(),
                ScriptEngine.compileChunk(body, ScriptEngine.FUNCTION_CHUNK, "ERR Error compiling function: "));
    }

    /**
     * FUNCTION LOAD: runs the library's code to collect what it registers, then replaces the
     * library (with {@code replace}) and logs the new set. Under the store's lock.
     */
    public String load(LibrarySource source, boolean replace, Txn txn, Session caller) {
        if (libraries.containsKey(source.name()) && !replace) {
            throw new InvalidRequestException("ERR Library '" + source.name() + "' already exists");
        }
        Library library = engine.register(source, txn, caller);
        for (FunctionDef f : library.functions()) {
            FunctionDef other = functions.get(f.name());
            if (other != null && !other.library().equals(source.name())) {
                throw new InvalidRequestException("ERR Function " + f.name() + " already exists");
            }
        }
        install(library);
        persist(txn);
        return source.name();
    }

    /** FUNCTION DELETE. Under the store's lock. */
    public void delete(String name, Txn txn) {
        if (!libraries.containsKey(name)) {
            throw new InvalidRequestException("ERR Library not found");
        }
        uninstall(name);
        persist(txn);
    }

    /** FUNCTION FLUSH. Under the store's lock. */
    public void flushFunctions(Txn txn) {
        libraries.clear();
        functions.clear();
        persist(txn);
    }

    /** Logs the libraries as they are now: their dump, or nothing at all when there are none. */
    private void persist(Txn txn) {
        txn.setFunctions(libraries.isEmpty() ? new byte[0] : dump());
    }

    /** FUNCTION DUMP: every library, in Redis's serialization. */
    public byte[] dump() {
        List<byte[]> codes = new java.util.ArrayList<>();
        for (Library l : libraries().values()) {
            codes.add(l.code());
        }
        return FunctionDump.write(codes);
    }

    /** FUNCTION RESTORE with policy FLUSH, APPEND or REPLACE. Under the store's lock; all or nothing. */
    public void restore(byte[] payload, String policy, Txn txn, Session caller) {
        List<LibrarySource> sources = new java.util.ArrayList<>();
        for (byte[] code : FunctionDump.read(payload)) {
            sources.add(parseLibrary(code));
        }
        Map<String, Library> loaded = new java.util.LinkedHashMap<>();
        for (LibrarySource src : sources) {
            loaded.put(src.name(), engine.register(src, txn, caller));
        }
        Map<String, Library> next = policy.equals("FLUSH") ? new java.util.HashMap<>() : new java.util.HashMap<>(libraries);
        for (Library l : loaded.values()) {
            if (next.containsKey(l.name()) && policy.equals("APPEND")) {
                throw new InvalidRequestException("ERR Library " + l.name() + " already exists");
            }
            next.put(l.name(), l);
        }
        Map<String, String> owners = new java.util.HashMap<>();
        for (Library l : next.values()) {
            for (FunctionDef f : l.functions()) {
                String before = owners.putIfAbsent(f.name(), l.name());
                if (before != null) {
                    throw new InvalidRequestException("ERR Function " + f.name() + " already exists");
                }
            }
        }
        libraries.clear();
        functions.clear();
        next.values().forEach(this::install);
        persist(txn);
    }

    /** At start: the libraries the store kept (log and snapshot), loaded again. */
    /**
     * On a replica that follows: the libraries as the group's log left them, after a batch that
     * set them (the leader ran FUNCTION LOAD, DELETE, FLUSH or RESTORE). Under the store's lock,
     * with no transaction open.
     */
    public void reloadFromStore() {
        libraries.clear();
        functions.clear();
        restoreFromStore();
    }

    public void restoreFromStore() {
        Session system = new Session(0, null, System.currentTimeMillis(), true);
        server.store().read(0, txn -> {
            byte[] payload = txn.functions();
            if (payload.length > 0) {
                for (byte[] code : FunctionDump.read(payload)) {
                    install(engine.register(parseLibrary(code), txn, system));
                }
            }
            return null;
        });
    }

    private void install(Library library) {
        uninstall(library.name());
        libraries.put(library.name(), library);
        for (FunctionDef f : library.functions()) {
            functions.put(f.name(), f);
        }
    }

    private void uninstall(String name) {
        Library old = libraries.remove(name);
        if (old != null) {
            for (FunctionDef f : old.functions()) {
                functions.remove(f.name(), f);
            }
        }
    }

    static FunctionDef functionDef(String library, Varargs args) {
        LuaValue name;
        LuaValue callback;
        LuaValue flags = LuaValue.NIL;
        LuaValue description = LuaValue.NIL;
        if (args.narg() == 1) {
            if (!args.arg1().istable()) {
                throw refusal("ERR calling redis.register_function with a single argument is only applicable to Lua table"
                        + " (representing named arguments).");
            }
            LuaTable t = (LuaTable) args.arg1();
            name = LuaValue.NIL;
            callback = LuaValue.NIL;
            LuaValue k = LuaValue.NIL;
            while (true) {
                Varargs n = t.next(k);
                k = n.arg1();
                if (k.isnil()) {
                    break;
                }
                switch (k.tojstring()) {
                    case "function_name" -> name = n.arg(2);
                    case "callback" -> callback = n.arg(2);
                    case "flags" -> flags = n.arg(2);
                    case "description" -> description = n.arg(2);
                    default -> throw refusal("ERR unknown argument given to redis.register_function");
                }
            }
            if (!name.isstring()) {
                throw refusal("ERR function_name argument given to redis.register_function must be a string");
            }
            if (!callback.isfunction()) {
                throw refusal("ERR callback argument given to redis.register_function must be a function");
            }
        } else if (args.narg() == 2) {
            name = args.arg1();
            callback = args.arg(2);
            if (!name.isstring()) {
                throw refusal("ERR first argument to redis.register_function must be a string");
            }
            if (!callback.isfunction()) {
                throw refusal("ERR second argument to redis.register_function must be a function");
            }
        } else {
            throw refusal("ERR wrong number of arguments to redis.register_function");
        }
        if (!NAME.matcher(name.tojstring()).matches()) {
            throw refusal("ERR Function names can only contain letters, numbers, or underscores(_) and must be at least"
                    + " one character long");
        }
        Set<String> flagSet = new java.util.LinkedHashSet<>();
        if (!flags.isnil()) {
            if (!flags.istable()) {
                throw refusal("ERR flags argument to redis.register_function must be a table representing function flags");
            }
            for (int i = 1; !flags.get(i).isnil(); i++) {
                String f = flags.get(i).tojstring();
                if (!ScriptFlags.KNOWN.contains(f)) {
                    throw refusal("ERR unknown flag given");
                }
                flagSet.add(f);
            }
        }
        if (!description.isnil() && !description.isstring()) {
            throw refusal("ERR description argument given to redis.register_function must be a string");
        }
        return new FunctionDef(name.tojstring(), library, callback, Set.copyOf(flagSet),
                description.isnil() ? null : description.tojstring());
    }

    private static ScriptError refusal(String message) {
        return new ScriptError(LuaReplies.errorTable(message));
    }
}
