package io.cairn.bench.corpus;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A lexicon of the friso Chinese word splitter: one word a line, optionally followed by
 * {@code /synonyms} and {@code /frequency} ({@code 一下子/null}). The words are the part before the
 * first {@code /}. The file is UTF-8 (friso also ships a GBK copy, not read here).
 *
 * @param debianPackage the package that installs the file
 * @param file the lexicon's path relative to the root
 */
public record FrisoLexicon(String debianPackage, String file) implements WordSource {

    @Override
    public List<String> files() {
        return List.of(file);
    }

    @Override
    public List<String> read(Path root) throws IOException {
        List<String> words = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(root.resolve(file), StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                int slash = line.indexOf('/');
                String word = (slash < 0 ? line : line.substring(0, slash)).strip();
                if (!word.isEmpty() && !word.startsWith("#")) {
                    words.add(word);
                }
            }
        }
        return words;
    }
}
