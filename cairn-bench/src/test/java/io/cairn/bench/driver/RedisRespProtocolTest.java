package io.cairn.bench.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.bench.driver.RespProtocol.ScanStyle;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.Installed;
import io.cairn.bench.peer.ProcessPeer;
import io.cairn.bench.peer.RedisPeer;
import io.cairn.resp.RespValue;
import io.cairn.resp.client.RespClient;
import io.cairn.testkit.DebianPackages;
import java.io.IOException;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link RespProtocolTest} against a real Redis, which scans a sorted set of the record keys that
 * the driver keeps beside the records ({@link ScanStyle#SORTED_SET_INDEX}).
 */
class RedisRespProtocolTest extends RespProtocolTest {
    private static ProcessPeer redis;

    @BeforeAll
    static void startRedis() throws IOException {
        DebianPackages.assumeInstalled(Installed.find(RedisPeer.BINARY).isPresent(), "redis-server",
                RedisPeer.BINARY + " (on the PATH)");
        redis = RedisPeer.start(Durability.NONE, ScanStyle.SORTED_SET_INDEX);
    }

    @AfterAll
    static void stopRedis() {
        if (redis != null) {
            redis.close();
        }
    }

    @Override
    protected Protocol protocol() {
        return redis.protocol();
    }

    @Override
    protected InetSocketAddress address() {
        return redis.address();
    }

    @Override
    protected ScanStyle expectedScanStyle() {
        return ScanStyle.SORTED_SET_INDEX;
    }

    @Test
    void onlyWholeRecordsAreAddedToTheKeyIndex() throws IOException {
        try (RespClient r = raw()) {
            call(new Command.WriteRecord("index:whole", fields("field0", "a"), true));
            call(new Command.WriteRecord("index:partial", fields("field0", "a"), false));
            call(new Command.SetField("index:field", "field0", bytes("a")));
            assertThat(r.call("ZSCORE", RespProtocol.KEY_INDEX, "index:whole")).isEqualTo(RespValue.bulk("0"));
            assertThat(r.call("ZSCORE", RespProtocol.KEY_INDEX, "index:partial")).isEqualTo(RespValue.NULL);
            assertThat(r.call("ZSCORE", RespProtocol.KEY_INDEX, "index:field")).isEqualTo(RespValue.NULL);
        }
    }
}
