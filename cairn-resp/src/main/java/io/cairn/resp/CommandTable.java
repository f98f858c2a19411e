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
 * <p>Connection, server and key commands are listed here; the other families in
 * {@link KeyValueCommandRows}, {@link SortedAndListCommandRows} and
 * {@link ScriptingAndModuleCommandRows}, in that order.
 *
 * <p>The rules the DSL applies (flag and category order, the argument mini-language) are in
 * {@link CommandSpecDsl}.
 */
public final class CommandTable {

    static final String CONNECTION = "connection";
    static final String SERVER = "server";
    static final String GENERIC = "generic";
    static final String STRING = "string";
    static final String HASH = "hash";
    static final String BITMAP = "bitmap";
    static final String HYPERLOGLOG = "hyperloglog";
    static final String ZSET = "sorted-set";
    static final String SET = "set";
    static final String LIST = "list";
    static final String TX = "transactions";
    static final String GEO = "geo";
    static final String SCRIPTING = "scripting";
    static final String PUBSUB = "pubsub";
    static final String STREAM = "stream";
    /** Redis's COMMAND DOCS group of every module command, the JSON ones included. */
    static final String MODULE = "module";

    static final String CONTAINER = "Depends on subcommand.";
    static final String SCRIPT_KEYS_RW = "RW access update index(2) keynum(0,1,1) notes(We cannot tell how the"
            + " keys will be used so we assume the worst, RW and UPDATE flags)";
    static final String SCRIPT_KEYS_RO = "RO access index(2) keynum(0,1,1) notes(We cannot tell how the keys"
            + " will be used so we assume the worst, RO and ACCESS flags)";
    static final String SCAN_COST = "O(1) for every call. O(N) for a complete iteration, including enough "
            + "command calls for the cursor to return back to 0. N is the number of elements inside the collection.";
    static final String EXPIRE_CONDITION = "[condition{NX|XX|GT|LT}]";
    static final String EXPIRATION = "expiration{EX=seconds:integer|PX=milliseconds:integer"
            + "|EXAT=unix-time-seconds:unix-time|PXAT=unix-time-milliseconds:unix-time";
    static final String LIMIT = "[LIMIT=limit(offset:integer count:integer)]";
    static final String BY_SCORE_COST = "O(log(N)+M) with N being the number of elements in the sorted set "
            + "and M the number of elements being returned. If M is constant (e.g. always asking for the first 10 "
            + "elements with LIMIT), you can consider it O(log(N)).";
    static final String RANGE_COST =
            "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements returned.";
    static final String JSON_PER_MATCH_COST = "O(1) when path is evaluated to a single value, O(N) when path "
            + "is evaluated to multiple values, where N is the size of the key";
    static final String SET_INTER_COST =
            "O(N*M) worst case where N is the cardinality of the smallest set and M is the number of sets.";
    static final String SET_ALL_COST = "O(N) where N is the total number of elements in all given sets.";
    static final String WEIGHTS_AGGREGATE = "[WEIGHTS=weight:integer...] [AGGREGATE=aggregate{SUM|MIN|MAX}]";
    static final String UNION_COST = "O(N)+O(M*log(M)) with N being the sum of the sizes of the input sorted"
            + " sets, and M being the number of elements in the resulting sorted set.";
    static final String INTER_COST = "O(N*K)+O(M*log(M)) worst case with N being the smallest input sorted"
            + " set, K being the number of input sorted sets and M being the number of elements in the resulting"
            + " sorted set.";
    static final String DIFF_COST = "O(L + (N-K)log(N)) worst case where L is the total number of elements in"
            + " all the sets, N is the size of the first set, and K is the size of the result set.";
    static final String REMOVE_RANGE_COST = "O(log(N)+M) with N being the number of elements in the sorted set "
            + "and M the number of elements removed by the operation.";

