package io.cairn.search;

import java.util.List;
import java.util.Map;

/**
 * What {@code FT.AGGREGATE} and {@code FT.CURSOR READ} answer.
 *
 * @param total groups (with GROUPBY) or matching documents (without)
 * @param rows property/value pairs per row
 * @param cursorId the cursor to read the next rows with; 0 when there are no more (or no cursor)
 */
public record AggregateResult(long total, List<List<Map.Entry<String, byte[]>>> rows, long cursorId) {
}
