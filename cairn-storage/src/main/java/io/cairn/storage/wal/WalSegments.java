package io.cairn.storage.wal;

import io.cairn.storage.io.FileSystem;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Finds the segment files in a directory. Stateless. */
public final class WalSegments {
    private WalSegments() {
    }

    /** The segments in {@code dir}, ordered by first LSN. Files with other names are ignored. */
    public static List<WalSegment> list(FileSystem fs, Path dir) throws IOException {
        List<WalSegment> out = new ArrayList<>();
        for (String name : fs.list(dir)) {
            long first = WalFormat.parseSegmentName(name);
            if (first >= 0) {
                out.add(new WalSegment(dir.resolve(name), first));
            }
        }
        out.sort(null);
        return out;
    }
}
