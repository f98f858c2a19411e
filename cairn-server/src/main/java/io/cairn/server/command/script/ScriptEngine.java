package io.cairn.server.command.script;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import io.cairn.storage.engine.TransactionAbandonedException;
import io.cairn.storage.engine.Txn;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.luaj.vm2.Lua;
import org.luaj.vm2.LuaClosure;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Prototype;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.compiler.LuaC;
import org.luaj.vm2.LuaFunction;
import org.luaj.vm2.lib.DebugLib;
import org.luaj.vm2.lib.OneArgFunction;
import org.luaj.vm2.lib.VarArgFunction;

/**
 * Runs scripts as Redis does: one Lua environment for the server, protected so calls share no
 * state ({@link RedisApi} is its {@code redis} table); the script cache by SHA1; a call's run
 * ({@link ScriptRun}) with the stop requests (SCRIPT KILL, SHUTDOWN NOSAVE, memory) its hook
 * checks; and Redis's error texts. Libraries of functions are {@link FunctionLibraries}; the
 * thread scripts run on is {@link ScriptThread}.
 *
 * <p>Thread-safety: {@link #load} (compiling) and the cache may be used from any thread. The Lua
 * environment is only used under the store's lock, in practice on the script thread (EVAL, FCALL,
 * an EXEC holding one) or by FUNCTION LOAD; the lock serialises every script as Redis's single
 * thread does.
 */
public final class ScriptEngine {
    static final String CHUNK = "user_script";
    static final String FUNCTION_CHUNK = "user_function";
    private static final Pattern UNEXPECTED = Pattern.compile("unexpected symbol (\\d+) \\((.*)\\)$");
    /** LuaJ's number for the end of the input in "unexpected symbol 286". */
    private static final String LUAJ_EOS = "286";
    private static final Pattern COMPILE_POSITION = Pattern.compile("^\\[string \"(" + CHUNK + "|" + "user_function" + ")\"\\]");

    private final ServerContext server;
    /** The BUSY error while a function runs. */
    public static final String BUSY_FUNCTION = "BUSY Redis is busy running a script. You can only call FUNCTION KILL or SHUTDOWN NOSAVE.";
    public static final String BUSY = "BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.";

    private final Map<String, Script> cache = new ConcurrentHashMap<>();
    private final Hook hook = new Hook();
    private ScriptGlobals globals; // guarded by the store's lock
    private volatile ScriptRun current; // written under the store's lock, read by any thread
    private volatile boolean closing;

    private final ScriptThread thread;
    private final FunctionLibraries functions;

    public ScriptEngine(ServerContext server) {
        this.server = server;
        this.thread = new ScriptThread(server);
        this.functions = new FunctionLibraries(server, this);
    }

    // ---------------------------------------------------------------- the cache

    /** Compiles {@code body} (or finds it compiled) and keeps it in the cache under its SHA1. */
    public Script load(byte[] body) {
        String sha = sha1hex(body);
        Script cached = cache.get(sha);
        if (cached != null) {
            return cached;
        }
        Script s = compile(sha, body);
        Script raced = cache.putIfAbsent(sha, s);
        return raced == null ? s : raced;
    }

    /** The cached script with this SHA1 (any letter case), or null. */
    public Script cached(String sha) {
        return cache.get(sha.toLowerCase(java.util.Locale.ROOT));
    }

    public boolean exists(String sha) {
        return cached(sha) != null;
    }

    public void flush() {
        cache.clear();
    }

    private static Script compile(String sha, byte[] body) {
        ScriptFlags flags = ScriptFlags.of(body);
        return new Script(sha, compileChunk(flags.body(), CHUNK, "ERR Error compiling script (new function): "), flags);
    }

