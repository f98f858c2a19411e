package io.cairn.bench.driver.iproto;

/**
 * One reply as {@link IprotoFrameReader} read it: the header's code and sync, and the frame's
 * bytes with the body map from {@code bodyOffset} to the end.
 *
 * <p>Immutable once read: the reader gives each frame its own array.
 *
 * @param code {@link IprotoFormat#OK}, {@link IprotoFormat#CHUNK}, or {@link IprotoFormat#ERROR_FLAG}
 *     with Tarantool's error code
 * @param sync the sync of the request this answers
 * @param bytes the header and body maps (without the length prefix)
 * @param bodyOffset where the body map starts in {@code bytes}; equal to its length when the frame
 *     has no body
 */
public record IprotoFrame(long code, long sync, byte[] bytes, int bodyOffset) {

    public boolean isError() {
        return (code & IprotoFormat.ERROR_FLAG) != 0;
    }

    /** Tarantool's error code of an error reply ({@code ER_NO_SUCH_SPACE} is 36). */
    public int errorCode() {
        return (int) (code & ~IprotoFormat.ERROR_FLAG);
    }

    /** A reader over the body map. */
    public MsgPackReader body() {
        return new MsgPackReader(bytes, bodyOffset, bytes.length - bodyOffset);
    }
}
