package io.cairn.bench.driver.iproto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;

class RequestBufferTest {

    /** A request as the driver writes one: header {type, sync}, body {key: str}. */
    private static void request(RequestBuffer b, long sync, String key) throws Exception {
        int at = b.begin();
        b.packer().packMapHeader(2).packLong(IprotoFormat.REQUEST_TYPE).packLong(IprotoFormat.SELECT)
                .packLong(IprotoFormat.SYNC).packLong(sync);
        b.packer().packMapHeader(1).packLong(IprotoFormat.KEY).packString(key);
        b.end(at);
    }

    @Test
    void eachRequestGetsAUint32LengthPrefixCountingTheBytesAfterIt() throws Exception {
        RequestBuffer b = new RequestBuffer(16); // small: packing must grow it several times
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            keys.add("k" + "x".repeat(i % 70));
            request(b, i + 1, keys.getLast());
        }
        byte[] bytes = b.toByteArray();
        MessageUnpacker u = MessagePack.newDefaultUnpacker(bytes);
        for (int i = 0; i < keys.size(); i++) {
            assertThat(bytes[(int) u.getTotalReadBytes()]).as("prefix format of request %d", i)
                    .isEqualTo((byte) 0xce);
            long length = u.unpackLong();
            long start = u.getTotalReadBytes();
            u.skipValue(); // header
            assertThat(u.unpackMapHeader()).isEqualTo(1);
            assertThat(u.unpackLong()).isEqualTo(IprotoFormat.KEY);
            assertThat(u.unpackString()).isEqualTo(keys.get(i));
            assertThat(u.getTotalReadBytes() - start).as("length of request %d", i).isEqualTo(length);
        }
        assertThat(u.hasNext()).isFalse();
    }

    @Test
    void requestsWrittenOutAreReadBackByTheFrameReader() throws Exception {
        RequestBuffer b = new RequestBuffer(64);
        request(b, 7, "first");
        request(b, 8, "ü".repeat(40_000)); // past the packer's own buffer: written around it
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        b.writeTo(wire);
        assertThat(b.size()).isZero();
        request(b, 9, "after a write");
        b.writeTo(wire);

        IprotoFrameReader frames = new IprotoFrameReader(new ByteArrayInputStream(wire.toByteArray()));
        for (long sync = 7; sync <= 9; sync++) {
            IprotoFrame f = frames.next();
            assertThat(f.code()).isEqualTo(IprotoFormat.SELECT);
            assertThat(f.sync()).isEqualTo(sync);
            MessageUnpacker body = f.unpackBody();
            body.unpackMapHeader();
            body.unpackLong();
            assertThat(body.unpackString()).hasSize(sync == 8 ? 40_000 : sync == 7 ? 5 : 13);
        }
    }

    @Test
    void truncateForgetsAHalfPackedRequest() throws Exception {
        RequestBuffer b = new RequestBuffer(32);
        request(b, 1, "kept");
        int mark = b.size();
        b.begin();
        b.packer().packMapHeader(2).packLong(0).packString("y".repeat(100)); // and then the command fails
        b.truncate(mark);
        assertThat(b.size()).isEqualTo(mark);
        request(b, 2, "next");
        IprotoFrameReader frames = new IprotoFrameReader(new ByteArrayInputStream(b.toByteArray()));
        assertThat(frames.next().sync()).isEqualTo(1);
        assertThat(frames.next().sync()).isEqualTo(2);
        assertThatThrownBy(() -> b.truncate(b.size() + 1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void endRefusesAnOffsetThatBeginDidNotReturn() throws Exception {
        RequestBuffer b = new RequestBuffer(32);
        int at = b.begin();
        b.packer().packLong(1);
        assertThatThrownBy(() -> b.end(at + 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RequestBuffer(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("initialCapacity: 0 (expected: > 0)");
    }
}
