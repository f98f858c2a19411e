package io.cairn.bench.driver.iproto;

import java.io.InputStream;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.core.buffer.ArrayBufferInput;
import org.msgpack.core.buffer.MessageBufferInput;
import org.msgpack.core.buffer.MessageBufferOutput;

/**
 * Where this package gets its msgpack-core packers and unpackers, so that msgpack-core is set up
 * before its first use: with {@value #UNIVERSAL_BUFFER} true, msgpack-core's own switch, which it
 * reads once when its {@code MessageBuffer} class loads, it keeps bytes in a {@code ByteBuffer}
 * instead of addressing arrays through {@code sun.misc.Unsafe}. JDK 24 and later print a
 * four-line warning on the first use of Unsafe's memory methods (JEP 498), which would otherwise
 * appear in every bench run that talks to Tarantool; the buffers work the same either way. A value
 * the user gave ({@code -Dmsgpack.universal-buffer=false}) is left as it is.
 *
 * <p>Thread-safe: the setting happens once, in the class initializer.
 */
public final class MsgPackBuffers {
    /** msgpack-core's system property choosing its ByteBuffer-backed buffers. */
    public static final String UNIVERSAL_BUFFER = "msgpack.universal-buffer";

    static {
        if (System.getProperty(UNIVERSAL_BUFFER) == null) {
            System.setProperty(UNIVERSAL_BUFFER, "true");
        }
    }

    private MsgPackBuffers() {
    }

    /** A packer writing to {@code out}. */
    public static MessagePacker packer(MessageBufferOutput out) {
        return MessagePack.newDefaultPacker(out);
    }

    /** An unpacker reading (and buffering) {@code in}. */
    public static MessageUnpacker unpacker(InputStream in) {
        return MessagePack.newDefaultUnpacker(in);
    }

    /** An unpacker over {@code bytes}. */
    public static MessageUnpacker unpacker(byte[] bytes) {
        return MessagePack.newDefaultUnpacker(bytes);
    }

    /** An unpacker over {@code in}, for a reader that {@linkplain ArrayBufferInput#reset resets} it per frame. */
    public static MessageUnpacker unpacker(MessageBufferInput in) {
        return MessagePack.newDefaultUnpacker(in);
    }

    /** An empty array input, to {@linkplain ArrayBufferInput#reset(byte[]) reset} onto each frame. */
    public static ArrayBufferInput emptyInput() {
        return new ArrayBufferInput(new byte[0]);
    }
}
