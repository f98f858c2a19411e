package io.cairn.cli.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Every file with one extension under a directory, subdirectories included, in the order of their
 * paths relative to the root (so two runs load in the same order). Each file is one record whose
 * id is its name without the extension; a file larger than the limit is refused by its size,
 * without being read. The file list is taken once, at construction.
 */
final class DirectorySource implements RecordSource {

    /** Turns a file's bytes into JSON text, or throws with the reason it cannot. */
    interface Converter {
        byte[] toJson(byte[] content) throws InvalidRecordException;
    }

    /** A file that cannot become a JSON document; the message is shown as the record's error. */
    static final class InvalidRecordException extends Exception {
        InvalidRecordException(String message) {
            super(message);
        }
    }

    private final Path root;
    private final List<Path> files;
    private final Converter converter;
    private final long maxBytes;
    private final long totalBytes;
    private int next;
    private volatile long bytesRead;

    /** Lists the files of {@code root} ending in {@code extension} (e.g. {@code .json}, any case). */
    DirectorySource(Path root, String extension, Converter converter, long maxBytes) throws IOException {
        this.root = root;
        this.converter = converter;
        this.maxBytes = maxBytes;
        String ext = extension.toLowerCase(Locale.ROOT);
        try (Stream<Path> walk = Files.walk(root)) {
            this.files = walk.filter(p -> p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(ext))
                    .filter(Files::isRegularFile)
                    .map(root::relativize)
                    .sorted()
                    .toList();
        } catch (UncheckedIOException e) {
            throw e.getCause(); // a subdirectory that cannot be listed
        }
        long total = 0;
        for (Path f : files) {
            total += Files.size(root.resolve(f));
        }
        this.totalBytes = total;
    }

    @Override
    public SourceRecord next() {
        if (next == files.size()) {
            return null;
        }
        Path rel = files.get(next++);
        Path file = root.resolve(rel);
        String where = file.toString();
        String name = rel.getFileName().toString();
        String id = name.substring(0, name.lastIndexOf('.'));
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            return SourceRecord.bad(where, id, "cannot read: " + e);
        }
        if (size > maxBytes) {
            bytesRead += size;
            return SourceRecord.bad(where, id, SourceRecord.tooLarge(size, maxBytes));
        }
        byte[] content;
        try {
            content = Files.readAllBytes(file);
        } catch (IOException e) {
            return SourceRecord.bad(where, id, "cannot read: " + e);
        } finally {
            bytesRead += size;
        }
        try {
            return SourceRecord.of(where, id, converter.toJson(content));
        } catch (InvalidRecordException e) {
            return SourceRecord.bad(where, id, e.getMessage());
        }
    }

    int fileCount() {
        return files.size();
    }

    @Override
    public long bytesRead() {
        return bytesRead;
    }

    @Override
    public long totalBytes() {
        return totalBytes;
    }

    @Override
    public void close() {
    }
}
