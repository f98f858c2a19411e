package io.cairn.document.codec;

import io.cairn.common.CorruptionException;
import io.cairn.common.FormatVersionException;
import io.cairn.common.Varints;
import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonBoolean;
import io.cairn.document.json.JsonDouble;
import io.cairn.document.json.JsonLimits;
import io.cairn.document.json.JsonLong;
import io.cairn.document.json.JsonNull;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonString;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.Utf8;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Reads the stored form of {@link DocumentFormat} back into a tree, trusting nothing: every length
 * is checked against the bytes left before anything is allocated for it, nesting is limited by
 * {@link JsonLimits#maxDepth()}, and any departure from the canonical encoding (unknown tag,
 * non-shortest varint, invalid UTF-8, repeated key, non-finite double, bytes after the value) is a
 * {@link CorruptionException} naming the resource and the byte offset. A version other than 1 is a
 * {@link FormatVersionException}. Each call has its own state; the class is thread-safe.
 */
public final class DocumentDecoder {
    private final ByteBuffer in;
    private final String resource;
    private final int maxDepth;
    private int depth;

    private DocumentDecoder(byte[] bytes, String resource, int maxDepth) {
        this.in = ByteBuffer.wrap(bytes);
        this.resource = resource;
        this.maxDepth = maxDepth;
    }

    /** Decodes {@code bytes} under the default limits, naming the resource {@code "document"} in errors. */
    public static JsonValue decode(byte[] bytes) {
        return decode(bytes, "document", JsonLimits.DEFAULT);
    }

    /**
     * Decodes a whole stored document.
     *
     * @param resource what to call the bytes in errors, e.g. the key or the file and record
     * @throws CorruptionException when the bytes are not a canonical version-1 document
     * @throws FormatVersionException when the version byte is not 1
     */
    public static JsonValue decode(byte[] bytes, String resource, JsonLimits limits) {
        DocumentDecoder decoder = new DocumentDecoder(bytes, resource, limits.maxDepth());
        if (bytes.length == 0) {
            throw decoder.corrupt(0, "truncated document: no version byte");
        }
        int version = bytes[0] & 0xFF;
        if (version != DocumentFormat.VERSION) {
            throw new FormatVersionException(resource, version, DocumentFormat.VERSION, DocumentFormat.VERSION);
        }
        decoder.in.position(1);
        JsonValue value = decoder.value();
        if (decoder.in.hasRemaining()) {
            throw decoder.corrupt(decoder.in.position(),
                    "trailing bytes after the document: " + decoder.in.remaining());
        }
        return value;
    }

    private JsonValue value() {
        int at = in.position();
        if (!in.hasRemaining()) {
            throw corrupt(at, "truncated document: expected a value tag");
        }
        byte tag = in.get();
        return switch (tag) {
            case DocumentFormat.NULL -> JsonNull.INSTANCE;
            case DocumentFormat.FALSE -> JsonBoolean.FALSE;
            case DocumentFormat.TRUE -> JsonBoolean.TRUE;
            case DocumentFormat.INTEGER -> new JsonLong(DocumentFormat.unzigzag(varint()));
            case DocumentFormat.DOUBLE -> decodeDouble();
            case DocumentFormat.STRING -> new JsonString(string());
            case DocumentFormat.ARRAY -> array(at);
            case DocumentFormat.OBJECT -> object(at);
            default -> throw corrupt(at, "unknown value tag: " + (tag & 0xFF) + " (expected: 0..7)");
        };
    }

    private JsonDouble decodeDouble() {
        int at = in.position();
        if (in.remaining() < 8) {
            throw corrupt(at, "truncated double: " + in.remaining() + " bytes left (expected: 8)");
        }
        long bits = 0;
        for (int i = 0; i < 8; i++) {
            bits |= (in.get() & 0xFFL) << (8 * i);
        }
        double d = Double.longBitsToDouble(bits);
        if (!Double.isFinite(d)) {
            throw corrupt(at, "non-finite double: " + d);
        }
        return new JsonDouble(d);
    }

    private JsonArray array(int at) {
        enter(at);
        int count = length(DocumentFormat.MIN_VALUE_BYTES, "array length");
        JsonArray array = new JsonArray(count);
        for (int i = 0; i < count; i++) {
            array.add(value());
        }
        depth--;
        return array;
    }

    private JsonObject object(int at) {
        enter(at);
        int count = length(DocumentFormat.MIN_MEMBER_BYTES, "object size");
        JsonObject object = new JsonObject(count);
        for (int i = 0; i < count; i++) {
            int keyAt = in.position();
            String key = string();
            if (object.containsKey(key)) {
                throw corrupt(keyAt, "repeated object key: \"" + key + "\"");
            }
            object.put(key, value());
        }
        depth--;
        return object;
    }

    private void enter(int at) {
        if (++depth > maxDepth) {
            throw corrupt(at, "nesting depth: " + depth + " (expected: <= " + maxDepth + ")");
        }
    }

    private String string() {
        int length = length(1, "string length");
        int from = in.position();
        byte[] bytes = in.array();
        if (Utf8.isAscii(bytes, from, from + length)) {
            in.position(from + length);
            return new String(bytes, from, length, StandardCharsets.ISO_8859_1);
        }
        int bad = Utf8.firstInvalid(bytes, from, from + length);
        if (bad >= 0) {
            throw corrupt(bad, bad < from + length
                    ? String.format("invalid UTF-8 byte 0x%02x in string", bytes[bad] & 0xFF)
                    : "truncated UTF-8 sequence in string");
        }
        in.position(from + length);
        return new String(bytes, from, length, StandardCharsets.UTF_8);
    }

    /**
     * A count of things each taking at least {@code minBytes}: refused when the bytes left could
     * not hold them, so a damaged length never makes the decoder allocate.
     */
    private int length(int minBytes, String what) {
        int at = in.position();
        long n = varint();
        long fits = in.remaining() / minBytes;
        if (n < 0 || n > fits) {
            throw corrupt(at, what + ": " + Long.toUnsignedString(n) + " (expected: <= " + fits + ", the bytes left)");
        }
        return (int) n;
    }

    private long varint() {
        int at = in.position();
        long v;
        try {
            v = Varints.get(in);
        } catch (BufferUnderflowException e) {
            throw corrupt(at, "truncated varint");
        } catch (IllegalArgumentException e) {
            throw corrupt(at, "varint longer than 10 bytes");
        }
        int used = in.position() - at;
        if (used == 10 && (in.get(at + 9) & 0xFF) > 1) {
            throw corrupt(at, "varint overflows 64 bits");
        }
        if (used != Varints.sizeOf(v)) {
            throw corrupt(at, "non-canonical varint: " + used + " bytes (expected: " + Varints.sizeOf(v) + ")");
        }
        return v;
    }

    private CorruptionException corrupt(long offset, String detail) {
        return new CorruptionException(resource, offset, detail);
    }
}
