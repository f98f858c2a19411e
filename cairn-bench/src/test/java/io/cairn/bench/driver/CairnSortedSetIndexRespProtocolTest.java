package io.cairn.bench.driver;

import io.cairn.bench.driver.RespProtocol.ScanStyle;

/**
 * {@link RespProtocolTest} against a real Cairn scanned the way Redis is: a sorted set of the
 * record keys ({@code ZADD} after each insert, whose second reply the driver reads too, then
 * {@code ZRANGE … BYLEX LIMIT}), so that path is checked even where no {@code redis-server} is
 * installed.
 */
class CairnSortedSetIndexRespProtocolTest extends CairnRespProtocolTest {

    @Override
    protected Protocol protocol() {
        return new RespProtocol(ScanStyle.SORTED_SET_INDEX);
    }

    @Override
    protected ScanStyle expectedScanStyle() {
        return ScanStyle.SORTED_SET_INDEX;
    }
}
