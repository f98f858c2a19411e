package io.cairn.resp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;

class CommandTableTest {

    private static final List<String> REQUIRED = List.of(
            "ping", "echo", "hello", "auth", "select", "quit", "reset", "client", "client|id", "client|setname",
            "client|getname", "client|list", "client|info", "client|kill", "client|setinfo", "client|no-evict", "client|no-touch", "client|getredir",
            "client|trackinginfo", "client|unblock", "client|tracking", "client|caching", "client|reply", "client|pause",
            "client|unpause", "info", "slowlog", "slowlog|get", "slowlog|len", "slowlog|reset", "latency", "latency|latest",
            "latency|history", "latency|reset", "latency|doctor", "latency|graph", "latency|histogram", "latency|help",
            "memory", "memory|usage", "memory|stats", "memory|doctor", "memory|malloc-stats", "memory|purge", "memory|help",
            "config", "config|get",
            "config|set", "config|resetstat", "acl", "acl|cat", "acl|deluser", "acl|dryrun", "acl|genpass", "acl|getuser",
            "acl|list", "acl|load", "acl|log", "acl|save", "acl|setuser", "acl|users", "acl|whoami", "dbsize", "flushdb", "flushall", "time", "save", "bgsave", "lastsave",
            "role", "readonly", "readwrite", "sentinel", "sentinel|get-master-addr-by-name", "sentinel|masters",
            "sentinel|master", "sentinel|replicas", "sentinel|slaves", "sentinel|sentinels", "sentinel|myid",
            "shutdown", "debug", "monitor", "command", "command|count", "command|info", "command|docs", "command|getkeys",
            "command|getkeysandflags", "command|list", "wait", "waitaof", "object",
            "object|encoding", "object|refcount", "object|idletime", "object|freq",
            "del", "unlink", "exists", "touch", "type", "rename", "renamenx", "keys", "scan", "expire", "pexpire", "expireat",
            "pexpireat", "ttl", "pttl", "expiretime", "pexpiretime", "persist", "randomkey", "copy", "move", "swapdb",
            "dump", "restore",
            "get", "set", "setnx", "setex", "psetex", "getset", "getdel", "getex", "mget", "mset", "msetnx", "incr",
            "decr", "incrby", "decrby", "incrbyfloat", "append", "strlen", "getrange", "setrange",
            "hset", "hsetnx", "hget", "hmset", "hmget", "hgetall", "hdel", "hlen", "hexists", "hkeys", "hvals",
            "hincrby", "hincrbyfloat", "hstrlen", "hscan", "hrandfield",
            "zadd", "zrem", "zscore", "zmscore", "zincrby", "zcard", "zcount", "zrank", "zrevrank", "zrange",
            "zrangebyscore", "zrevrangebyscore", "zrangebylex", "zrevrange", "zremrangebyscore", "zremrangebyrank",
            "geoadd", "geodist", "geohash", "geopos", "geosearch", "geosearchstore", "georadius", "georadius_ro",
            "georadiusbymember", "georadiusbymember_ro",
            "zpopmin", "zpopmax", "zscan", "zrevrangebylex", "zlexcount", "zremrangebylex", "zrangestore", "zunion",
            "zunionstore", "zinter", "zinterstore", "zintercard", "zdiff", "zdiffstore", "zrandmember", "zmpop",
            "bzpopmin", "bzpopmax", "bzmpop", "sort", "sort_ro",
            "lpush", "rpush", "lpushx", "rpushx", "lpop", "rpop", "llen", "lrange", "lindex", "lset", "linsert", "lrem",
            "ltrim", "lpos", "lmove", "rpoplpush", "lmpop", "blpop", "brpop", "blmove", "brpoplpush", "blmpop",
            "setbit", "getbit", "bitcount", "bitpos", "bitop", "bitfield", "bitfield_ro", "pfadd", "pfcount", "pfmerge", "pfdebug",
            "sadd", "srem", "smembers", "sismember", "smismember", "scard", "spop", "srandmember", "smove", "sinter",
            "sintercard", "sinterstore", "sunion", "sunionstore", "sdiff", "sdiffstore", "sscan",
            "multi", "exec", "discard", "watch", "unwatch",
            "eval", "evalsha", "eval_ro", "evalsha_ro", "script", "script|exists", "script|flush", "script|kill",
            "script|load", "fcall", "fcall_ro", "function", "function|delete", "function|dump", "function|flush",
            "function|kill", "function|list", "function|load", "function|restore", "function|stats",
            "subscribe", "unsubscribe", "psubscribe", "punsubscribe", "publish", "ssubscribe", "sunsubscribe",
            "spublish", "pubsub", "pubsub|channels", "pubsub|numpat", "pubsub|numsub", "pubsub|shardchannels",
            "pubsub|shardnumsub",
            "json.set", "json.get", "json.del", "json.forget", "json.mget", "json.type", "json.numincrby",
            "json.strappend", "json.arrappend", "json.arrlen", "json.objkeys",
            "ft.create", "ft.search", "ft.aggregate", "ft.cursor", "ft.cursor|read", "ft.cursor|del", "ft.dropindex",
            "ft.alter", "ft.info", "ft._list", "ft.check",
            "xadd", "xrange", "xrevrange", "xlen", "xdel", "xtrim", "xsetid", "xread", "xreadgroup", "xgroup",
            "xgroup|create", "xgroup|createconsumer", "xgroup|delconsumer", "xgroup|destroy", "xgroup|setid",
            "xgroup|help", "xack", "xpending", "xclaim", "xautoclaim", "xinfo", "xinfo|stream", "xinfo|groups",
            "xinfo|consumers", "xinfo|help",
            "keyrange");

