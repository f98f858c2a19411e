package io.cairn.cli.load;

import io.cairn.document.json.JsonDouble;
import io.cairn.document.json.JsonNumber;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonString;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * CSV with a header row: each later row becomes one object whose fields are named by the header,
 * in header order. A value that is a JSON number ({@code 42}, {@code -1.5}, {@code 6e23}) becomes
 * a number, except an integer too large for 64 bits, which stays a string so no digit is lost; an
 * empty value is left out; any other value is a string. A row's id is its number among the data
 * rows, from 1; errors name the line it starts on. Values must be UTF-8 (a byte-order mark before
 * the header is ignored).
 */
final class CsvSource implements RecordSource {
    private static final Pattern JSON_NUMBER = Pattern.compile("-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");

    private final String name;
    private final InputStream in;
    private final CsvReader reader;
    private final long totalBytes;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private List<String> header;
    private long row;

    /**
     * @param name the file name (or {@code stdin}) that errors name
     * @param totalBytes the input's size, or -1 when not known
     */
    CsvSource(String name, InputStream in, long maxBytes, long totalBytes) {
        this.name = name;
        this.in = in;
        this.reader = new CsvReader(in, maxBytes);
        this.totalBytes = totalBytes;
    }

    @Override
    public SourceRecord next() throws IOException {
        if (header == null && !readHeader()) {
            return null;
        }
        CsvReader.Row r = reader.next();
        if (r == null) {
            return null;
        }
        row++;
        String id = Long.toString(row);
        String where = name + ":" + r.line();
        if (r.problem() != null) {
            return SourceRecord.bad(where, id, r.problem());
        }
        List<byte[]> fields = r.fields();
        if (fields.size() != header.size()) {
            return SourceRecord.bad(where, id, "row has " + fields.size() + " fields (expected: "
                    + header.size() + ", as the header)");
        }
        JsonObject o = new JsonObject(fields.size());
        for (int i = 0; i < fields.size(); i++) {
            byte[] f = fields.get(i);
            if (f.length == 0) {
                continue;
            }
            String text;
            try {
                text = decode(f);
            } catch (CharacterCodingException e) {
                return SourceRecord.bad(where, id, "field '" + header.get(i) + "' is not valid UTF-8");
            }
            o.put(header.get(i), value(text, f));
        }
        return SourceRecord.of(where, id, JsonWriter.write(o).getBytes(StandardCharsets.UTF_8));
    }

    /** Reads the header; false when the input is empty. */
    private boolean readHeader() throws IOException {
        CsvReader.Row r = reader.next();
        if (r == null) {
            return false;
        }
        if (r.problem() != null) {
            throw new IOException(name + ":" + r.line() + ": bad header row: " + r.problem());
        }
        List<byte[]> fields = r.fields();
        byte[] first = fields.getFirst();
        if (first.length >= 3 && (first[0] & 0xff) == 0xef && (first[1] & 0xff) == 0xbb && (first[2] & 0xff) == 0xbf) {
            fields.set(0, Arrays.copyOfRange(first, 3, first.length));
        }
        Set<String> seen = new HashSet<>();
        ArrayList<String> names = new ArrayList<>(fields.size());
        for (int i = 0; i < fields.size(); i++) {
            String n;
            try {
                n = decode(fields.get(i));
            } catch (CharacterCodingException e) {
                throw new IOException(name + ": header field " + (i + 1) + " is not valid UTF-8");
            }
            if (n.isEmpty()) {
                throw new IOException(name + ": header field " + (i + 1) + " is empty (expected: a field name)");
            }
            if (!seen.add(n)) {
                throw new IOException(name + ": header names '" + n + "' twice (expected: unique field names)");
            }
            names.add(n);
        }
        header = List.copyOf(names);
        return true;
    }

    private static JsonValue value(String text, byte[] raw) {
        if (!JSON_NUMBER.matcher(text).matches()) {
            return new JsonString(text);
        }
        JsonValue n;
        try {
            n = JsonParser.parse(raw);
        } catch (RuntimeException e) {
            return new JsonString(text); // beyond the double range
        }
        boolean integral = text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0;
        if (n instanceof JsonDouble && integral) {
            return new JsonString(text); // an integer past 64 bits would lose digits as a double
        }
        return (JsonNumber) n;
    }

    private String decode(byte[] b) throws CharacterCodingException {
        return utf8.decode(ByteBuffer.wrap(b)).toString();
    }

    @Override
    public long bytesRead() {
        return reader.bytesRead();
    }

    @Override
    public long totalBytes() {
        return totalBytes;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
