package io.cairn.bench.corpus;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a language's words come from: files that one Debian package installs, and how to read
 * candidate words out of them. A source returns what its files say, in file order, duplicates and
 * all; {@link WordLists} filters, normalises, sorts and dedupes.
 *
 * <p>Implementations are immutable and thread-safe.
 */
public sealed interface WordSource permits HunspellDictionary, FrisoLexicon, ChasenDictionary {

    /** The Debian package that installs the files. */
    String debianPackage();

    /** The files read, relative to the file-system root (such as {@code usr/share/hunspell/fr.dic}). */
    List<String> files();

    /**
     * Reads the candidate words under {@code root} ({@code /} on a real machine).
     *
     * @throws java.nio.file.NoSuchFileException when a file is missing
     * @throws IOException when a file cannot be read or is not in the expected format
     */
    List<String> read(Path root) throws IOException;
}
