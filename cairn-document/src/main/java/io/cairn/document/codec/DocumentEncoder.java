package io.cairn.document.codec;

import io.cairn.common.Varints;
import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonBoolean;
import io.cairn.document.json.JsonDouble;
import io.cairn.document.json.JsonLong;
import io.cairn.document.json.JsonNull;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonString;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.Utf8;
import java.util.Arrays;
import java.util.Map;

/**
 * Writes a {@link JsonValue} in the stored form of {@link DocumentFormat} (version 1). The output
 * is canonical: one tree has exactly one encoding, so equal documents have equal bytes. Each call
 * uses its own buffer; the class is thread-safe, the tree must not change while it is encoded.
 */
public final class DocumentEncoder {
    private byte[] buf = new byte[64];
    private int len;
    private final long maxBytes;

    private DocumentEncoder(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** The stored bytes of {@code document}: the version byte, then the value. */
    public static byte[] encode(JsonValue document) {
        return encode(document, Integer.MAX_VALUE - 8);
    }

    /**
     * As {@link #encode(JsonValue)}, refusing as soon as the stored form would pass
     * {@code maxBytes}, before allocating for more.
     *
     * @throws io.cairn.common.InvalidRequestException worded {@code ERR document size: ...}
     */
    public static byte[] encode(JsonValue document, long maxBytes) {
        DocumentEncoder encoder = new DocumentEncoder(maxBytes);
        encoder.ensure(1);
        encoder.buf[encoder.len++] = DocumentFormat.VERSION;
        encoder.value(document);
        return Arrays.copyOf(encoder.buf, encoder.len);
    }

    private void value(JsonValue value) {
        switch (value) {
            case JsonNull ignored -> tag(DocumentFormat.NULL);
            case JsonBoolean b -> tag(b.value() ? DocumentFormat.TRUE : DocumentFormat.FALSE);
            case JsonLong n -> {
                tag(DocumentFormat.INTEGER);
                varint(DocumentFormat.zigzag(n.value()));
            }
            case JsonDouble d -> {
                tag(DocumentFormat.DOUBLE);
                ensure(8);
                long bits = Double.doubleToRawLongBits(d.value());
                for (int i = 0; i < 8; i++) {
                    buf[len++] = (byte) (bits >>> (8 * i));
                }
            }
            case JsonString s -> {
                tag(DocumentFormat.STRING);
                utf8(s.value());
            }
            case JsonArray a -> {
                tag(DocumentFormat.ARRAY);
                varint(a.size());
                for (JsonValue element : a.elements()) {
                    value(element);
                }
            }
            case JsonObject o -> {
                tag(DocumentFormat.OBJECT);
                varint(o.size());
                for (Map.Entry<String, JsonValue> member : o.members()) {
                    utf8(member.getKey());
                    value(member.getValue());
                }
            }
        }
    }

    private void tag(byte tag) {
        ensure(1);
        buf[len++] = tag;
    }

    private void varint(long v) {
        ensure(Varints.sizeOf(v));
        len = Varints.put(buf, len, v);
    }

    private void utf8(String s) {
        if (Utf8.firstLoneSurrogate(s) >= 0) {
            // never write bytes the decoder would refuse as corrupt
            throw new IllegalArgumentException("string with an unpaired surrogate (expected: valid Unicode)");
        }
        int n = Utf8.encodedLength(s);
        varint(n);
        ensure(n);
        len = Utf8.encode(s, buf, len);
    }

    private void ensure(int more) {
        if (len + (long) more > maxBytes) {
            throw new io.cairn.common.InvalidRequestException("ERR document size: more than " + maxBytes
                    + " bytes once stored (expected: <= " + maxBytes + ")");
        }
        if (len + more > buf.length) {
            long wanted = Math.max((long) buf.length * 2, (long) len + more);
            if (wanted > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("document: " + wanted + " bytes (expected: < 2 GiB)");
            }
            buf = Arrays.copyOf(buf, (int) wanted);
        }
    }
}
