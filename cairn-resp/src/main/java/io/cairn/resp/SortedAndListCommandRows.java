package io.cairn.resp;

import static io.cairn.resp.CommandTable.*;

import java.util.List;

/**
 * Sorted sets, geospatial indexes, lists and transactions: rows of {@link CommandTable}, in its order and written in its DSL (its
 * constants and {@code cmd} are package-private for them).
 */
final class SortedAndListCommandRows {
    private SortedAndListCommandRows() {
    }

    static List<CommandSpecDsl.Row> rows() {
        return List.of(
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
                    "Forgets about watched keys of a transaction.", "2.2.0", "O(1)", ""));
    }
}