    /** Compiles Lua source under {@code chunk}'s name; a failure is {@code failure} and Lua 5.1's words for it. */
    static Prototype compileChunk(byte[] source, String chunk, String failure) {
        try {
            return LuaC.instance.compile(new ByteArrayInputStream(source), chunk);
        } catch (LuaError e) {
            throw new InvalidRequestException(failure + compileMessage(e.getMessage()));
        } catch (IOException e) {
            throw new IllegalStateException("reading Lua source from memory", e);
        } catch (RuntimeException e) { // LuaJ's lexer lets Java's number parsing fail on "1.2.3"
            throw new InvalidRequestException(failure + chunk + ": malformed number");
        }
    }

    /** LuaJ's compile error in Lua 5.1's words where they differ only in form. */
    static String compileMessage(String luaj) {
        String msg = COMPILE_POSITION.matcher(String.valueOf(luaj)).replaceFirst("$1");
        msg = msg.replace("'<eos>'", "'<eof>'");
        Matcher m = UNEXPECTED.matcher(msg);
        if (m.find()) {
            String near = m.group(1).equals(LUAJ_EOS) ? "<eof>" : m.group(2);
            msg = msg.substring(0, m.start()) + "unexpected symbol near '" + near + "'" + msg.substring(m.end());
        }
        return oneLine(msg);
    }

