package io.cairn.bench.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * CI installs every language's word list, and where they are installed each is large. Without a
 * package the corpus tests, this one's second test among them, are skipped, printing the package's
 * name ({@link InstalledWordLists}); the first test holds {@code .ci/run} to the packages.
 */
class WordListPackagesTest {

    @Test
    void ciInstallsTheWordListOfEveryLanguage() throws IOException {
        String ci = Files.readString(Path.of("..", ".ci", "run"));
        for (Language l : Language.values()) {
            WordSource s = l.source();
            assertThat(ci).as(".ci/run installs the word list of %s", l)
                    .contains("[[ -f /" + s.files().getFirst() + " ]] || need+=(" + s.debianPackage() + ")");
        }
    }

    @Test
    void everyLanguagesWordListIsInstalledAndLarge() {
        for (Language l : Language.values()) {
            WordList w = InstalledWordLists.of(l);
            assertThat(w.size()).as("words of %s from %s", l, w.source()).isGreaterThan(50_000);
        }
    }

    @Test
    void languageCodesAreTheThirteenOfTheIssue() {
        assertThat(Language.codes()).isEqualTo("en,ar,zh,nl,fr,de,it,ja,ko,fa,pt,ru,es");
        assertThat(Language.ofCode(" JA ")).isEqualTo(Language.JA);
    }
}