    @Test
    void listsEveryRequiredCommandExactlyOnceAndNothingElse() {
        List<String> names = CommandTable.all().stream().map(CommandSpec::name).toList();
        assertThat(names).doesNotHaveDuplicates();
        assertThat(names).containsExactlyInAnyOrderElementsOf(REQUIRED);
    }

    @Test
    void allIsImmutableAndStable() {
        assertThat(CommandTable.all()).isSameAs(CommandTable.all());
        assertThatThrownBy(() -> CommandTable.all().add(CommandTable.lookup("get")))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> CommandTable.lookup("get").flags().add("admin"))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void everyContainerHasSubcommandsAndEverySubcommandHasItsContainer() {
        Set<String> containers = new HashSet<>();
        for (CommandSpec spec : CommandTable.all()) {
            if (spec.container() != null) {
                containers.add(spec.container());
                assertThat(CommandTable.lookup(spec.container())).as("container of %s", spec.name()).isNotNull();
                assertThat(CommandTable.subcommands(spec.container())).contains(spec);
            }
        }
        assertThat(containers).containsExactlyInAnyOrder("client", "config", "command", "object", "ft.cursor", "script",
                "pubsub", "function", "slowlog", "latency", "memory", "xgroup", "xinfo", "acl", "sentinel");
        assertThat(CommandTable.subcommands("client")).extracting(CommandSpec::name)
                .containsExactly("client|id", "client|setname", "client|getname", "client|list", "client|info",
                        "client|kill", "client|setinfo", "client|no-evict", "client|no-touch", "client|getredir",
            "client|trackinginfo", "client|unblock", "client|tracking", "client|caching", "client|reply",
                        "client|pause", "client|unpause");
        assertThat(CommandTable.subcommands("config")).extracting(CommandSpec::name)
                .containsExactly("config|get", "config|set", "config|resetstat");
        assertThat(CommandTable.subcommands("command")).extracting(CommandSpec::name)
                .containsExactly("command|count", "command|info", "command|docs", "command|getkeys",
                        "command|getkeysandflags", "command|list");
        assertThat(CommandTable.subcommands("object")).extracting(CommandSpec::name)
                .containsExactly("object|encoding", "object|refcount", "object|idletime", "object|freq");
        assertThat(CommandTable.subcommands("get")).isEmpty();
        assertThat(CommandTable.subcommands("nosuch")).isEmpty();
    }

    @Test
    void subcommandsFollowTheirContainerInTableOrder() {
        List<CommandSpec> all = CommandTable.all();
        for (int i = 0; i < all.size(); i++) {
            String container = all.get(i).container();
            if (container != null) {
                CommandSpec previous = all.get(i - 1);
                assertThat(previous.name().equals(container) || container.equals(previous.container()))
                        .as("%s follows its container or a sibling", all.get(i).name()).isTrue();
            }
        }
    }

