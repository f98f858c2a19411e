package io.cairn.resp;

import static io.cairn.resp.CommandTable.*;

import java.util.List;

/**
 * Scripting, functions, pub/sub, the JSON and search module commands, and Cairn's own: rows of {@link CommandTable}, in its order and written in its DSL (its
 * constants and {@code cmd} are package-private for them).
 */
final class ScriptingAndModuleCommandRows {
    private ScriptingAndModuleCommandRows() {
    }

    static List<CommandSpecDsl.Row> rows() {
        return List.of(
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
                    "0.1.0", "O(log(N)+M) where M is count", "start:string count:integer [WITHVALUES]"));
    }
}
