package io.cairn.search;

import java.util.List;

/**
 * What the consistency check ({@code FT.CHECK}) found, comparing an index with the data at one LSN.
 *
 * @param inData keys under the index's prefixes that the index should hold
 * @param inIndex documents in the index
 * @param missing keys the index should hold and does not
 * @param extra documents in the index whose key is gone or no longer indexable
 * @param stale documents indexed from an older value than the key holds
 * @param stable false when writes kept arriving during every attempt, so differences may be in-flight writes
 * @param examples up to ten keys of each kind of difference
 */
public record CheckReport(long lsn, long inData, long inIndex, long missing, long extra, long stale, boolean stable,
        List<String> examples) {

    public boolean consistent() {
        return missing == 0 && extra == 0 && stale == 0;
    }
}
