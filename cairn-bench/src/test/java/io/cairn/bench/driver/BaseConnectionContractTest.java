package io.cairn.bench.driver;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link Connection} contract, run against a real server by every protocol's test: replies come
 * back in the order commands were sent (pipelined, or sent on one thread and received on another),
 * an error reply leaves the connection usable, a command beyond the protocol's
 * {@link Protocol#capabilities()} is refused before anything is sent, and values, records, counters
 * and deletes round-trip as {@link Command} and {@link Reply} describe.
 *
 * <p>A subclass starts its server once for the class and names it through {@link #protocol()} and
 * {@link #address()}; the other hooks state where its data model may differ. Each test gets a fresh
 * connection {@link #c}. Tests share the server, so a subclass's own tests must not use the keys
 * these tests use, and only the scan test here may write keys starting with {@code ~}, which sort
 * after all others.
 */
abstract class BaseConnectionContractTest {

    /** A connection to {@link #address()}, opened before each test and closed after it. */
    protected Connection c;

    /** The protocol under test. */
    protected abstract Protocol protocol();

    /** Where the server under test listens. */
    protected abstract InetSocketAddress address();

    /**
     * Whether {@link Command.Increment} of a missing key counts from 0 (Redis, Tarantool) rather
     * than answering MISSING (Memcached, which needs a stored {@code "0"} first).
     */
    protected abstract boolean incrementCreatesCounters();

    /**
     * Whether plain values and records share one key space, so that a key holds one or the other
     * (Redis, Memcached), rather than living apart (Tarantool's {@code kv} and {@code usertable}).
     */
    protected abstract boolean valuesAndRecordsShareKeys();

    /**
     * Whether a {@link Command.Scan} reply lists the keys it found ({@link Reply#keys()}) rather
     * than only counting the records, which it then carries in full.
     */
    protected abstract boolean scanRepliesWithKeyNames();

    /** The server's exact error when {@link Command.Increment} meets the value {@code "abc"} at {@code key}. */
    protected abstract String notAnIntegerError(String key);

    /**
     * The record at {@code key} as the server stored it, read without the connection under test:
     * field names to values (as ASCII), in any order; empty when there is no record.
     */
    protected abstract Map<String, String> storedRecord(String key) throws IOException;

    @BeforeEach
    void connect() throws IOException {
        c = protocol().connect(address(), 5000);
    }

    @AfterEach
    void disconnect() {
        if (c != null) {
            c.close();
        }
    }

    /** Sends, flushes and receives {@code command} on {@link #c}. */
    protected Reply call(Command command) throws IOException {
        return call(c, command);
    }

    protected static Reply call(Connection connection, Command command) throws IOException {
        connection.send(command);
        connection.flush();
        return connection.receive();
    }

    protected static byte[] bytes(String s) {
        return s.getBytes(US_ASCII);
    }

    protected static SequencedMap<String, byte[]> fields(String... namesAndValues) {
        SequencedMap<String, byte[]> m = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            m.put(namesAndValues[i], bytes(namesAndValues[i + 1]));
        }
        return m;
    }

    private boolean can(Capability capability) {
        return protocol().capabilities().contains(capability);
    }

    /** {@code command} is refused, and the server never saw it: the next reply is the next command's. */
    private void assertRefusedAndNothingSent(Command command) throws IOException {
        assertThatThrownBy(() -> c.send(command)).isInstanceOf(UnsupportedOperationException.class);
        assertThat(call(new Command.GetValue(command.key()))).isEqualTo(Reply.missing());
    }

    /** With {@link #incrementCreatesCounters()} false, stores {@code "0"} at {@code key} and expects OK. */
    private void createCounterIfNeeded(String key) throws IOException {
        if (!incrementCreatesCounters()) {
            assertThat(call(new Command.SetValue(key, bytes("0")))).isEqualTo(Reply.ok());
        }
    }

    @Test
    void aMissingKeyReadsAsMissing() throws IOException {
        assertThat(call(new Command.ReadRecord("missing:record"))).isEqualTo(Reply.missing());
        assertThat(call(new Command.GetValue("missing:value"))).isEqualTo(Reply.missing());
    }

    @Test
    void aPlainValueKeepsEveryByteIncludingCrLfAndZero() throws IOException {
        byte[] value = new byte[100_000];
        for (int i = 0; i < value.length; i++) {
            value[i] = (byte) i;
        }
        value[256] = '\r';
        value[257] = '\n';
        value[258] = 0;
        value[259] = '$';
        assertThat(call(new Command.SetValue("kv:binary", value))).isEqualTo(Reply.ok());
        Reply got = call(new Command.GetValue("kv:binary"));
        assertThat(got.status()).isEqualTo(Reply.Status.OK);
        assertThat(got.value()).isEqualTo(value);
        assertThat(got.count()).isEqualTo(value.length);

        assertThat(call(new Command.SetValue("kv:empty", new byte[0]))).isEqualTo(Reply.ok());
        Reply empty = call(new Command.GetValue("kv:empty"));
        assertThat(empty.status()).as("an empty value is there, not missing").isEqualTo(Reply.Status.OK);
        assertThat(empty.value()).isEmpty();
    }

    @Test
    void aPlainValueIsNotARecord() throws IOException {
        call(new Command.SetValue("plain:1", bytes("hello")));
        Reply reply = call(new Command.ReadRecord("plain:1"));
        if (valuesAndRecordsShareKeys()) {
            assertThat(reply.status()).isEqualTo(Reply.Status.ERROR);
            assertThat(reply.error()).startsWith("WRONGTYPE");
        } else {
            assertThat(reply).as("records live apart from plain values").isEqualTo(Reply.missing());
        }
        assertThat(call(new Command.GetValue("plain:1")).value()).isEqualTo(bytes("hello"));
    }

    @Test
    void aWholeRecordIsReadBackAsItsFieldCount() throws IOException {
        assertThat(call(new Command.WriteRecord("record:3", fields("field0", "a", "field1", "b", "field2", "c"), true)))
                .isEqualTo(Reply.ok());
        assertThat(call(new Command.ReadRecord("record:3"))).isEqualTo(Reply.ok(3));
        assertThat(storedRecord("record:3")).isEqualTo(Map.of("field0", "a", "field1", "b", "field2", "c"));

        SequencedMap<String, byte[]> ten = new LinkedHashMap<>();
        for (int i = 0; i < 10; i++) {
            ten.put("field" + i, new byte[100]);
        }
        assertThat(call(new Command.WriteRecord("record:10", ten, true))).isEqualTo(Reply.ok());
        assertThat(call(new Command.ReadRecord("record:10"))).isEqualTo(Reply.ok(10));
    }

    @Test
    void aPartialUpdateChangesOnlyTheNamedFieldsOrIsRefused() throws IOException {
        Command update = new Command.WriteRecord("partial:1", fields("field2", "Z", "field0", "X"), false);
        if (!can(Capability.FIELD_UPDATE)) {
            assertRefusedAndNothingSent(update);
            return;
        }
        call(new Command.WriteRecord("partial:1", fields("field0", "a", "field1", "b", "field2", "c"), true));
        assertThat(call(update)).isEqualTo(Reply.ok());
        assertThat(call(new Command.ReadRecord("partial:1"))).isEqualTo(Reply.ok(3));
        assertThat(storedRecord("partial:1")).isEqualTo(Map.of("field0", "X", "field1", "b", "field2", "Z"));
    }

    @Test
    void setFieldCreatesTheRecordAndThenAddsOrReplacesFieldsOrIsRefused() throws IOException {
        Command first = new Command.SetField("setfield:new", "field3", bytes("d"));
        if (!can(Capability.SET_FIELD)) {
            assertRefusedAndNothingSent(first);
            return;
        }
        assertThat(call(first)).isEqualTo(Reply.ok());
        assertThat(call(new Command.ReadRecord("setfield:new"))).isEqualTo(Reply.ok(1));
        assertThat(call(new Command.SetField("setfield:new", "field0", bytes("a")))).isEqualTo(Reply.ok());
        assertThat(call(new Command.SetField("setfield:new", "field3", bytes("D")))).isEqualTo(Reply.ok());
        assertThat(call(new Command.ReadRecord("setfield:new"))).isEqualTo(Reply.ok(2));
        assertThat(storedRecord("setfield:new")).isEqualTo(Map.of("field0", "a", "field3", "D"));
    }

    @Test
    void aScanFindsRecordsFromTheKeyInByteOrderUpToTheCountOrIsRefused() throws IOException {
        if (!can(Capability.SCAN)) {
            assertRefusedAndNothingSent(new Command.Scan("~scan:", 10));
            return;
        }
        List<String> written = List.of("~scan:2", "~scan:a", "~scan:10", "~scan:B", "~scan:1", "~scan:0", "~scan:9");
        TreeSet<String> sorted = new TreeSet<>(written); // ASCII: String order is byte order
        for (String k : written) {
            c.send(new Command.WriteRecord(k, fields("field0", "v"), true));
        }
        c.flush();
        for (String k : written) {
            assertThat(c.receive()).as("write %s", k).isEqualTo(Reply.ok());
        }
        assertScanFinds("up to the count", call(new Command.Scan("~scan:", 3)),
                List.of("~scan:0", "~scan:1", "~scan:10"));
        assertScanFinds("the start key itself is included", call(new Command.Scan("~scan:10", 100)),
                List.copyOf(sorted.tailSet("~scan:10")));
        assertScanFinds("from between two keys", call(new Command.Scan("~scan:15", 100)),
                List.of("~scan:2", "~scan:9", "~scan:B", "~scan:a"));
        assertScanFinds("up to the count", call(new Command.Scan("~scan:B", 2)), List.of("~scan:B", "~scan:a"));
        assertScanFinds("past the last key", call(new Command.Scan("~scan:b", 10)), List.of());
    }

    /** {@code reply} found {@code keys}: their names, or with {@link #scanRepliesWithKeyNames()} false their number. */
    private void assertScanFinds(String what, Reply reply, List<String> keys) {
        if (scanRepliesWithKeyNames()) {
            assertThat(reply.status()).as(what).isEqualTo(Reply.Status.OK);
            assertThat(reply.keys()).as(what).isEqualTo(keys);
            assertThat(reply.count()).as(what).isEqualTo(keys.size());
        } else {
            assertThat(reply).as("%s: %s", what, keys).isEqualTo(Reply.ok(keys.size()));
        }
    }

    @Test
    void aRedisCommandIsRefusedWithoutRespCommands() throws IOException {
        if (!can(Capability.RESP_COMMANDS)) {
            assertRefusedAndNothingSent(new Command.Call("call:refused",
                    List.of(bytes("LPUSH"), bytes("call:refused"), bytes("a"))));
        }
    }

    @Test
    void incrementOfAMissingCounterCountsFromZeroOrIsMissing() throws IOException {
        if (!incrementCreatesCounters()) {
            assertThat(call(new Command.Increment("counter:new"))).isEqualTo(Reply.missing());
            assertThat(call(new Command.GetValue("counter:new"))).as("nothing created").isEqualTo(Reply.missing());
            return;
        }
        assertThat(call(new Command.Increment("counter:new"))).isEqualTo(Reply.ok(1));
        assertThat(call(new Command.Increment("counter:new"))).isEqualTo(Reply.ok(2));
        assertThat(call(new Command.GetValue("counter:new")).value()).isEqualTo(bytes("2"));
    }

    @Test
    void incrementCountsFromAStoredDecimalNumber() throws IOException {
        call(new Command.SetValue("counter:zero", bytes("0")));
        assertThat(call(new Command.Increment("counter:zero"))).isEqualTo(Reply.ok(1));
        assertThat(call(new Command.Increment("counter:zero"))).isEqualTo(Reply.ok(2));
        assertThat(call(new Command.GetValue("counter:zero")).value()).isEqualTo(bytes("2"));
        call(new Command.SetValue("counter:41", bytes("41")));
        assertThat(call(new Command.Increment("counter:41"))).isEqualTo(Reply.ok(42));
    }

    @Test
    void incrementOfANonNumberIsAnErrorAndTheConnectionStaysUsable() throws IOException {
        call(new Command.SetValue("counter:text", bytes("abc")));
        assertThat(call(new Command.Increment("counter:text")))
                .isEqualTo(Reply.error(notAnIntegerError("counter:text")));
        assertThat(call(new Command.GetValue("counter:text")).value()).isEqualTo(bytes("abc"));
    }

    @Test
    void deleteCountsTheRecordItRemoved() throws IOException {
        call(new Command.WriteRecord("delete:record", fields("field0", "a"), true));
        assertThat(call(new Command.Delete("delete:record"))).isEqualTo(Reply.ok(1));
        assertThat(call(new Command.Delete("delete:record"))).as("deleting nothing is not an error")
                .isEqualTo(Reply.ok(0));
        assertThat(call(new Command.ReadRecord("delete:record"))).isEqualTo(Reply.missing());
    }

    @Test
    void deleteCountsThePlainValueItRemoved() throws IOException {
        Assumptions.assumeTrue(valuesAndRecordsShareKeys(), "Delete removes records; plain values live apart");
        call(new Command.SetValue("delete:value", bytes("v")));
        assertThat(call(new Command.Delete("delete:value"))).isEqualTo(Reply.ok(1));
        assertThat(call(new Command.Delete("delete:value"))).isEqualTo(Reply.ok(0));
        assertThat(call(new Command.GetValue("delete:value"))).isEqualTo(Reply.missing());
    }

    @Test
    void aThousandPipelinedCommandsComeBackInOrder() throws IOException {
        createCounterIfNeeded("pipe:counter");
        for (int i = 0; i < 1000; i++) {
            switch (i % 6) {
                case 0 -> c.send(new Command.SetValue("pipe:" + i, bytes("v" + i)));
                case 1 -> c.send(new Command.GetValue("pipe:" + (i - 1)));
                case 2 -> c.send(new Command.Increment("pipe:counter"));
                case 3 -> c.send(new Command.WriteRecord("pipe:rec:" + i, fields("field0", "a", "field1", "b"), true));
                case 4 -> c.send(new Command.ReadRecord("pipe:rec:" + (i - 1)));
                default -> c.send(new Command.GetValue("pipe:none:" + i));
            }
        }
        c.flush();
        long counter = 0;
        for (int i = 0; i < 1000; i++) {
            Reply r = c.receive();
            switch (i % 6) {
                case 0, 3 -> assertThat(r).as("reply %d", i).isEqualTo(Reply.ok());
                case 1 -> assertThat(r.value()).as("reply %d", i).isEqualTo(bytes("v" + (i - 1)));
                case 2 -> assertThat(r).as("reply %d", i).isEqualTo(Reply.ok(++counter));
                case 4 -> assertThat(r).as("reply %d", i).isEqualTo(Reply.ok(2));
                default -> assertThat(r).as("reply %d", i).isEqualTo(Reply.missing());
            }
        }
        assertThatThrownBy(c::receive).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void oneThreadSendsWhileAnotherReceives() throws Exception {
        createCounterIfNeeded("threads:counter");
        int n = 5000;
        Semaphore sent = new Semaphore(0);
        CompletableFuture<List<Reply>> received = CompletableFuture.supplyAsync(() -> {
            List<Reply> replies = new ArrayList<>(n);
            try {
                for (int i = 0; i < n; i++) {
                    sent.acquire(); // receive() refuses to wait for a command not yet sent
                    replies.add(c.receive());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            return replies;
        }, runnable -> Thread.ofPlatform().name("receiver").start(runnable));
        for (int i = 0; i < n; i++) {
            c.send(i % 2 == 0 ? new Command.Increment("threads:counter") : new Command.GetValue("threads:none"));
            sent.release();
            if (i % 37 == 36) {
                c.flush();
            }
        }
        c.flush();
        List<Reply> replies = received.get(60, TimeUnit.SECONDS);
        for (int i = 0; i < n; i++) {
            assertThat(replies.get(i)).as("reply %d", i)
                    .isEqualTo(i % 2 == 0 ? Reply.ok(i / 2 + 1) : Reply.missing());
        }
    }

    @Test
    void receiveWithNothingOutstandingIsRefused() throws IOException {
        assertThatThrownBy(c::receive).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no command outstanding");
        assertThat(call(new Command.GetValue("outstanding:none"))).isEqualTo(Reply.missing());
        assertThatThrownBy(c::receive).isInstanceOf(IllegalStateException.class);
    }
}
