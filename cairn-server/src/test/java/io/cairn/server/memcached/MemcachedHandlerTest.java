package io.cairn.server.memcached;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Bytes;
import io.cairn.server.ServerContext;
import io.cairn.server.TestServerContexts;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.DefaultEventLoop;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Connections without sockets over a real store: commands answered as memcached answers them,
 * noreply pipelines, CAS races between two connections, oversized values that leave the
 * connection working, and the memcached database seen from the Redis side.
 */
class MemcachedHandlerTest {
    @TempDir
    Path dir;
    Store store;
    ServerContext server;
    MemcachedService service;
    DefaultEventLoop timer;

    @BeforeEach
    void open() {
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.NONE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build());
        server = TestServerContexts.open(store, "memcached-database", "3");
        timer = new DefaultEventLoop();
        service = new MemcachedService(server, 3, 2048, timer);
    }

    @AfterEach
    void close() {
        timer.shutdownGracefully();
        store.close();
    }

    private EmbeddedChannel connect() {
        return new EmbeddedChannel(new MemcachedDecoder(service.itemSizeMax), new MemcachedHandler(service));
    }

    /** Sends {@code request} (LF turned to CRLF) and returns everything answered, CRLF shown as LF. */
    private static String send(EmbeddedChannel ch, String request) {
        ch.writeInbound(Unpooled.copiedBuffer(request.replace("\n", "\r\n"), StandardCharsets.ISO_8859_1));
        ch.runPendingTasks();
        StringBuilder out = new StringBuilder();
        for (ByteBuf b; (b = ch.readOutbound()) != null; ) {
            out.append(b.toString(StandardCharsets.ISO_8859_1));
            b.release();
        }
        return out.toString().replace("\r\n", "\n");
    }

    @Test
    void storesAndReadsWithFlagsAndCas() {
        EmbeddedChannel c = connect();
        assertThat(send(c, "set a 4294967295 0 3\nabc\n")).isEqualTo("STORED\n");
        long cas = store.lastLsn();
        assertThat(send(c, "gets a missing\n")).isEqualTo("VALUE a 4294967295 3 " + cas + "\nabc\nEND\n");
        assertThat(send(c, "append a 0 0 2\nde\nprepend a 9 0 1\n<\nget a\n"))
                .isEqualTo("STORED\nSTORED\nVALUE a 4294967295 6\n<abcde\nEND\n");
        assertThat(send(c, "mg a s f v c\n")).isEqualTo("VA 6 s6 f4294967295 c" + store.lastLsn() + "\n<abcde\n");
    }

    @Test
    void incrWrapsAt64BitsDecrFloorsAtZeroAndAShorterNumberIsPadded() {
        EmbeddedChannel c = connect();
        assertThat(send(c, "set n 0 0 20\n18446744073709551615\nincr n 2\ndecr n 5\nset m 0 0 2\n10\ndecr m 1\nget m\n"
                + "set t 0 0 1\nx\nincr t 1\nincr none 1\nincr n -1\n"))
                .isEqualTo("STORED\n1\n0\nSTORED\n9\nVALUE m 0 2\n9 \nEND\nSTORED\n"
                        + "CLIENT_ERROR cannot increment or decrement non-numeric value\nNOT_FOUND\n"
                        + "CLIENT_ERROR invalid numeric delta argument\n");
    }

    @Test
    void noreplyPipelinesAnswerOnlyWhatIsAskedFor() {
        EmbeddedChannel c = connect();
        StringBuilder req = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            req.append("set k").append(i).append(" 0 0 1 noreply\n").append(i % 10).append('\n');
        }
        req.append("incr k1 5 noreply\ndelete k2 noreply\ntouch k3 10 noreply\nset bad 0 0 x noreply\nflush_all junk noreply\n"
                + "get k1 k2 k99\n");
        assertThat(send(c, req.toString())).isEqualTo("VALUE k1 0 1\n6\nVALUE k99 0 1\n9\nEND\n");
        assertThat(send(c, "ms q 1 q\nx\nmg q v q\nmg nope v q\nmd nope q\nmn\n")).isEqualTo("VA 1\nx\nNF\nMN\n");
    }

    @Test
    void ofTwoClientsWithTheSameCasOneWins() {
        EmbeddedChannel a = connect();
        EmbeddedChannel b = connect();
        send(a, "set race 0 0 1\n0\n");
        String seen = send(a, "gets race\n");
        assertThat(send(b, "gets race\n")).isEqualTo(seen);
        String cas = seen.split("\n")[0].split(" ")[4];
        assertThat(send(a, "cas race 0 0 1 " + cas + "\na\n")).isEqualTo("STORED\n");
        assertThat(send(b, "cas race 0 0 1 " + cas + "\nb\n")).isEqualTo("EXISTS\n");
        assertThat(send(b, "get race\ncas gone 0 0 1 1\nx\n")).isEqualTo("VALUE race 0 1\na\nEND\nNOT_FOUND\n");
    }

    @Test
    void anOversizedValueIsRefusedAndTheConnectionGoesOn() {
        EmbeddedChannel c = connect();
        String big = "x".repeat(4096);
        assertThat(send(c, "set k 0 0 1\nv\nset k 0 0 4096\n" + big + "\nget k\nms k 4096\n" + big + "\nversion\n"))
                .isEqualTo("STORED\nSERVER_ERROR object too large for cache\nEND\nSERVER_ERROR object too large for cache\n"
                        + "VERSION " + MemcachedService.VERSION + "\n");
        assertThat(c.isOpen()).isTrue();
    }

    @Test
    void malformedLinesGetMemcachedsErrors() {
        EmbeddedChannel c = connect();
        assertThat(send(c, "bogus\n\nget\nincr k\ndelete k 5\ntouch k x\ngat x k\nmg k Z\nma k MX\nmd k C1 C2\n"))
                .isEqualTo("ERROR\nERROR\nERROR\nERROR\n"
                        + "CLIENT_ERROR bad command line format.  Usage: delete <key> [noreply]\n"
                        + "CLIENT_ERROR invalid exptime argument\nCLIENT_ERROR invalid exptime argument\n"
                        + "CLIENT_ERROR invalid flag\nCLIENT_ERROR invalid mode for ma M token\n"
                        + "CLIENT_ERROR invalid or duplicate flag\n");
    }

    @Test
    void theRedisSideSeesTheValueAndMemcachedSeesRedisStrings() {
        EmbeddedChannel c = connect();
        send(c, "set shared 7 0 5\nhello\n");
        assertThat(store.<byte[]>read(3, t -> t.get(Bytes.utf8("shared")))).isEqualTo(Bytes.utf8("hello"));
        store.execute(3, t -> {
            t.set(Bytes.utf8("fromredis"), Bytes.utf8("12"), 0);
            return null;
        }).await();
        long derived = io.cairn.storage.engine.Item.derivedCas(Bytes.utf8("12"), 0, 2);
        assertThat(send(c, "gets fromredis\nincr fromredis 1\n"))
                .isEqualTo("VALUE fromredis 0 2 " + derived + "\n12\nEND\n13\n");
        assertThat(send(c, "cas fromredis 0 0 1 " + derived + "\nx\n")).isEqualTo("EXISTS\n");
    }

    @Test
    void flushAllEmptiesTheMemcachedDatabaseOnly() {
        store.execute(0, t -> {
            t.set(Bytes.utf8("other"), Bytes.utf8("v"), 0);
            return null;
        }).await();
        EmbeddedChannel c = connect();
        assertThat(send(c, "set a 0 0 1\nx\nflush_all\nget a\n")).isEqualTo("STORED\nOK\nEND\n");
        assertThat(store.get(Bytes.utf8("other"))).isEqualTo(Bytes.utf8("v"));
    }

    @Test
    void expirationTimesAreReadAsMemcachedReadsThem() {
        EmbeddedChannel c = connect();
        long absolutePast = System.currentTimeMillis() / 1000 - 10;
        long absoluteFuture = System.currentTimeMillis() / 1000 + 100;
        assertThat(send(c, "set neg 0 -1 1\nx\nset past 0 " + absolutePast + " 1\nx\nset fut 0 " + absoluteFuture
                + " 1\nx\nset rel 0 100 1\nx\nget neg past fut rel\nmg rel t\nmg fut t\ntouch rel 0\nmg rel t\n"))
                .matches("STORED\nSTORED\nSTORED\nSTORED\nVALUE fut 0 1\nx\nVALUE rel 0 1\nx\nEND\n"
                        + "HD t100\nHD t(99|100|101)\nTOUCHED\nHD t-1\n");
    }

    @Test
    void quitClosesAfterTheRepliesBeforeIt() {
        EmbeddedChannel c = connect();
        assertThat(send(c, "version\nquit\nversion\n")).isEqualTo("VERSION " + MemcachedService.VERSION + "\n");
        assertThat(c.isOpen()).isFalse();
    }
}
