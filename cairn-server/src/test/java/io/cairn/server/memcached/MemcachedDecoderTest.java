package io.cairn.server.memcached;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The decoder with no socket: every request fed whole, one byte at a time, and split in two at
 * every offset must decode to the same requests; malformed lines, bad data chunks and oversized
 * values are refused in memcached's words, and an oversized value is swallowed without being
 * buffered, so the next command decodes.
 */
class MemcachedDecoderTest {
    private static final long ITEM_MAX = 1024;

    private static String show(Object m) {
        return switch ((MemcachedRequest) m) {
            case MemcachedRequest.Line l -> {
                List<String> words = new ArrayList<>();
                for (byte[] t : l.tokens()) {
                    words.add(new String(t, StandardCharsets.ISO_8859_1));
                }
                yield "line" + words;
            }
            case MemcachedRequest.Storage s -> "store " + s.header().mode() + " "
                    + new String(s.header().key(), StandardCharsets.ISO_8859_1) + " flags=" + s.header().flags()
                    + " exptime=" + s.header().exptime() + " cas=" + s.header().cas() + " noreply=" + s.header().noreply()
                    + " data=" + new String(s.data(), StandardCharsets.ISO_8859_1);
            case MemcachedRequest.Refused r -> "refused " + r.error() + (r.quiet() ? " (quiet)" : "")
                    + (r.dropKey() != null ? " drop " + new String(r.dropKey(), StandardCharsets.ISO_8859_1) : "");
        };
    }

    private static List<String> decode(List<byte[]> pieces) {
        EmbeddedChannel ch = new EmbeddedChannel(new MemcachedDecoder(ITEM_MAX));
        for (byte[] p : pieces) {
            ch.writeInbound(Unpooled.wrappedBuffer(p));
        }
        List<String> out = new ArrayList<>();
        for (Object m; (m = ch.readInbound()) != null; ) {
            out.add(show(m));
        }
        ch.finishAndReleaseAll();
        return out;
    }

    /** Decodes {@code input} whole, byte by byte and split at every offset; all must agree. */
    private static List<String> decodeEverySplit(String input) {
        byte[] b = input.getBytes(StandardCharsets.ISO_8859_1);
        List<String> whole = decode(List.of(b));
        List<byte[]> bytes = new ArrayList<>();
        for (byte x : b) {
            bytes.add(new byte[] {x});
        }
        assertThat(decode(bytes)).as("one byte at a time").isEqualTo(whole);
        for (int i = 1; i < b.length; i++) {
            byte[] head = java.util.Arrays.copyOfRange(b, 0, i);
            byte[] tail = java.util.Arrays.copyOfRange(b, i, b.length);
            assertThat(decode(List.of(head, tail))).as("split at %d", i).isEqualTo(whole);
        }
        return whole;
    }

    @Test
    void requestsDecodeTheSameAtEverySplit() {
        assertThat(decodeEverySplit("set k 5 10 3\r\nabc\r\nget a b\r\ngets  x \r\ncas k 0 0 2 77 noreply\r\nhi\r\n"
                + "ms m 2 T9 F3 q\r\nyo\r\nmg m v\r\n"))
                .containsExactly(
                        "store SET k flags=5 exptime=10 cas=0 noreply=false data=abc",
                        "line[get, a, b]",
                        "line[gets, x]",
                        "store CAS k flags=0 exptime=0 cas=77 noreply=true data=hi",
                        "store SET m flags=3 exptime=9 cas=0 noreply=true data=yo",
                        "line[mg, m, v]");
    }

    @Test
    void aLoneLfEndsALineAndABinaryValueIsKeptWhole() {
        assertThat(decodeEverySplit("set k 0 0 4\n\r\n\0\u00ff\r\nversion\n"))
                .containsExactly("store SET k flags=0 exptime=0 cas=0 noreply=false data=\r\n\0\u00ff", "line[version]");
    }

    @Test
    void aDataBlockNotEndingInCrLfIsABadChunk() {
        assertThat(decodeEverySplit("set k 0 0 2\r\nabcd\r\nappend k 0 0 1 noreply\r\nxyz\r\n"))
                .containsExactly("refused CLIENT_ERROR bad data chunk", "line[]",
                        "refused CLIENT_ERROR bad data chunk (quiet)", "line[]");
    }

