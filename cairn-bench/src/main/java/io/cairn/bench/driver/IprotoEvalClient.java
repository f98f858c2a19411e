package io.cairn.bench.driver;

import io.cairn.bench.driver.iproto.IprotoFormat;
import io.cairn.bench.driver.iproto.IprotoFrame;
import io.cairn.bench.driver.iproto.IprotoFrameReader;
import io.cairn.bench.driver.iproto.RequestBuffer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;

/**
 * A window into a Tarantool peer outside any measurement: runs Lua by IPROTO EVAL and returns what
 * it returned (the bench reads vinyl's statistics with it; tests check what the driver stored
 * without going through the driver). Strings decode as String, bins as byte[], integers as Long,
 * floats as Double, arrays as List, maps as Map, nil as null.
 *
 * <p>Owns one connection; not thread-safe.
 */
public final class IprotoEvalClient implements AutoCloseable {
    private final Socket socket;
    private final IprotoFrameReader frames;
    private long sync;

    public IprotoEvalClient(InetSocketAddress address) throws IOException {
        socket = new Socket();
        socket.connect(address, 5000);
        socket.setSoTimeout(30_000);
        frames = new IprotoFrameReader(socket.getInputStream());
        frames.readGreeting();
    }

    /** The values {@code lua} returned (its arguments are {@code ...}); an error reply throws. */
    public List<Object> eval(String lua, Object... args) throws IOException {
        RequestBuffer request = new RequestBuffer(256);
        MessagePacker w = request.packer();
        int at = request.begin();
        w.packMapHeader(2).packLong(IprotoFormat.REQUEST_TYPE).packLong(IprotoFormat.EVAL)
                .packLong(IprotoFormat.SYNC).packLong(++sync);
        w.packMapHeader(2).packLong(IprotoFormat.EXPR).packString(lua);
        w.packLong(IprotoFormat.TUPLE).packArrayHeader(args.length);
        for (Object a : args) {
            switch (a) {
                case String s -> w.packString(s);
                case byte[] b -> w.packBinaryHeader(b.length).writePayload(b);
                case Number n -> w.packLong(n.longValue());
                default -> throw new IllegalArgumentException("arg: " + a);
            }
        }
        request.end(at);
        request.writeTo(socket.getOutputStream());
        IprotoFrame frame = frames.next();
        Map<?, ?> map = (Map<?, ?>) read(frame.unpackBody());
        if (frame.isError()) {
            throw new IOException("eval failed: " + map.get((long) IprotoFormat.ERROR));
        }
        @SuppressWarnings("unchecked")
        List<Object> data = (List<Object>) map.get((long) IprotoFormat.DATA);
        return data;
    }

    static Object read(MessageUnpacker r) throws IOException {
        return switch (r.getNextFormat().getValueType()) {
            case NIL -> {
                r.unpackNil();
                yield null;
            }
            case BOOLEAN -> r.unpackBoolean();
            case INTEGER -> r.unpackLong();
            case FLOAT -> r.unpackDouble();
            case STRING -> r.unpackString();
            case BINARY -> r.readPayload(r.unpackBinaryHeader());
            case ARRAY -> {
                int n = r.unpackArrayHeader();
                List<Object> list = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    list.add(read(r));
                }
                yield list;
            }
            case MAP -> {
                int n = r.unpackMapHeader();
                Map<Object, Object> map = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    map.put(read(r), read(r));
                }
                yield map;
            }
            case EXTENSION -> {
                r.skipValue();
                yield "<ext>";
            }
        };
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
