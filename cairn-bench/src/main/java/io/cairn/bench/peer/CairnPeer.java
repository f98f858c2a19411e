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
 * Starts Cairn's server in its own JVM, the same way as the other peers:
 * {@code java <jvm options> <launch> server --port P --bind 127.0.0.1 --dir D --wal W}, where the
 * launch is, in this order of precedence:
 * <ol>
 *   <li>{@code -jar X}, given the system property {@code cairn.jar=X};
 *   <li>{@code -cp <this JVM's class path> C}, given the system property {@code cairn.main=C}: a
 *       main class that runs {@code server} and {@code version} as {@code cairn} does (the bench's
 *       own tests, which run before cairn.jar is built, name a stand-in on their class path);
 *   <li>{@code -jar} the jar this class was loaded from: {@code cairn bench} runs from cairn.jar,
 *       which holds the server, so the bench measures the very build it is part of;
 *   <li>{@code -jar cairn-cli/target/cairn.jar} under the working directory.
 * </ol>
 * {@link #startOnDisk} adds {@code --storage disk --disk-cache-size N}: every database on the disk
 * engine (RocksDB under {@code D}), which holds in memory only its block cache of N bytes and each
 * database's stage (the server's {@code disk-stage-size}, default 16 MiB), both beside the heap the
 * JVM options give.
 */
public final class CairnPeer {
    /** JVM options used when none are given: a fixed 2 GiB G1 heap, as in BENCHMARKS.md. */
    public static final String DEFAULT_JVM_OPTIONS = "-Xms2g -Xmx2g -XX:+UseG1GC -XX:+AlwaysPreTouch";

    private CairnPeer() {
    }

    /** The arguments of {@code java} that start {@code cairn}, before its command ({@code server}). */
    public static List<String> launch() throws IOException {
        String jar = System.getProperty("cairn.jar");
        if (jar != null) {
            return List.of("-jar", existing(Path.of(jar)).toString());
        }
        String main = System.getProperty("cairn.main");
        if (main != null) {
            return List.of("-cp", System.getProperty("java.class.path"), main);
        }
        Path running = runningJar();
        return List.of("-jar", existing(running != null ? running : Path.of("cairn-cli", "target", "cairn.jar")).toString());
    }

    /** The jar this class was loaded from, or null when it was loaded from a directory (tests, IDEs). */
    public static Path runningJar() {
        try {
            var source = CairnPeer.class.getProtectionDomain().getCodeSource();
            Path p = source == null ? null : Path.of(source.getLocation().toURI());
            return p != null && Files.isRegularFile(p) && p.toString().endsWith(".jar") ? p : null;
        } catch (java.net.URISyntaxException | SecurityException | IllegalArgumentException e) {
            return null;
        }
    }

    private static Path existing(Path jar) throws IOException {
        if (!Files.isRegularFile(jar)) {
            throw new IOException("Cairn's jar not found at " + jar.toAbsolutePath()
                    + " (build it with ./cairn version, or pass -Dcairn.jar=...)");
        }
        return jar;
    }

    /** @param jvmOptions space-separated JVM options, or {@code null} for {@link #DEFAULT_JVM_OPTIONS} */
    public static ProcessPeer start(Durability durability, String jvmOptions) throws IOException {
        return start("cairn", durability, jvmOptions, List.of(), Map.of());
    }

    /**
     * Starts Cairn with every database on disk, as the system {@code cairn-disk}.
     *
     * @param jvmOptions as for {@link #start(Durability, String)}
     * @param cacheBytes the disk engine's block cache ({@code --disk-cache-size})
     */
    public static ProcessPeer startOnDisk(Durability durability, String jvmOptions, long cacheBytes)
            throws IOException {
        if (cacheBytes < 0) {
            throw new IllegalArgumentException("cacheBytes: " + cacheBytes + " (expected: >= 0)");
        }
        return start("cairn-disk", durability, jvmOptions, diskArguments(cacheBytes),
                Map.of("storage", "disk", "disk_cache_size", Long.toString(cacheBytes)));
    }

    /** The server arguments that put every database on disk with a block cache of {@code cacheBytes}. */
    static List<String> diskArguments(long cacheBytes) {
        return List.of("--storage", "disk", "--disk-cache-size", Long.toString(cacheBytes));
    }

    private static ProcessPeer start(String system, Durability durability, String jvmOptions, List<String> extra,
            Map<String, String> extraSettings) throws IOException {
        List<String> cairn = launch();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String options = jvmOptions == null ? DEFAULT_JVM_OPTIONS : jvmOptions;
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("wal", durability.label());
        settings.put("jvm", options);
        settings.putAll(extraSettings);
        ProcessPeer.Launch launch = (port, dir) -> command(java, options, cairn, port, dir, durability, extra);
        return ProcessPeer.start(system, durability, new RespProtocol(RespProtocol.ScanStyle.KEYRANGE_WITH_VALUES),
                launch, new Command.GetValue("cairn-bench:probe"), settings,
                Installed.firstLine(concat(List.of(java), cairn, List.of("version"))));
    }

    /**
     * {@code java <options> <launch> server --port P --bind 127.0.0.1 --dir D/data --wal W <extra>}.
     */
    static List<String> command(String java, String jvmOptions, List<String> cairn, int port, Path dir,
            Durability durability, List<String> extra) {
        List<String> c = new ArrayList<>();
        c.add(java);
        for (String o : jvmOptions.trim().split("\\s+")) {
            if (!o.isEmpty()) {
                c.add(o);
            }
        }
        c.add("--enable-native-access=ALL-UNNAMED");
        c.addAll(cairn);
        c.addAll(List.of("server",
                "--port", Integer.toString(port), "--bind", "127.0.0.1",
                "--dir", dir.resolve("data").toString(), "--wal", durability.label()));
        c.addAll(extra);
        return c;
    }

    private static List<String> concat(List<String> a, List<String> b, List<String> c) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        all.addAll(c);
        return all;
    }
}
