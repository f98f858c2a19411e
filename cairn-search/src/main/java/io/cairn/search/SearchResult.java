package io.cairn.search;

import java.util.List;
import java.util.Map;

/**
 * What {@code FT.SEARCH} answers: the number of matches and one page of hits.
 *
 * @param total every document the query matched, not only this page
 */
public record SearchResult(long total, List<Hit> hits) {

    /**
     * One match. {@code fields} is null with NOCONTENT; otherwise name/value pairs in order (for a
     * JSON index without RETURN, the single pair {@code "$"} and the document).
     */
    public record Hit(byte[] key, double score, List<Map.Entry<String, byte[]>> fields) {
    }
}
