package io.cairn.cli.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cairn load} end to end against an in-process server: each format arrives with the right
 * keys and content (read back with Jedis), bad records are reported with where they came from
 * while the rest load, and the exit status tells the three outcomes apart.
 */
@Timeout(120)
class LoadMainTest {
    @TempDir
    Path dir;
    TestServer server;

    record Run(int code, String out, String err) {
    }

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(Files.createDirectory(dir.resolve("data")));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private Run load(String... args) {
        return loadFrom(InputStream.nullInputStream(), args);
    }

    private Run loadFrom(InputStream stdin, String... args) {
        List<String> all = new ArrayList<>(List.of("--port", Integer.toString(server.port())));
        all.addAll(List.of(args));
        return run(stdin, all.toArray(String[]::new));
    }

    static Run run(InputStream stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = LoadMain.run(args, stdin, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Path write(String name, String content) throws Exception {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, content);
        return p;
    }

    @Test
    void jsonLinesAreKeyedByPrefixAndLineNumber() throws Exception {
        Path f = write("users.jsonl", """
                {"name": "Ada", "age": 36}
                {"name":"Grace","tags":["navy","cobol"]}

                {"name":"Edsger","nested":{"a":[1,2.5,null,true]}}
                """);
        Run r = load("--prefix", "user:", f.toString());

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(server.jsonGet("user:1")).isEqualTo("{\"name\":\"Ada\",\"age\":36}");
        assertThat(server.jsonGet("user:2")).isEqualTo("{\"name\":\"Grace\",\"tags\":[\"navy\",\"cobol\"]}");
        assertThat(server.jsonGet("user:3")).isNull(); // the blank line is skipped but still counts
        assertThat(server.jsonGet("user:4")).isEqualTo("{\"name\":\"Edsger\",\"nested\":{\"a\":[1,2.5,null,true]}}");
        assertThat(server.dbsize()).isEqualTo(3);
        assertThat(r.out()).contains("loaded 3 documents, 0 failed");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void keyFieldGivesTheIdFromAStringOrAnInteger() throws Exception {
        Path f = write("items.ndjson", """
                {"sku":"A-1","price":10}
                {"sku":42,"price":20}
                """);
        Run r = load("--prefix", "item:", "--key-field", "sku", f.toString());

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(server.jsonGet("item:A-1")).isEqualTo("{\"sku\":\"A-1\",\"price\":10}");
        assertThat(server.jsonGet("item:42")).isEqualTo("{\"sku\":42,\"price\":20}");
        assertThat(server.dbsize()).isEqualTo(2);
    }

    @Test
    void manyRecordsOverSeveralConnectionsAndSmallBatchesAllArrive() throws Exception {
        String lines = IntStream.rangeClosed(1, 5000).mapToObj(i -> "{\"i\":" + i + ",\"pad\":\"" + "x".repeat(i % 50) + "\"}")
                .collect(Collectors.joining("\n"));
        Path f = write("many.jsonl", lines); // and no newline after the last line
        Run r = load("--prefix", "m:", "--connections", "3", "--batch", "7", f.toString());

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(server.dbsize()).isEqualTo(5000);
        assertThat(server.jsonGet("m:1")).isEqualTo("{\"i\":1,\"pad\":\"x\"}");
        assertThat(server.jsonGet("m:5000")).isEqualTo("{\"i\":5000,\"pad\":\"\"}");
        assertThat(r.out()).contains("loaded 5000 documents, 0 failed");
    }

    @Test
    void jsonDirRecursesInPathOrderAndKeysByFileName() throws Exception {
        Path root = Files.createDirectory(dir.resolve("docs"));
        write("docs/a.json", "{\"v\":\"a\"}");
        write("docs/sub/b.JSON", "{\"v\":\"b\"}");
        write("docs/notes.txt", "not a document");
        write("docs/x/same.json", "{\"v\":\"first\"}");
        write("docs/y/same.json", "{\"v\":\"second\"}");
        Run r = load("--prefix", "d:", root.toString());

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(server.jsonGet("d:a")).isEqualTo("{\"v\":\"a\"}");
        assertThat(server.jsonGet("d:b")).isEqualTo("{\"v\":\"b\"}");
        // same key twice: the later file in path order wins, whichever connection it went to
        assertThat(server.jsonGet("d:same")).isEqualTo("{\"v\":\"second\"}");
        assertThat(server.dbsize()).isEqualTo(3);
        assertThat(r.out()).contains("loaded 4 documents, 0 failed");
    }

    @Test
    void xmlDirBecomesObjectsWithArraysAndAttributes() throws Exception {
        Path root = Files.createDirectory(dir.resolve("xml"));
        write("xml/book-1.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <book id="b1">
                  <title>Dune</title>
                  <author>Frank Herbert</author>
                  <tag>sf</tag>
                  <tag>classic</tag>
                  <publisher country="US"><name>Chilton</name></publisher>
                </book>
                """);
        write("xml/broken.xml", "<book><title>no end</book>");
        Run r = load("--prefix", "book:", "--format", "xml-dir", root.toString());

        assertThat(r.code()).isEqualTo(1);
        assertThat(server.jsonGet("book:book-1")).isEqualTo("{\"@id\":\"b1\",\"title\":\"Dune\",\"author\":\"Frank Herbert\","
                + "\"tag\":[\"sf\",\"classic\"],\"publisher\":{\"@country\":\"US\",\"name\":\"Chilton\"}}");
        assertThat(r.err()).contains("broken.xml, key book:broken: invalid XML at line 1");
        assertThat(r.out()).contains("loaded 1 document, 1 failed");
    }

    @Test
    void csvRowsBecomeTypedObjects() throws Exception {
        Path f = write("people.csv", "id,name,age,note\r\n"
                + "7,\"Lovelace, Ada\",36,\"said \"\"hi\"\"\"\r\n"
                + "8,Hopper,,\"two\nlines\"\r\n"
                + "009,Dijkstra,72.5,\r\n");
        Run r = load("--prefix", "p:", "--key-field", "id", f.toString());

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(server.jsonGet("p:7")).isEqualTo("{\"id\":7,\"name\":\"Lovelace, Ada\",\"age\":36,\"note\":\"said \\\"hi\\\"\"}");
        assertThat(server.jsonGet("p:8")).isEqualTo("{\"id\":8,\"name\":\"Hopper\",\"note\":\"two\\nlines\"}");
        assertThat(server.jsonGet("p:009")).isEqualTo("{\"id\":\"009\",\"name\":\"Dijkstra\",\"age\":72.5}");
    }

    @Test
    void csvWithoutKeyFieldIsKeyedByRowNumber() throws Exception {
        Path f = write("rows.csv", "a,b\n1,\"x\ny\"\n2,z\n");
        Run r = load("--prefix", "r:", f.toString());

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(server.jsonGet("r:1")).isEqualTo("{\"a\":1,\"b\":\"x\\ny\"}");
        assertThat(server.jsonGet("r:2")).isEqualTo("{\"a\":2,\"b\":\"z\"}");
    }

    @Test
    void badRecordsAreReportedWithWhereTheyAreAndTheRestLoad() throws Exception {
        server.jedis().set("row:6", "a string is not a document");
        Path f = write("mixed.jsonl", String.join("\n",
                "{\"id\":\"1\",\"ok\":true}",
                "{\"id\":\"2\", oops}",
                "[1,2,3]",
                "{\"ok\":false}",
                "{\"id\":\"5\",\"big\":\"" + "x".repeat(300) + "\"}",
                "{\"id\":\"6\",\"refused\":\"by the server\"}",
                "{\"id\":\"7\",\"ok\":true}"));
        Run r = load("--prefix", "row:", "--key-field", "id", "--max-record-bytes", "200", f.toString());

        assertThat(r.code()).isEqualTo(1);
        assertThat(server.jsonGet("row:1")).isEqualTo("{\"id\":\"1\",\"ok\":true}");
        assertThat(server.jsonGet("row:7")).isEqualTo("{\"id\":\"7\",\"ok\":true}");
        assertThat(server.jedis().get("row:6")).isEqualTo("a string is not a document");
        String p = f.toString();
        assertThat(r.err()).contains(
                "error: " + p + ":2: invalid JSON: expected '\"' at line 1, column 12 (offset 11)",
                "error: " + p + ":3: not a JSON object (an array)",
                "error: " + p + ":4: no key field 'id'",
                "error: " + p + ":5: record size: 319 bytes (expected: <= 200)",
                "error: " + p + ":6, key row:6: WRONGTYPE");
        assertThat(r.out()).contains("loaded 2 documents, 5 failed")
                .contains("5 records failed (5 printed); the first: " + p + ":2: invalid JSON");
        assertThat(r.err()).endsWith("cairn load: 5 records not loaded\n");
    }

    @Test
    void anOversizedLineIsSkippedWithoutLosingTheNextOne() throws Exception {
        Path f = dir.resolve("huge.jsonl");
        try (var w = Files.newBufferedWriter(f)) {
            w.write("{\"a\":\"");
            for (int i = 0; i < 3000; i++) {
                w.write("y".repeat(1000));
            }
            w.write("\"}\r\n{\"after\":1}\r\n");
        }
        Run r = load("--prefix", "h:", "--max-record-bytes", "1mb", f.toString());

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains(f + ":1, key h:1: record size: 3000008 bytes (expected: <= 1048576)");
        assertThat(server.jsonGet("h:2")).isEqualTo("{\"after\":1}");
        assertThat(server.dbsize()).isEqualTo(1);
    }

    @Test
    void failFastStopsAtTheFirstError() throws Exception {
        String lines = IntStream.rangeClosed(1, 2000).mapToObj(i -> i == 3 ? "{broken" : "{\"i\":" + i + "}")
                .collect(Collectors.joining("\n"));
        Path f = write("ff.jsonl", lines);
        Run r = load("--prefix", "f:", "--fail-fast", f.toString());

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("error: " + f + ":3, key f:3: invalid JSON");
        assertThat(r.out()).contains("stopped early: at the first failed record (--fail-fast)");
        assertThat(server.dbsize()).isLessThanOrEqualTo(2); // nothing after line 3 was read
        assertThat(server.jsonGet("f:2000")).isNull();
    }

    @Test
    void failFastStopsAtAServerRefusalToo() throws Exception {
        server.jedis().set("s:1", "plain string");
        Path f = write("s.jsonl", IntStream.rangeClosed(1, 5000).mapToObj(i -> "{\"i\":" + i + "}")
                .collect(Collectors.joining("\n")));
        Run r = load("--prefix", "s:", "--fail-fast", "--connections", "1", "--batch", "10", f.toString());

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains(":1, key s:1: WRONGTYPE");
        assertThat(server.dbsize()).isLessThan(5000);
    }

    @Test
    void withoutFailFastEveryErrorIsCountedButOnlyAHundredPrinted() throws Exception {
        String lines = IntStream.rangeClosed(1, 160).mapToObj(i -> i % 4 == 0 ? "{\"ok\":" + i + "}" : "nope")
                .collect(Collectors.joining("\n"));
        Path f = write("many-bad.jsonl", lines);
        Run r = load("--prefix", "b:", f.toString());

        assertThat(r.code()).isEqualTo(1);
        assertThat(server.dbsize()).isEqualTo(40);
        assertThat(r.err().lines().filter(l -> l.startsWith("cairn load: error: " + f))).hasSize(100);
        assertThat(r.err()).contains("more than 100 records failed; the rest are counted, not printed");
        assertThat(r.out()).contains("loaded 40 documents, 120 failed", "120 records failed (100 printed, 20 not printed)");
    }

    @Test
    void stdinIsReadWithDash() {
        byte[] input = "{\"from\":\"stdin\"}\n\n{\"n\":2}\n".getBytes(StandardCharsets.UTF_8);
        Run r = loadFrom(new ByteArrayInputStream(input), "--prefix", "in:", "-");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(server.jsonGet("in:1")).isEqualTo("{\"from\":\"stdin\"}");
        assertThat(server.jsonGet("in:3")).isEqualTo("{\"n\":2}");
    }

    @Test
    void stdinErrorsNameStdin() {
        byte[] input = "{\"ok\":1}\nnot json\n".getBytes(StandardCharsets.UTF_8);
        Run r = loadFrom(new ByteArrayInputStream(input), "--prefix", "in:", "--format", "jsonl", "-");

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("error: stdin:2, key in:2: invalid JSON");
    }

    @Test
    void progressLineAndSummaryCarryTheCounts() throws Exception {
        Path f = write("p.jsonl", IntStream.rangeClosed(1, 50).mapToObj(i -> "{\"i\":" + i + "}")
                .collect(Collectors.joining("\n", "", "\nbad\n")));
        Run r = load("--prefix", "pr:", "--progress", f.toString());

        assertThat(r.code()).isEqualTo(1);
        // the final redraw shows everything read: all bytes, 100%
        assertThat(r.err()).contains("\r50 docs, 1 failed, " + Units.bytes(Files.size(f))).contains("100%");
        assertThat(r.out()).contains("loaded 50 documents, 1 failed, " + Units.bytes(Files.size(f)) + " read in ")
                .contains("docs/s");
    }

    @Test
    void quietDrawsNoProgress() throws Exception {
        Path f = write("q.jsonl", "{\"a\":1}\n");
        Run r = load("--prefix", "q:", "--quiet", "--progress", f.toString());

        assertThat(r.code()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("loaded 1 document");
    }

    @Test
    void aPasswordIsSentAndAWrongOneStopsTheLoad() throws Exception {
        server.close();
        server = TestServer.start(dir.resolve("data"), "requirepass", "s3cret");
        Path f = write("auth.jsonl", "{\"a\":1}\n");

        Run wrong = load("--prefix", "a:", "--password", "nope", f.toString());
        assertThat(wrong.code()).isEqualTo(1);
        assertThat(wrong.err()).contains("AUTH refused by 127.0.0.1:" + server.port() + ": WRONGPASS");

        Run right = load("--prefix", "a:", "--password", "s3cret", f.toString());
        assertThat(right.code()).as(right.err()).isZero();
        server.jedis().auth("s3cret");
        assertThat(server.jsonGet("a:1")).isEqualTo("{\"a\":1}");
    }

    @Test
    void anUnreachableServerIsAClearError() throws Exception {
        int port;
        try (var s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path f = write("x.jsonl", "{\"a\":1}\n");
        Run r = run(InputStream.nullInputStream(), "--port", Integer.toString(port), "--prefix", "x:", f.toString());

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).startsWith("cairn load: cannot connect to 127.0.0.1:" + port);
    }

    @Test
    void usageErrorsExitWithTwo() throws Exception {
        Path f = write("u.jsonl", "{}\n");
        assertThat(run(InputStream.nullInputStream(), f.toString()).err())
                .startsWith("cairn load: --index or --prefix is required");
        assertThat(run(InputStream.nullInputStream(), "--prefix", "p", "--batch", "0", f.toString()).err())
                .startsWith("cairn load: --batch: 0 (expected: 1 <= batch <= 100000)");
        Run unknownFormat = run(InputStream.nullInputStream(), "--prefix", "p", write("u.txt", "{}").toString());
        assertThat(unknownFormat.code()).isEqualTo(2);
        assertThat(unknownFormat.err()).contains("cannot tell the format of").contains("usage: cairn load");
        assertThat(run(InputStream.nullInputStream(), "--prefix", "p", dir.resolve("missing.jsonl").toString()).code())
                .isEqualTo(2);
        assertThat(run(InputStream.nullInputStream(), "--prefix", "p", "--frobnicate", f.toString()).code()).isEqualTo(2);
    }
}