    @Test
    void everyArityIsNonZeroAndSubcommandArityCountsTheContainerWord() {
        for (CommandSpec spec : CommandTable.all()) {
            assertThat(spec.arity()).as(spec.name()).isNotZero();
            if (spec.container() != null) {
                assertThat(Math.abs(spec.arity())).as(spec.name()).isGreaterThanOrEqualTo(2);
            }
        }
    }

    @Test
    void aclCategoriesCarryTheImplicitOnesRedisDerivesFromFlags() {
        for (CommandSpec spec : CommandTable.all()) {
            Set<String> acl = spec.aclCategories();
            if (spec.isWrite()) {
                assertThat(acl).as(spec.name()).contains("@write");
            }
            if (spec.flags().contains("readonly") && !acl.contains("@scripting")) { // EVAL_RO: not @read, as in Redis
                assertThat(acl).as(spec.name()).contains("@read");
            }
            if (spec.flags().contains("admin")) {
                assertThat(acl).as(spec.name()).contains("@admin", "@dangerous");
            }
            assertThat(acl.contains("@fast")).as(spec.name()).isEqualTo(spec.flags().contains("fast"));
            assertThat(acl.contains("@slow")).as(spec.name()).isNotEqualTo(acl.contains("@fast"));
            assertThat(spec.isWrite() && spec.flags().contains("readonly")).as(spec.name()).isFalse();
        }
    }

    @Test
    void keyPositionsAreConsistent() {
        for (CommandSpec spec : CommandTable.all()) {
            if (spec.firstKey() == 0) {
                assertThat(spec.lastKey()).as(spec.name()).isZero();
                assertThat(spec.step()).as(spec.name()).isZero();
            } else {
                assertThat(spec.step()).as(spec.name()).isPositive();
                if (spec.keySpecs().stream().noneMatch(KeySpec::isKey)) {
                    continue; // a shard channel: at a key's position, but a string (SSUBSCRIBE, SPUBLISH)
                }
                assertThat(spec.arguments()).as(spec.name()).anySatisfy(hasKeyArgument());
            }
        }
    }

    private static Consumer<CommandSpec.Arg> hasKeyArgument() {
        return arg -> assertThat(arg.type().equals("key")
                || arg.children().stream().anyMatch(c -> c.type().equals("key"))).isTrue();
    }

    @Test
    void lookupFindsCommandsAndSubcommandsAndReturnsNullOtherwise() {
        assertThat(CommandTable.lookup("get").name()).isEqualTo("get");
        assertThat(CommandTable.lookup("client|id").container()).isEqualTo("client");
        assertThat(CommandTable.lookup("keyrange").since()).isEqualTo("0.1.0");
        assertThat(CommandTable.lookup("nosuch")).isNull();
        assertThat(CommandTable.lookup("client|nosuch")).isNull();
        assertThat(CommandTable.lookup("GET")).isNull();
    }

