package io.cairn.disk;

import io.cairn.common.CorruptionException;
import io.cairn.common.StorageIOException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/**
 * RocksDB's statuses as Cairn's errors: a Corruption status is a {@link CorruptionException} naming
 * the damaged file when RocksDB's message names one (else the directory) and the offset when it
 * gives one; anything else is an {@link IOException} (or, where no checked exception may leave,
 * a {@link StorageIOException}) carrying RocksDB's message.
 */
final class RocksFailures {
    /** The names RocksDB gives its files: tables, logs, blobs, MANIFEST, CURRENT, OPTIONS... */
    private static final Pattern FILE = Pattern.compile(
            "(?<![\\w-])(\\d+\\.(?:sst|log|blob)|MANIFEST-\\d+|OPTIONS-\\d+|CURRENT|IDENTITY)\\b");
    private static final Pattern OFFSET = Pattern.compile("\\boffset (\\d+)");

    private RocksFailures() {
    }

    static boolean isCorruption(RocksDBException e) {
        Status s = e.getStatus();
        return s != null ? s.getCode() == Status.Code.Corruption : String.valueOf(e.getMessage()).startsWith("Corruption");
    }

    static CorruptionException corruption(Path dir, RocksDBException e) {
        String message = String.valueOf(e.getMessage());
        Matcher file = FILE.matcher(message);
        String resource = file.find() ? dir.resolve(file.group(1)).toString() : dir.toString();
        Matcher offset = OFFSET.matcher(message);
        long at = offset.find() ? Long.parseLong(offset.group(1)) : -1;
        CorruptionException c = new CorruptionException(resource, at, "RocksDB: " + message);
        c.initCause(e);
        return c;
    }

    /** For the calls that may throw {@code IOException}. */
    static IOException checked(Path dir, String what, RocksDBException e) {
        if (isCorruption(e)) {
            throw corruption(dir, e);
        }
        return new IOException(what + " in " + dir + ": " + e.getMessage(), e);
    }

    /** For reads, which may not throw a checked exception. */
    static RuntimeException unchecked(Path dir, String what, RocksDBException e) {
        if (isCorruption(e)) {
            return corruption(dir, e);
        }
        return new StorageIOException(what + " in " + dir, e);
    }
}
