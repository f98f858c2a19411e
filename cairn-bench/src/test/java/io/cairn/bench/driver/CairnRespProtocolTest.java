package io.cairn.bench.driver;

import io.cairn.bench.driver.RespProtocol.ScanStyle;
import io.cairn.bench.peer.CairnPeer;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.ProcessPeer;
import java.io.IOException;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link RespProtocolTest} against a real Cairn, which scans its ordered key space with
 * {@code KEYRANGE … WITHVALUES} (records in one round trip); the keys-only {@code KEYRANGE} style
 * is checked by {@link CairnKeysOnlyRespProtocolTest}.
 */
class CairnRespProtocolTest extends RespProtocolTest {
    static ProcessPeer cairn;

    @BeforeAll
    static void startCairn() throws IOException {
        cairn = CairnPeer.start(Durability.NONE, "-Xmx256m");
    }

    @AfterAll
    static void stopCairn() {
        if (cairn != null) {
            cairn.close();
        }
    }

    @Override
    protected Protocol protocol() {
        return cairn.protocol();
    }

    @Override
    protected InetSocketAddress address() {
        return cairn.address();
    }

    @Override
    protected ScanStyle expectedScanStyle() {
        return ScanStyle.KEYRANGE_WITH_VALUES;
    }
}
