package io.cairn.server.command.tracking;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import io.cairn.server.command.Command;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.CommandHarness;
import io.cairn.server.command.DataCommand;
import io.cairn.server.command.Operation;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The tracking table without sockets: which reads are remembered (read commands only, by their
 * key specs, as OPTIN/OPTOUT and CACHING say), what a commit invalidates (each key once, a
 * rename's both names, a flush everything), NOLOOP's writer and BCAST's prefixes.
 */
class ClientTrackingTableTest {
    final CommandHarness h = new CommandHarness();
    final ServerContext server = h.server();
    final ClientTracking tracking = server.tracking();

    @AfterEach
    void close() {
        h.close();
    }

    /** A RESP3 client whose pushes are recorded. */
    private Session client(List<String> pushes) {
        Session s = server.newSession(null);
        s.protocol(3);
        s.pushesTo(v -> pushes.add(v.toString()));
        return s;
    }

    private Operation op(Session s, String... args) {
        byte[][] a = CommandHarness.bytes(args);
        Command cmd = server.dispatcher().registry().lookup(a[0]);
        Operation op = ((DataCommand) cmd.handler()).parse(new CommandContext(a, cmd.spec(), s, server));
        return tracking.wrap(s, cmd.spec(), a, op, cmd.spec().isWrite());
    }

    private RespValue run(Session s, String... args) {
        return h.run(op(s, args));
    }

    private static String invalidate(String key) {
        return new RespValue.PushReply(List.of(RespValue.bulk("invalidate"),
                RespValue.array(List.of(RespValue.bulk(key))))).toString();
    }

    @Test
    void readsAreRememberedAndEachWriteInvalidatesOnceAndForgets() {
        List<String> pushes = new CopyOnWriteArrayList<>();
        Session reader = client(pushes);
        Session writer = client(new CopyOnWriteArrayList<>());
        tracking.enable(reader, 0, false, false, false, false, List.of());
        run(reader, "MGET", "a", "b");
        run(reader, "SET", "c", "1"); // a write remembers nothing
        assertThat(tracking.totalKeys()).isEqualTo(2);
        assertThat(tracking.totalItems()).isEqualTo(2);
        run(writer, "MSET", "a", "1", "c", "2");
        assertThat(pushes).containsExactly(invalidate("a"));
        run(writer, "SET", "a", "again");
        assertThat(pushes).hasSize(1);
        assertThat(tracking.totalKeys()).isEqualTo(1);
        run(writer, "RENAME", "a", "b");
        assertThat(pushes).containsExactly(invalidate("a"), invalidate("b"));
        assertThat(tracking.totalKeys()).isZero();
    }

    @Test
    void optinRemembersOnlyAfterCachingYesAndNoloopSkipsTheWriter() {
        List<String> pushes = new CopyOnWriteArrayList<>();
        Session reader = client(pushes);
        tracking.enable(reader, 0, false, true, false, true, List.of());
        run(reader, "GET", "a");
        assertThat(tracking.totalKeys()).isZero();
        reader.tracking().caching(true);
        Operation read = op(reader, "GET", "a"); // decided when wrapped
        reader.tracking().commandDone(false, false);
        h.run(read);
        assertThat(tracking.totalKeys()).isEqualTo(1);
        run(reader, "SET", "a", "mine");
        assertThat(pushes).as("NOLOOP: its own write").isEmpty();
        assertThat(tracking.totalKeys()).as("but the key is forgotten").isZero();
    }

    @Test
    void aFlushInvalidatesEveryTrackingClientWithNull() {
        List<String> pushes = new CopyOnWriteArrayList<>();
        Session reader = client(pushes);
        List<String> bcastPushes = new CopyOnWriteArrayList<>();
        Session bcast = client(bcastPushes);
        tracking.enable(reader, 0, false, false, false, false, List.of());
        tracking.enable(bcast, 0, true, false, false, false, List.of("p".getBytes()));
        run(reader, "GET", "a");
        h.exec("FLUSHALL");
        String nullInvalidation = new RespValue.PushReply(List.of(RespValue.bulk("invalidate"), RespValue.NULL)).toString();
        assertThat(pushes).containsExactly(nullInvalidation);
        assertThat(bcastPushes).containsExactly(nullInvalidation);
        assertThat(tracking.totalKeys()).isZero();
    }

    @Test
    void bcastSendsOneMessagePerPrefixWithItsKeysInByteOrder() {
        List<String> pushes = new CopyOnWriteArrayList<>();
        Session b = client(pushes);
        tracking.enable(b, 0, true, false, false, false, List.of("u:".getBytes(), "\u00ff".getBytes()));
        assertThat(tracking.totalPrefixes()).isEqualTo(2);
        h.exec("MSET", "u:2", "x", "v", "y", "u:1", "z", "\u00ffk", "w");
        assertThat(pushes).containsExactlyInAnyOrder(
                new RespValue.PushReply(List.of(RespValue.bulk("invalidate"), RespValue.array(List.of(
                        RespValue.bulk("u:1"), RespValue.bulk("u:2"))))).toString(),
                invalidate("\u00ffk"));
        tracking.disable(b);
        assertThat(tracking.totalPrefixes()).isZero();
        assertThat(b.tracking().on()).isFalse();
    }
}
