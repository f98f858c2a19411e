package io.cairn.bench.peer;

import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.RespProtocol;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts Debian's {@code redis-server} for a benchmark: no RDB snapshots, and for the durabilities
 * an append-only file with {@code appendfsync} {@code everysec} ({@link Durability#WRITE}) or
 * {@code always} ({@link Durability#FSYNC}); none at all for {@link Durability#NONE}.
 */
public final class RedisPeer {
    public static final String BINARY = "redis-server";

    private RedisPeer() {
    }

    /** @param scanStyle {@link RespProtocol.ScanStyle#SORTED_SET_INDEX} when the workload scans */
    public static ProcessPeer start(Durability durability, RespProtocol.ScanStyle scanStyle)
            throws IOException {
        List<String> options = new ArrayList<>(List.of("--save", "", "--maxclients", "10000"));
        options.addAll(switch (durability) {
            case NONE -> List.of("--appendonly", "no");
            case WRITE -> List.of("--appendonly", "yes", "--appendfsync", "everysec");
            case FSYNC -> List.of("--appendonly", "yes", "--appendfsync", "always");
        });
        Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 0; i + 1 < options.size(); i += 2) {
            settings.put(options.get(i).substring(2), options.get(i + 1).isEmpty() ? "\"\"" : options.get(i + 1));
        }
        settings.put("scan", scanStyle.name().toLowerCase(java.util.Locale.ROOT));
        ProcessPeer.Launch launch = (port, dir) -> {
            List<String> c = new ArrayList<>(List.of(Installed.require(BINARY).toString(),
                    "--port", Integer.toString(port), "--bind", "127.0.0.1", "--dir", dir.toString(),
                    "--daemonize", "no", "--protected-mode", "yes"));
            c.addAll(options);
            return c;
        };
        return ProcessPeer.start("redis", durability, new RespProtocol(scanStyle), launch,
                new Command.GetValue("cairn-bench:probe"), settings, Installed.version(BINARY, "--version"));
    }
}