    @Test
    void spotChecksMatchRedisCommandInfo() {
        assertSpec("get", 2, 1, 1, 1);
        assertSpec("set", -3, 1, 1, 1);
        assertSpec("mset", -3, 1, -1, 2);
        assertSpec("zadd", -4, 1, 1, 1);
        assertSpec("zunionstore", -4, 1, 1, 1);
        assertSpec("zunion", -3, 0, 0, 0);
        assertSpec("zrangestore", -5, 1, 2, 1);
        assertSpec("zmpop", -4, 0, 0, 0);
        assertSpec("hset", -4, 1, 1, 1);
        assertSpec("keys", 2, 0, 0, 0);
        assertSpec("exec", 1, 0, 0, 0);
        assertSpec("rename", 3, 1, 2, 1);
        assertSpec("del", -2, 1, -1, 1);
        assertSpec("object|encoding", 3, 2, 2, 1);
        assertSpec("keyrange", -3, 0, 0, 0);
        assertSpec("blpop", -3, 1, -2, 1);
        assertSpec("lmove", 5, 1, 2, 1);
        assertSpec("blmpop", -5, 0, 0, 0); // keys after a count: COMMAND INFO gives none, and movablekeys
        assertSpec("bzpopmin", -3, 1, -2, 1);
        assertSpec("bzmpop", -5, 0, 0, 0);
        assertSpec("sort", -2, 1, 1, 1); // and movablekeys: its BY, GET and STORE keys are found by a procedure
        assertSpec("sort_ro", -2, 1, 1, 1);
        assertSpec("geoadd", -5, 1, 1, 1);
        assertSpec("geosearch", -7, 1, 1, 1);
        assertSpec("geosearchstore", -8, 1, 2, 1);
        assertSpec("georadiusbymember_ro", -5, 1, 1, 1);
        assertSpec("json.set", -4, 1, 1, 1);
        assertSpec("json.get", -2, 1, 1, 1);
        assertSpec("json.mget", -3, 1, 1, 1); // as RedisJSON declares it, though the keys run to the last but one

        CommandSpec get = CommandTable.lookup("get");
        assertThat(get.flags()).containsExactly("readonly", "fast");
        assertThat(get.aclCategories()).containsExactly("@read", "@string", "@fast");
        assertThat(get.group()).isEqualTo("string");
        assertThat(get.summary()).isEqualTo("Returns the string value of a key.");
        assertThat(get.since()).isEqualTo("1.0.0");
        assertThat(get.complexity()).isEqualTo("O(1)");

        assertThat(CommandTable.lookup("set").flags()).containsExactly("write", "denyoom"); // 7.2: no movablekeys
        assertThat(CommandTable.lookup("keys").aclCategories())
                .containsExactly("@keyspace", "@read", "@slow", "@dangerous");
        assertThat(CommandTable.lookup("exec").flags()).containsExactly("noscript", "loading", "stale", "skip_slowlog");
        assertThat(CommandTable.lookup("zadd").group()).isEqualTo("sorted-set");
        assertThat(CommandTable.lookup("zinterstore").flags()).containsExactly("write", "denyoom", "movablekeys");
        assertThat(CommandTable.lookup("sort").flags()).containsExactly("write", "denyoom", "movablekeys");
        assertThat(CommandTable.lookup("sort").aclCategories())
                .containsExactly("@write", "@set", "@sortedset", "@list", "@slow", "@dangerous");
        assertThat(CommandTable.lookup("bzpopmax").flags()).containsExactly("write", "blocking", "fast");
        assertThat(CommandTable.lookup("zlexcount").aclCategories()).containsExactly("@read", "@sortedset", "@fast");
        assertThat(CommandTable.lookup("keyrange").aclCategories()).contains("@read", "@keyspace");
        assertThat(CommandTable.lookup("json.set").flags()).containsExactly("write", "denyoom", "module");
        assertThat(CommandTable.lookup("json.get").aclCategories()).containsExactly("@read", "@slow", "@json");
        assertThat(CommandTable.lookup("json.arrlen").group()).isEqualTo("module");
        assertThat(CommandTable.lookup("georadius").flags()).containsExactly("write", "denyoom", "movablekeys");
        assertThat(CommandTable.lookup("geodist").aclCategories()).containsExactly("@read", "@geo", "@slow");
        assertThat(CommandTable.lookup("geopos").group()).isEqualTo("geo");
    }

    @Test
    void keySpecsTipsAndDocFlagsFollowRedis72() {
        CommandSpec rename = CommandTable.lookup("rename");
        assertThat(rename.keySpecs()).extracting(KeySpec::flags)
                .containsExactly(Set.of("RW", "access", "delete"), Set.of("OW", "update"));
        assertThat(rename.keySpecs().get(1).beginSearch()).isEqualTo(new KeySpec.BeginSearch.Index(2));
        assertThat(CommandTable.lookup("mset").keySpecs().getFirst().findKeys())
                .isEqualTo(new KeySpec.FindKeys.Range(-1, 2, 0));
        assertThat(CommandTable.lookup("set").keySpecs().getFirst().notes())
                .isEqualTo("RW and ACCESS due to the optional `GET` argument");
        assertThat(CommandTable.lookup("set").keySpecs().getFirst().flags())
                .containsExactly("RW", "access", "update", "variable_flags");
        assertThat(CommandTable.lookup("keys").tips()).containsExactly("request_policy:all_shards",
                "nondeterministic_output_order");
        assertThat(CommandTable.lookup("get").tips()).isEmpty();
        CommandSpec getset = CommandTable.lookup("getset");
        assertThat(getset.docFlags()).containsExactly("deprecated");
        assertThat(getset.deprecatedSince()).isEqualTo("6.2.0");
        assertThat(getset.replacedBy()).isEqualTo("`SET` with the `!GET` argument");
        assertThat(CommandTable.lookup("debug").docFlags()).containsExactly("syscmd");
        assertThat(CommandTable.lookup("json.set").module()).isEqualTo("ReJSON");
        assertThat(CommandTable.lookup("ft.search").module()).isEqualTo("search");
        assertThat(CommandTable.lookup("get").module()).isNull();
        for (CommandSpec spec : CommandTable.all()) {
            assertThat(spec.keySpecs().isEmpty()).as(spec.name()).isEqualTo(spec.firstKey() == 0
                    && !spec.flags().contains("movablekeys"));
        }
    }

