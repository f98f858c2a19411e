package io.cairn.resp;

import static io.cairn.resp.CommandTable.*;

import java.util.List;

/** The stream commands: rows of {@link CommandTable}, written in its DSL, as Redis 7.2 describes them. */
final class StreamCommandRows {
    private StreamCommandRows() {
    }

    static List<CommandSpecDsl.Row> rows() {
        return List.of(
            cmd("xadd", -5, "write denyoom fast", 1, 1, 1, "@write @stream @fast", STREAM,
                    "Appends a new message to a stream. Creates the key if it doesn't exist.", "5.0.0",
                    "O(1) when adding a new entry, O(N) when trimming where N being the number of entries evicted.",
                    "key:key [NOMKSTREAM] [trim(strategy{MAXLEN|MINID} [operator{==equal|~=approximately}] threshold:string [LIMIT=count:integer])] id-selector{*=auto-id|id:string} data(field:string value:string)...")
                    .keys("RW update index(1) range(0,1,0) notes(UPDATE instead of INSERT because of the optional trimming feature)"),
            cmd("xrange", -4, "readonly", 1, 1, 1, "@read @stream @slow", STREAM,
                    "Returns the messages from a stream within a range of IDs.", "5.0.0",
                    "O(N) with N being the number of elements being returned. If N is constant (e.g. always asking for the first 10 elements with COUNT), you can consider it O(1).",
                    "key:key start:string end:string [COUNT=count:integer]")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("xrevrange", -4, "readonly", 1, 1, 1, "@read @stream @slow", STREAM,
                    "Returns the messages from a stream within a range of IDs in reverse order.", "5.0.0",
                    "O(N) with N being the number of elements returned. If N is constant (e.g. always asking for the first 10 elements with COUNT), you can consider it O(1).",
                    "key:key end:string start:string [COUNT=count:integer]")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("xlen", 2, "readonly fast", 1, 1, 1, "@read @stream @fast", STREAM,
                    "Return the number of messages in a stream.", "5.0.0",
                    "O(1)",
                    "key:key")
                    .keys("RO index(1) range(0,1,0)"),
            cmd("xdel", -3, "write fast", 1, 1, 1, "@write @stream @fast", STREAM,
                    "Returns the number of messages after removing them from a stream.", "5.0.0",
                    "O(1) for each single item to delete in the stream, regardless of the stream size.",
                    "key:key ID:string...")
                    .keys("RW delete index(1) range(0,1,0)"),
            cmd("xtrim", -4, "write", 1, 1, 1, "@write @stream @slow", STREAM,
                    "Deletes messages from the beginning of a stream.", "5.0.0",
                    "O(N), with N being the number of evicted entries. Constant times are very small however, since entries are organized in macro nodes containing multiple entries that can be released with a single deallocation.",
                    "key:key trim(strategy{MAXLEN|MINID} [operator{==equal|~=approximately}] threshold:string [LIMIT=count:integer])")
                    .keys("RW delete index(1) range(0,1,0)"),
            cmd("xsetid", -3, "write denyoom fast", 1, 1, 1, "@write @stream @fast", STREAM,
                    "An internal command for replicating stream values.", "5.0.0",
                    "O(1)",
                    "key:key last-id:string [ENTRIESADDED=entries-added:integer] [MAXDELETEDID=max-deleted-id:string]")
                    .keys("RW update index(1) range(0,1,0)"),
            cmd("xread", -4, "blocking readonly movablekeys", 0, 0, 0, "@read @stream @slow @blocking", STREAM,
                    "Returns messages from multiple streams with IDs greater than the ones requested. Blocks until a message is available otherwise.", "5.0.0",
                    "",
                    "[COUNT=count:integer] [BLOCK=milliseconds:integer] STREAMS=streams(key:key... ID:string...)")
                    .keys("RO access keyword(STREAMS,1) range(-1,1,2)"),
            cmd("xreadgroup", -7, "blocking write movablekeys", 0, 0, 0, "@write @stream @slow @blocking", STREAM,
                    "Returns new or historical messages from a stream for a consumer in a group. Blocks until a message is available otherwise.", "5.0.0",
                    "For each stream mentioned: O(M) with M being the number of elements returned. If M is constant (e.g. always asking for the first 10 elements with COUNT), you can consider it O(1). On the other side when XREADGROUP blocks, XADD will pay the O(N) time in order to serve the N clients blocked on the stream getting new data.",
                    "GROUP=group-block(group:string consumer:string) [COUNT=count:integer] [BLOCK=milliseconds:integer] [NOACK] STREAMS=streams(key:key... ID:string...)")
                    .keys("RO access keyword(STREAMS,4) range(-1,1,2)"),
            cmd("xgroup", -2, "", 0, 0, 0, "@slow", STREAM, "A container for consumer groups commands.", "5.0.0", CONTAINER, ""),
            cmd("xgroup|create", -5, "write denyoom", 2, 2, 1, "@write @stream @slow", STREAM,
                    "Creates a consumer group.", "5.0.0",
                    "O(1)",
                    "key:key group:string id-selector{id:string|$=new-id} [MKSTREAM] [ENTRIESREAD=entriesread:integer]")
                    .keys("RW insert index(2) range(0,1,0)"),
            cmd("xgroup|createconsumer", 5, "write denyoom", 2, 2, 1, "@write @stream @slow", STREAM,
                    "Creates a consumer in a consumer group.", "6.2.0",
                    "O(1)",
                    "key:key group:string consumer:string")
                    .keys("RW insert index(2) range(0,1,0)"),
            cmd("xgroup|delconsumer", 5, "write", 2, 2, 1, "@write @stream @slow", STREAM,
                    "Deletes a consumer from a consumer group.", "5.0.0",
                    "O(1)",
                    "key:key group:string consumer:string")
                    .keys("RW delete index(2) range(0,1,0)"),
            cmd("xgroup|destroy", 4, "write", 2, 2, 1, "@write @stream @slow", STREAM,
                    "Destroys a consumer group.", "5.0.0",
                    "O(N) where N is the number of entries in the group's pending entries list (PEL).",
                    "key:key group:string")
                    .keys("RW delete index(2) range(0,1,0)"),
            cmd("xgroup|setid", -5, "write", 2, 2, 1, "@write @stream @slow", STREAM,
                    "Sets the last-delivered ID of a consumer group.", "5.0.0",
                    "O(1)",
                    "key:key group:string id-selector{id:string|$=new-id} [ENTRIESREAD=entriesread:integer]")
                    .keys("RW update index(2) range(0,1,0)"),
            cmd("xgroup|help", 2, "loading stale", 0, 0, 0, "@stream @slow", STREAM,
                    "Returns helpful text about the different subcommands.", "5.0.0",
                    "O(1)",
                    ""),
            cmd("xack", -4, "write fast", 1, 1, 1, "@write @stream @fast", STREAM,
                    "Returns the number of messages that were successfully acknowledged by the consumer group member of a stream.", "5.0.0",
                    "O(1) for each message ID processed.",
                    "key:key group:string ID:string...")
                    .keys("RW update index(1) range(0,1,0)"),
            cmd("xpending", -3, "readonly", 1, 1, 1, "@read @stream @slow", STREAM,
                    "Returns the information and entries from a stream consumer group's pending entries list.", "5.0.0",
                    "O(N) with N being the number of elements returned, so asking for a small fixed number of entries per call is O(1). O(M), where M is the total number of entries scanned when used with the IDLE filter. When the command returns just the summary and the list of consumers is small, it runs in O(1) time; otherwise, an additional O(N) time for iterating every consumer.",
                    "key:key group:string [filters([IDLE=min-idle-time:integer] start:string end:string count:integer [consumer:string])]")
                    .keys("RO access index(1) range(0,1,0)"),
            cmd("xclaim", -6, "write fast", 1, 1, 1, "@write @stream @fast", STREAM,
                    "Changes, or acquires, ownership of a message in a consumer group, as if the message was delivered a consumer group member.", "5.0.0",
                    "O(log N) with N being the number of messages in the PEL of the consumer group.",
                    "key:key group:string consumer:string min-idle-time:string ID:string... [IDLE=ms:integer] [TIME=unix-time-milliseconds:unix-time] [RETRYCOUNT=count:integer] [FORCE] [JUSTID] [LASTID=lastid:string]")
                    .keys("RW update index(1) range(0,1,0)"),
            cmd("xautoclaim", -6, "write fast", 1, 1, 1, "@write @stream @fast", STREAM,
                    "Changes, or acquires, ownership of messages in a consumer group, as if the messages were delivered to as consumer group member.", "6.2.0",
                    "O(1) if COUNT is small.",
                    "key:key group:string consumer:string min-idle-time:string start:string [COUNT=count:integer] [JUSTID]")
                    .keys("RW delete index(1) range(0,1,0)"),
            cmd("xinfo", -2, "", 0, 0, 0, "@slow", STREAM, "A container for stream introspection commands.", "5.0.0", CONTAINER, ""),
            cmd("xinfo|stream", -3, "readonly", 2, 2, 1, "@read @stream @slow", STREAM,
                    "Returns information about a stream.", "5.0.0",
                    "O(1)",
                    "key:key [full-block(FULL [COUNT=count:integer])]")
                    .keys("RO access index(2) range(0,1,0)"),
            cmd("xinfo|groups", 3, "readonly", 2, 2, 1, "@read @stream @slow", STREAM,
                    "Returns a list of the consumer groups of a stream.", "5.0.0",
                    "O(1)",
                    "key:key")
                    .keys("RO access index(2) range(0,1,0)"),
            cmd("xinfo|consumers", 4, "readonly", 2, 2, 1, "@read @stream @slow", STREAM,
                    "Returns a list of the consumers in a consumer group.", "5.0.0",
                    "O(1)",
                    "key:key group:string")
                    .keys("RO access index(2) range(0,1,0)"),
            cmd("xinfo|help", 2, "loading stale", 0, 0, 0, "@stream @slow", STREAM,
                    "Returns helpful text about the different subcommands.", "5.0.0",
                    "O(1)",
                    "")
        );
    }
}
