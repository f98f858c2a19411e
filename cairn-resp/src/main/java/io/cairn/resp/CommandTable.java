package io.cairn.resp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every command Cairn serves, as {@link CommandSpec} data copied from Redis 7.2's command table
 * ({@code src/commands/*.json}, compiled into {@code src/commands.def}). The registry of handlers
 * is built from {@link #all()}; nothing here runs a command.
 *
 * <p>Each command is one call of a small DSL that reads like a row of {@code COMMAND INFO}:
 * <pre>{@code
 * cmd("get", 2, "readonly fast", 1, 1, 1, "@read @string @fast", STRING,
 *     "Returns the string value of a key.", "1.0.0", "O(1)", "key:key")
                    .keys("RO access index(1) range(0,1,0)")
 *     .keys("RO access index(1) range(0,1,0)")
 * }</pre>
 * name, arity, flags, first key, last key, step, ACL categories, group, summary, since, complexity,
 * arguments; then, where Redis has them, the key specs, tips and deprecation (see
 * {@link CommandSpecDsl.Row}). A subcommand is named {@code "container|sub"} and listed right after
 * its container.
 *
 * <p>The rules the DSL applies (flag and category order, the argument mini-language) are in
 * {@link CommandSpecDsl}.
 */
public final class CommandTable {

    private static final String CONNECTION = "connection";
    private static final String SERVER = "server";
    private static final String GENERIC = "generic";
    private static final String STRING = "string";
    private static final String HASH = "hash";
    private static final String BITMAP = "bitmap";
    private static final String HYPERLOGLOG = "hyperloglog";
    private static final String ZSET = "sorted-set";
    private static final String SET = "set";
    private static final String LIST = "list";
    private static final String TX = "transactions";
    private static final String GEO = "geo";
    private static final String SCRIPTING = "scripting";
    private static final String PUBSUB = "pubsub";
    /** Redis's COMMAND DOCS group of every module command, the JSON ones included. */
    private static final String MODULE = "module";

    private static final String CONTAINER = "Depends on subcommand.";
    private static final String SCRIPT_KEYS_RW = "RW access update index(2) keynum(0,1,1) notes(We cannot tell how the"
            + " keys will be used so we assume the worst, RW and UPDATE flags)";
    private static final String SCRIPT_KEYS_RO = "RO access index(2) keynum(0,1,1) notes(We cannot tell how the keys"
            + " will be used so we assume the worst, RO and ACCESS flags)";
    private static final String SCAN_COST = "O(1) for every call. O(N) for a complete iteration, including enough "
            + "command calls for the cursor to return back to 0. N is the number of elements inside the collection.";
    private static final String EXPIRE_CONDITION = "[condition{NX|XX|GT|LT}]";
    private static final String EXPIRATION = "expiration{EX=seconds:integer|PX=milliseconds:integer"
            + "|EXAT=unix-time-seconds:unix-time|PXAT=unix-time-milliseconds:unix-time";
    private static final String LIMIT = "[LIMIT=limit(offset:integer count:integer)]";
    private static final String BY_SCORE_COST = "O(log(N)+M) with N being the number of elements in the sorted set "
            + "and M the number of elements being returned. If M is constant (e.g. always asking for the first 10 "
            + "elements with LIMIT), you can consider it O(log(N)).";
    private static final String RANGE_COST =
            "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements returned.";
    private static final String JSON_PER_MATCH_COST = "O(1) when path is evaluated to a single value, O(N) when path "
            + "is evaluated to multiple values, where N is the size of the key";
    private static final String SET_INTER_COST =
            "O(N*M) worst case where N is the cardinality of the smallest set and M is the number of sets.";
    private static final String SET_ALL_COST = "O(N) where N is the total number of elements in all given sets.";
    private static final String WEIGHTS_AGGREGATE = "[WEIGHTS=weight:integer...] [AGGREGATE=aggregate{SUM|MIN|MAX}]";
    private static final String UNION_COST = "O(N)+O(M*log(M)) with N being the sum of the sizes of the input sorted"
            + " sets, and M being the number of elements in the resulting sorted set.";
    private static final String INTER_COST = "O(N*K)+O(M*log(M)) worst case with N being the smallest input sorted"
            + " set, K being the number of input sorted sets and M being the number of elements in the resulting"
            + " sorted set.";
    private static final String DIFF_COST = "O(L + (N-K)log(N)) worst case where L is the total number of elements in"
            + " all the sets, N is the size of the first set, and K is the size of the result set.";
    private static final String REMOVE_RANGE_COST = "O(log(N)+M) with N being the number of elements in the sorted set "
            + "and M the number of elements removed by the operation.";

    private static final String SORT_COST = "O(N+M*log(M)) where N is the number of elements in the list or set to"
            + " sort, and M the number of returned elements. When the elements are not sorted, complexity is O(N).";
    private static final String SORT_ARGS = "key:key [BY=by-pattern:pattern] [LIMIT=limit(offset:integer"
            + " count:integer)] [GET=get-pattern:pattern...] [order{ASC|DESC}] [ALPHA=sorting]";
    private static final String SORT_PATTERN_KEYS = "RO access unknown unknown notes(For the optional BY/GET keyword."
            + " It is marked 'unknown' because the key names derive from the content of the key we sort)";

    private static final String GEO_UNIT = "unit{m=m|km=km|ft=ft|mi=mi}";
    private static final String GEO_AREA = "from{FROMMEMBER=member:string|FROMLONLAT=fromlonlat(longitude:double"
            + " latitude:double)} by{circle(BYRADIUS=radius:double " + GEO_UNIT + ")|box(BYBOX=width:double"
            + " height:double " + GEO_UNIT + ")} [order{ASC|DESC}] [count-block(COUNT=count:integer [ANY])]";
    private static final String GEO_RADIUS_OPTIONS = "radius:double " + GEO_UNIT + " [WITHCOORD] [WITHDIST]"
            + " [WITHHASH] [count-block(COUNT=count:integer [ANY])] [order{ASC|DESC}]";
    private static final String GEO_STORE = " [store{STORE=storekey:key|STOREDIST=storedistkey:key}]";
    private static final String GEO_SEARCH_COST = "O(N+log(M)) where N is the number of elements in the grid-aligned"
            + " bounding box area around the shape provided as the filter and M is the number of items inside the"
            + " shape";
    private static final String GEO_RADIUS_COST = "O(N+log(M)) where N is the number of elements inside the bounding"
            + " box of the circular area delimited by center and radius and M is the number of items inside the"
            + " index.";

    private static final List<CommandSpec> ALL = build(List.of(
            // connection
            cmd("ping", -1, "fast", 0, 0, 0, "@fast @connection", CONNECTION,
                    "Returns the server's liveliness response.", "1.0.0", "O(1)", "[message:string]")
                    .tips("request_policy:all_shards response_policy:all_succeeded"),
            cmd("echo", 2, "loading stale fast", 0, 0, 0, "@fast @connection", CONNECTION,
                    "Returns the given string.", "1.0.0", "O(1)", "message:string"),
            cmd("hello", -1, "noscript loading stale fast no_auth allow_busy", 0, 0, 0, "@fast @connection",
                    CONNECTION, "Handshakes with the Redis server.", "6.0.0", "O(1)",
                    "[arguments(protover:integer [AUTH=auth(username:string password:string)]"
                            + " [SETNAME=clientname:string])]"),
            cmd("auth", -2, "noscript loading stale fast no_auth allow_busy", 0, 0, 0, "@fast @connection",
                    CONNECTION, "Authenticates the connection.", "1.0.0",
                    "O(N) where N is the number of passwords defined for the user", "[username:string] password:string"),
            cmd("select", 2, "loading stale fast", 0, 0, 0, "@fast @connection", CONNECTION,
                    "Changes the selected database.", "1.0.0", "O(1)", "index:integer"),
            cmd("quit", -1, "noscript loading stale fast no_auth allow_busy", 0, 0, 0, "@fast @connection",
                    CONNECTION, "Closes the connection.", "1.0.0", "O(1)", "")
                    .deprecated("7.2.0", "just closing the connection"),
            cmd("reset", 1, "noscript loading stale fast no_auth allow_busy", 0, 0, 0, "@fast @connection",
                    CONNECTION, "Resets the connection.", "6.2.0", "O(1)", ""),
            cmd("client", -2, "", 0, 0, 0, "@slow", CONNECTION,
                    "A container for client connection commands.", "2.4.0", CONTAINER, ""),
            cmd("client|id", 2, "noscript loading stale", 0, 0, 0, "@slow @connection", CONNECTION,
                    "Returns the unique client ID of the connection.", "5.0.0", "O(1)", ""),
            cmd("client|setname", 3, "noscript loading stale", 0, 0, 0, "@slow @connection", CONNECTION,
                    "Sets the connection name.", "2.6.9", "O(1)", "connection-name:string")
                    .tips("request_policy:all_nodes response_policy:all_succeeded"),
            cmd("client|getname", 2, "noscript loading stale", 0, 0, 0, "@slow @connection", CONNECTION,
                    "Returns the name of the connection.", "2.6.9", "O(1)", ""),
            cmd("client|list", -2, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous @connection",
                    CONNECTION, "Lists open connections.", "2.4.0", "O(N) where N is the number of client connections",
                    "[TYPE=client-type{normal=normal|master=master|replica=replica|pubsub=pubsub}]"
                            + " [ID=client-id:integer...]")
                    .tips("nondeterministic_output"),
            cmd("client|info", 2, "noscript loading stale", 0, 0, 0, "@slow @connection", CONNECTION,
                    "Returns information about the connection.", "6.2.0", "O(1)", "")
                    .tips("nondeterministic_output"),
            cmd("client|kill", -3, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous @connection",
                    CONNECTION, "Terminates open connections.", "2.4.0",
                    "O(N) where N is the number of client connections",
                    "filter{old-format:string|new-format{[ID=client-id:integer]"
                            + "|[TYPE=client-type{normal=normal|master=master|slave=slave|replica=replica|pubsub=pubsub}]"
                            + "|[USER=username:string]"
                            + "|[ADDR=addr:string]|[LADDR=laddr:string]|[SKIPME=skipme{YES|NO}]}...}"),
            cmd("client|setinfo", 4, "noscript loading stale", 0, 0, 0, "@slow @connection", CONNECTION,
                    "Sets information specific to the client or connection.", "7.2.0", "O(1)",
                    "attr{LIB-NAME=libname:string|LIB-VER=libver:string}")
                    .tips("request_policy:all_nodes response_policy:all_succeeded"),
            cmd("client|no-evict", 3, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous @connection",
                    CONNECTION, "Sets the client eviction mode of the connection.", "7.0.0", "O(1)", "enabled{ON|OFF}"),
            cmd("client|no-touch", 3, "noscript loading stale", 0, 0, 0, "@slow @connection", CONNECTION,
                    "Controls whether commands sent by the client affect the LRU/LFU of accessed keys.", "7.2.0", "O(1)",
                    "enabled{ON|OFF}"),
            cmd("client|getredir", 2, "noscript loading stale", 0, 0, 0, "@slow @connection", CONNECTION,
                    "Returns the client ID to which the connection's tracking notifications are redirected.", "6.0.0",
                    "O(1)", ""),
            cmd("client|trackinginfo", 2, "noscript loading stale", 0, 0, 0, "@slow @connection", CONNECTION,
                    "Returns information about server-assisted client-side caching for the connection.", "6.2.0", "O(1)",
                    ""),
            cmd("client|unblock", -3, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous @connection",
                    CONNECTION, "Unblocks a client blocked by a blocking command from a different connection.", "5.0.0",
                    "O(log N) where N is the number of client connections", "client-id:integer [unblock-type{TIMEOUT|ERROR}]"),
            // server
            cmd("info", -1, "loading stale", 0, 0, 0, "@slow @dangerous", SERVER,
                    "Returns information and statistics about the server.", "1.0.0", "O(1)", "[section:string...]")
                    .tips("nondeterministic_output request_policy:all_shards response_policy:special"),
            cmd("slowlog", -2, "", 0, 0, 0, "@slow", SERVER, "A container for slow log commands.", "2.2.12", CONTAINER, ""),
            cmd("slowlog|get", -2, "admin loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Returns the slow log's entries.", "2.2.12", "O(N) where N is the number of entries returned",
                    "[count:integer]")
                    .tips("request_policy:all_nodes nondeterministic_output"),
            cmd("slowlog|len", 2, "admin loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Returns the number of entries in the slow log.", "2.2.12", "O(1)", "")
                    .tips("request_policy:all_nodes response_policy:agg_sum nondeterministic_output"),
            cmd("slowlog|reset", 2, "admin loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Clears all entries from the slow log.", "2.2.12", "O(N) where N is the number of entries in the slowlog", "")
                    .tips("request_policy:all_nodes response_policy:all_succeeded"),
            cmd("config", -2, "", 0, 0, 0, "@slow", SERVER,
                    "A container for server configuration commands.", "2.0.0", CONTAINER, ""),
            cmd("config|get", -3, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Returns the effective values of configuration parameters.", "2.0.0",
                    "O(N) when N is the number of configuration parameters provided", "parameter:string..."),
            cmd("config|set", -4, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Sets configuration parameters in-flight.", "2.0.0",
                    "O(N) when N is the number of configuration parameters provided",
                    "data(parameter:string value:string)...")
                    .tips("request_policy:all_nodes response_policy:all_succeeded"),
            cmd("config|resetstat", 2, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Resets the server's statistics.", "2.0.0", "O(1)", "")
                    .tips("request_policy:all_nodes response_policy:all_succeeded"),
            cmd("dbsize", 1, "readonly fast", 0, 0, 0, "@keyspace @read @fast", SERVER,
                    "Returns the number of keys in the database.", "1.0.0", "O(1)", "")
                    .tips("request_policy:all_shards response_policy:agg_sum"),
            cmd("swapdb", 3, "write fast", 0, 0, 0, "@keyspace @write @fast @dangerous", SERVER,
                    "Swaps two Redis databases.", "4.0.0",
                    "O(N) where N is the count of clients watching or blocking on keys from both databases.",
                    "index1:integer index2:integer"),
            cmd("flushdb", -1, "write", 0, 0, 0, "@keyspace @write @slow @dangerous", SERVER,
                    "Remove all keys from the current database.", "1.0.0",
                    "O(N) where N is the number of keys in the selected database", "[flush-type{ASYNC|SYNC}]")
                    .tips("request_policy:all_shards response_policy:all_succeeded"),
            cmd("flushall", -1, "write", 0, 0, 0, "@keyspace @write @slow @dangerous", SERVER,
                    "Removes all keys from all databases.", "1.0.0",
                    "O(N) where N is the total number of keys in all databases", "[flush-type{ASYNC|SYNC}]")
                    .tips("request_policy:all_shards response_policy:all_succeeded"),
            cmd("time", 1, "loading stale fast", 0, 0, 0, "@fast", SERVER,
                    "Returns the server time.", "2.6.0", "O(1)", "")
                    .tips("nondeterministic_output"),
            cmd("save", 1, "admin noscript no_async_loading no_multi", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Synchronously saves the database(s) to disk.", "1.0.0",
                    "O(N) where N is the total number of keys in all databases", ""),
            cmd("bgsave", -1, "admin noscript no_async_loading", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Asynchronously saves the database(s) to disk.", "1.0.0", "O(1)", "[SCHEDULE]"),
            cmd("lastsave", 1, "loading stale fast", 0, 0, 0, "@admin @fast @dangerous", SERVER,
                    "Returns the Unix timestamp of the last successful save to disk.", "1.0.0", "O(1)", "")
                    .tips("nondeterministic_output"),
            cmd("shutdown", -1, "admin noscript loading stale no_multi allow_busy", 0, 0, 0,
                    "@admin @slow @dangerous", SERVER,
                    "Synchronously saves the database(s) to disk and shuts down the Redis server.", "1.0.0",
                    "O(N) when saving, where N is the total number of keys in all databases when saving data,"
                            + " otherwise O(1)", "[save-selector{NOSAVE|SAVE}] [NOW] [FORCE] [ABORT]"),
            cmd("debug", -2, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "A container for debugging commands.", "1.0.0", CONTAINER, "")
                    .syscmd(),
            cmd("command", -1, "loading stale", 0, 0, 0, "@slow @connection", SERVER,
                    "Returns detailed information about all commands.", "2.8.13",
                    "O(N) where N is the total number of Redis commands", "")
                    .tips("nondeterministic_output_order"),
            cmd("command|count", 2, "loading stale", 0, 0, 0, "@slow @connection", SERVER,
                    "Returns a count of commands.", "2.8.13", "O(1)", ""),
            cmd("command|info", -2, "loading stale", 0, 0, 0, "@slow @connection", SERVER,
                    "Returns information about one, multiple or all commands.", "2.8.13",
                    "O(N) where N is the number of commands to look up", "[command-name:string...]")
                    .tips("nondeterministic_output_order"),
            cmd("command|docs", -2, "loading stale", 0, 0, 0, "@slow @connection", SERVER,
                    "Returns documentary information about one, multiple or all commands.", "7.0.0",
                    "O(N) where N is the number of commands to look up", "[command-name:string...]")
                    .tips("nondeterministic_output_order"),
            cmd("command|getkeys", -3, "loading stale", 0, 0, 0, "@slow @connection", SERVER,
                    "Extracts the key names from an arbitrary command.", "2.8.13",
                    "O(N) where N is the number of arguments to the command", "command:string [arg:string...]"),
            cmd("command|getkeysandflags", -3, "loading stale", 0, 0, 0, "@slow @connection", SERVER,
                    "Extracts the key names and access flags for an arbitrary command.", "7.0.0",
                    "O(N) where N is the number of arguments to the command", "command:string [arg:string...]"),
            cmd("command|list", -2, "loading stale", 0, 0, 0, "@slow @connection", SERVER,
                    "Returns a list of command names.", "7.0.0", "O(N) where N is the total number of Redis commands",
                    "[FILTERBY=filterby{MODULE=module-name:string|ACLCAT=category:string|PATTERN=pattern:pattern}]")
                    .tips("nondeterministic_output_order"),
            cmd("object", -2, "", 0, 0, 0, "@slow", GENERIC,
                    "A container for object introspection commands.", "2.2.3", CONTAINER, ""),
            cmd("object|encoding", 3, "readonly", 2, 2, 1, "@keyspace @read @slow", GENERIC,
                    "Returns the internal encoding of a Redis object.", "2.2.3", "O(1)", "key:key")
                    .keys("RO index(2) range(0,1,0)")
                    .tips("nondeterministic_output"),
            cmd("object|refcount", 3, "readonly", 2, 2, 1, "@keyspace @read @slow", GENERIC,
                    "Returns the reference count of a value of a key.", "2.2.3", "O(1)", "key:key")
                    .keys("RO index(2) range(0,1,0)")
                    .tips("nondeterministic_output"),
            cmd("object|idletime", 3, "readonly", 2, 2, 1, "@keyspace @read @slow", GENERIC,
                    "Returns the time since the last access to a Redis object.", "2.2.3", "O(1)", "key:key")
                    .keys("RO index(2) range(0,1,0)")
                    .tips("nondeterministic_output"),
            cmd("object|freq", 3, "readonly", 2, 2, 1, "@keyspace @read @slow", GENERIC,
                    "Returns the logarithmic access frequency counter of a Redis object.", "4.0.0", "O(1)", "key:key")
                    .keys("RO index(2) range(0,1,0)")
                    .tips("nondeterministic_output"),
            // keys
            cmd("del", -2, "write", 1, -1, 1, "@keyspace @write @slow", GENERIC, "Deletes one or more keys.", "1.0.0",
                    "O(N) where N is the number of keys that will be removed. When a key to remove holds a value other"
                            + " than a string, the individual complexity for this key is O(M) where M is the number of"
                            + " elements in the list, set, sorted set or hash. Removing a single key that holds a string"
                            + " value is O(1).", "key:key...")
                    .keys("RM delete index(1) range(-1,1,0)")
                    .tips("request_policy:multi_shard response_policy:agg_sum"),
            cmd("unlink", -2, "write fast", 1, -1, 1, "@keyspace @write @fast", GENERIC,
                    "Asynchronously deletes one or more keys.", "4.0.0",
                    "O(1) for each key removed regardless of its size. Then the command does O(N) work in a different"
                            + " thread in order to reclaim memory, where N is the number of allocations the deleted"
                            + " objects where composed of.", "key:key...")
                    .keys("RM delete index(1) range(-1,1,0)")
                    .tips("request_policy:multi_shard response_policy:agg_sum"),
            cmd("exists", -2, "readonly fast", 1, -1, 1, "@keyspace @read @fast", GENERIC,
                    "Determines whether one or more keys exist.", "1.0.0",
                    "O(N) where N is the number of keys to check.", "key:key...")
                    .keys("RO index(1) range(-1,1,0)")
                    .tips("request_policy:multi_shard response_policy:agg_sum"),
            cmd("touch", -2, "readonly fast", 1, -1, 1, "@keyspace @read @fast", GENERIC,
                    "Returns the number of existing keys out of those specified after updating the time they were last"
                            + " accessed.", "3.2.1", "O(N) where N is the number of keys that will be touched.", "key:key...")
                    .keys("RO index(1) range(-1,1,0)")
                    .tips("request_policy:multi_shard response_policy:agg_sum"),
            cmd("type", 2, "readonly fast", 1, 1, 1, "@keyspace @read @fast", GENERIC,
                    "Determines the type of value stored at a key.", "1.0.0", "O(1)", "key:key")
                    .keys("RO index(1) range(0,1,0)"),
            cmd("rename", 3, "write", 1, 2, 1, "@keyspace @write @slow", GENERIC,
                    "Renames a key and overwrites the destination.", "1.0.0", "O(1)", "key:key newkey:key")
                    .keys("RW access delete index(1) range(0,1,0); OW update index(2) range(0,1,0)"),
            cmd("renamenx", 3, "write fast", 1, 2, 1, "@keyspace @write @fast", GENERIC,
                    "Renames a key only when the target key name doesn't exist.", "1.0.0", "O(1)", "key:key newkey:key")
                    .keys("RW access delete index(1) range(0,1,0); OW insert index(2) range(0,1,0)"),
            cmd("move", 3, "write fast", 1, 1, 1, "@keyspace @write @fast", GENERIC,
                    "Moves a key to another database.", "1.0.0", "O(1)", "key:key db:integer")
                    .keys("RW access update index(1) range(0,1,0)"),
            cmd("keys", 2, "readonly", 0, 0, 0, "@keyspace @read @slow @dangerous", GENERIC,
                    "Returns all key names that match a pattern.", "1.0.0",
                    "O(N) with N being the number of keys in the database, under the assumption that the key names in"
                            + " the database and the given pattern have limited length.", "pattern:pattern")
                    .tips("request_policy:all_shards nondeterministic_output_order"),
            cmd("scan", -2, "readonly", 0, 0, 0, "@keyspace @read @slow", GENERIC,
                    "Iterates over the key names in the database.", "2.8.0", SCAN_COST,
                    "cursor:integer [MATCH=pattern:pattern] [COUNT=count:integer] [TYPE=type:string]")
                    .tips("nondeterministic_output request_policy:special response_policy:special"),
            cmd("expire", -3, "write fast", 1, 1, 1, "@keyspace @write @fast", GENERIC,
                    "Sets the expiration time of a key in seconds.", "1.0.0", "O(1)",
                    "key:key seconds:integer " + EXPIRE_CONDITION)
                    .keys("RW update index(1) range(0,1,0)"),
            cmd("pexpire", -3, "write fast", 1, 1, 1, "@keyspace @write @fast", GENERIC,
                    "Sets the expiration time of a key in milliseconds.", "2.6.0", "O(1)",
                    "key:key milliseconds:integer " + EXPIRE_CONDITION)
                    .keys("RW update index(1) range(0,1,0)"),
            cmd("expireat", -3, "write fast", 1, 1, 1, "@keyspace @write @fast", GENERIC,
                    "Sets the expiration time of a key to a Unix timestamp.", "1.2.0", "O(1)",
                    "key:key unix-time-seconds:unix-time " + EXPIRE_CONDITION)
                    .keys("RW update index(1) range(0,1,0)"),
            cmd("pexpireat", -3, "write fast", 1, 1, 1, "@keyspace @write @fast", GENERIC,
                    "Sets the expiration time of a key to a Unix milliseconds timestamp.", "2.6.0", "O(1)",
                    "key:key unix-time-milliseconds:unix-time " + EXPIRE_CONDITION)
                    .keys("RW update index(1) range(0,1,0)"),
            cmd("ttl", 2, "readonly fast", 1, 1, 1, "@keyspace @read @fast", GENERIC,
                    "Returns the expiration time in seconds of a key.", "1.0.0", "O(1)", "key:key")
                    .keys("RO access index(1) range(0,1,0)")
                    .tips("nondeterministic_output"),
            cmd("pttl", 2, "readonly fast", 1, 1, 1, "@keyspace @read @fast", GENERIC,
                    "Returns the expiration time in milliseconds of a key.", "2.6.0", "O(1)", "key:key")
                    .keys("RO access index(1) range(0,1,0)")
                    .tips("nondeterministic_output"),
            cmd("expiretime", 2, "readonly fast", 1, 1, 1, "@keyspace @read @fast", GENERIC,
                    "Returns the expiration time of a key as a Unix timestamp.", "7.0.0", "O(1)", "key:key")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("pexpiretime", 2, "readonly fast", 1, 1, 1, "@keyspace @read @fast", GENERIC,
                    "Returns the expiration time of a key as a Unix milliseconds timestamp.", "7.0.0", "O(1)", "key:key")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("persist", 2, "write fast", 1, 1, 1, "@keyspace @write @fast", GENERIC,
                    "Removes the expiration time of a key.", "2.2.0", "O(1)", "key:key")
                    .keys("RW update index(1) range(0,1,0)"),
            cmd("randomkey", 1, "readonly", 0, 0, 0, "@keyspace @read @slow", GENERIC,
                    "Returns a random key name from the database.", "1.0.0", "O(1)", "")
                    .tips("request_policy:all_shards response_policy:special nondeterministic_output"),
            cmd("copy", -3, "write denyoom", 1, 2, 1, "@keyspace @write @slow", GENERIC,
                    "Copies the value of a key to a new key.", "6.2.0",
                    "O(N) worst case for collections, where N is the number of nested items. O(1) for string values.",
                    "source:key destination:key [DB=destination-db:integer] [REPLACE]")
                    .keys("RO access index(1) range(0,1,0); OW update index(2) range(0,1,0)"),
            cmd("sort", -2, "write denyoom movablekeys", 1, 1, 1, "@write @set @sortedset @list @slow @dangerous",
                    GENERIC, "Sorts the elements in a list, a set, or a sorted set, optionally storing the result.",
                    "1.0.0", SORT_COST, SORT_ARGS + " [STORE=destination:key]")
                    .keys("RO access index(1) range(0,1,0); " + SORT_PATTERN_KEYS + "; OW update unknown unknown"
                            + " notes(For the optional STORE keyword. It is marked 'unknown' because the keyword can"
                            + " appear anywhere in the argument array)"),
            cmd("sort_ro", -2, "readonly movablekeys", 1, 1, 1, "@read @set @sortedset @list @slow @dangerous",
                    GENERIC, "Returns the sorted elements of a list, a set, or a sorted set.", "7.0.0", SORT_COST,
                    SORT_ARGS)
                    .keys("RO access index(1) range(0,1,0); " + SORT_PATTERN_KEYS),
            // strings
            cmd("get", 2, "readonly fast", 1, 1, 1, "@read @string @fast", STRING,
                    "Returns the string value of a key.", "1.0.0", "O(1)", "key:key")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("set", -3, "write denyoom", 1, 1, 1, "@write @string @slow", STRING,
                    "Sets the string value of a key, ignoring its type. The key is created if it doesn't exist.",
                    "1.0.0", "O(1)", "key:key value:string [condition{NX|XX}] [GET] [" + EXPIRATION + "|KEEPTTL}]")
                    .keys("RW access update variable_flags index(1) range(0,1,0) notes(RW and ACCESS due to the "
                            + "optional `GET` argument)"),
            cmd("setnx", 3, "write denyoom fast", 1, 1, 1, "@write @string @fast", STRING,
                    "Set the string value of a key only when the key doesn't exist.", "1.0.0", "O(1)",
                    "key:key value:string")
                    .keys("OW insert index(1) range(0,1,0)")
                    .deprecated("2.6.12", "`SET` with the `NX` argument"),
            cmd("setex", 4, "write denyoom", 1, 1, 1, "@write @string @slow", STRING,
                    "Sets the string value and expiration time of a key. Creates the key if it doesn't exist.",
                    "2.0.0", "O(1)", "key:key seconds:integer value:string")
                    .keys("OW update index(1) range(0,1,0)")
                    .deprecated("2.6.12", "`SET` with the `EX` argument"),
            cmd("psetex", 4, "write denyoom", 1, 1, 1, "@write @string @slow", STRING,
                    "Sets both string value and expiration time in milliseconds of a key. The key is created if it"
                            + " doesn't exist.", "2.6.0", "O(1)", "key:key milliseconds:integer value:string")
                    .keys("OW update index(1) range(0,1,0)")
                    .deprecated("2.6.12", "`SET` with the `PX` argument"),
            cmd("getset", 3, "write denyoom fast", 1, 1, 1, "@write @string @fast", STRING,
                    "Returns the previous string value of a key after setting it to a new value.", "1.0.0", "O(1)",
                    "key:key value:string")
                    .keys("RW access update index(1) range(0,1,0)")
                    .deprecated("6.2.0", "`SET` with the `!GET` argument"),
            cmd("getdel", 2, "write fast", 1, 1, 1, "@write @string @fast", STRING,
                    "Returns the string value of a key after deleting the key.", "6.2.0", "O(1)", "key:key")
                    .keys("RW access delete index(1) range(0,1,0)"),
            cmd("getex", -2, "write fast", 1, 1, 1, "@write @string @fast", STRING,
                    "Returns the string value of a key after setting its expiration time.", "6.2.0", "O(1)",
                    "key:key [" + EXPIRATION + "|PERSIST}]")
                    .keys("RW access update index(1) range(0,1,0) notes(RW and UPDATE because it changes the TTL)"),
            cmd("mget", -2, "readonly fast", 1, -1, 1, "@read @string @fast", STRING,
                    "Atomically returns the string values of one or more keys.", "1.0.0",
                    "O(N) where N is the number of keys to retrieve.", "key:key...")
                    .keys("RO access index(1) range(-1,1,0)")
                    .tips("request_policy:multi_shard"),
            cmd("mset", -3, "write denyoom", 1, -1, 2, "@write @string @slow", STRING,
                    "Atomically creates or modifies the string values of one or more keys.", "1.0.1",
                    "O(N) where N is the number of keys to set.", "data(key:key value:string)...")
                    .keys("OW update index(1) range(-1,2,0)")
                    .tips("request_policy:multi_shard response_policy:all_succeeded"),
            cmd("msetnx", -3, "write denyoom", 1, -1, 2, "@write @string @slow", STRING,
                    "Atomically modifies the string values of one or more keys only when all keys don't exist.",
                    "1.0.1", "O(N) where N is the number of keys to set.", "data(key:key value:string)...")
                    .keys("OW insert index(1) range(-1,2,0)"),
            cmd("incr", 2, "write denyoom fast", 1, 1, 1, "@write @string @fast", STRING,
                    "Increments the integer value of a key by one. Uses 0 as initial value if the key doesn't exist.",
                    "1.0.0", "O(1)", "key:key")
                    .keys("RW access update index(1) range(0,1,0)"),
            cmd("decr", 2, "write denyoom fast", 1, 1, 1, "@write @string @fast", STRING,
                    "Decrements the integer value of a key by one. Uses 0 as initial value if the key doesn't exist.",
                    "1.0.0", "O(1)", "key:key")
                    .keys("RW access update index(1) range(0,1,0)"),
            cmd("incrby", 3, "write denyoom fast", 1, 1, 1, "@write @string @fast", STRING,
                    "Increments the integer value of a key by a number. Uses 0 as initial value if the key doesn't"
                            + " exist.", "1.0.0", "O(1)", "key:key increment:integer")
                    .keys("RW access update index(1) range(0,1,0)"),
            cmd("decrby", 3, "write denyoom fast", 1, 1, 1, "@write @string @fast", STRING,
                    "Decrements a number from the integer value of a key. Uses 0 as initial value if the key doesn't"
                            + " exist.", "1.0.0", "O(1)", "key:key decrement:integer")
                    .keys("RW access update index(1) range(0,1,0)"),
            cmd("incrbyfloat", 3, "write denyoom fast", 1, 1, 1, "@write @string @fast", STRING,
                    "Increment the floating point value of a key by a number. Uses 0 as initial value if the key"
                            + " doesn't exist.", "2.6.0", "O(1)", "key:key increment:double")
                    .keys("RW access update index(1) range(0,1,0)"),
            cmd("append", 3, "write denyoom fast", 1, 1, 1, "@write @string @fast", STRING,
                    "Appends a string to the value of a key. Creates the key if it doesn't exist.", "2.0.0",
                    "O(1). The amortized time complexity is O(1) assuming the appended value is small and the already"
                            + " present value is of any size, since the dynamic string library used by Redis will double"
                            + " the free space available on every reallocation.", "key:key value:string")
                    .keys("RW insert index(1) range(0,1,0)"),
            cmd("strlen", 2, "readonly fast", 1, 1, 1, "@read @string @fast", STRING,
                    "Returns the length of a string value.", "2.2.0", "O(1)", "key:key")
                    .keys("RO index(1) range(0,1,0)"),
            cmd("getrange", 4, "readonly", 1, 1, 1, "@read @string @slow", STRING,
                    "Returns a substring of the string stored at a key.", "2.4.0",
                    "O(N) where N is the length of the returned string. The complexity is ultimately determined by the"
                            + " returned length, but because creating a substring from an existing string is very cheap,"
                            + " it can be considered O(1) for small strings.", "key:key start:integer end:integer")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("setrange", 4, "write denyoom", 1, 1, 1, "@write @string @slow", STRING,
                    "Overwrites a part of a string value with another by an offset. Creates the key if it doesn't"
                            + " exist.", "2.2.0",
                    "O(1), not counting the time taken to copy the new string in place. Usually, this string is very"
                            + " small so the amortized complexity is O(1). Otherwise, complexity is O(M) with M being"
                            + " the length of the value argument.", "key:key offset:integer value:string")
                    .keys("RW update index(1) range(0,1,0)"),
            // bitmaps
            cmd("setbit", 4, "write denyoom", 1, 1, 1, "@write @bitmap @slow", BITMAP,
                    "Sets or clears the bit at offset of the string value. Creates the key if it doesn't exist.",
                    "2.2.0", "O(1)", "key:key offset:integer value:integer")
                    .keys("RW access update index(1) range(0,1,0)"),
            cmd("getbit", 3, "readonly fast", 1, 1, 1, "@read @bitmap @fast", BITMAP,
                    "Returns a bit value by offset.", "2.2.0", "O(1)", "key:key offset:integer")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("bitcount", -2, "readonly", 1, 1, 1, "@read @bitmap @slow", BITMAP,
                    "Counts the number of set bits (population counting) in a string.", "2.6.0", "O(N)",
                    "key:key [range(start:integer end:integer [unit{BYTE|BIT}])]")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("bitpos", -3, "readonly", 1, 1, 1, "@read @bitmap @slow", BITMAP,
                    "Finds the first set (1) or clear (0) bit in a string.", "2.8.7", "O(N)",
                    "key:key bit:integer [range(start:integer [end-unit-block(end:integer [unit{BYTE|BIT}])])]")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("bitop", -4, "write denyoom", 2, -1, 1, "@write @bitmap @slow", BITMAP,
                    "Performs bitwise operations on multiple strings, and stores the result.", "2.6.0", "O(N)",
                    "operation{AND|OR|XOR|NOT} destkey:key key:key...")
                    .keys("OW update index(2) range(0,1,0); RO access index(3) range(-1,1,0)"),
            cmd("bitfield", -2, "write denyoom", 1, 1, 1, "@write @bitmap @slow", BITMAP,
                    "Performs arbitrary bitfield integer operations on strings.", "3.2.0",
                    "O(1) for each subcommand specified",
                    "key:key [operation{GET=get-block(encoding:string offset:integer)"
                            + "|write([OVERFLOW=overflow-block{WRAP|SAT|FAIL}]"
                            + " write-operation{SET=set-block(encoding:string offset:integer value:integer)"
                            + "|INCRBY=incrby-block(encoding:string offset:integer increment:integer)})}...]")
                    .keys("RW update access variable_flags index(1) range(0,1,0) notes(This command allows both "
                            + "access and modification of the key)"),
            cmd("bitfield_ro", -2, "readonly fast", 1, 1, 1, "@read @bitmap @fast", BITMAP,
                    "Performs arbitrary read-only bitfield integer operations on strings.", "6.0.0",
                    "O(1) for each subcommand specified", "key:key [GET=get-block(encoding:string offset:integer)...]")
                    .keys("RO access index(1) range(0,1,0)"),
            // hyperloglog
            cmd("pfadd", -2, "write denyoom fast", 1, 1, 1, "@write @hyperloglog @fast", HYPERLOGLOG,
                    "Adds elements to a HyperLogLog key. Creates the key if it doesn't exist.", "2.8.9",
                    "O(1) to add every element.", "key:key [element:string...]")
                    .keys("RW insert index(1) range(0,1,0)"),
            cmd("pfcount", -2, "readonly", 1, -1, 1, "@read @hyperloglog @slow", HYPERLOGLOG,
                    "Returns the approximated cardinality of the set(s) observed by the HyperLogLog key(s).", "2.8.9",
                    "O(1) with a very small average constant time when called with a single key. O(N) with N being"
                            + " the number of keys, and much bigger constant times, when called with multiple keys.",
                    "key:key...")
                    .keys("RW access index(1) range(-1,1,0) notes(RW because it may change the internal "
                            + "representation of the key, and propagate to replicas)"),
            cmd("pfmerge", -2, "write denyoom", 1, -1, 1, "@write @hyperloglog @slow", HYPERLOGLOG,
                    "Merges one or more HyperLogLog values into a single key.", "2.8.9",
                    "O(N) to merge N HyperLogLogs, but with high constant times.", "destkey:key [sourcekey:key...]")
                    .keys("RW access insert index(1) range(0,1,0); RO access index(2) range(-1,1,0)"),
            cmd("pfdebug", 3, "write denyoom admin", 2, 2, 1, "@write @hyperloglog @admin @slow @dangerous",
                    HYPERLOGLOG, "Internal commands for debugging HyperLogLog values.", "2.8.9", "N/A",
                    "subcommand:string key:key")
                    .keys("RW access index(2) range(0,1,0)")
                    .syscmd(),
            // hashes
            cmd("hset", -4, "write denyoom fast", 1, 1, 1, "@write @hash @fast", HASH,
                    "Creates or modifies the value of a field in a hash.", "2.0.0",
                    "O(1) for each field/value pair added, so O(N) to add N field/value pairs when the command is"
                            + " called with multiple field/value pairs.", "key:key data(field:string value:string)...")
                    .keys("RW update index(1) range(0,1,0)"),
            cmd("hsetnx", 4, "write denyoom fast", 1, 1, 1, "@write @hash @fast", HASH,
                    "Sets the value of a field in a hash only when the field doesn't exist.", "2.0.0", "O(1)",
                    "key:key field:string value:string")
                    .keys("RW insert index(1) range(0,1,0)"),
            cmd("hget", 3, "readonly fast", 1, 1, 1, "@read @hash @fast", HASH,
                    "Returns the value of a field in a hash.", "2.0.0", "O(1)", "key:key field:string")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("hmset", -4, "write denyoom fast", 1, 1, 1, "@write @hash @fast", HASH,
                    "Sets the values of multiple fields.", "2.0.0", "O(N) where N is the number of fields being set.",
                    "key:key data(field:string value:string)...")
                    .keys("RW update index(1) range(0,1,0)")
                    .deprecated("4.0.0", "`HSET` with multiple field-value pairs"),
            cmd("hmget", -3, "readonly fast", 1, 1, 1, "@read @hash @fast", HASH,
                    "Returns the values of all fields in a hash.", "2.0.0",
                    "O(N) where N is the number of fields being requested.", "key:key field:string...")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("hgetall", 2, "readonly", 1, 1, 1, "@read @hash @slow", HASH,
                    "Returns all fields and values in a hash.", "2.0.0", "O(N) where N is the size of the hash.",
                    "key:key")
                    .keys("RO access index(1) range(0,1,0)")
                    .tips("nondeterministic_output_order"),
            cmd("hdel", -3, "write fast", 1, 1, 1, "@write @hash @fast", HASH,
                    "Deletes one or more fields and their values from a hash. Deletes the hash if no fields remain.",
                    "2.0.0", "O(N) where N is the number of fields to be removed.", "key:key field:string...")
                    .keys("RW delete index(1) range(0,1,0)"),
            cmd("hlen", 2, "readonly fast", 1, 1, 1, "@read @hash @fast", HASH,
                    "Returns the number of fields in a hash.", "2.0.0", "O(1)", "key:key")
                    .keys("RO index(1) range(0,1,0)"),
            cmd("hexists", 3, "readonly fast", 1, 1, 1, "@read @hash @fast", HASH,
                    "Determines whether a field exists in a hash.", "2.0.0", "O(1)", "key:key field:string")
                    .keys("RO index(1) range(0,1,0)"),
            cmd("hkeys", 2, "readonly", 1, 1, 1, "@read @hash @slow", HASH,
                    "Returns all fields in a hash.", "2.0.0", "O(N) where N is the size of the hash.", "key:key")
                    .keys("RO access index(1) range(0,1,0)")
                    .tips("nondeterministic_output_order"),
            cmd("hvals", 2, "readonly", 1, 1, 1, "@read @hash @slow", HASH,
                    "Returns all values in a hash.", "2.0.0", "O(N) where N is the size of the hash.", "key:key")
                    .keys("RO access index(1) range(0,1,0)")
                    .tips("nondeterministic_output_order"),
            cmd("hincrby", 4, "write denyoom fast", 1, 1, 1, "@write @hash @fast", HASH,
                    "Increments the integer value of a field in a hash by a number. Uses 0 as initial value if the"
                            + " field doesn't exist.", "2.0.0", "O(1)", "key:key field:string increment:integer")
                    .keys("RW access update index(1) range(0,1,0)"),
            cmd("hincrbyfloat", 4, "write denyoom fast", 1, 1, 1, "@write @hash @fast", HASH,
                    "Increments the floating point value of a field by a number. Uses 0 as initial value if the field"
                            + " doesn't exist.", "2.6.0", "O(1)", "key:key field:string increment:double")
                    .keys("RW access update index(1) range(0,1,0)"),
            cmd("hstrlen", 3, "readonly fast", 1, 1, 1, "@read @hash @fast", HASH,
                    "Returns the length of the value of a field.", "3.2.0", "O(1)", "key:key field:string")
                    .keys("RO index(1) range(0,1,0)"),
            cmd("hscan", -3, "readonly", 1, 1, 1, "@read @hash @slow", HASH,
                    "Iterates over fields and values of a hash.", "2.8.0", SCAN_COST,
                    "key:key cursor:integer [MATCH=pattern:pattern] [COUNT=count:integer]")
                    .keys("RO access index(1) range(0,1,0)")
                    .tips("nondeterministic_output"),
            cmd("hrandfield", -2, "readonly", 1, 1, 1, "@read @hash @slow", HASH,
                    "Returns one or more random fields from a hash.", "6.2.0",
                    "O(N) where N is the number of fields returned", "key:key [options(count:integer [WITHVALUES])]")
                    .keys("RO access index(1) range(0,1,0)")
                    .tips("nondeterministic_output"),
            // sets
            cmd("sadd", -3, "write denyoom fast", 1, 1, 1, "@write @set @fast", SET,
                    "Adds one or more members to a set. Creates the key if it doesn't exist.", "1.0.0",
                    "O(1) for each element added, so O(N) to add N elements when the command is called with multiple"
                            + " arguments.", "key:key member:string...")
                    .keys("RW insert index(1) range(0,1,0)"),
            cmd("srem", -3, "write fast", 1, 1, 1, "@write @set @fast", SET,
                    "Removes one or more members from a set. Deletes the set if the last member was removed.", "1.0.0",
                    "O(N) where N is the number of members to be removed.", "key:key member:string...")
                    .keys("RW delete index(1) range(0,1,0)"),
            cmd("smembers", 2, "readonly", 1, 1, 1, "@read @set @slow", SET, "Returns all members of a set.", "1.0.0",
                    "O(N) where N is the set cardinality.", "key:key")
                    .keys("RO access index(1) range(0,1,0)")
                    .tips("nondeterministic_output_order"),
            cmd("sismember", 3, "readonly fast", 1, 1, 1, "@read @set @fast", SET,
                    "Determines whether a member belongs to a set.", "1.0.0", "O(1)", "key:key member:string")
                    .keys("RO index(1) range(0,1,0)"),
            cmd("smismember", -3, "readonly fast", 1, 1, 1, "@read @set @fast", SET,
                    "Determines whether multiple members belong to a set.", "6.2.0",
                    "O(N) where N is the number of elements being checked for membership", "key:key member:string...")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("scard", 2, "readonly fast", 1, 1, 1, "@read @set @fast", SET,
                    "Returns the number of members in a set.", "1.0.0", "O(1)", "key:key")
                    .keys("RO index(1) range(0,1,0)"),
            cmd("spop", -2, "write fast", 1, 1, 1, "@write @set @fast", SET,
                    "Returns one or more random members from a set after removing them. Deletes the set if the last"
                            + " member was popped.", "1.0.0",
                    "Without the count argument O(1), otherwise O(N) where N is the value of the passed count.",
                    "key:key [count:integer]")
                    .keys("RW access delete index(1) range(0,1,0)")
                    .tips("nondeterministic_output"),
            cmd("srandmember", -2, "readonly", 1, 1, 1, "@read @set @slow", SET,
                    "Get one or multiple random members from a set", "1.0.0",
                    "Without the count argument O(1), otherwise O(N) where N is the absolute value of the passed count.",
                    "key:key [count:integer]")
                    .keys("RO access index(1) range(0,1,0)")
                    .tips("nondeterministic_output"),
            cmd("smove", 4, "write fast", 1, 2, 1, "@write @set @fast", SET,
                    "Moves a member from one set to another.", "1.0.0", "O(1)",
                    "source:key destination:key member:string")
                    .keys("RW access delete index(1) range(0,1,0); RW insert index(2) range(0,1,0)"),
            cmd("sinter", -2, "readonly", 1, -1, 1, "@read @set @slow", SET,
                    "Returns the intersect of multiple sets.", "1.0.0", SET_INTER_COST, "key:key...")
                    .keys("RO access index(1) range(-1,1,0)")
                    .tips("nondeterministic_output_order"),
            cmd("sintercard", -3, "readonly movablekeys", 0, 0, 0, "@read @set @slow", SET,
                    "Returns the number of members of the intersect of multiple sets.", "7.0.0", SET_INTER_COST,
                    "numkeys:integer key:key... [LIMIT=limit:integer]")
                    .keys("RO access index(1) keynum(0,1,1)"),
            cmd("sinterstore", -3, "write denyoom", 1, -1, 1, "@write @set @slow", SET,
                    "Stores the intersect of multiple sets in a key.", "1.0.0", SET_INTER_COST,
                    "destination:key key:key...")
                    .keys("RW update index(1) range(0,1,0); RO access index(2) range(-1,1,0)"),
            cmd("sunion", -2, "readonly", 1, -1, 1, "@read @set @slow", SET,
                    "Returns the union of multiple sets.", "1.0.0", SET_ALL_COST, "key:key...")
                    .keys("RO access index(1) range(-1,1,0)")
                    .tips("nondeterministic_output_order"),
            cmd("sunionstore", -3, "write denyoom", 1, -1, 1, "@write @set @slow", SET,
                    "Stores the union of multiple sets in a key.", "1.0.0", SET_ALL_COST, "destination:key key:key...")
                    .keys("OW update index(1) range(0,1,0); RO access index(2) range(-1,1,0)"),
            cmd("sdiff", -2, "readonly", 1, -1, 1, "@read @set @slow", SET,
                    "Returns the difference of multiple sets.", "1.0.0", SET_ALL_COST, "key:key...")
                    .keys("RO access index(1) range(-1,1,0)")
                    .tips("nondeterministic_output_order"),
            cmd("sdiffstore", -3, "write denyoom", 1, -1, 1, "@write @set @slow", SET,
                    "Stores the difference of multiple sets in a key.", "1.0.0", SET_ALL_COST, "destination:key key:key...")
                    .keys("OW update index(1) range(0,1,0); RO access index(2) range(-1,1,0)"),
            cmd("sscan", -3, "readonly", 1, 1, 1, "@read @set @slow", SET,
                    "Iterates over members of a set.", "2.8.0", SCAN_COST,
                    "key:key cursor:integer [MATCH=pattern:pattern] [COUNT=count:integer]")
                    .keys("RO access index(1) range(0,1,0)")
                    .tips("nondeterministic_output"),
            // sorted sets
            cmd("zadd", -4, "write denyoom fast", 1, 1, 1, "@write @sortedset @fast", ZSET,
                    "Adds one or more members to a sorted set, or updates their scores. Creates the key if it doesn't"
                            + " exist.", "1.2.0",
                    "O(log(N)) for each item added, where N is the number of elements in the sorted set.",
                    "key:key [condition{NX|XX}] [comparison{GT|LT}] [CH=change] [INCR=increment]"
                            + " data(score:double member:string)...")
                    .keys("RW update index(1) range(0,1,0)"),
            cmd("zrem", -3, "write fast", 1, 1, 1, "@write @sortedset @fast", ZSET,
                    "Removes one or more members from a sorted set. Deletes the sorted set if all members were"
                            + " removed.", "1.2.0", "O(M*log(N)) with N being the number of elements in the sorted set"
                            + " and M the number of elements to be removed.", "key:key member:string...")
                    .keys("RW delete index(1) range(0,1,0)"),
            cmd("zscore", 3, "readonly fast", 1, 1, 1, "@read @sortedset @fast", ZSET,
                    "Returns the score of a member in a sorted set.", "1.2.0", "O(1)", "key:key member:string")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("zmscore", -3, "readonly fast", 1, 1, 1, "@read @sortedset @fast", ZSET,
                    "Returns the score of one or more members in a sorted set.", "6.2.0",
                    "O(N) where N is the number of members being requested.", "key:key member:string...")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("zincrby", 4, "write denyoom fast", 1, 1, 1, "@write @sortedset @fast", ZSET,
                    "Increments the score of a member in a sorted set.", "1.2.0",
                    "O(log(N)) where N is the number of elements in the sorted set.",
                    "key:key increment:integer member:string")
                    .keys("RW access update index(1) range(0,1,0)"),
            cmd("zcard", 2, "readonly fast", 1, 1, 1, "@read @sortedset @fast", ZSET,
                    "Returns the number of members in a sorted set.", "1.2.0", "O(1)", "key:key")
                    .keys("RO index(1) range(0,1,0)"),
            cmd("zcount", 4, "readonly fast", 1, 1, 1, "@read @sortedset @fast", ZSET,
                    "Returns the count of members in a sorted set that have scores within a range.", "2.0.0",
                    "O(log(N)) with N being the number of elements in the sorted set.", "key:key min:double max:double")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("zrank", -3, "readonly fast", 1, 1, 1, "@read @sortedset @fast", ZSET,
                    "Returns the index of a member in a sorted set ordered by ascending scores.", "2.0.0", "O(log(N))",
                    "key:key member:string [WITHSCORE]")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("zrevrank", -3, "readonly fast", 1, 1, 1, "@read @sortedset @fast", ZSET,
                    "Returns the index of a member in a sorted set ordered by descending scores.", "2.0.0", "O(log(N))",
                    "key:key member:string [WITHSCORE]")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("zrange", -4, "readonly", 1, 1, 1, "@read @sortedset @slow", ZSET,
                    "Returns members in a sorted set within a range of indexes.", "1.2.0", RANGE_COST,
                    "key:key start:string stop:string [sortby{BYSCORE|BYLEX}] [REV] " + LIMIT + " [WITHSCORES]")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("zrangebyscore", -4, "readonly", 1, 1, 1, "@read @sortedset @slow", ZSET,
                    "Returns members in a sorted set within a range of scores.", "1.0.5", BY_SCORE_COST,
                    "key:key min:double max:double [WITHSCORES] " + LIMIT)
                    .keys("RO access index(1) range(0,1,0)")
                    .deprecated("6.2.0", "`ZRANGE` with the `BYSCORE` argument"),
            cmd("zrevrangebyscore", -4, "readonly", 1, 1, 1, "@read @sortedset @slow", ZSET,
                    "Returns members in a sorted set within a range of scores in reverse order.", "2.2.0",
                    BY_SCORE_COST, "key:key max:double min:double [WITHSCORES] " + LIMIT)
                    .keys("RO access index(1) range(0,1,0)")
                    .deprecated("6.2.0", "`ZRANGE` with the `REV` and `BYSCORE` arguments"),
            cmd("zrangebylex", -4, "readonly", 1, 1, 1, "@read @sortedset @slow", ZSET,
                    "Returns members in a sorted set within a lexicographical range.", "2.8.9", BY_SCORE_COST,
                    "key:key min:string max:string " + LIMIT)
                    .keys("RO access index(1) range(0,1,0)")
                    .deprecated("6.2.0", "`ZRANGE` with the `BYLEX` argument"),
            cmd("zrevrange", -4, "readonly", 1, 1, 1, "@read @sortedset @slow", ZSET,
                    "Returns members in a sorted set within a range of indexes in reverse order.", "1.2.0", RANGE_COST,
                    "key:key start:integer stop:integer [WITHSCORES]")
                    .keys("RO access index(1) range(0,1,0)")
                    .deprecated("6.2.0", "`ZRANGE` with the `REV` argument"),
            cmd("zremrangebyscore", 4, "write", 1, 1, 1, "@write @sortedset @slow", ZSET,
                    "Removes members in a sorted set within a range of scores. Deletes the sorted set if all members"
                            + " were removed.", "1.2.0", REMOVE_RANGE_COST, "key:key min:double max:double")
                    .keys("RW delete index(1) range(0,1,0)"),
            cmd("zremrangebyrank", 4, "write", 1, 1, 1, "@write @sortedset @slow", ZSET,
                    "Removes members in a sorted set within a range of indexes. Deletes the sorted set if all members"
                            + " were removed.", "2.0.0", REMOVE_RANGE_COST, "key:key start:integer stop:integer")
                    .keys("RW delete index(1) range(0,1,0)"),
            cmd("zpopmin", -2, "write fast", 1, 1, 1, "@write @sortedset @fast", ZSET,
                    "Returns the lowest-scoring members from a sorted set after removing them. Deletes the sorted set"
                            + " if the last member was popped.", "5.0.0", "O(log(N)*M) with N being the number of"
                            + " elements in the sorted set, and M being the number of elements popped.",
                    "key:key [count:integer]")
                    .keys("RW access delete index(1) range(0,1,0)"),
            cmd("zpopmax", -2, "write fast", 1, 1, 1, "@write @sortedset @fast", ZSET,
                    "Returns the highest-scoring members from a sorted set after removing them. Deletes the sorted set"
                            + " if the last member was popped.", "5.0.0", "O(log(N)*M) with N being the number of"
                            + " elements in the sorted set, and M being the number of elements popped.",
                    "key:key [count:integer]")
                    .keys("RW access delete index(1) range(0,1,0)"),
            cmd("zscan", -3, "readonly", 1, 1, 1, "@read @sortedset @slow", ZSET,
                    "Iterates over members and scores of a sorted set.", "2.8.0", SCAN_COST,
                    "key:key cursor:integer [MATCH=pattern:pattern] [COUNT=count:integer]")
                    .keys("RO access index(1) range(0,1,0)")
                    .tips("nondeterministic_output"),
            cmd("zrevrangebylex", -4, "readonly", 1, 1, 1, "@read @sortedset @slow", ZSET,
                    "Returns members in a sorted set within a lexicographical range in reverse order.", "2.8.9",
                    BY_SCORE_COST, "key:key max:string min:string " + LIMIT)
                    .keys("RO access index(1) range(0,1,0)")
                    .deprecated("6.2.0", "`ZRANGE` with the `REV` and `BYLEX` arguments"),
            cmd("zlexcount", 4, "readonly fast", 1, 1, 1, "@read @sortedset @fast", ZSET,
                    "Returns the number of members in a sorted set within a lexicographical range.", "2.8.9",
                    "O(log(N)) with N being the number of elements in the sorted set.",
                    "key:key min:string max:string")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("zremrangebylex", 4, "write", 1, 1, 1, "@write @sortedset @slow", ZSET,
                    "Removes members in a sorted set within a lexicographical range. Deletes the sorted set if all"
                            + " members were removed.", "2.8.9", REMOVE_RANGE_COST, "key:key min:string max:string")
                    .keys("RW delete index(1) range(0,1,0)"),
            cmd("zrangestore", -5, "write denyoom", 1, 2, 1, "@write @sortedset @slow", ZSET,
                    "Stores a range of members from sorted set in a key.", "6.2.0",
                    "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements"
                            + " stored into the destination key.",
                    "dst:key src:key min:string max:string [sortby{BYSCORE|BYLEX}] [REV] " + LIMIT)
                    .keys("OW update index(1) range(0,1,0); RO access index(2) range(0,1,0)"),
            cmd("zunion", -3, "readonly movablekeys", 0, 0, 0, "@read @sortedset @slow", ZSET,
                    "Returns the union of multiple sorted sets.", "6.2.0", UNION_COST,
                    "numkeys:integer key:key... " + WEIGHTS_AGGREGATE + " [WITHSCORES]")
                    .keys("RO access index(1) keynum(0,1,1)"),
            cmd("zunionstore", -4, "write denyoom movablekeys", 1, 1, 1, "@write @sortedset @slow", ZSET,
                    "Stores the union of multiple sorted sets in a key.", "2.0.0",
                    "O(N)+O(M log(M)) with N being the sum of the sizes of the input sorted sets, and M being the"
                            + " number of elements in the resulting sorted set.",
                    "destination:key numkeys:integer key:key... " + WEIGHTS_AGGREGATE)
                    .keys("OW update index(1) range(0,1,0); RO access index(2) keynum(0,1,1)"),
            cmd("zinter", -3, "readonly movablekeys", 0, 0, 0, "@read @sortedset @slow", ZSET,
                    "Returns the intersect of multiple sorted sets.", "6.2.0", INTER_COST,
                    "numkeys:integer key:key... " + WEIGHTS_AGGREGATE + " [WITHSCORES]")
                    .keys("RO access index(1) keynum(0,1,1)"),
            cmd("zinterstore", -4, "write denyoom movablekeys", 1, 1, 1, "@write @sortedset @slow", ZSET,
                    "Stores the intersect of multiple sorted sets in a key.", "2.0.0", INTER_COST,
                    "destination:key numkeys:integer key:key... " + WEIGHTS_AGGREGATE)
                    .keys("OW update index(1) range(0,1,0); RO access index(2) keynum(0,1,1)"),
            cmd("zintercard", -3, "readonly movablekeys", 0, 0, 0, "@read @sortedset @slow", ZSET,
                    "Returns the number of members of the intersect of multiple sorted sets.", "7.0.0",
                    "O(N*K) worst case with N being the smallest input sorted set, K being the number of input sorted"
                            + " sets.", "numkeys:integer key:key... [LIMIT=limit:integer]")
                    .keys("RO access index(1) keynum(0,1,1)"),
            cmd("zdiff", -3, "readonly movablekeys", 0, 0, 0, "@read @sortedset @slow", ZSET,
                    "Returns the difference between multiple sorted sets.", "6.2.0", DIFF_COST,
                    "numkeys:integer key:key... [WITHSCORES]")
                    .keys("RO access index(1) keynum(0,1,1)"),
            cmd("zdiffstore", -4, "write denyoom movablekeys", 1, 1, 1, "@write @sortedset @slow", ZSET,
                    "Stores the difference of multiple sorted sets in a key.", "6.2.0", DIFF_COST,
                    "destination:key numkeys:integer key:key...")
                    .keys("OW update index(1) range(0,1,0); RO access index(2) keynum(0,1,1)"),
            cmd("zrandmember", -2, "readonly", 1, 1, 1, "@read @sortedset @slow", ZSET,
                    "Returns one or more random members from a sorted set.", "6.2.0",
                    "O(N) where N is the number of members returned", "key:key [options(count:integer [WITHSCORES])]")
                    .keys("RO access index(1) range(0,1,0)")
                    .tips("nondeterministic_output"),
            cmd("zmpop", -4, "write movablekeys", 0, 0, 0, "@write @sortedset @slow", ZSET,
                    "Returns the highest- or lowest-scoring members from one or more sorted sets after removing them."
                            + " Deletes the sorted set if the last member was popped.", "7.0.0",
                    "O(K) + O(M*log(N)) where K is the number of provided keys, N being the number of elements in"
                            + " the sorted set, and M being the number of elements popped.",
                    "numkeys:integer key:key... where{MIN|MAX} [COUNT=count:integer]")
                    .keys("RW access delete index(1) keynum(0,1,1)"),
            cmd("bzpopmin", -3, "write fast blocking", 1, -2, 1, "@write @sortedset @fast @blocking", ZSET,
                    "Removes and returns the member with the lowest score from one or more sorted sets. Blocks until a"
                            + " member is available otherwise. Deletes the sorted set if the last element was popped.",
                    "5.0.0", "O(log(N)) with N being the number of elements in the sorted set.", "key:key... timeout:double")
                    .keys("RW access delete index(1) range(-2,1,0)"),
            cmd("bzpopmax", -3, "write fast blocking", 1, -2, 1, "@write @sortedset @fast @blocking", ZSET,
                    "Removes and returns the member with the highest score from one or more sorted sets. Blocks until a"
                            + " member available otherwise.  Deletes the sorted set if the last element was popped.",
                    "5.0.0", "O(log(N)) with N being the number of elements in the sorted set.", "key:key... timeout:double")
                    .keys("RW access delete index(1) range(-2,1,0)"),
            cmd("bzmpop", -5, "write blocking movablekeys", 0, 0, 0, "@write @sortedset @slow @blocking", ZSET,
                    "Removes and returns a member by score from one or more sorted sets. Blocks until a member is"
                            + " available otherwise. Deletes the sorted set if the last element was popped.", "7.0.0",
                    "O(K) + O(M*log(N)) where K is the number of provided keys, N being the number of elements in"
                            + " the sorted set, and M being the number of elements popped.",
                    "timeout:double numkeys:integer key:key... where{MIN|MAX} [COUNT=count:integer]")
                    .keys("RW access delete index(2) keynum(0,1,1)"),
            // geospatial indexes: sorted sets scored by 52-bit geohashes
            cmd("geoadd", -5, "write denyoom", 1, 1, 1, "@write @geo @slow", GEO,
                    "Adds one or more members to a geospatial index. The key is created if it doesn't exist.",
                    "3.2.0", "O(log(N)) for each item added, where N is the number of elements in the sorted set.",
                    "key:key [condition{NX|XX}] [CH=change] data(longitude:double latitude:double member:string)...")
                    .keys("RW update index(1) range(0,1,0)"),
            cmd("geodist", -4, "readonly", 1, 1, 1, "@read @geo @slow", GEO,
                    "Returns the distance between two members of a geospatial index.", "3.2.0", "O(1)",
                    "key:key member1:string member2:string [" + GEO_UNIT + "]")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("geohash", -2, "readonly", 1, 1, 1, "@read @geo @slow", GEO,
                    "Returns members from a geospatial index as geohash strings.", "3.2.0",
                    "O(1) for each member requested.", "key:key [member:string]...")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("geopos", -2, "readonly", 1, 1, 1, "@read @geo @slow", GEO,
                    "Returns the longitude and latitude of members from a geospatial index.", "3.2.0",
                    "O(1) for each member requested.", "key:key [member:string]...")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("geosearch", -7, "readonly", 1, 1, 1, "@read @geo @slow", GEO,
                    "Queries a geospatial index for members inside an area of a box or a circle.", "6.2.0",
                    GEO_SEARCH_COST, "key:key " + GEO_AREA + " [WITHCOORD] [WITHDIST] [WITHHASH]")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("geosearchstore", -8, "write denyoom", 1, 2, 1, "@write @geo @slow", GEO,
                    "Queries a geospatial index for members inside an area of a box or a circle, optionally stores"
                            + " the result.", "6.2.0", GEO_SEARCH_COST,
                    "destination:key source:key " + GEO_AREA + " [STOREDIST]")
                    .keys("OW update index(1) range(0,1,0); RO access index(2) range(0,1,0)"),
            cmd("georadius", -6, "write denyoom movablekeys", 1, 1, 1, "@write @geo @slow", GEO,
                    "Queries a geospatial index for members within a distance from a coordinate, optionally stores"
                            + " the result.", "3.2.0", GEO_RADIUS_COST,
                    "key:key longitude:double latitude:double " + GEO_RADIUS_OPTIONS + GEO_STORE)
                    .keys("RO access index(1) range(0,1,0); OW update keyword(STORE,6) range(0,1,0); OW update "
                            + "keyword(STOREDIST,6) range(0,1,0)")
                    .deprecated("6.2.0", "`GEOSEARCH` and `GEOSEARCHSTORE` with the `BYRADIUS` argument"),
            cmd("georadius_ro", -6, "readonly", 1, 1, 1, "@read @geo @slow", GEO,
                    "Returns members from a geospatial index that are within a distance from a coordinate.",
                    "3.2.10", GEO_RADIUS_COST, "key:key longitude:double latitude:double " + GEO_RADIUS_OPTIONS)
                    .keys("RO access index(1) range(0,1,0)")
                    .deprecated("6.2.0", "`GEOSEARCH` with the `BYRADIUS` argument"),
            cmd("georadiusbymember", -5, "write denyoom movablekeys", 1, 1, 1, "@write @geo @slow", GEO,
                    "Queries a geospatial index for members within a distance from a member, optionally stores the"
                            + " result.", "3.2.0", GEO_RADIUS_COST,
                    "key:key member:string " + GEO_RADIUS_OPTIONS + GEO_STORE)
                    .keys("RO access index(1) range(0,1,0); OW update keyword(STORE,5) range(0,1,0); OW update "
                            + "keyword(STOREDIST,5) range(0,1,0)")
                    .deprecated("6.2.0", "`GEOSEARCH` and `GEOSEARCHSTORE` with the `BYRADIUS` and `FROMMEMBER` arguments"),
            cmd("georadiusbymember_ro", -5, "readonly", 1, 1, 1, "@read @geo @slow", GEO,
                    "Returns members from a geospatial index that are within a distance from a member.", "3.2.10",
                    GEO_RADIUS_COST, "key:key member:string " + GEO_RADIUS_OPTIONS)
                    .keys("RO access index(1) range(0,1,0)")
                    .deprecated("6.2.0", "`GEOSEARCH` with the `BYRADIUS` and `FROMMEMBER` arguments"),
            // lists
            cmd("lpush", -3, "write denyoom fast", 1, 1, 1, "@write @list @fast", LIST,
                    "Prepends one or more elements to a list. Creates the key if it doesn't exist.", "1.0.0",
                    "O(1) for each element added, so O(N) to add N elements when the command is called with multiple arguments.",
                    "key:key element:string...")
                    .keys("RW insert index(1) range(0,1,0)"),
            cmd("rpush", -3, "write denyoom fast", 1, 1, 1, "@write @list @fast", LIST,
                    "Appends one or more elements to a list. Creates the key if it doesn't exist.", "1.0.0",
                    "O(1) for each element added, so O(N) to add N elements when the command is called with multiple arguments.",
                    "key:key element:string...")
                    .keys("RW insert index(1) range(0,1,0)"),
            cmd("lpushx", -3, "write denyoom fast", 1, 1, 1, "@write @list @fast", LIST,
                    "Prepends one or more elements to a list only when the list exists.", "2.2.0",
                    "O(1) for each element added, so O(N) to add N elements when the command is called with multiple arguments.",
                    "key:key element:string...")
                    .keys("RW insert index(1) range(0,1,0)"),
            cmd("rpushx", -3, "write denyoom fast", 1, 1, 1, "@write @list @fast", LIST,
                    "Appends an element to a list only when the list exists.", "2.2.0",
                    "O(1) for each element added, so O(N) to add N elements when the command is called with multiple arguments.",
                    "key:key element:string...")
                    .keys("RW insert index(1) range(0,1,0)"),
            cmd("lpop", -2, "write fast", 1, 1, 1, "@write @list @fast", LIST,
                    "Returns the first elements in a list after removing it. Deletes the list if the last element was popped.", "1.0.0",
                    "O(N) where N is the number of elements returned",
                    "key:key [count:integer]")
                    .keys("RW access delete index(1) range(0,1,0)"),
            cmd("rpop", -2, "write fast", 1, 1, 1, "@write @list @fast", LIST,
                    "Returns and removes the last elements of a list. Deletes the list if the last element was popped.", "1.0.0",
                    "O(N) where N is the number of elements returned",
                    "key:key [count:integer]")
                    .keys("RW access delete index(1) range(0,1,0)"),
            cmd("llen", 2, "readonly fast", 1, 1, 1, "@read @list @fast", LIST,
                    "Returns the length of a list.", "1.0.0",
                    "O(1)",
                    "key:key")
                    .keys("RO index(1) range(0,1,0)"),
            cmd("lrange", 4, "readonly", 1, 1, 1, "@read @list @slow", LIST,
                    "Returns a range of elements from a list.", "1.0.0",
                    "O(S+N) where S is the distance of start offset from HEAD for small lists, from nearest end (HEAD or TAIL) for large lists; and N is the number of elements in the specified range.",
                    "key:key start:integer stop:integer")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("lindex", 3, "readonly", 1, 1, 1, "@read @list @slow", LIST,
                    "Returns an element from a list by its index.", "1.0.0",
                    "O(N) where N is the number of elements to traverse to get to the element at index. This makes asking for the first or the last element of the list O(1).",
                    "key:key index:integer")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("lset", 4, "write denyoom", 1, 1, 1, "@write @list @slow", LIST,
                    "Sets the value of an element in a list by its index.", "1.0.0",
                    "O(N) where N is the length of the list. Setting either the first or the last element of the list is O(1).",
                    "key:key index:integer element:string")
                    .keys("RW update index(1) range(0,1,0)"),
            cmd("linsert", 5, "write denyoom", 1, 1, 1, "@write @list @slow", LIST,
                    "Inserts an element before or after another element in a list.", "2.2.0",
                    "O(N) where N is the number of elements to traverse before seeing the value pivot. This means that inserting somewhere on the left end on the list (head) can be considered O(1) and inserting somewhere on the right end (tail) is O(N).",
                    "key:key where{BEFORE|AFTER} pivot:string element:string")
                    .keys("RW insert index(1) range(0,1,0)"),
            cmd("lrem", 4, "write", 1, 1, 1, "@write @list @slow", LIST,
                    "Removes elements from a list. Deletes the list if the last element was removed.", "1.0.0",
                    "O(N+M) where N is the length of the list and M is the number of elements removed.",
                    "key:key count:integer element:string")
                    .keys("RW delete index(1) range(0,1,0)"),
            cmd("ltrim", 4, "write", 1, 1, 1, "@write @list @slow", LIST,
                    "Removes elements from both ends a list. Deletes the list if all elements were trimmed.", "1.0.0",
                    "O(N) where N is the number of elements to be removed by the operation.",
                    "key:key start:integer stop:integer")
                    .keys("RW delete index(1) range(0,1,0)"),
            cmd("lpos", -3, "readonly", 1, 1, 1, "@read @list @slow", LIST,
                    "Returns the index of matching elements in a list.", "6.0.6",
                    "O(N) where N is the number of elements in the list, for the average case. When searching for elements near the head or the tail of the list, or when the MAXLEN option is provided, the command may run in constant time.",
                    "key:key element:string [RANK=rank:integer] [COUNT=num-matches:integer] [MAXLEN=len:integer]")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("lmove", 5, "write denyoom", 1, 2, 1, "@write @list @slow", LIST,
                    "Returns an element after popping it from one list and pushing it to another. Deletes the list if the last element was moved.", "6.2.0",
                    "O(1)",
                    "source:key destination:key wherefrom{LEFT|RIGHT} whereto{LEFT|RIGHT}")
                    .keys("RW access delete index(1) range(0,1,0); RW insert index(2) range(0,1,0)"),
            cmd("rpoplpush", 3, "write denyoom", 1, 2, 1, "@write @list @slow", LIST,
                    "Returns the last element of a list after removing and pushing it to another list. Deletes the list if the last element was popped.", "1.2.0",
                    "O(1)",
                    "source:key destination:key")
                    .keys("RW access delete index(1) range(0,1,0); RW insert index(2) range(0,1,0)")
                    .deprecated("6.2.0", "`LMOVE` with the `RIGHT` and `LEFT` arguments"),
            cmd("lmpop", -4, "write movablekeys", 0, 0, 0, "@write @list @slow", LIST,
                    "Returns multiple elements from a list after removing them. Deletes the list if the last element was popped.", "7.0.0",
                    "O(N+M) where N is the number of provided keys and M is the number of elements returned.",
                    "numkeys:integer key:key... where{LEFT|RIGHT} [COUNT=count:integer]")
                    .keys("RW access delete index(1) keynum(0,1,1)"),
            cmd("blpop", -3, "write blocking", 1, -2, 1, "@write @list @slow @blocking", LIST,
                    "Removes and returns the first element in a list. Blocks until an element is available otherwise. Deletes the list if the last element was popped.", "2.0.0",
                    "O(N) where N is the number of provided keys.",
                    "key:key... timeout:double")
                    .keys("RW access delete index(1) range(-2,1,0)"),
            cmd("brpop", -3, "write blocking", 1, -2, 1, "@write @list @slow @blocking", LIST,
                    "Removes and returns the last element in a list. Blocks until an element is available otherwise. Deletes the list if the last element was popped.", "2.0.0",
                    "O(N) where N is the number of provided keys.",
                    "key:key... timeout:double")
                    .keys("RW access delete index(1) range(-2,1,0)"),
            cmd("blmove", 6, "write denyoom blocking", 1, 2, 1, "@write @list @slow @blocking", LIST,
                    "Pops an element from a list, pushes it to another list and returns it. Blocks until an element is available otherwise. Deletes the list if the last element was moved.", "6.2.0",
                    "O(1)",
                    "source:key destination:key wherefrom{LEFT|RIGHT} whereto{LEFT|RIGHT} timeout:double")
                    .keys("RW access delete index(1) range(0,1,0); RW insert index(2) range(0,1,0)"),
            cmd("brpoplpush", 4, "write denyoom blocking", 1, 2, 1, "@write @list @slow @blocking", LIST,
                    "Pops an element from a list, pushes it to another list and returns it. Block until an element is available otherwise. Deletes the list if the last element was popped.", "2.2.0",
                    "O(1)",
                    "source:key destination:key timeout:double")
                    .keys("RW access delete index(1) range(0,1,0); RW insert index(2) range(0,1,0)")
                    .deprecated("6.2.0", "`BLMOVE` with the `RIGHT` and `LEFT` arguments"),
            cmd("blmpop", -5, "write blocking movablekeys", 0, 0, 0, "@write @list @slow @blocking", LIST,
                    "Pops the first element from one of multiple lists. Blocks until an element is available otherwise. Deletes the list if the last element was popped.", "7.0.0",
                    "O(N+M) where N is the number of provided keys and M is the number of elements returned.",
                    "timeout:double numkeys:integer key:key... where{LEFT|RIGHT} [COUNT=count:integer]")
                    .keys("RW access delete index(2) keynum(0,1,1)"),
            // transactions
            cmd("multi", 1, "noscript loading stale fast allow_busy", 0, 0, 0, "@fast @transaction", TX,
                    "Starts a transaction.", "1.2.0", "O(1)", ""),
            cmd("exec", 1, "noscript loading stale skip_slowlog", 0, 0, 0, "@slow @transaction", TX,
                    "Executes all commands in a transaction.", "1.2.0", "Depends on commands in the transaction", ""),
            cmd("discard", 1, "noscript loading stale fast allow_busy", 0, 0, 0, "@fast @transaction", TX,
                    "Discards a transaction.", "2.0.0", "O(N), when N is the number of queued commands", ""),
            cmd("watch", -2, "noscript loading stale fast allow_busy", 1, -1, 1, "@fast @transaction", TX,
                    "Monitors changes to keys to determine the execution of a transaction.", "2.2.0",
                    "O(1) for every key.", "key:key...")
                    .keys("RO index(1) range(-1,1,0)"),
            cmd("unwatch", 1, "noscript loading stale fast allow_busy", 0, 0, 0, "@fast @transaction", TX,
                    "Forgets about watched keys of a transaction.", "2.2.0", "O(1)", ""),
            // scripting
            cmd("eval", -3, "noscript stale skip_monitor no_mandatory_keys movablekeys", 0, 0, 0, "@slow @scripting",
                    SCRIPTING, "Executes a server-side Lua script.", "2.6.0",
                    "Depends on the script that is executed.", "script:string numkeys:integer [key:key...] [arg:string...]")
                    .keys(SCRIPT_KEYS_RW),
            cmd("evalsha", -3, "noscript stale skip_monitor no_mandatory_keys movablekeys", 0, 0, 0, "@slow @scripting",
                    SCRIPTING, "Executes a server-side Lua script by SHA1 digest.", "2.6.0",
                    "Depends on the script that is executed.", "sha1:string numkeys:integer [key:key...] [arg:string...]")
                    .keys("RW access update index(2) keynum(0,1,1)"),
            cmd("eval_ro", -3, "readonly noscript stale skip_monitor no_mandatory_keys movablekeys", 0, 0, 0,
                    "@slow @scripting", SCRIPTING, "Executes a read-only server-side Lua script.", "7.0.0",
                    "Depends on the script that is executed.", "script:string numkeys:integer [key:key...] [arg:string...]")
                    .keys(SCRIPT_KEYS_RO),
            cmd("evalsha_ro", -3, "readonly noscript stale skip_monitor no_mandatory_keys movablekeys", 0, 0, 0,
                    "@slow @scripting", SCRIPTING, "Executes a read-only server-side Lua script by SHA1 digest.", "7.0.0",
                    "Depends on the script that is executed.", "sha1:string numkeys:integer [key:key...] [arg:string...]")
                    .keys("RO access index(2) keynum(0,1,1)"),
            cmd("fcall", -3, "noscript stale skip_monitor no_mandatory_keys movablekeys", 0, 0, 0, "@slow @scripting",
                    SCRIPTING, "Invokes a function.", "7.0.0", "Depends on the function that is executed.",
                    "function:string numkeys:integer [key:key...] [arg:string...]")
                    .keys(SCRIPT_KEYS_RW),
            cmd("fcall_ro", -3, "readonly noscript stale skip_monitor no_mandatory_keys movablekeys", 0, 0, 0,
                    "@slow @scripting", SCRIPTING, "Invokes a read-only function.", "7.0.0",
                    "Depends on the function that is executed.", "function:string numkeys:integer [key:key...] [arg:string...]")
                    .keys(SCRIPT_KEYS_RO),
            cmd("function", -2, "", 0, 0, 0, "@slow", SCRIPTING, "A container for function commands.", "7.0.0", CONTAINER, ""),
            cmd("function|delete", 3, "write noscript", 0, 0, 0, "@write @slow @scripting", SCRIPTING,
                    "Deletes a library and its functions.", "7.0.0", "O(1)", "library-name:string")
                    .tips("request_policy:all_shards response_policy:all_succeeded"),
            cmd("function|dump", 2, "noscript", 0, 0, 0, "@slow @scripting", SCRIPTING,
                    "Dumps all libraries into a serialized binary payload.", "7.0.0", "O(N) where N is the number of functions", ""),
            cmd("function|flush", -2, "write noscript", 0, 0, 0, "@write @slow @scripting", SCRIPTING,
                    "Deletes all libraries and functions.", "7.0.0", "O(N) where N is the number of functions deleted",
                    "[flush-type{ASYNC|SYNC}]")
                    .tips("request_policy:all_shards response_policy:all_succeeded"),
            cmd("function|kill", 2, "noscript allow_busy", 0, 0, 0, "@slow @scripting", SCRIPTING,
                    "Terminates a function during execution.", "7.0.0", "O(1)", "")
                    .tips("request_policy:all_shards response_policy:one_succeeded"),
            cmd("function|list", -2, "noscript", 0, 0, 0, "@slow @scripting", SCRIPTING,
                    "Returns information about all libraries.", "7.0.0", "O(N) where N is the number of functions",
                    "[LIBRARYNAME=library-name-pattern:string] [WITHCODE]")
                    .tips("nondeterministic_output_order"),
            cmd("function|load", -3, "write denyoom noscript", 0, 0, 0, "@write @slow @scripting", SCRIPTING,
                    "Creates a library.", "7.0.0", "O(1) (considering compilation time is redundant)",
                    "[REPLACE] function-code:string")
                    .tips("request_policy:all_shards response_policy:all_succeeded"),
            cmd("function|restore", -3, "write denyoom noscript", 0, 0, 0, "@write @slow @scripting", SCRIPTING,
                    "Restores all libraries from a payload.", "7.0.0", "O(N) where N is the number of functions on the payload",
                    "serialized-value:string [policy{FLUSH|APPEND|REPLACE}]")
                    .tips("request_policy:all_shards response_policy:all_succeeded"),
            cmd("function|stats", 2, "noscript allow_busy", 0, 0, 0, "@slow @scripting", SCRIPTING,
                    "Returns information about a function during execution.", "7.0.0", "O(1)", "")
                    .tips("nondeterministic_output request_policy:all_shards response_policy:special"),
            cmd("script", -2, "", 0, 0, 0, "@slow", SCRIPTING,
                    "A container for Lua scripts management commands.", "2.6.0", CONTAINER, ""),
            cmd("script|exists", -3, "noscript", 0, 0, 0, "@slow @scripting", SCRIPTING,
                    "Determines whether server-side Lua scripts exist in the script cache.", "2.6.0",
                    "O(N) with N being the number of scripts to check (so checking a single script is an O(1)"
                            + " operation).", "sha1:string...")
                    .tips("request_policy:all_shards response_policy:agg_logical_and"),
            cmd("script|flush", -2, "noscript", 0, 0, 0, "@slow @scripting", SCRIPTING,
                    "Removes all server-side Lua scripts from the script cache.", "2.6.0",
                    "O(N) with N being the number of scripts in cache", "[flush-type{ASYNC|SYNC}]")
                    .tips("request_policy:all_nodes response_policy:all_succeeded"),
            cmd("script|kill", 2, "noscript allow_busy", 0, 0, 0, "@slow @scripting", SCRIPTING,
                    "Terminates a server-side Lua script during execution.", "2.6.0", "O(1)", "")
                    .tips("request_policy:all_shards response_policy:one_succeeded"),
            cmd("script|load", 3, "noscript stale", 0, 0, 0, "@slow @scripting", SCRIPTING,
                    "Loads a server-side Lua script to the script cache.", "2.6.0",
                    "O(N) with N being the length in bytes of the script body.", "script:string")
                    .tips("request_policy:all_nodes response_policy:all_succeeded"),
            // pub/sub
            cmd("subscribe", -2, "pubsub noscript loading stale", 0, 0, 0, "@pubsub @slow", PUBSUB,
                    "Listens for messages published to channels.", "2.0.0",
                    "O(N) where N is the number of channels to subscribe to.", "channel:string..."),
            cmd("unsubscribe", -1, "pubsub noscript loading stale", 0, 0, 0, "@pubsub @slow", PUBSUB,
                    "Stops listening to messages posted to channels.", "2.0.0",
                    "O(N) where N is the number of channels to unsubscribe.", "[channel:string...]"),
            cmd("psubscribe", -2, "pubsub noscript loading stale", 0, 0, 0, "@pubsub @slow", PUBSUB,
                    "Listens for messages published to channels that match one or more patterns.", "2.0.0",
                    "O(N) where N is the number of patterns to subscribe to.", "pattern:pattern..."),
            cmd("punsubscribe", -1, "pubsub noscript loading stale", 0, 0, 0, "@pubsub @slow", PUBSUB,
                    "Stops listening to messages published to channels that match one or more patterns.", "2.0.0",
                    "O(N) where N is the number of patterns to unsubscribe.", "[pattern:pattern...]"),
            cmd("publish", 3, "pubsub loading stale fast", 0, 0, 0, "@pubsub @fast", PUBSUB,
                    "Posts a message to a channel.", "2.0.0",
                    "O(N+M) where N is the number of clients subscribed to the receiving channel and M is the total"
                            + " number of subscribed patterns (by any client).", "channel:string message:string"),
            cmd("ssubscribe", -2, "pubsub noscript loading stale", 1, -1, 1, "@pubsub @slow", PUBSUB,
                    "Listens for messages published to shard channels.", "7.0.0",
                    "O(N) where N is the number of shard channels to subscribe to.", "shardchannel:string...")
                    .keys("not_key index(1) range(-1,1,0)"),
            cmd("sunsubscribe", -1, "pubsub noscript loading stale", 1, -1, 1, "@pubsub @slow", PUBSUB,
                    "Stops listening to messages posted to shard channels.", "7.0.0",
                    "O(N) where N is the number of shard channels to unsubscribe.", "[shardchannel:string...]")
                    .keys("not_key index(1) range(-1,1,0)"),
            cmd("spublish", 3, "pubsub loading stale fast", 1, 1, 1, "@pubsub @fast", PUBSUB,
                    "Post a message to a shard channel", "7.0.0",
                    "O(N) where N is the number of clients subscribed to the receiving shard channel.",
                    "shardchannel:string message:string")
                    .keys("not_key index(1) range(0,1,0)"),
            cmd("pubsub", -2, "", 0, 0, 0, "@slow", PUBSUB,
                    "A container for Pub/Sub commands.", "2.8.0", CONTAINER, ""),
            cmd("pubsub|channels", -2, "pubsub loading stale", 0, 0, 0, "@pubsub @slow", PUBSUB,
                    "Returns the active channels.", "2.8.0",
                    "O(N) where N is the number of active channels, and assuming constant time pattern matching"
                            + " (relatively short channels and patterns)", "[pattern:pattern]"),
            cmd("pubsub|numpat", 2, "pubsub loading stale", 0, 0, 0, "@pubsub @slow", PUBSUB,
                    "Returns a count of unique pattern subscriptions.", "2.8.0", "O(1)", ""),
            cmd("pubsub|numsub", -2, "pubsub loading stale", 0, 0, 0, "@pubsub @slow", PUBSUB,
                    "Returns a count of subscribers to channels.", "2.8.0",
                    "O(N) for the NUMSUB subcommand, where N is the number of requested channels",
                    "[channel:string...]"),
            cmd("pubsub|shardchannels", -2, "pubsub loading stale", 0, 0, 0, "@pubsub @slow", PUBSUB,
                    "Returns the active shard channels.", "7.0.0",
                    "O(N) where N is the number of active shard channels, and assuming constant time pattern"
                            + " matching (relatively short shard channels).", "[pattern:pattern]"),
            cmd("pubsub|shardnumsub", -2, "pubsub loading stale", 0, 0, 0, "@pubsub @slow", PUBSUB,
                    "Returns the count of subscribers of shard channels.", "7.0.0",
                    "O(N) for the SHARDNUMSUB subcommand, where N is the number of requested shard channels",
                    "[shardchannel:string...]"),
            // JSON documents, as RedisJSON 2.x declares them (flags, key positions, categories) with
            // the arity its newer releases declare; "module" is the flag Redis adds to module commands.
            cmd("json.set", -4, "write denyoom module", 1, 1, 1, "@write @slow @json", MODULE,
                    "Sets or updates the JSON value at a path.", "1.0.0",
                    "O(M+N) where M is the size of the original value (if it exists) and N is the size of the new"
                            + " value", "key:key path:string value:string [condition{NX|XX}]"),
            cmd("json.get", -2, "readonly module", 1, 1, 1, "@read @slow @json", MODULE,
                    "Gets the value at one or more paths in JSON serialized form.", "1.0.0",
                    "O(N) when path is evaluated to a single value where N is the size of the value, O(N) when path"
                            + " is evaluated to multiple values, where N is the size of the key",
                    "key:key [INDENT=indent:string] [NEWLINE=newline:string] [SPACE=space:string] [path:string...]"),
            cmd("json.del", -2, "write module", 1, 1, 1, "@write @slow @json", MODULE,
                    "Deletes a value.", "1.0.0",
                    "O(N) when path is evaluated to a single value where N is the size of the deleted value, O(N)"
                            + " when path is evaluated to multiple values, where N is the size of the key",
                    "key:key [path:string]"),
            cmd("json.forget", -2, "write module", 1, 1, 1, "@write @slow @json", MODULE,
                    "Deletes a value (an alias of JSON.DEL).", "1.0.0",
                    "O(N) when path is evaluated to a single value where N is the size of the deleted value, O(N)"
                            + " when path is evaluated to multiple values, where N is the size of the key",
                    "key:key [path:string]"),
            cmd("json.mget", -3, "readonly module", 1, 1, 1, "@read @slow @json", MODULE,
                    "Returns the values at a path from one or more keys.", "1.0.0",
                    "O(M*N) when path is evaluated to a single value where M is the number of keys and N is the size"
                            + " of the value, O(N1+N2+...+Nm) when path is evaluated to multiple values where m is the"
                            + " number of keys and Ni is the size of the i-th key", "key:key... path:string"),
            cmd("json.type", -2, "readonly module", 1, 1, 1, "@read @slow @json", MODULE,
                    "Returns the type of the JSON value at a path.", "1.0.0", JSON_PER_MATCH_COST,
                    "key:key [path:string]"),
            cmd("json.numincrby", 4, "write module", 1, 1, 1, "@write @slow @json", MODULE,
                    "Increments the numeric value at a path by a value.", "1.0.0", JSON_PER_MATCH_COST,
                    "key:key path:string value:double"),
            cmd("json.strappend", -3, "write denyoom module", 1, 1, 1, "@write @slow @json", MODULE,
                    "Appends a string to the JSON strings at a path.", "1.0.0", JSON_PER_MATCH_COST,
                    "key:key [path:string] value:string"),
            cmd("json.arrappend", -4, "write denyoom module", 1, 1, 1, "@write @slow @json", MODULE,
                    "Appends one or more values to the JSON arrays at a path.", "1.0.0", JSON_PER_MATCH_COST,
                    "key:key path:string value:string..."),
            cmd("json.arrlen", -2, "readonly module", 1, 1, 1, "@read @slow @json", MODULE,
                    "Returns the length of the JSON arrays at a path.", "1.0.0", JSON_PER_MATCH_COST,
                    "key:key [path:string]"),
            cmd("json.objkeys", -2, "readonly module", 1, 1, 1, "@read @slow @json", MODULE,
                    "Returns the keys of the JSON objects at a path.", "1.0.0",
                    "O(N) when path is evaluated to a single value, where N is the number of keys in the object,"
                            + " O(N) when path is evaluated to multiple values, where N is the size of the key",
                    "key:key [path:string]"),
            // Search, as RediSearch 2.x declares it: no key positions (an index is not a key).
            cmd("ft.create", -5, "write denyoom module", 0, 0, 0, "@write @slow @search", MODULE,
                    "Creates an index with the given spec.", "1.0.0", "O(K) at creation where K is the number of fields,"
                            + " O(N) if scanning the keyspace is triggered, where N is the number of keys in the keyspace",
                    "index:string [ON=data_type{HASH|JSON}] [PREFIX=prefix(count:integer prefix:string...)]"
                            + " [LANGUAGE=default_lang:string] [LANGUAGE_FIELD=lang_attribute:string] [SKIPINITIALSCAN]"
                            + " SCHEMA schema(field_name:string [AS=alias:string] field_type{TEXT|TAG|NUMERIC}"
                            + " [SORTABLE])..."),
            cmd("ft.search", -3, "readonly module", 0, 0, 0, "@read @slow @search", MODULE,
                    "Searches the index with a textual query, returning either documents or just ids.", "1.0.0",
                    "O(N)", "index:string query:string [NOCONTENT] [WITHSCORES]"
                            + " [FILTER=filter(numeric_field:string min:double max:double)...]"
                            + " [RETURN=return(count:string identifier:string...)]"
                            + " [HIGHLIGHT=highlight([FIELDS=fields(count:string field:string...)]"
                            + " [TAGS=tags(open:string close:string)])] [LANGUAGE=language:string]"
                            + " [SORTBY=sortby(sortby:string [order{ASC|DESC}])] [LIMIT=limit(offset:integer num:integer)]"
                            + " [DIALECT=dialect:integer]"),
            cmd("ft.aggregate", -3, "readonly module", 0, 0, 0, "@read @slow @search", MODULE,
                    "Runs a search query on an index and performs aggregate transformations on the results.", "1.1.0",
                    "O(1)", "index:string query:string [LOAD=load(count:string field:string...)]"
                            + " [GROUPBY=groupby(nargs:integer property:string..."
                            + " [REDUCE=reduce(function:string nargs:integer arg:string... [AS=name:string])...])...]"
                            + " [SORTBY=sortby(nargs:integer property:string... [MAX=num:integer])]"
                            + " [LIMIT=limit(offset:integer num:integer)]"
                            + " [WITHCURSOR=withcursor([COUNT=read_size:integer] [MAXIDLE=idle_time:integer])]"),
            cmd("ft.cursor", -2, "", 0, 0, 0, "@slow", MODULE,
                    "A container for FT.AGGREGATE cursor commands.", "1.1.0", CONTAINER, ""),
            cmd("ft.cursor|read", -4, "readonly module", 0, 0, 0, "@read @slow @search", MODULE,
                    "Reads from a cursor.", "1.1.0", "O(1)", "index:string cursor_id:integer [COUNT=read_size:integer]"),
            cmd("ft.cursor|del", 4, "readonly module", 0, 0, 0, "@read @slow @search", MODULE,
                    "Deletes a cursor.", "1.1.0", "O(1)", "index:string cursor_id:integer"),
            cmd("ft.dropindex", -2, "write module", 0, 0, 0, "@write @slow @search", MODULE,
                    "Deletes the index.", "2.0.0", "O(1) or O(N) if documents are deleted, where N is the number of keys"
                            + " in the keyspace", "index:string [DD=delete_docs]"),
            cmd("ft.alter", -5, "write module", 0, 0, 0, "@write @slow @search", MODULE,
                    "Adds a new field to the index.", "1.0.0", "O(N) where N is the number of keys in the keyspace",
                    "index:string SCHEMA ADD field:string options:string"),
            cmd("ft.info", 2, "readonly module", 0, 0, 0, "@read @slow @search", MODULE,
                    "Returns information and statistics on the index.", "1.0.0", "O(1)", "index:string"),
            cmd("ft._list", 1, "readonly module", 0, 0, 0, "@read @slow @search", MODULE,
                    "Returns a list of all existing indexes.", "2.0.0", "O(1)", ""),
            cmd("ft.check", 2, "readonly module", 0, 0, 0, "@read @slow @search", MODULE,
                    "Compares an index with the data it indexes (Cairn's own).", "0.1.0",
                    "O(N) where N is the number of keys under the index's prefixes", "index:string"),
            // Cairn's own
            cmd("keyrange", -3, "readonly", 0, 0, 0, "@keyspace @read @slow", GENERIC,
                    "Returns up to count keys in key order, starting at start (inclusive), from the ordered key index; with WITHVALUES, each followed by its value.",
                    "0.1.0", "O(log(N)+M) where M is count", "start:string count:integer [WITHVALUES]")));

    private static final Map<String, CommandSpec> BY_NAME = index(ALL);

    private CommandTable() {
    }

    /** Every command and subcommand, containers before their subcommands, in a fixed order. Immutable. */
    public static List<CommandSpec> all() {
        return ALL;
    }

    /**
     * The spec named {@code lowerName} ({@code "get"}, or {@code "client|id"} for a subcommand), or null
     * when there is none. The name must already be lower case.
     */
    public static CommandSpec lookup(String lowerName) {
        return BY_NAME.get(lowerName);
    }

    /** The subcommands of {@code container} in table order; empty when it has none or is unknown. */
    public static List<CommandSpec> subcommands(String container) {
        List<CommandSpec> subs = new ArrayList<>();
        for (CommandSpec spec : ALL) {
            if (container.equals(spec.container())) {
                subs.add(spec);
            }
        }
        return List.copyOf(subs);
    }

    private static Map<String, CommandSpec> index(List<CommandSpec> specs) {
        Map<String, CommandSpec> byName = new HashMap<>();
        for (CommandSpec spec : specs) {
            if (byName.put(spec.name(), spec) != null) {
                throw new IllegalStateException("command table: " + spec.name() + " is listed twice");
            }
        }
        return Map.copyOf(byName);
    }

    private static CommandSpecDsl.Row cmd(String name, int arity, String flags, int firstKey, int lastKey, int step,
                                          String acl, String group, String summary, String since, String complexity,
                                          String args) {
        return new CommandSpecDsl.Row(name, arity, flags, firstKey, lastKey, step, acl, group, summary, since,
                complexity, args);
    }

    private static List<CommandSpec> build(List<CommandSpecDsl.Row> rows) {
        return rows.stream().map(CommandSpecDsl.Row::build).toList();
    }
}
