package io.cairn.ycsb;

import java.nio.charset.StandardCharsets;
import redis.clients.jedis.commands.ProtocolCommand;

/** Cairn's own commands, which Jedis does not know, for {@code Jedis.sendCommand}. Immutable. */
enum CairnCommand implements ProtocolCommand {
    /** {@code KEYRANGE start count}: up to {@code count} key names {@code >= start}, in byte order. */
    KEYRANGE;

    private final byte[] raw = name().getBytes(StandardCharsets.US_ASCII);

    @Override
    public byte[] getRaw() {
        return raw;
    }
}
