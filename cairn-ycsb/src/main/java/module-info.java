/**
 * A binding for the official YCSB client: {@code CairnClient} stores each record as a hash and scans
 * with KEYRANGE, over Jedis. No Cairn module. ({@code core} is YCSB's own jar, which names no
 * module: the name is derived from its file name.)
 */
module io.cairn.ycsb {
    requires core;
    requires redis.clients.jedis;

    exports io.cairn.ycsb;
}
