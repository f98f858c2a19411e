package io.cairn.bench.driver.iproto;

import java.io.IOException;

/** Bytes that are not the MessagePack the reader expected: truncated, another type, out of range. */
public final class MsgPackException extends IOException {
    public MsgPackException(String message) {
        super(message);
    }
}
