package io.cairn.storage.wal;

import java.nio.file.Path;

/** A segment file on disk and the first LSN its name promises. */
public record WalSegment(Path path, long firstLsn) implements Comparable<WalSegment> {
    @Override
    public int compareTo(WalSegment o) {
        return Long.compare(firstLsn, o.firstLsn);
    }

    public String name() {
        return path.getFileName().toString();
    }
}
