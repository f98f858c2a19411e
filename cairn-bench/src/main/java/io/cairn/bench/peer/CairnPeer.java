package io.cairn.bench.peer;

import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.RespProtocol;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts Cairn's server from its runnable jar, in its own JVM, the same way as the other peers:
 * {@code java <jvm options> -jar cairn.jar server --port P --bind 127.0.0.1 --dir D --wal W}.
 * The jar is the system property {@code cairn.jar} (the {@code ./cairn} launcher sets it) or
 * {@code cairn-cli/target/cairn.jar} under the working directory.
 */
public final class CairnPeer {
    /** JVM options used when none are given: a fixed 2 GiB G1 heap, as in BENCHMARKS.md. */
    public static final String DEFAULT_JVM_OPTIONS = "-Xms2g -Xmx2g -XX:+UseG1GC -XX:+AlwaysPreTouch";

    private CairnPeer() {
    }

    public static Path jar() throws IOException {
        String given = System.getProperty("cairn.jar");
        Path jar = given != null ? Path.of(given) : Path.of("cairn-cli", "target", "cairn.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IOException("Cairn's jar not found at " + jar.toAbsolutePath()
                    + " (build it with ./cairn version, or pass -Dcairn.jar=...)");
        }
        return jar;
    }

    /** @param jvmOptions space-separated JVM options, or {@code null} for {@link #DEFAULT_JVM_OPTIONS} */
    public static ProcessPeer start(Durability durability, String jvmOptions) throws IOException {
        Path jar = jar();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String options = jvmOptions == null ? DEFAULT_JVM_OPTIONS : jvmOptions;
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("wal", durability.label());
        settings.put("jvm", options);
        ProcessPeer.Launch launch = (port, dir) -> {
            List<String> c = new ArrayList<>();
            c.add(java);
            for (String o : options.trim().split("\\s+")) {
                if (!o.isEmpty()) {
                    c.add(o);
                }
            }
            c.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-jar", jar.toString(), "server",
                    "--port", Integer.toString(port), "--bind", "127.0.0.1",
                    "--dir", dir.resolve("data").toString(), "--wal", durability.label()));
            return c;
        };
        return ProcessPeer.start("cairn", durability, new RespProtocol(RespProtocol.ScanStyle.KEYRANGE_WITH_VALUES),
                launch, new Command.GetValue("cairn-bench:probe"), settings,
                Installed.firstLine(List.of(java, "-jar", jar.toString(), "version")));
    }
}