    @Test
    void malformedStorageLinesAreRefusedWithoutReadingTheData() {
        assertThat(decodeEverySplit("set k 0 0 abc\r\nhi\r\nset k\r\nset k -1 0 1\r\nx\r\nset k 0 0 -1\r\n"
                + "cas k 0 0 1\r\nset k 0 0 1 noreply\r\nx\r\nms k\r\nms k abc\r\n"))
                .containsExactly("refused CLIENT_ERROR bad command line format", "line[hi]",
                        "refused ERROR",
                        "refused CLIENT_ERROR bad command line format", "line[x]",
                        "refused CLIENT_ERROR bad command line format",
                        "refused ERROR",
                        "store SET k flags=0 exptime=0 cas=0 noreply=true data=x",
                        "refused CLIENT_ERROR bad command line format",
                        "refused CLIENT_ERROR bad command line format");
    }

    @Test
    void aKeyPast250BytesOrWithAControlCharacterIsRefused() {
        String longKey = "k".repeat(251);
        assertThat(decode(List.of(("set " + longKey + " 0 0 1\r\nx\r\nset a\tb 0 0 1\r\nx\r\n")
                .getBytes(StandardCharsets.ISO_8859_1))))
                .containsExactly("refused CLIENT_ERROR bad command line format", "line[x]",
                        "refused CLIENT_ERROR bad command line format", "line[x]");
    }

    @Test
    void metaStorageFlagErrorsSwallowTheData() {
        assertThat(decodeEverySplit("ms k 2 F1 F2\r\nhi\r\nms k 2 MX\r\nhi\r\nms k 2 Z\r\nhi\r\nms k 2 Tx\r\nhi\r\nmn\r\n"))
                .containsExactly("refused CLIENT_ERROR duplicate flag",
                        "refused CLIENT_ERROR invalid mode for ms M token",
                        "refused CLIENT_ERROR invalid flag",
                        "refused CLIENT_ERROR bad token in command line format",
                        "line[mn]");
    }

    @Test
    void anOversizedValueIsRefusedAndSwallowedAsItArrives() {
        String big = "x".repeat(5000);
        assertThat(decodeEverySplit("set k 0 0 5000\r\n" + big + "\r\nget k\r\nadd k 0 0 5000 noreply\r\n" + big
                + "\r\nms k 5000 T0\r\n" + big + "\r\nversion\r\n"))
                .containsExactly("refused SERVER_ERROR object too large for cache drop k", "line[get, k]",
                        "refused SERVER_ERROR object too large for cache (quiet)",
                        "refused SERVER_ERROR object too large for cache drop k", "line[version]");
    }

    @Test
    void theOversizedValueIsNeverBuffered() {
        EmbeddedChannel ch = new EmbeddedChannel(new MemcachedDecoder(ITEM_MAX));
        ch.writeInbound(Unpooled.copiedBuffer("set k 0 0 100000000\r\n", StandardCharsets.US_ASCII));
        MemcachedDecoder d = (MemcachedDecoder) ch.pipeline().first();
        assertThat(d.state()).isEqualTo(MemcachedDecoder.State.SWALLOW);
        for (int i = 0; i < 10; i++) { // 10 MB in, nothing kept
            ch.writeInbound(Unpooled.wrappedBuffer(new byte[1 << 20]));
        }
        assertThat(d.heldBytes()).isZero();
        ch.finishAndReleaseAll();
    }

    @Test
    void aLineWithoutNewlinePast2048BytesClosesTheConnectionUnlessItIsAGet() {
        EmbeddedChannel junk = new EmbeddedChannel(new MemcachedDecoder(ITEM_MAX));
        junk.writeInbound(Unpooled.wrappedBuffer(("set " + "k".repeat(3000)).getBytes(StandardCharsets.US_ASCII)));
        assertThat(junk.isOpen()).isFalse();

        EmbeddedChannel get = new EmbeddedChannel(new MemcachedDecoder(ITEM_MAX));
        StringBuilder keys = new StringBuilder("get");
        for (int i = 0; i < 1000; i++) {
            keys.append(" key").append(i);
        }
        get.writeInbound(Unpooled.wrappedBuffer(keys.toString().getBytes(StandardCharsets.US_ASCII)));
        assertThat(get.isOpen()).isTrue();
        get.writeInbound(Unpooled.wrappedBuffer("\r\n".getBytes(StandardCharsets.US_ASCII)));
        MemcachedRequest.Line line = get.readInbound();
        assertThat(line.tokens().length).isEqualTo(1001);
        get.finishAndReleaseAll();
    }
}
