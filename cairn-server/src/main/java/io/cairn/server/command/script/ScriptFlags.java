package io.cairn.server.command.script;

import io.cairn.common.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What a script's first line says, when it is a shebang as Redis 7 reads it:
 * {@code #!lua flags=no-writes,allow-stale}. Without a shebang a script may write (Redis's
 * compatibility rule for EVAL). {@link #body} is the text Lua compiles: the shebang line emptied,
 * so line numbers in errors stay those of the script.
 */
record ScriptFlags(boolean shebang, boolean noWrites, byte[] body) {
    /** The flags a script's shebang or a function's registration may name, as Redis 7 knows them. */
    static final java.util.Set<String> KNOWN = java.util.Set.of("no-writes", "allow-oom", "allow-stale", "no-cluster",
            "allow-cross-slot-keys");

    static ScriptFlags of(byte[] script) {
        if (script.length < 2 || script[0] != '#' || script[1] != '!') {
            return new ScriptFlags(false, false, script);
        }
        int eol = 0;
        while (eol < script.length && script[eol] != '\n') {
            eol++;
        }
        String line = new String(script, 2, eol - 2, StandardCharsets.UTF_8).trim();
        String[] parts = line.split(" +");
        if (!parts[0].equals("lua")) {
            throw new InvalidRequestException("ERR Unexpected engine in script shebang: "
                    + new String(script, 0, eol, StandardCharsets.UTF_8));
        }
        boolean noWrites = false;
        for (int i = 1; i < parts.length; i++) {
            if (!parts[i].startsWith("flags=")) {
                throw new InvalidRequestException("ERR Unknown lua shebang option: " + parts[i]);
            }
            String list = parts[i].substring("flags=".length());
            for (String flag : list.isEmpty() ? new String[0] : list.split(",")) {
                if (!KNOWN.contains(flag)) {
                    throw new InvalidRequestException("ERR Unexpected flag in script shebang: " + flag);
                }
                noWrites |= flag.equals("no-writes");
            }
        }
        byte[] body = script.clone();
        Arrays.fill(body, 0, eol, (byte) ' ');
        return new ScriptFlags(true, noWrites, body);
    }
}
