package io.cairn.it.server;

import redis.clients.jedis.RedisProtocol;

/** {@link SearchJedisTest} over RESP3, where FT.SEARCH, FT.AGGREGATE and FT.INFO answer maps. */
class SearchJedisResp3Test extends SearchJedisTest {
    @Override
    RedisProtocol protocol() {
        return RedisProtocol.RESP3;
    }
}
