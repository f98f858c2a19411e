package io.cairn.bench.driver.iproto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;

class IprotoFrameReaderTest {

    private static IprotoFrameReader reader(byte[] bytes) {
        return new IprotoFrameReader(new ByteArrayInputStream(bytes));
    }

    /** A reply frame with its length in {@code prefixFormat}: header {code, sync, schema}, then {@code body}. */
    private static byte[] frame(int prefixFormat, long code, long sync, byte[] body) throws IOException {
        MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
        p.packMapHeader(3).packLong(IprotoFormat.REQUEST_TYPE).packLong(code).packLong(IprotoFormat.SYNC)
                .packLong(sync).packLong(IprotoFormat.SCHEMA_VERSION).packLong(80);
        p.writePayload(body);
        byte[] frame = p.toByteArray();
        byte n = (byte) frame.length;
        byte[] prefix = switch (prefixFormat) {
            case 0x00 -> new byte[] {n};
            case 0xcc -> new byte[] {(byte) 0xcc, n};
            case 0xcd -> new byte[] {(byte) 0xcd, 0, n};
            case 0xce -> new byte[] {(byte) 0xce, 0, 0, 0, n};
            default -> new byte[] {(byte) 0xcf, 0, 0, 0, 0, 0, 0, 0, n};
        };
        byte[] all = Arrays.copyOf(prefix, prefix.length + frame.length);
        System.arraycopy(frame, 0, all, prefix.length, frame.length);
        return all;
    }

    private static byte[] errorBody(String message) throws IOException {
        MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
        p.packMapHeader(1).packLong(IprotoFormat.ERROR).packString(message);
        return p.toByteArray();
    }

    @ParameterizedTest(name = "length prefix 0x{0}")
    @ValueSource(ints = {0x00, 0xcc, 0xcd, 0xce, 0xcf})
    void everyUnsignedLengthFormIsAccepted(int format) throws IOException {
        byte[] body = errorBody("boom");
        IprotoFrame f = reader(frame(format, IprotoFormat.ERROR_FLAG | 36, 5, body)).next();
        assertThat(f.isError()).isTrue();
        assertThat(f.errorCode()).isEqualTo(36);
        assertThat(f.sync()).isEqualTo(5);
        assertThat(f.body()).isEqualTo(body);
    }

    @Test
    void aFrameWithoutABodyHasAnEmptyOne() throws IOException {
        IprotoFrame f = reader(frame(0xce, IprotoFormat.OK, 1, new byte[0])).next();
        assertThat(f.body()).isEmpty();
        assertThat(f.unpackBody().hasNext()).isFalse();
    }

    @Test
    void aLengthThatIsNotAnUnsignedIntegerIsRefused() {
        assertThatThrownBy(() -> reader(new byte[] {(byte) 0xa1, 'x'}).next()).isInstanceOf(IOException.class)
                .hasMessageStartingWith("protocol: frame length is a MessagePack FIXSTR");
        assertThatThrownBy(() -> reader(new byte[] {(byte) 0xff}).next()).isInstanceOf(IOException.class)
                .hasMessageContaining("NEGFIXINT");
        byte[] huge = {(byte) 0xce, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff};
        assertThatThrownBy(() -> reader(huge).next()).isInstanceOf(IOException.class)
                .hasMessage("protocol: frame length 2147483647 (expected: <= " + IprotoFrameReader.MAX_FRAME_BYTES + ")");
    }

    @Test
    void aStreamEndingInsideAFrameIsAnEof() throws IOException {
        byte[] whole = frame(0xce, IprotoFormat.OK, 1, errorBody("abc"));
        for (int cut = 0; cut < whole.length; cut++) {
            IprotoFrameReader r = reader(Arrays.copyOf(whole, cut));
            assertThatThrownBy(r::next).as("cut at %d", cut).isInstanceOf(EOFException.class);
        }
    }

    @Test
    void aHeaderWithoutSyncOrLongerThanItsFrameIsRefused() throws IOException {
        MessageBufferPacker noSync = MessagePack.newDefaultBufferPacker();
        noSync.packLong(3).packMapHeader(1).packLong(IprotoFormat.REQUEST_TYPE).packLong(0);
        assertThatThrownBy(() -> reader(noSync.toByteArray()).next()).isInstanceOf(IOException.class)
                .hasMessage("protocol: reply header without sync");
        MessageBufferPacker tooLong = MessagePack.newDefaultBufferPacker();
        tooLong.packLong(2).packMapHeader(2).packLong(0).packLong(0).packLong(1).packLong(1);
        assertThatThrownBy(() -> reader(tooLong.toByteArray()).next()).isInstanceOf(IOException.class)
                .hasMessage("protocol: a header of 5 bytes in a frame of 2");
        MessageBufferPacker notAMap = MessagePack.newDefaultBufferPacker();
        notAMap.packLong(3).packString("no");
        assertThatThrownBy(() -> reader(notAMap.toByteArray()).next()).isInstanceOf(IOException.class)
                .hasMessageStartingWith("protocol: ");
    }

    @Test
    void theGreetingMustBeTarantools() throws IOException {
        byte[] greeting = new byte[IprotoFormat.GREETING_BYTES];
        Arrays.fill(greeting, (byte) ' ');
        byte[] line = "Tarantool 2.6.0 (Binary) x".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(line, 0, greeting, 0, line.length);
        assertThat(reader(greeting).readGreeting()).isEqualTo("Tarantool 2.6.0 (Binary) x");
        greeting[0] = 'X';
        assertThatThrownBy(() -> reader(greeting).readGreeting())
                .hasMessageContaining("greeting starts with \"Xarantool");
        assertThatThrownBy(() -> reader(new byte[10]).readGreeting()).isInstanceOf(EOFException.class);
    }
}