    static final String SORT_COST = "O(N+M*log(M)) where N is the number of elements in the list or set to"
            + " sort, and M the number of returned elements. When the elements are not sorted, complexity is O(N).";
    static final String SORT_ARGS = "key:key [BY=by-pattern:pattern] [LIMIT=limit(offset:integer"
            + " count:integer)] [GET=get-pattern:pattern...] [order{ASC|DESC}] [ALPHA=sorting]";
    static final String SORT_PATTERN_KEYS = "RO access unknown unknown notes(For the optional BY/GET keyword."
            + " It is marked 'unknown' because the key names derive from the content of the key we sort)";

    static final String GEO_UNIT = "unit{m=m|km=km|ft=ft|mi=mi}";
    static final String GEO_AREA = "from{FROMMEMBER=member:string|FROMLONLAT=fromlonlat(longitude:double"
            + " latitude:double)} by{circle(BYRADIUS=radius:double " + GEO_UNIT + ")|box(BYBOX=width:double"
            + " height:double " + GEO_UNIT + ")} [order{ASC|DESC}] [count-block(COUNT=count:integer [ANY])]";
    static final String GEO_RADIUS_OPTIONS = "radius:double " + GEO_UNIT + " [WITHCOORD] [WITHDIST]"
            + " [WITHHASH] [count-block(COUNT=count:integer [ANY])] [order{ASC|DESC}]";
    static final String GEO_STORE = " [store{STORE=storekey:key|STOREDIST=storedistkey:key}]";
    static final String GEO_SEARCH_COST = "O(N+log(M)) where N is the number of elements in the grid-aligned"
            + " bounding box area around the shape provided as the filter and M is the number of items inside the"
            + " shape";
    static final String GEO_RADIUS_COST = "O(N+log(M)) where N is the number of elements inside the bounding"
            + " box of the circular area delimited by center and radius and M is the number of items inside the"
            + " index.";

