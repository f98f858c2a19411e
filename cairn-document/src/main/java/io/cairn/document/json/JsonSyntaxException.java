package io.cairn.document.json;

import io.cairn.common.InvalidRequestException;

/**
 * JSON text that is not RFC 8259 JSON, or breaks a {@link JsonLimits}. The message names what was
 * expected and where, e.g. {@code expected ',' or '}' at line 1, column 14 (offset 13)}: the line
 * and column count from 1 (the column in characters), the offset from 0 in bytes.
 */
public final class JsonSyntaxException extends InvalidRequestException {
    private final long offset;
    private final int line;
    private final int column;

    JsonSyntaxException(String problem, long offset, int line, int column) {
        super(problem + " at line " + line + ", column " + column + " (offset " + offset + ")");
        this.offset = offset;
        this.line = line;
        this.column = column;
    }

    /** Byte offset of the problem from the start of the input. */
    public long offset() {
        return offset;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
