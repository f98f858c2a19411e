package io.cairn.bench.driver.iproto;

import org.msgpack.core.MessageUnpacker;

/**
 * One reply as {@link IprotoFrameReader} read it: the header's code and sync, and the bytes of the
 * body map (empty when the frame has none).
 *
 * <p>Immutable once read: the reader gives each frame its own array, which nobody writes.
 *
 * @param code {@link IprotoFormat#OK}, {@link IprotoFormat#CHUNK}, or {@link IprotoFormat#ERROR_FLAG}
 *     with Tarantool's error code
 * @param sync the sync of the request this answers
 * @param body the body map's bytes
 */
public record IprotoFrame(long code, long sync, byte[] body) {

    public boolean isError() {
        return (code & IprotoFormat.ERROR_FLAG) != 0;
    }

    /** Tarantool's error code of an error reply ({@code ER_NO_SUCH_SPACE} is 36). */
    public int errorCode() {
        return (int) (code & ~IprotoFormat.ERROR_FLAG);
    }

    /** A new unpacker over the body; a connection reading many frames resets one instead. */
    public MessageUnpacker unpackBody() {
        return MsgPackBuffers.unpacker(body);
    }
}