    private static final List<CommandSpec> ALL = build(List.of(
            // connection, server and keys here; the other families in the row classes below
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
            cmd("client|tracking", -3, "noscript loading stale", 0, 0, 0, "@slow @connection", CONNECTION,
                    "Controls server-assisted client-side caching for the connection.", "6.0.0",
                    "O(1). Some options may introduce additional complexity.",
                    "status{ON|OFF} [REDIRECT=client-id:integer] [PREFIX=prefix:string...] [BCAST] [OPTIN] [OPTOUT]"
                            + " [NOLOOP]"),
            cmd("client|caching", 3, "noscript loading stale", 0, 0, 0, "@slow @connection", CONNECTION,
                    "Instructs the server whether to track the keys in the next request.", "6.0.0", "O(1)",
                    "mode{YES|NO}"),
            cmd("client|reply", 3, "noscript loading stale", 0, 0, 0, "@slow @connection", CONNECTION,
                    "Instructs the server whether to reply to commands.", "3.2.0", "O(1)", "action{ON|OFF|SKIP}"),
            cmd("client|pause", -3, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous @connection",
                    CONNECTION, "Suspends commands processing.", "3.0.0", "O(1)", "timeout:integer [mode{WRITE|ALL}]"),
            cmd("client|unpause", 2, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous @connection",
                    CONNECTION, "Resumes processing commands from paused clients.", "6.2.0",
                    "O(N) Where N is the number of paused clients", ""),
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
            cmd("latency", -2, "", 0, 0, 0, "@slow", SERVER, "A container for latency diagnostics commands.", "2.8.13",
                    CONTAINER, ""),
            cmd("latency|latest", 2, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Returns the latest latency samples for all events.", "2.8.13", "O(1)", "")
                    .tips("nondeterministic_output request_policy:all_nodes response_policy:special"),
            cmd("latency|history", 3, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Returns timestamp-latency samples for an event.", "2.8.13", "O(1)", "event:string")
                    .tips("nondeterministic_output request_policy:all_nodes response_policy:special"),
            cmd("latency|reset", -2, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Resets the latency data for one or more events.", "2.8.13", "O(1)", "[event:string...]")
                    .tips("request_policy:all_nodes response_policy:agg_sum"),
            cmd("latency|doctor", 2, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Returns a human-readable latency analysis report.", "2.8.13", "O(1)", "")
                    .tips("nondeterministic_output request_policy:all_nodes response_policy:special"),
            cmd("latency|graph", 3, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Returns a latency graph for an event.", "2.8.13", "O(1)", "event:string")
                    .tips("nondeterministic_output request_policy:all_nodes response_policy:special"),
            cmd("latency|histogram", -2, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Returns the cumulative distribution of latencies of a subset or all commands.", "7.0.0",
                    "O(N) where N is the number of commands with latency information being retrieved.",
                    "[command:string...]")
                    .tips("nondeterministic_output request_policy:all_nodes response_policy:special"),
            cmd("latency|help", 2, "loading stale", 0, 0, 0, "@slow", SERVER,
                    "Returns helpful text about the different subcommands.", "2.8.13", "O(1)", ""),
            cmd("memory", -2, "", 0, 0, 0, "@slow", SERVER, "A container for memory diagnostics commands.", "4.0.0",
                    CONTAINER, ""),
            cmd("memory|usage", -3, "readonly", 2, 2, 1, "@read @slow", SERVER,
                    "Estimates the memory usage of a key.", "4.0.0", "O(N) where N is the number of samples.",
                    "key:key [SAMPLES=count:integer]")
                    .keys("RO index(2) range(0,1,0)"),
            cmd("memory|stats", 2, "", 0, 0, 0, "@slow", SERVER, "Returns details about memory usage.", "4.0.0", "O(1)", "")
                    .tips("nondeterministic_output request_policy:all_shards response_policy:special"),
            cmd("memory|doctor", 2, "", 0, 0, 0, "@slow", SERVER, "Outputs a memory problems report.", "4.0.0", "O(1)", "")
                    .tips("nondeterministic_output request_policy:all_shards response_policy:special"),
            cmd("memory|malloc-stats", 2, "", 0, 0, 0, "@slow", SERVER, "Returns the allocator statistics.", "4.0.0",
                    "Depends on how much memory is allocated, could be slow", "")
                    .tips("nondeterministic_output request_policy:all_shards response_policy:special"),
            cmd("memory|purge", 2, "", 0, 0, 0, "@slow", SERVER, "Asks the allocator to release memory.", "4.0.0",
                    "Depends on how much memory is allocated, could be slow", "")
                    .tips("request_policy:all_shards response_policy:all_succeeded"),
            cmd("memory|help", 2, "loading stale", 0, 0, 0, "@slow", SERVER,
                    "Returns helpful text about the different subcommands.", "4.0.0", "O(1)", ""),
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
            cmd("acl", -2, "", 0, 0, 0, "@slow", SERVER, "A container for Access List Control commands.", "6.0.0",
                    CONTAINER, ""),
            cmd("acl|cat", -2, "noscript loading stale", 0, 0, 0, "@slow", SERVER,
                    "Lists the ACL categories, or the commands inside a category.", "6.0.0",
                    "O(1) since the categories and commands are a fixed set.", "[category:string]"),
            cmd("acl|deluser", -3, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Deletes ACL users, and terminates their connections.", "6.0.0",
                    "O(1) amortized time considering the typical user.", "username:string...")
                    .tips("request_policy:all_nodes response_policy:all_succeeded"),
            cmd("acl|dryrun", -4, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Simulates the execution of a command by a user, without executing the command.", "7.0.0",
                    "O(1).", "username:string command:string [arg:string...]"),
            cmd("acl|genpass", -2, "noscript loading stale", 0, 0, 0, "@slow", SERVER,
                    "Generates a pseudorandom, secure password that can be used to identify ACL users.", "6.0.0",
                    "O(1)", "[bits:integer]"),
            cmd("acl|getuser", 3, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Lists the ACL rules of a user.", "6.0.0",
                    "O(N). Where N is the number of password, command and pattern rules that the user has.",
                    "username:string"),
            cmd("acl|list", 2, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Dumps the effective rules in ACL file format.", "6.0.0",
                    "O(N). Where N is the number of configured users.", ""),
            cmd("acl|load", 2, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Reloads the rules from the configured ACL file.", "6.0.0",
                    "O(N). Where N is the number of configured users.", ""),
            cmd("acl|log", -2, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Lists recent security events generated due to ACL rules.", "6.0.0",
                    "O(N) with N being the number of entries shown.", "[operation{count:integer|RESET}]"),
            cmd("acl|save", 2, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Saves the effective ACL rules in the configured ACL file.", "6.0.0",
                    "O(N). Where N is the number of configured users.", "")
                    .tips("request_policy:all_nodes response_policy:all_succeeded"),
            cmd("acl|setuser", -3, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Creates and modifies an ACL user and its rules.", "6.0.0",
                    "O(N). Where N is the number of rules provided.", "username:string [rule:string...]")
                    .tips("request_policy:all_nodes response_policy:all_succeeded"),
            cmd("acl|users", 2, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Lists all ACL users.", "6.0.0", "O(N). Where N is the number of configured users.", ""),
            cmd("acl|whoami", 2, "noscript loading stale", 0, 0, 0, "@slow", SERVER,
                    "Returns the authenticated username of the current connection.", "6.0.0", "O(1)", ""),
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
            cmd("sentinel", -2, "admin", 0, 0, 0, "@admin @slow @dangerous", "sentinel",
                    "A container for Redis Sentinel commands.", "2.8.4", CONTAINER, ""),
            cmd("sentinel|get-master-addr-by-name", 3, "admin", 0, 0, 0, "@admin @slow @dangerous", "sentinel",
                    "Returns the port and address of a master Redis instance.", "2.8.4", "O(1)", "master-name:string"),
            cmd("sentinel|masters", 2, "admin", 0, 0, 0, "@admin @slow @dangerous", "sentinel",
                    "Returns a list of monitored Redis masters.", "2.8.4", "O(N) where N is the number of masters", ""),
            cmd("sentinel|master", 3, "admin", 0, 0, 0, "@admin @slow @dangerous", "sentinel",
                    "Returns the state of a master Redis instance.", "2.8.4", "O(1)", "master-name:string"),
            cmd("sentinel|replicas", 3, "admin", 0, 0, 0, "@admin @slow @dangerous", "sentinel",
                    "Returns a list of the monitored Redis replicas.", "5.0.0", "O(N) where N is the number of replicas",
                    "master-name:string"),
            cmd("sentinel|slaves", 3, "admin", 0, 0, 0, "@admin @slow @dangerous", "sentinel",
                    "Returns a list of the monitored replicas.", "2.8.0", "O(N) where N is the number of replicas.",
                    "master-name:string"),
            cmd("sentinel|sentinels", 3, "admin", 0, 0, 0, "@admin @slow @dangerous", "sentinel",
                    "Returns a list of Sentinel instances.", "2.8.4", "O(N) where N is the number of Sentinels",
                    "master-name:string"),
            cmd("sentinel|myid", 2, "admin", 0, 0, 0, "@admin @slow @dangerous", "sentinel",
                    "Returns the Redis Sentinel instance ID.", "6.2.0", "O(1)", ""),
            cmd("role", 1, "noscript loading stale fast", 0, 0, 0, "@admin @fast @dangerous", SERVER,
                    "Returns the replication role.", "2.8.12", "O(1)", ""),
            cmd("readonly", 1, "loading stale fast", 0, 0, 0, "@fast @connection", "cluster",
                    "Enables read-only queries for a connection to a Redis Cluster replica node.", "3.0.0", "O(1)", ""),
            cmd("readwrite", 1, "loading stale fast", 0, 0, 0, "@fast @connection", "cluster",
                    "Enables read-write queries for a connection to a Reids Cluster replica node.", "3.0.0", "O(1)", ""),
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
            cmd("monitor", 1, "admin noscript loading stale", 0, 0, 0, "@admin @slow @dangerous", SERVER,
                    "Listens for all requests received by the server in real-time.", "1.0.0", "", ""),
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
            cmd("wait", 3, "", 0, 0, 0, "@slow @connection", GENERIC,
                    "Blocks until the asynchronous replication of all preceding write commands sent by the connection is"
                            + " completed.", "3.0.0", "O(1)", "numreplicas:integer timeout:integer")
                    .tips("request_policy:all_shards response_policy:agg_min"),
            cmd("waitaof", 4, "noscript", 0, 0, 0, "@slow @connection", GENERIC,
                    "Blocks until all of the preceding write commands sent by the connection are written to the"
                            + " append-only file of the master and/or replicas.", "7.2.0", "O(1)",
                    "numlocal:integer numreplicas:integer timeout:integer")
                    .tips("request_policy:all_shards response_policy:agg_min"),
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
            cmd("dump", 2, "readonly", 1, 1, 1, "@keyspace @read @slow", GENERIC,
                    "Returns a serialized representation of the value stored at a key.", "2.6.0",
                    "O(1) to access the key and additional O(N*M) to serialize it, where N is the number of Redis"
                            + " objects composing the value and M their average size. For small string values the time"
                            + " complexity is thus O(1)+O(1*M) where M is small, so simply O(1).", "key:key")
                    .keys("RO access index(1) range(0,1,0)")
                    .tips("nondeterministic_output"),
            cmd("restore", -4, "write denyoom", 1, 1, 1, "@keyspace @write @slow @dangerous", GENERIC,
                    "Creates a key from the serialized representation of a value.", "2.6.0",
                    "O(1) to create the new key and additional O(N*M) to reconstruct the serialized value, where N is"
                            + " the number of Redis objects composing the value and M their average size. For small"
                            + " string values the time complexity is thus O(1)+O(1*M) where M is small, so simply"
                            + " O(1). However for sorted set values the complexity is O(N*M*log(N)) because inserting"
                            + " values into sorted sets is O(log(N)).",
                    "key:key ttl:integer serialized-value:string [REPLACE] [ABSTTL] [IDLETIME=seconds:integer]"
                            + " [FREQ=frequency:integer]")
                    .keys("OW update index(1) range(0,1,0)"),
            cmd("sort", -2, "write denyoom movablekeys", 1, 1, 1, "@write @set @sortedset @list @slow @dangerous",
                    GENERIC, "Sorts the elements in a list, a set, or a sorted set, optionally storing the result.",
                    "1.0.0", SORT_COST, SORT_ARGS + " [STORE=destination:key]")
                    .keys("RO access index(1) range(0,1,0); " + SORT_PATTERN_KEYS + "; OW update unknown unknown"
                            + " notes(For the optional STORE keyword. It is marked 'unknown' because the keyword can"
                            + " appear anywhere in the argument array)"),
            cmd("sort_ro", -2, "readonly movablekeys", 1, 1, 1, "@read @set @sortedset @list @slow @dangerous",
                    GENERIC, "Returns the sorted elements of a list, a set, or a sorted set.", "7.0.0", SORT_COST,
                    SORT_ARGS)
                    .keys("RO access index(1) range(0,1,0); " + SORT_PATTERN_KEYS)),
            KeyValueCommandRows.rows(), SortedAndListCommandRows.rows(), StreamCommandRows.rows(),
            ScriptingAndModuleCommandRows.rows());

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

    static CommandSpecDsl.Row cmd(String name, int arity, String flags, int firstKey, int lastKey, int step,
                                          String acl, String group, String summary, String since, String complexity,
                                          String args) {
        return new CommandSpecDsl.Row(name, arity, flags, firstKey, lastKey, step, acl, group, summary, since,
                complexity, args);
    }

    @SafeVarargs
    private static List<CommandSpec> build(List<CommandSpecDsl.Row>... groups) {
        return java.util.Arrays.stream(groups).flatMap(List::stream).map(CommandSpecDsl.Row::build).toList();
    }
}
