package io.cairn.document.path;

import io.cairn.common.InvalidRequestException;

/**
 * A path that is neither valid JSONPath nor a valid legacy path. The message names the problem,
 * the character offset (from 0) and the path, e.g.
 * {@code JSON Path error: expected ']' at offset 5 in '$.a[0'}.
 */
public final class PathSyntaxException extends InvalidRequestException {
    private final int offset;

    PathSyntaxException(String path, int offset, String problem) {
        super("JSON Path error: " + problem + " at offset " + offset + " in '" + path + "'");
        this.offset = offset;
    }

    /** Character offset of the problem in the path text. */
    public int offset() {
        return offset;
    }
}
