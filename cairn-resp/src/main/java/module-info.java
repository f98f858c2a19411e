/** The Redis protocol as a pure codec: RESP2/RESP3 decoding and encoding, replies, the command table. */
module io.cairn.resp {
    requires transitive io.cairn.common;
    requires transitive io.netty.buffer;

    exports io.cairn.resp;
}
