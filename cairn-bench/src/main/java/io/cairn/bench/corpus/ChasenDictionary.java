package io.cairn.bench.corpus;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Dictionary files of ChaSen's IPADIC in UTF-8, one entry a line as an S-expression:
 * {@code (品詞 (名詞 一般)) ((見出し語 (洋裁 3649)) (読み ヨウサイ) ...)}. The word is the first
 * element after {@code 見出し語} ("headword"); the number after it is a cost, not a frequency.
 * Only the files named are read: the general vocabulary, not the lists of personal and place
 * names, numbers and symbols.
 *
 * @param debianPackage the package that installs the files
 * @param directory their directory relative to the root
 * @param names the files to read in it
 */
public record ChasenDictionary(String debianPackage, String directory, List<String> names) implements WordSource {
    private static final String HEADWORD = "(\u898B\u51FA\u3057\u8A9E ("; // "(見出し語 ("

    public ChasenDictionary {
        names = List.copyOf(names);
    }

    @Override
    public List<String> files() {
        return names.stream().map(n -> directory + "/" + n).toList();
    }

    @Override
    public List<String> read(Path root) throws IOException {
        List<String> words = new ArrayList<>();
        for (String f : files()) {
            Path path = root.resolve(f);
            try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
                String line;
                while ((line = in.readLine()) != null) {
                    String word = headword(line);
                    if (word != null) {
                        words.add(word);
                    }
                }
            }
        }
        return words;
    }

    /** The headword of one entry, or null when the line has none. */
    static String headword(String line) {
        int at = line.indexOf(HEADWORD);
        if (at < 0) {
            return null;
        }
        int start = at + HEADWORD.length();
        int end = start;
        while (end < line.length() && line.charAt(end) != ' ' && line.charAt(end) != ')') {
            end++;
        }
        return end > start ? line.substring(start, end) : null;
    }
}
