/**
 * The Redis protocol: both halves of the RESP2/RESP3 codec (the server's request decoder and reply
 * encoder, the clients' request encoder and reply decoder), reply values, the command table; and
 * in {@code client} the one blocking RESP client that {@code cairn load}, the bench and the tests use.
 */
module io.cairn.resp {
    requires transitive io.cairn.common;
    requires transitive io.netty.buffer;

    exports io.cairn.resp;
    exports io.cairn.resp.client;
}
