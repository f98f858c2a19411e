package io.cairn.server.command.script;

import static io.cairn.server.command.CommandHarness.bulk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandHarness;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** EVAL and SCRIPT without sockets: arguments checked before the lock, scripts run against the engine. */
class ScriptCommandsTest {
    private final CommandHarness h = new CommandHarness();

    @AfterEach
    void close() {
        h.close();
    }

    @Test
    void numkeysAndTheScriptAreCheckedBeforeTheLock() {
        assertThatThrownBy(() -> h.parse("EVAL", "return 1", "x")).hasMessage("ERR value is not an integer or out of range");
        assertThatThrownBy(() -> h.parse("EVAL", "return 1", "-1")).hasMessage("ERR Number of keys can't be negative");
        assertThatThrownBy(() -> h.parse("EVAL", "return 1", "2", "k"))
                .hasMessage("ERR Number of keys can't be greater than number of args");
        assertThatThrownBy(() -> h.parse("EVAL", "return +", "0")).hasMessageStartingWith(
                "ERR Error compiling script (new function): user_script:1:");
        assertThatThrownBy(() -> h.parse("EVALSHA", "ffffffffffffffffffffffffffffffffffffffff", "0"))
                .hasMessage("NOSCRIPT No matching script. Please use EVAL.");
        assertThatThrownBy(() -> h.parse("EVAL", "#!lua flags=bogus\nreturn 1", "0"))
                .hasMessage("ERR Unexpected flag in script shebang: bogus");
    }

    @Test
    void aScriptWritesThroughItsTransactionAndKeepsWhatItWroteBeforeAnError() {
        assertThat(h.reply("EVAL", "redis.call('set', KEYS[1], ARGV[1]) return redis.call('get', KEYS[1])", "1", "k", "v"))
                .isEqualTo(bulk("v"));
        assertThat(h.exec("GET", "k")).isEqualTo(bulk("v"));
        RespValue failed = h.reply("EVAL", "redis.call('set', 'a', '1') redis.call('lpush', 'k', 'x') redis.call('set', 'b', '2')", "0");
        assertThat(failed).isInstanceOfSatisfying(RespValue.ErrorReply.class, e -> assertThat(e.message())
                .startsWith("WRONGTYPE Operation against a key holding the wrong kind of value script: "));
        assertThat(h.exec("GET", "a")).isEqualTo(bulk("1"));
        assertThat(h.exec("EXISTS", "b")).isEqualTo(RespValue.integer(0));
    }

    @Test
    void readOnlyScriptsMayNotWrite() {
        assertThat(h.reply("EVAL_RO", "return redis.call('set', 'k', 'v')", "0")).isInstanceOfSatisfying(
                RespValue.ErrorReply.class, e -> assertThat(e.message())
                        .startsWith("ERR Write commands are not allowed from read-only scripts. script: "));
        assertThat(h.reply("EVAL", "#!lua flags=no-writes\nreturn redis.pcall('set', 'k', 'v')['err']", "0"))
                .isEqualTo(bulk("ERR Write commands are not allowed from read-only scripts."));
        assertThat(h.exec("EXISTS", "k")).isEqualTo(RespValue.integer(0));
    }

    @Test
    void theCacheNamesScriptsBySha1() {
        String sha = ScriptEngine.sha1hex(CommandHarness.bytes("return 'x'"));
        assertThat(h.call("SCRIPT", "LOAD", "return 'x'")).isEqualTo(bulk(sha));
        assertThat(h.call("SCRIPT", "EXISTS", sha, sha.toUpperCase(), "0000")).isEqualTo(RespValue.array(List.of(
                RespValue.integer(1), RespValue.integer(1), RespValue.integer(0))));
        assertThat(h.reply("EVALSHA", sha, "0")).isEqualTo(bulk("x"));
        assertThat(h.call("SCRIPT", "FLUSH")).isEqualTo(RespValue.OK);
        assertThat(h.call("SCRIPT", "EXISTS", sha)).isEqualTo(RespValue.array(List.of(RespValue.integer(0))));
    }

    @Test
    void scriptsShareNoStateAndCannotReachTheHost() {
        assertThat(h.reply("EVAL", "leak = 1", "0")).isInstanceOfSatisfying(RespValue.ErrorReply.class,
                e -> assertThat(e.message()).startsWith("ERR user_script:1: Attempt to modify a readonly table"));
        for (String name : List.of("os", "io", "debug", "require", "loadfile", "dofile", "package", "luajava")) {
            assertThat(h.reply("EVAL", "return " + name, "0")).as(name).isInstanceOfSatisfying(RespValue.ErrorReply.class,
                    e -> assertThat(e.message()).contains("Script attempted to access nonexistent global variable '" + name + "'"));
        }
        // precompiled chunks are refused, as Redis refuses them: loadstring answers nil
        assertThat(h.reply("EVAL", "return loadstring(string.dump(function() return 1 end))", "0"))
                .isEqualTo(new RespValue.NullReply());
        assertThat(h.reply("EVAL", "return loadstring('\\27Lua')", "0")).isEqualTo(new RespValue.NullReply());
    }

    @Test
    void aScriptPastItsMemoryFailsAndTheServerGoesOn() {
        try (CommandHarness small = new CommandHarness("script-max-memory", "32mb")) {
            for (String hog : List.of(
                    "local t = {} for i = 1, 1e8 do t[i] = 'item' .. i end return #t",
                    "local s = 'x' while true do s = s .. s end",
                    "return #string.rep('x', 2^31)",
                    "return #string.rep('abc', 2e7)")) {
                assertThat(small.reply("EVAL", hog, "0")).as(hog).isInstanceOfSatisfying(RespValue.ErrorReply.class,
                        e -> assertThat(e.message()).startsWith("ERR not enough memory (script-max-memory) script: "));
            }
            assertThat(small.reply("EVAL", "redis.call('set', 'k', string.rep('v', 1000)) return 'fine'", "0"))
                    .isEqualTo(bulk("fine"));
            assertThat(small.exec("STRLEN", "k")).isEqualTo(RespValue.integer(1000));
        }
    }

    @Test
    void deepRecursionIsAnErrorAndTheEngineStillRuns() {
        RespValue r = h.reply("EVAL", "local function f(n) return 1 + f(n + 1) end return f(1)", "0");
        assertThat(r).isInstanceOfSatisfying(RespValue.ErrorReply.class, e -> assertThat(e.message()).contains("stack overflow"));
        assertThat(h.reply("EVAL", "return 42", "0")).isEqualTo(RespValue.integer(42));
    }
}
