package io.cairn.server.acl;

import static io.cairn.server.acl.RuleEditorTest.TABLE;
import static io.cairn.server.acl.RuleEditorTest.rules;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The check of one command against a user's rules, with no socket: command bits, categories,
 * subcommands and first arguments, keys by the access their key specs ask for, channels.
 */
class UserRulesTest {

    /** The denial of {@code command} (space separated; a subcommand's id from its first two words), or null. */
    private static Denial check(UserRules r, String command) {
        String[] words = command.split(" ");
        byte[][] args = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            args[i] = words[i].getBytes(StandardCharsets.UTF_8);
        }
        int id = words.length > 1 ? TABLE.id(words[0] + "|" + words[1]) : -1;
        if (id < 0) {
            id = TABLE.id(words[0]);
        }
        return r.check(TABLE, id, args);
    }

    private static Denial.Reason reason(UserRules r, String command) {
        Denial d = check(r, command);
        return d == null ? null : d.reason();
    }

    @Test
    void commandsAreAllowedOneByOne() throws AclRuleException {
        UserRules r = rules("+get", "allkeys");
        assertThat(check(r, "get k")).isNull();
        assertThat(check(r, "set k v")).isEqualTo(new Denial(Denial.Reason.COMMAND, 0));
    }

    @Test
    void categoriesFollowTheCommandTable() throws AclRuleException {
        UserRules r = rules("+@read", "-@dangerous", "allkeys");
        assertThat(check(r, "get k")).isNull();
        assertThat(check(r, "hgetall h")).isNull();
        assertThat(reason(r, "set k v")).isEqualTo(Denial.Reason.COMMAND);
        assertThat(reason(r, "keys *")).isEqualTo(Denial.Reason.COMMAND); // @read but @dangerous
        UserRules writes = rules("+@all", "-@write", "allkeys");
        assertThat(reason(writes, "del k")).isEqualTo(Denial.Reason.COMMAND);
        assertThat(check(writes, "ttl k")).isNull();
    }

    @Test
    void aContainerRuleCoversItsSubcommandsAndASubcommandRuleOnlyItself() throws AclRuleException {
        UserRules get = rules("+config|get");
        assertThat(check(get, "config get maxmemory")).isNull();
        assertThat(reason(get, "config set maxmemory 1")).isEqualTo(Denial.Reason.COMMAND);
        UserRules all = rules("+config", "-config|set");
        assertThat(check(all, "config resetstat")).isNull();
        assertThat(reason(all, "config set maxmemory 1")).isEqualTo(Denial.Reason.COMMAND);
        assertThat(check(rules("+@admin"), "config set maxmemory 1")).isNull();
    }

    @Test
    void aFirstArgumentMayBeAllowedAlone() throws AclRuleException {
        UserRules r = rules("+select|0");
        assertThat(check(r, "select 0")).isNull();
        assertThat(reason(r, "select 1")).isEqualTo(Denial.Reason.COMMAND);
        assertThat(reason(rules("+select|0", "-select"), "select 0")).isEqualTo(Denial.Reason.COMMAND);
    }

    @Test
    void commandsWithoutAuthAreNeverRefused() throws AclRuleException {
        UserRules r = rules("nocommands");
        assertThat(check(r, "auth user pass")).isNull();
        assertThat(check(r, "hello 3")).isNull();
        assertThat(reason(r, "ping")).isEqualTo(Denial.Reason.COMMAND);
    }

    @Test
    void keysAreCheckedByTheAccessTheirSpecsAsk() throws AclRuleException {
        UserRules r = rules("+@all", "%R~r*", "%W~w*", "~b*");
        assertThat(check(r, "get r1")).isNull();
        assertThat(check(r, "get b1")).isNull();
        assertThat(check(r, "get w1")).isEqualTo(new Denial(Denial.Reason.KEY, 1));
        assertThat(check(r, "set w1 v")).isNull();
        assertThat(check(r, "set r1 v")).isEqualTo(new Denial(Denial.Reason.KEY, 1));
        assertThat(reason(r, "set w1 v get")).isEqualTo(Denial.Reason.KEY); // GET reads it too
        assertThat(check(r, "copy r1 w1")).isNull(); // source RO access, destination OW update
        assertThat(check(r, "copy w1 r1")).isEqualTo(new Denial(Denial.Reason.KEY, 1));
        assertThat(check(r, "mset w1 v x v")).isEqualTo(new Denial(Denial.Reason.KEY, 3));
        assertThat(check(r, "exists w1")).isNull(); // RO without access: any pattern that matches
        assertThat(check(r, "exists other")).isEqualTo(new Denial(Denial.Reason.KEY, 1));
        assertThat(check(r, "incr r1")).isEqualTo(new Denial(Denial.Reason.KEY, 1)); // RW access update
        assertThat(check(r, "incr b1")).isNull();
        assertThat(check(r, "eval x 2 b1 b2")).isNull();
        assertThat(check(r, "eval x 2 b1 r1")).isEqualTo(new Denial(Denial.Reason.KEY, 4)); // EVAL's keys: RW access update
        assertThat(check(r, "lmove r1 w1 left right")).isEqualTo(new Denial(Denial.Reason.KEY, 1)); // source RW
    }

    @Test
    void aCommandWithoutKeysPassesKeyPatterns() throws AclRuleException {
        assertThat(check(rules("+@all"), "dbsize")).isNull();
        assertThat(check(rules("+@all"), "get k")).isEqualTo(new Denial(Denial.Reason.KEY, 1));
    }

    @Test
    void channelsMatchAsGlobsButSubscribedPatternsLiterally() throws AclRuleException {
        UserRules r = rules("+@all", "&news.*");
        assertThat(check(r, "publish news.a hi")).isNull();
        assertThat(check(r, "publish sport hi")).isEqualTo(new Denial(Denial.Reason.CHANNEL, 1));
        assertThat(check(r, "subscribe news.a sport")).isEqualTo(new Denial(Denial.Reason.CHANNEL, 2));
        assertThat(check(r, "ssubscribe news.b")).isNull();
        assertThat(check(r, "psubscribe news.*")).isNull();
        assertThat(check(r, "psubscribe news.a*")).isEqualTo(new Denial(Denial.Reason.CHANNEL, 1));
        assertThat(check(r, "unsubscribe sport")).isNull(); // leaving is never refused
        assertThat(check(rules("+@all", "allchannels"), "publish any hi")).isNull();
    }

    @Test
    void theCommandIsCheckedBeforeItsKeysAndKeysBeforeChannels() throws AclRuleException {
        assertThat(reason(rules("+get"), "set k v")).isEqualTo(Denial.Reason.COMMAND);
        assertThat(reason(rules("+@all", "~a"), "get b")).isEqualTo(Denial.Reason.KEY);
    }

    @Test
    void refusalsAreWordedAsRedis72() {
        assertThat(new Denial(Denial.Reason.COMMAND, 0).message("alice", "set", null, false))
                .isEqualTo("User alice has no permissions to run the 'set' command");
        assertThat(new Denial(Denial.Reason.KEY, 1).message("alice", "get", "k", false))
                .isEqualTo("No permissions to access a key");
        assertThat(new Denial(Denial.Reason.KEY, 1).message("alice", "get", "k", true))
                .isEqualTo("User alice has no permissions to access the 'k' key");
        assertThat(new Denial(Denial.Reason.CHANNEL, 1).message("alice", "publish", "c", false))
                .isEqualTo("No permissions to access a channel");
    }

    @Test
    void catListsCategoriesAndTheirCommands() {
        assertThat(TABLE.categories().subList(0, 21)).isEqualTo(AclCommandTable.REDIS_CATEGORIES);
        assertThat(TABLE.commandsIn("transaction")).containsExactlyInAnyOrder("discard", "exec", "multi", "unwatch", "watch");
        assertThat(TABLE.commandsIn("keyspace")).doesNotContain("set").contains("del", "object|encoding");
        assertThat(TABLE.commandsIn("json")).isEmpty(); // module commands are left out, as in Redis
        assertThat(TABLE.isCategory("json")).isTrue();
    }
}