    private static void assertSpec(String name, int arity, int first, int last, int step) {
        CommandSpec spec = CommandTable.lookup(name);
        assertThat(spec).as(name).isNotNull();
        assertThat(List.of(spec.arity(), spec.firstKey(), spec.lastKey(), spec.step()))
                .as(name + " arity/first/last/step").containsExactly(arity, first, last, step);
    }

    @Test
    void argumentMiniLanguageBuildsRedisShapedDocs() {
        List<CommandSpec.Arg> set = CommandTable.lookup("set").arguments();
        assertThat(set).extracting(CommandSpec.Arg::name)
                .containsExactly("key", "value", "condition", "get", "expiration");
        assertThat(set.get(0)).isEqualTo(new CommandSpec.Arg("key", "key", null, false, false, List.of()));
        CommandSpec.Arg condition = set.get(2);
        assertThat(condition.type()).isEqualTo("oneof");
        assertThat(condition.optional()).isTrue();
        assertThat(condition.children()).containsExactly(
                new CommandSpec.Arg("nx", "pure-token", "NX", false, false, List.of()),
                new CommandSpec.Arg("xx", "pure-token", "XX", false, false, List.of()));
        assertThat(set.get(3)).isEqualTo(new CommandSpec.Arg("get", "pure-token", "GET", true, false, List.of()));
        CommandSpec.Arg expiration = set.get(4);
        assertThat(expiration.children()).extracting(CommandSpec.Arg::name, CommandSpec.Arg::type,
                        CommandSpec.Arg::token)
                .containsExactly(
                        tuple("seconds", "integer", "EX"),
                        tuple("milliseconds", "integer", "PX"),
                        tuple("unix-time-seconds", "unix-time", "EXAT"),
                        tuple("unix-time-milliseconds", "unix-time", "PXAT"),
                        tuple("keepttl", "pure-token", "KEEPTTL"));

        CommandSpec.Arg data = CommandTable.lookup("hset").arguments().get(1);
        assertThat(data.name()).isEqualTo("data");
        assertThat(data.type()).isEqualTo("block");
        assertThat(data.multiple()).isTrue();
        assertThat(data.optional()).isFalse();
        assertThat(data.children()).extracting(CommandSpec.Arg::name).containsExactly("field", "value");

        CommandSpec.Arg limit = CommandTable.lookup("zrangebyscore").arguments().get(4);
        assertThat(limit).extracting(CommandSpec.Arg::name, CommandSpec.Arg::type, CommandSpec.Arg::token,
                CommandSpec.Arg::optional).containsExactly("limit", "block", "LIMIT", true);

        CommandSpec.Arg change = CommandTable.lookup("zadd").arguments().get(3);
        assertThat(change).isEqualTo(new CommandSpec.Arg("change", "pure-token", "CH", true, false, List.of()));

        CommandSpec.Arg clientId = CommandTable.lookup("client|list").arguments().get(1);
        assertThat(clientId).isEqualTo(new CommandSpec.Arg("client-id", "integer", "ID", true, true, List.of()));

        CommandSpec.Arg newFormat = CommandTable.lookup("client|kill").arguments().get(0).children().get(1);
        assertThat(newFormat.name()).isEqualTo("new-format");
        assertThat(newFormat.multiple()).isTrue();
        assertThat(newFormat.children()).hasSize(6).allSatisfy(c -> assertThat(c.optional()).isTrue());

        assertThat(CommandTable.lookup("ping").arguments()).containsExactly(
                new CommandSpec.Arg("message", "string", null, true, false, List.of()));
        assertThat(CommandTable.lookup("multi").arguments()).isEmpty();
    }
}
