package io.cairn.resp;

import static io.cairn.resp.CommandTable.*;

import java.util.List;

/**
 * Strings, bitmaps, HyperLogLogs, hashes and sets: rows of {@link CommandTable}, in its order and written in its DSL (its
 * constants and {@code cmd} are package-private for them).
 */
final class KeyValueCommandRows {
    private KeyValueCommandRows() {
    }

    static List<CommandSpecDsl.Row> rows() {
        return List.of(
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
                    .tips("nondeterministic_output"));
    }
}
