package io.cairn.bench.driver;

import io.cairn.bench.driver.RespProtocol.ScanStyle;

/**
 * {@link RespProtocolTest} against a real Cairn (started as in {@link CairnRespProtocolTest}) scanned
 * the keys-only way: {@code KEYRANGE start count}.
 */
class CairnKeysOnlyRespProtocolTest extends CairnRespProtocolTest {

    @Override
    protected Protocol protocol() {
        return new RespProtocol(ScanStyle.KEYRANGE);
    }

    @Override
    protected ScanStyle expectedScanStyle() {
        return ScanStyle.KEYRANGE;
    }
}
