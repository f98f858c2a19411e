package io.cairn.server;

import java.lang.management.ManagementFactory;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * What identifies this run of the server for INFO: Redis's {@code run_id} and {@code master_replid}
 * (40 random hex characters each, new at every start), and the heap in use once the server had
 * started ({@code used_memory_startup}, MEMORY STATS' {@code startup.allocated}). Immutable.
 */
public record ServerIdentity(String runId, String replId, long startupHeapBytes) {
    static ServerIdentity create() {
        SecureRandom random = new SecureRandom();
        return new ServerIdentity(hex(random), hex(random),
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }

    private static String hex(SecureRandom random) {
        byte[] b = new byte[20];
        random.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
