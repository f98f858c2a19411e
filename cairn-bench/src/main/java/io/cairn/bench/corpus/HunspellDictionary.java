package io.cairn.bench.corpus;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A hunspell (or myspell) dictionary: {@code <base>.aff} and {@code <base>.dic}. Only the
 * {@code .aff}'s {@code SET} line is read, for the encoding of the {@code .dic} (UTF-8 when there
 * is none). The {@code .dic} is a count line, then one stem a line, optionally followed by
 * {@code /flags} and, after a tab or space, morphological fields; a line that starts with a tab,
 * a space or {@code #} is a comment. The words are the stems without their flags: no affix is
 * applied, so the list has the dictionary's forms and not every inflection.
 *
 * @param debianPackage the package that installs the files
 * @param base the path of both files without extension, relative to the root
 */
public record HunspellDictionary(String debianPackage, String base) implements WordSource {

    @Override
    public List<String> files() {
        return List.of(base + ".dic", base + ".aff");
    }

    @Override
    public List<String> read(Path root) throws IOException {
        Path dic = root.resolve(base + ".dic");
        Path aff = root.resolve(base + ".aff");
        Charset charset = encoding(aff);
        List<String> words = new ArrayList<>();
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Files.newInputStream(dic), decoder))) {
            String line = in.readLine();
            if (line == null) {
                return words;
            }
            // The first line is the (approximate) count of entries.
            while ((line = in.readLine()) != null) {
                String word = stem(line);
                if (word != null) {
                    words.add(word);
                }
            }
        } catch (CharacterCodingException e) {
            throw new IOException(dic + ": not " + charset.name() + " as " + aff + " declares: " + e.getMessage(), e);
        }
        return words;
    }

    /**
     * The stem of one {@code .dic} line, or null for a comment or an empty line. {@code \/} stands
     * for a slash that is part of the word.
     */
    static String stem(String line) {
        if (line.isEmpty() || line.charAt(0) == '\t' || line.charAt(0) == ' ' || line.charAt(0) == '#') {
            return null;
        }
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length() && line.charAt(i + 1) == '/') {
                word.append('/');
                i++;
            } else if (c == '/' || c == '\t' || c == ' ') {
                break;
            } else if (c != '\uFEFF') {
                word.append(c);
            }
        }
        return word.isEmpty() ? null : word.toString();
    }

    /** The charset the {@code .aff}'s {@code SET} line names, UTF-8 when it names none. */
    static Charset encoding(Path aff) throws IOException {
        // The SET line is ASCII whatever the encoding, so Latin-1 reads it from any of them.
        try (BufferedReader in = Files.newBufferedReader(aff, StandardCharsets.ISO_8859_1)) {
            String line;
            while ((line = in.readLine()) != null) {
                String t = line.replace("\u00EF\u00BB\u00BF", "").strip(); // a UTF-8 BOM read as Latin-1
                if (t.startsWith("SET") && t.length() > 3 && Character.isWhitespace(t.charAt(3))) {
                    return charset(t.substring(3).strip(), aff);
                }
            }
        }
        return StandardCharsets.UTF_8;
    }

    /** Hunspell's encoding names ({@code ISO8859-1}, {@code microsoft-cp1251}, ...) as Java charsets. */
    static Charset charset(String name, Path aff) throws IOException {
        String n = name.toUpperCase(Locale.ROOT);
        String javaName = n.startsWith("ISO8859-") ? "ISO-8859-" + n.substring("ISO8859-".length())
                : n.equals("MICROSOFT-CP1251") ? "windows-1251"
                : n.equals("TIS620-2533") ? "TIS-620"
                : name;
        try {
            return Charset.forName(javaName);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw new IOException(aff + ": SET " + name + " (expected: an encoding this JVM supports)", e);
        }
    }
}
