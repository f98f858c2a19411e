package io.cairn.document;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package order the package-info files promise: {@code json} at the bottom, {@code path} and
 * {@code codec} on it, {@code io.cairn.document} on top; nothing imports the engine, RESP or the
 * server. Read from the sources, so it needs no extra dependency.
 */
class LayeringTest {
    private static final Path MAIN = Path.of("src/main/java/io/cairn/document");
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?(io\\.cairn\\.[\\w.]+)\\.[\\w*]+;", Pattern.MULTILINE);

    private static List<String> importsOf(String subPackage) {
        Path dir = subPackage.isEmpty() ? MAIN : MAIN.resolve(subPackage);
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).flatMap(f -> {
                try {
                    Matcher m = IMPORT.matcher(Files.readString(f));
                    return m.results().map(r -> r.group(1)).toList().stream();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).distinct().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void jsonDependsOnCommonOnly() {
        assertThat(importsOf("json")).allMatch(p -> p.startsWith("io.cairn.common"));
    }

    @Test
    void pathAndCodecDependOnJsonAndCommonOnly() {
        for (String pkg : List.of("path", "codec")) {
            assertThat(importsOf(pkg)).as(pkg)
                    .allMatch(p -> p.startsWith("io.cairn.common") || p.startsWith("io.cairn.document.json"));
        }
    }

    @Test
    void documentDependsOnNothingOutsideThisModuleButCommon() {
        assertThat(importsOf("")).isNotEmpty()
                .allMatch(p -> p.startsWith("io.cairn.common") || p.startsWith("io.cairn.document"));
    }
}
