package io.cairn.ycsb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** Each {@link CairnClient} operation against an in-process server, checked through a second connection. */
class CairnClientTest {
    private static final String TABLE = "usertable";

    @TempDir
    Path dir;
    private TestServer server;
    private final ByteArrayOutputStream errorOutput = new ByteArrayOutputStream();
    private CairnClient db;
    private Jedis jedis;

    @BeforeEach
    void start() throws DBException {
        server = TestServer.start(dir);
        db = open(server.clientProperties());
        jedis = new Jedis("127.0.0.1", server.port());
    }

    @AfterEach
    void stop() {
        if (jedis != null) {
            jedis.close();
        }
        if (db != null) {
            db.cleanup();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void insertStoresTheRecordAsOneHashAndReadReturnsEveryField() {
        assertThat(db.insert(TABLE, "user1", record("field0", "a", "field1", "b", "field2", "c"))).isEqualTo(Status.OK);

        assertThat(jedis.hgetAll("user1")).containsExactlyInAnyOrderEntriesOf(Map.of("field0", "a", "field1", "b", "field2", "c"));
        Map<String, ByteIterator> result = new HashMap<>();
        assertThat(db.read(TABLE, "user1", null, result)).isEqualTo(Status.OK);
        assertThat(strings(result)).isEqualTo(Map.of("field0", "a", "field1", "b", "field2", "c"));
    }

    @Test
    void readWithFieldsReturnsOnlyThoseThatExist() {
        db.insert(TABLE, "user1", record("field0", "a", "field1", "b", "field2", "c"));

        Map<String, ByteIterator> result = new HashMap<>();
        assertThat(db.read(TABLE, "user1", Set.of("field2", "field0", "field9"), result)).isEqualTo(Status.OK);
        assertThat(strings(result)).isEqualTo(Map.of("field0", "a", "field2", "c"));
    }

    @Test
    void updateChangesOnlyTheGivenFields() {
        db.insert(TABLE, "user1", record("field0", "a", "field1", "b"));

        assertThat(db.update(TABLE, "user1", record("field1", "B"))).isEqualTo(Status.OK);

        Map<String, ByteIterator> result = new HashMap<>();
        assertThat(db.read(TABLE, "user1", null, result)).isEqualTo(Status.OK);
        assertThat(strings(result)).isEqualTo(Map.of("field0", "a", "field1", "B"));
    }

    @Test
    void readOfAMissingRecordIsNotFound() {
        db.insert(TABLE, "user1", record("field0", "a"));

        Map<String, ByteIterator> result = new HashMap<>();
        assertThat(db.read(TABLE, "user2", null, result)).isEqualTo(Status.NOT_FOUND);
        assertThat(db.read(TABLE, "user2", Set.of("field0"), result)).isEqualTo(Status.NOT_FOUND);
        assertThat(db.read(TABLE, "user1", Set.of("field9"), result)).isEqualTo(Status.NOT_FOUND);
        assertThat(result).isEmpty();
    }

    @Test
    void deleteRemovesTheRecord() {
        db.insert(TABLE, "user1", record("field0", "a"));

        assertThat(db.delete(TABLE, "user1")).isEqualTo(Status.OK);

        assertThat(jedis.exists("user1")).isFalse();
        assertThat(db.read(TABLE, "user1", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
        assertThat(db.delete(TABLE, "user1")).isEqualTo(Status.NOT_FOUND);
    }

    @Test
    void scanReturnsAtMostCountRecordsInKeyOrderFromTheStartKey() {
        // Inserted out of order; each record names its own key in field "id".
        for (int i : new int[] {7, 2, 9, 0, 5, 3, 8, 1, 6, 4}) {
            String key = "user" + i;
            db.insert(TABLE, key, record("id", key, "field1", "v" + i));
        }

        Vector<HashMap<String, ByteIterator>> result = new Vector<>();
        assertThat(db.scan(TABLE, "user3", 4, null, result)).isEqualTo(Status.OK);
        List<Map<String, String>> records = strings(result);
        assertThat(records).extracting(r -> r.get("id")).containsExactly("user3", "user4", "user5", "user6");
        assertThat(records.get(0)).isEqualTo(Map.of("id", "user3", "field1", "v3"));
    }

    @Test
    void scanStartsAtTheFirstKeyAfterAStartKeyThatDoesNotExist() {
        for (String key : List.of("user1", "user3", "user5")) {
            db.insert(TABLE, key, record("id", key));
        }

        Vector<HashMap<String, ByteIterator>> result = new Vector<>();
        assertThat(db.scan(TABLE, "user2", 10, null, result)).isEqualTo(Status.OK);
        assertThat(strings(result)).extracting(r -> r.get("id")).containsExactly("user3", "user5");
    }

    @Test
    void scanWithFieldsReturnsOnlyThoseFields() {
        for (int i = 0; i < 3; i++) {
            db.insert(TABLE, "user" + i, record("id", "user" + i, "field1", "x" + i, "field2", "y" + i));
        }

        Vector<HashMap<String, ByteIterator>> result = new Vector<>();
        assertThat(db.scan(TABLE, "user0", 2, Set.of("id", "field2"), result)).isEqualTo(Status.OK);
        assertThat(strings(result)).containsExactly(
                Map.of("id", "user0", "field2", "y0"), Map.of("id", "user1", "field2", "y1"));
    }

    @Test
    void scanPastTheLastKeyReturnsNothing() {
        db.insert(TABLE, "user1", record("id", "user1"));

        Vector<HashMap<String, ByteIterator>> result = new Vector<>();
        assertThat(db.scan(TABLE, "user2", 10, null, result)).isEqualTo(Status.OK);
        assertThat(result).isEmpty();
    }

    @Test
    void binaryValuesRoundTripByteForByte() {
        byte[] every = new byte[256];
        for (int i = 0; i < every.length; i++) {
            every[i] = (byte) i;
        }
        byte[] crlf = "\r\n$3\r\n*0\r\n".getBytes(StandardCharsets.US_ASCII);
        Map<String, ByteIterator> values = new HashMap<>();
        values.put("every", new ByteArrayByteIterator(every));
        values.put("crlf", new ByteArrayByteIterator(crlf));
        values.put("empty", new ByteArrayByteIterator(new byte[0]));
        assertThat(db.insert(TABLE, "user1", values)).isEqualTo(Status.OK);

        Map<String, ByteIterator> read = new HashMap<>();
        assertThat(db.read(TABLE, "user1", null, read)).isEqualTo(Status.OK);
        assertThat(read.get("every").toArray()).isEqualTo(every);
        assertThat(read.get("crlf").toArray()).isEqualTo(crlf);
        assertThat(read.get("empty").toArray()).isEmpty();

        Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
        assertThat(db.scan(TABLE, "user1", 1, Set.of("every"), scanned)).isEqualTo(Status.OK);
        assertThat(scanned.get(0).get("every").toArray()).isEqualTo(every);
    }

    @Test
    void anErrorReplyIsErrorPrintedOnceAndTheConnectionKeepsWorking() {
        jedis.set("user5", "a string, not a hash");

        assertThat(db.read(TABLE, "user5", null, new HashMap<>())).isEqualTo(Status.ERROR);
        assertThat(db.read(TABLE, "user5", Set.of("field0"), new HashMap<>())).isEqualTo(Status.ERROR);
        assertThat(db.update(TABLE, "user5", record("field0", "x"))).isEqualTo(Status.ERROR);
        assertThat(db.scan(TABLE, "user0", 10, null, new Vector<>())).isEqualTo(Status.ERROR);

        assertThat(db.insert(TABLE, "user6", record("field0", "y"))).isEqualTo(Status.OK);
        Map<String, ByteIterator> result = new HashMap<>();
        assertThat(db.read(TABLE, "user6", null, result)).isEqualTo(Status.OK);
        assertThat(strings(result)).isEqualTo(Map.of("field0", "y"));
        assertThat(jedis.get("user5")).isEqualTo("a string, not a hash");

        // Four failures with one message: one line, naming the first operation and key.
        String printed = errorOutput.toString(StandardCharsets.UTF_8);
        assertThat(printed.lines()).singleElement().asString()
                .startsWith("cairn-ycsb: read user5 failed: WRONGTYPE");
    }

    @Test
    void aLostConnectionIsOneErrorAndTheNextOperationReconnects() throws DBException {
        int port = server.port();
        db.insert(TABLE, "user1", record("field0", "a"));
        server.close();

        assertThat(db.read(TABLE, "user1", null, new HashMap<>())).isEqualTo(Status.ERROR);

        server = TestServer.start(dir.resolve("second"), "port", Integer.toString(port));
        assertThat(db.insert(TABLE, "user2", record("field0", "b"))).isEqualTo(Status.OK);
        assertThat(db.read(TABLE, "user2", null, new HashMap<>())).isEqualTo(Status.OK);
        assertThat(errorOutput.toString(StandardCharsets.UTF_8)).contains("read user1 failed: redis.clients.jedis.exceptions.JedisConnectionException");
    }

    @Test
    void initSendsThePasswordAndFailsFastWithoutIt() throws DBException {
        try (TestServer guarded = TestServer.start(dir.resolve("guarded"), "requirepass", "s3cret")) {
            Properties withPassword = guarded.clientProperties();
            withPassword.setProperty("cairn.password", "s3cret");
            CairnClient authed = open(withPassword);
            try {
                assertThat(authed.insert(TABLE, "user1", record("field0", "a"))).isEqualTo(Status.OK);
            } finally {
                authed.cleanup();
            }

            assertThatThrownBy(() -> open(guarded.clientProperties()))
                    .isInstanceOf(DBException.class)
                    .hasMessageContaining("127.0.0.1:" + guarded.port())
                    .hasMessageContaining("NOAUTH");
        }
    }

    @Test
    void initRejectsABadSetting() {
        Properties p = server.clientProperties();
        p.setProperty("cairn.timeout", "-5");
        assertThatThrownBy(() -> open(p))
                .isInstanceOf(DBException.class)
                .hasMessage("cairn.timeout: -5 (expected: an integer >= 1)");
    }

    private CairnClient open(Properties properties) throws DBException {
        CairnClient client = new CairnClient(new ErrorLog(new PrintStream(errorOutput, true, StandardCharsets.UTF_8)));
        client.setProperties(properties);
        client.init();
        return client;
    }

    private static Map<String, ByteIterator> record(String... pairs) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            fields.put(pairs[i], pairs[i + 1]);
        }
        return StringByteIterator.getByteIteratorMap(fields);
    }

    /** The records as strings; this consumes their iterators. */
    private static List<Map<String, String>> strings(Vector<HashMap<String, ByteIterator>> records) {
        return records.stream().map(CairnClientTest::strings).toList();
    }

    /** The record as strings; this consumes its iterators. */
    private static Map<String, String> strings(Map<String, ByteIterator> record) {
        Map<String, String> out = new HashMap<>();
        record.forEach((field, value) -> out.put(field, new String(value.toArray(), StandardCharsets.UTF_8)));
        return out;
    }
}