    static String sha1hex(byte[] body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(body));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is part of every JDK", e);
        }
    }

    // ---------------------------------------------------------------- running

    /**
     * LuaJ's debug hook, used only to let a script be stopped: every 256 instructions it looks at
     * the kill and abandon requests and at what the script has allocated. It keeps no call stack (LuaJ's would, at a cost per call),
     * only the function last entered and its instruction, for the line a kill names.
     */
    private final class Hook extends DebugLib {
        private int ticks;
        private Prototype function;
        private int pc;

        @Override
        public void onCall(LuaFunction f) {
        }

        @Override
        public void onCall(LuaClosure c, Varargs varargs, LuaValue[] stack) {
            function = c.p;
        }

        @Override
        public void onReturn() {
        }

        @Override
        public String traceback(int level) {
            return ""; // not used: the error function set in globals() keeps messages whole
        }

        @Override
        public void onInstruction(int pc, Varargs v, int top) {
            this.pc = pc;
            if ((++ticks & 255) == 0) {
                if (closing) {
                    throw new ScriptRun.Aborted(ScriptRun.Stop.ABANDON);
                }
                ScriptRun r = current;
                if (r != null) {
                    r.check();
                }
            }
        }

        String line(String chunk) {
            Prototype p = function;
            int at = pc;
            return p != null && p.lineinfo != null && at >= 0 && at < p.lineinfo.length ? chunk + ":" + p.lineinfo[at] : chunk;
        }
    }

    /** Whether the running script, if any, is one {@code session} sent. */
    public boolean runningFor(Session session) {
        ScriptRun r = current;
        return r != null && r.callerId == session.id();
    }

    /** Whether {@code bytes} more fit the running script's memory (string.rep asks before it allocates). */
    private boolean fits(long bytes) {
        ScriptRun r = current;
        return r == null || r.fits(bytes);
    }

    /** Stops the running script for its memory (from a library function that would allocate past it). */
    static ScriptRun.Aborted outOfMemory() {
        return new ScriptRun.Aborted(ScriptRun.Stop.MEMORY);
    }

    /** The BUSY error for what runs now: a script (SCRIPT KILL) or a function (FUNCTION KILL). */
    public RespValue busyReply() {
        ScriptRun r = current;
        return RespValue.error(r != null && r.function ? BUSY_FUNCTION : BUSY);
    }

    /** SCRIPT KILL ({@code function} false) or FUNCTION KILL: stops what runs, if it is of that kind and has not written. */
    public RespValue kill(boolean function) {
        ScriptRun r = current;
        if (r == null || r.function != function) {
            return RespValue.error("NOTBUSY No scripts in execution right now.");
        }
        if (!r.kill()) {
            return RespValue.error("UNKILLABLE Sorry the script already executed write commands against the dataset. You can"
                    + " either wait the script termination or kill the server in a hard way using the SHUTDOWN NOSAVE command.");
        }
        return RespValue.OK;
    }

    /**
     * SHUTDOWN NOSAVE while a script runs: stops it even if it wrote, and its transaction is
     * abandoned, so nothing of it reaches the log (the store then refuses everything until closed).
     */
    public void abandonForShutdown() {
        ScriptRun r = current;
        if (r != null) {
            r.abandon = true;
        }
    }

    /** The one thread scripts run on, and the waiting of event loops on it. */
    public ScriptThread thread() {
        return thread;
    }

    /** The function libraries (FUNCTION, FCALL). */
    public FunctionLibraries functions() {
        return functions;
    }

    /** Stops the script thread (at server close, after the event loops). */
    public void close() {
        closing = true; // the hook stops any script, even one not yet registered as running
        abandonForShutdown();
        thread.close();
    }

    /**
     * Runs {@code script} with {@code KEYS} and {@code ARGV} inside {@code txn}, for the client of
     * {@code caller}; {@code readOnly} for EVAL_RO and scripts flagged {@code no-writes}. What the
     * script wrote before an error stays written, as in Redis. Call under the store's lock.
     */
    public RespValue run(Script script, List<byte[]> keys, List<byte[]> argv, Txn txn, Session caller, boolean readOnly) {
        ScriptGlobals g = globals();
        g.bind("KEYS", array(keys));
        g.bind("ARGV", array(argv));
        return invoke(script.sha(), CHUNK, script.prototype(), readOnly || script.flags().noWrites(), txn, caller,
                () -> new LuaClosure(script.prototype(), g).call());
    }

    /**
     * FCALL: runs function {@code f} with the keys and arguments as its two parameters (functions
     * see no {@code KEYS}/{@code ARGV} globals). Call under the store's lock.
     */
    public RespValue call(FunctionLibraries.FunctionDef f, List<byte[]> keys, List<byte[]> argv, Txn txn, Session caller, boolean readOnly) {
        ScriptGlobals g = globals();
        g.bind("KEYS", LuaValue.NIL);
        g.bind("ARGV", LuaValue.NIL);
        Prototype p = f.callback() instanceof LuaClosure c ? c.p : null;
        return invoke(f.name(), FUNCTION_CHUNK, p, readOnly || f.noWrites(), txn, caller,
                () -> {
                    List<byte[]> command = new ArrayList<>(3 + keys.size() + argv.size());
                    command.add((readOnly ? "fcall_ro" : "fcall").getBytes(StandardCharsets.US_ASCII));
                    command.add(f.name().getBytes(StandardCharsets.UTF_8));
                    command.add(Integer.toString(keys.size()).getBytes(StandardCharsets.US_ASCII));
                    command.addAll(keys);
                    command.addAll(argv);
                    current.name = f.name();
                    current.command = command;
                    current.function = true;
                    return f.callback().call(array(keys), array(argv));
                });
    }

    /** The function running now (FUNCTION STATS' {@code running_script}), or null when none is. */
    public RunningFunction runningFunction() {
        ScriptRun r = current;
        if (r == null || !r.function) {
            return null;
        }
        return new RunningFunction(r.name, r.command, (System.nanoTime() - r.startNanos) / 1_000_000);
    }

    /** A running function: its name, the FCALL that runs it, how long it has run. */
    public record RunningFunction(String name, List<byte[]> command, long durationMillis) {
    }

    /** Runs a script or function body as one call: the sandbox, the stop requests, Redis's error texts. */
    private RespValue invoke(String label, String chunk, Prototype prototype, boolean readOnly, Txn txn, Session caller,
                             java.util.function.Supplier<LuaValue> body) {
        int db = txn.db();
        Session session = new Session(caller.id(), caller.channel(), System.currentTimeMillis(), true);
        session.db(db);
        session.user(caller.user()); // each redis.call is checked against the caller's ACL user
        ScriptRun run = new ScriptRun(txn, session, readOnly, server.config().scriptMaxMemory(), 0,
                server.store().overMemoryLimit());
        current = run;
        try {
            LuaValue result = body.get();
            return LuaReplies.toReply(result, run.resp);
        } catch (ScriptRun.Aborted e) {
            return switch (e.why) {
                case ABANDON -> throw new TransactionAbandonedException("SHUTDOWN NOSAVE while a script ran");
                case KILL -> RespValue.error("ERR Script killed by user with SCRIPT KILL... script: " + label + ", on @"
                        + hook.line(chunk) + ".");
                case MEMORY, TIMEOUT -> notEnoughMemory(label, chunk);
            };
        } catch (OutOfMemoryError e) { // one allocation too big for the heap: it did not happen, the server goes on
            return notEnoughMemory(label, chunk);
        } catch (LuaError e) {
            if (e.getCause() instanceof NegativeArraySizeException) { // a string or table past 2^31: LuaJ wraps the failure
                return notEnoughMemory(label, chunk);
            }
            String[] where = new String[1];
            String message = errorMessage(e, chunk, prototype, where);
            return RespValue.error(message + " script: " + label + ", on @" + (where[0] == null ? chunk : where[0]) + ".");
        } catch (RuntimeException e) { // LuaJ's own failures (a Java exception in its library code)
            return RespValue.error("ERR " + oneLine(String.valueOf(e.getMessage())) + " script: " + label + ", on @"
                    + chunk + ".");
        } catch (StackOverflowError e) {
            return RespValue.error("ERR " + chunk + ": stack overflow script: " + label + ", on @" + chunk + ".");
        } finally {
            current = null;
            if (txn.db() != db) {
                txn.select(db); // a SELECT inside the script does not outlive it
            }
        }
    }

    private RespValue notEnoughMemory(String label, String chunk) {
        return RespValue.error("ERR not enough memory (script-max-memory) script: " + label + ", on @" + hook.line(chunk) + ".");
    }

    private static LuaTable array(List<byte[]> items) {
        LuaTable t = new LuaTable(items.size(), 0);
        for (int i = 0; i < items.size(); i++) {
            t.rawset(i + 1, LuaString.valueOf(items.get(i)));
        }
        return t;
    }

    /**
     * A script's error as Redis words it: an error table's {@code err} as it is, any other error
     * with {@code ERR } before it, and its position ({@code user_script:3}) in {@code where[0]}.
     */
    private static String errorMessage(LuaError e, String chunk, Prototype prototype, String[] where) {
        Pattern positionPattern = Pattern.compile("^(" + chunk + ":\\d+):? ?");
        String full = String.valueOf(e.getMessage());
        String position;
        if (e instanceof ScriptError se) {
            position = se.position();
        } else {
            Matcher m = positionPattern.matcher(full);
            position = m.find() ? m.group(1) : null;
        }
        boolean tailCalled = position == null;
        if (tailCalled && prototype != null) {
            position = tailCallLine(prototype, chunk);
        }
        where[0] = position;
        LuaValue obj = e.getMessageObject();
        if (obj != null && obj.istable() && obj.rawget("err").isstring()) {
            return oneLine(LuaReplies.errorText(obj.rawget("err").tojstring()));
        }
        String text = obj != null && obj.isstring() ? obj.tojstring() : full;
        Matcher pm = positionPattern.matcher(text);
        if (pm.find()) {
            text = pm.group(1) + ": " + text.substring(pm.end()); // LuaJ's "user_script:1 msg"
        } else if (tailCalled && position != null && !(e instanceof ScriptError se && se.unpositioned())) {
            text = position + ": " + text; // the line LuaJ lost in a tail call
        }
        return oneLine("ERR " + text);
    }

    /**
     * Where an error raised by a function the main chunk tail-called happened, when LuaJ cannot
     * say: LuaJ runs {@code return redis.call(...)} after the chunk's frame is gone, so the error
     * carries no line. The line of the chunk's only tail call, or null when it has several.
     */
    private static String tailCallLine(Prototype p, String chunk) {
        int line = -1;
        for (int pc = 0; pc < p.code.length; pc++) {
            if (Lua.GET_OPCODE(p.code[pc]) == Lua.OP_TAILCALL && p.lineinfo != null && pc < p.lineinfo.length) {
                if (line >= 0 && line != p.lineinfo[pc]) {
                    return null;
                }
                line = p.lineinfo[pc];
            }
        }
        return line < 0 ? null : chunk + ":" + line;
    }

    private static String oneLine(String s) {
        return s.replace('\r', ' ').replace('\n', ' ');
    }

    private ScriptGlobals globals() {
        if (globals == null) {
            globals = LuaScriptLibs.create(new RedisApi(server, () -> current).table(), ScriptLibraries.extra(), this::fits);
            globals.debuglib = hook;
            // With a debug hook LuaJ appends a traceback to every error, unless an error function
            // (xpcall's handler) is set: this one keeps the message as it is.
            globals.running.errorfunc = new OneArgFunction() {
                @Override
                public LuaValue call(LuaValue message) {
                    return message;
                }
            };
        }
        return globals;
    }

    // ---------------------------------------------------------------- loading function libraries

    private static final long LOAD_TIMEOUT_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    /** Runs a library's code with the load-time {@code redis} (register_function, log) and what it registered. */
    FunctionLibraries.Library register(FunctionLibraries.LibrarySource source, Txn txn, Session caller) {
        ScriptGlobals g = globals();
        LuaValue runtime = g.rawget("redis");
        Map<String, FunctionLibraries.FunctionDef> registered = new java.util.LinkedHashMap<>();
        g.bind("redis", loadApi(source.name(), registered));
        ScriptRun run = new ScriptRun(txn, caller, true, server.config().scriptMaxMemory(), System.nanoTime() + LOAD_TIMEOUT_NANOS,
                false);
        ScriptRun outer = current;
        current = run;
        try {
            new LuaClosure(source.prototype(), g).call();
        } catch (ScriptRun.Aborted e) {
            throw new InvalidRequestException("ERR Error registering functions: " + switch (e.why) {
                case TIMEOUT, KILL, ABANDON -> "ERR FUNCTION LOAD timeout";
                case MEMORY -> "ERR not enough memory (script-max-memory)";
            });
        } catch (LuaError e) {
            throw new InvalidRequestException("ERR Error registering functions: "
                    + errorMessage(e, FUNCTION_CHUNK, source.prototype(), new String[1]));
        } finally {
            current = outer;
            g.bind("redis", runtime);
        }
        if (registered.isEmpty()) {
            throw new InvalidRequestException("ERR No functions registered");
        }
        return new FunctionLibraries.Library(source.name(), source.code(), List.copyOf(registered.values()));
    }

    /** The {@code redis} a library's code sees while it loads: only register_function, log and constants. */
    private LuaTable loadApi(String library, Map<String, FunctionLibraries.FunctionDef> registered) {
        LuaTable api = new LuaTable() {
            @Override
            public LuaValue get(LuaValue key) {
                LuaValue v = rawget(key);
                if (v.isnil()) {
                    throw new ScriptError("Script attempted to access nonexistent global variable '" + key.tojstring() + "'", 1);
                }
                return v;
            }
        };
        LuaValue runtime = globals.rawget("redis");
        for (String name : List.of("log", "LOG_DEBUG", "LOG_VERBOSE", "LOG_NOTICE", "LOG_WARNING", "REDIS_VERSION",
                "REDIS_VERSION_NUM")) {
            api.rawset(name, runtime.get(name));
        }
        api.rawset("register_function", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                FunctionLibraries.FunctionDef f = FunctionLibraries.functionDef(library, args);
                if (registered.containsKey(f.name())) {
                    throw new ScriptError(LuaReplies.errorTable("ERR Function already exists in the library"));
                }
                registered.put(f.name(), f);
                return LuaValue.NONE;
            }
        });
        return api;
    }
}
