package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each script in {@code src/test/resources/memcached/} runs against Cairn's memcached port and a
 * real {@code memcached} 1.6 at once, request by request, and their replies must match line for
 * line. CAS values differ by design, so they are masked ({@code VALUE}'s fifth word, a meta
 * {@code c} flag), and a script names the last one it saw as {@code $CAS}; the replies of
 * {@code stats}, {@code version} and {@code me} are not compared.
 *
 * <p>Script lines: {@code #} comments and blank lines are skipped; a storage command's next line is
 * its data block ({@code @repeat C N}: N copies of C); {@code @line TEXT} sends TEXT as written
 * (an empty line with nothing after it); {@code @conn N} goes on over connection N (0 at first).
 */
class MemcachedDifferentialTest {
    @TempDir
    static Path dir;
    static TestServer cairn;
    static MemcachedProcess memcached;

    @BeforeAll
    static void start() throws Exception {
        MemcachedProcess.requireInstalled();
        memcached = MemcachedProcess.start(dir);
        cairn = TestServer.startWithMemcached(dir.resolve("cairn"), "fsync");
    }

    @AfterAll
    static void stop() throws Exception {
        if (cairn != null) {
            cairn.close();
        }
        if (memcached != null) {
            memcached.close();
        }
    }

    static Stream<String> scripts() throws IOException, URISyntaxException {
        Path folder = Path.of(MemcachedDifferentialTest.class.getResource("/memcached").toURI());
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".txt")).sorted().toList().stream();
        }
    }

    private static final Pattern META_CAS = Pattern.compile("(?<=^| )c(\\d+)(?= |$)");
    private static final Set<String> STORAGE = Set.of("set", "add", "replace", "append", "prepend", "cas", "ms");

    /** One side of the comparison: its connections and the last CAS each saw. */
    private static final class Side implements AutoCloseable {
        final int port;
        final Map<Integer, MemcachedConnection> conns = new HashMap<>();
        final Map<Integer, String> lastCas = new HashMap<>();

        Side(int port) {
            this.port = port;
        }

        List<String> exchange(int conn, String line, byte[] data) throws IOException {
            MemcachedConnection c = conns.get(conn);
            if (c == null) {
                c = new MemcachedConnection(port);
                conns.put(conn, c);
            }
            String cas = lastCas.getOrDefault(conn, "0");
            byte[] head = (line.replace("$CAS", cas) + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
            byte[] request = head;
            if (data != null) {
                request = new byte[head.length + data.length + 2];
                System.arraycopy(head, 0, request, 0, head.length);
                System.arraycopy(data, 0, request, head.length, data.length);
                request[request.length - 2] = '\r';
                request[request.length - 1] = '\n';
            }
            List<String> reply = c.exchange(request);
            List<String> masked = new ArrayList<>();
            for (String l : reply) {
                String[] w = l.split(" ");
                if (w.length == 5 && w[0].equals("VALUE")) {
                    lastCas.put(conn, w[4]);
                    l = String.join(" ", w[0], w[1], w[2], w[3], "<cas>");
                } else if (l.length() >= 2 && Character.isUpperCase(l.charAt(0)) && Character.isUpperCase(l.charAt(1))
                        && (l.length() == 2 || l.charAt(2) == ' ')) {
                    Matcher m = META_CAS.matcher(l);
                    if (m.find()) {
                        lastCas.put(conn, m.group(1));
                        l = META_CAS.matcher(l).replaceAll("c<cas>");
                    }
                }
                masked.add(l.length() > 200 ? l.substring(0, 200) + "...(" + l.length() + " chars)" : l);
            }
            if (reply.contains("<closed>")) {
                conns.remove(conn);
            }
            return masked;
        }

        @Override
        public void close() throws IOException {
            for (MemcachedConnection c : conns.values()) {
                c.close();
            }
        }
    }

    private static byte[] data(String line) {
        if (line.startsWith("@repeat ")) {
            String[] w = line.split(" ");
            return w[1].repeat(Integer.parseInt(w[2])).getBytes(StandardCharsets.ISO_8859_1);
        }
        return line.getBytes(StandardCharsets.ISO_8859_1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scripts")
    void repliesMatchMemcached(String script) throws IOException {
        List<String> lines;
        try (InputStream in = getClass().getResourceAsStream("/memcached/" + script)) {
            lines = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1).lines().toList();
        }
        // a script starts on an empty cache on both sides
        try (Side cairnSide = new Side(cairn.memcachedPort()); Side ref = new Side(memcached.port)) {
            cairnSide.exchange(99, "flush_all", null);
            ref.exchange(99, "flush_all", null);
            int conn = 0;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                if (line.startsWith("@conn ")) {
                    conn = Integer.parseInt(line.substring(6).trim());
                    continue;
                }
                String request = line.startsWith("@line") ? line.substring(Math.min(line.length(), 6)) : line;
                String word = request.split(" ", 2)[0];
                byte[] data = null;
                if (STORAGE.contains(word) && i + 1 < lines.size()) {
                    data = data(lines.get(++i));
                }
                List<String> mine = cairnSide.exchange(conn, request, data);
                List<String> theirs = ref.exchange(conn, request, data);
                if (word.equals("stats") || word.equals("version") || word.equals("me")) {
                    continue;
                }
                assertThat(mine).as("%s line %d: %s", script, i + 1, request).isEqualTo(theirs);
            }
        }
    }
}
