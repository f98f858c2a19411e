package io.cairn.server.command.script;

import io.cairn.common.InvalidRequestException;
import io.cairn.server.rdb.MalformedPayloadException;
import io.cairn.server.rdb.RdbFormat;
import io.cairn.server.rdb.RdbInput;
import io.cairn.server.rdb.RdbOutput;
import java.util.ArrayList;
import java.util.List;

/**
 * FUNCTION DUMP's payload in Redis's own serialization, so a dump moves between Cairn and Redis:
 * per library the RDB opcode {@code 245} (FUNCTION2) and its code as an RDB string, then the
 * footer of every DUMP payload ({@link RdbFormat}: RDB version and CRC-64). Codes are read in
 * every RDB string form ({@link RdbInput}: LZF-compressed too, as Redis writes code of more than
 * 20 bytes) and written uncompressed. The same payload is what the store logs and snapshots for
 * the libraries. Stateless.
 */
final class FunctionDump {
    /** The RDB version written: Redis 7.2's. */
    static final int RDB_VERSION = RdbFormat.MAX_READ_VERSION;

    private FunctionDump() {
    }

    /** The payload of these libraries' codes. */
    static byte[] write(List<byte[]> codes) {
        RdbOutput out = new RdbOutput();
        for (byte[] code : codes) {
            out.u8(RdbFormat.OPCODE_FUNCTION2);
            out.rawString(code);
        }
        return out.seal(RDB_VERSION);
    }

    /** The libraries' codes in a payload; refuses a wrong version or checksum, or a damaged body, in Redis's words. */
    static List<byte[]> read(byte[] payload) {
        int end = RdbFormat.bodyEnd(payload);
        RdbInput in = new RdbInput(payload, 0, end, Integer.MAX_VALUE - 8);
        List<byte[]> codes = new ArrayList<>();
        try {
            while (in.remaining() > 0) {
                if (in.u8() != RdbFormat.OPCODE_FUNCTION2) {
                    throw new InvalidRequestException("ERR given type is not a function");
                }
                codes.add(in.string());
            }
        } catch (MalformedPayloadException e) {
            throw new InvalidRequestException(RdbFormat.WRONG_PAYLOAD);
        }
        return codes;
    }
}
