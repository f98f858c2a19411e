package io.cairn.bench.peer;

import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.RespProtocol;
import java.io.IOException;
import java.nio.file.Path;
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
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("save", "\"\"");
        switch (durability) {
            case NONE -> settings.put("appendonly", "no");
            case WRITE -> {
                settings.put("appendonly", "yes");
                settings.put("appendfsync", "everysec");
            }
            case FSYNC -> {
                settings.put("appendonly", "yes");
                settings.put("appendfsync", "always");
            }
        }
        settings.put("maxclients", "10000");
        settings.put("scan", scanStyle.name().toLowerCase(java.util.Locale.ROOT));
        ProcessPeer.Launch launch = (port, dir) -> command(Installed.require(BINARY), port, dir, durability);
        return ProcessPeer.start("redis", durability, new RespProtocol(scanStyle), launch,
                new Command.GetValue("cairn-bench:probe"), settings, Installed.version(BINARY, "--version"));
    }

    private static List<String> command(Path binary, int port, Path dir, Durability durability) {
        List<String> c = new ArrayList<>(List.of(binary.toString(), "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--dir", dir.toString(), "--save", "", "--daemonize", "no",
                "--maxclients", "10000", "--protected-mode", "yes"));
        switch (durability) {
            case NONE -> c.addAll(List.of("--appendonly", "no"));
            case WRITE -> c.addAll(List.of("--appendonly", "yes", "--appendfsync", "everysec"));
            case FSYNC -> c.addAll(List.of("--appendonly", "yes", "--appendfsync", "always"));
        }
        return c;
    }
}
