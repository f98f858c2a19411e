package io.cairn.bench.corpus;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Filtering, normalising, sorting and deduping, on small dictionaries written under a temporary root. */
class WordListsTest {
    @TempDir
    Path root;

    private void english(String dic) throws IOException {
        Path d = root.resolve("usr/share/hunspell");
        Files.createDirectories(d);
        Files.writeString(d.resolve("en_US.aff"), "SET UTF-8\n", UTF_8);
        Files.writeString(d.resolve("en_US.dic"), dic, UTF_8);
    }

    @Test
    void wordsAreSortedAndDedupedWhateverTheFileOrder() throws IOException {
        english("4\nzebra/S\napple\nmango/M\napple/X\n");
        WordList a = new WordLists(root).load(Language.EN);
        english("3\nmango\nzebra\napple/S\n");
        WordList b = new WordLists(root).load(Language.EN);
        assertThat(a.words()).containsExactly("apple", "mango", "zebra");
        assertThat(b).isEqualTo(a);
        assertThat(b.fingerprint()).isEqualTo(a.fingerprint()).hasSize(16);
        assertThat(a.source()).isEqualTo("hunspell-en-us " + root.resolve("usr/share/hunspell/en_US.dic")
                + ", " + root.resolve("usr/share/hunspell/en_US.aff"));
    }

    @Test
    void onlyPlainWordsOfTheLanguagesScriptAreKept() throws IOException {
        english("9\nword\n3D\nwell-known\nO'Brien\nNASA\nParis\nStraße\nслово\nvérité\n");
        assertThat(new WordLists(root).load(Language.EN).words())
                .containsExactly("Paris", "Straße", "vérité", "word");
    }

    @Test
    void acceptFollowsTheRulesOfEachScript() {
        assertThat(WordLists.accept(Language.FA, "می\u200Cروم")).as("ZWNJ inside a Persian word").isTrue();
        assertThat(WordLists.accept(Language.FA, "\u200Cروم")).as("leading ZWNJ").isFalse();
        assertThat(WordLists.accept(Language.FA, "روم\u200C")).as("trailing ZWNJ").isFalse();
        assertThat(WordLists.accept(Language.AR, "كَتَبَ")).as("Arabic with harakat").isTrue();
        assertThat(WordLists.accept(Language.AR, "\u064Eكتب")).as("a mark first").isFalse();
        assertThat(WordLists.accept(Language.AR, "كتب1")).isFalse();
        assertThat(WordLists.accept(Language.JA, "ラーメン")).as("the prolonged sound mark is common to scripts").isTrue();
        assertThat(WordLists.accept(Language.JA, "ー")).as("but a word needs a letter of its script").isFalse();
        assertThat(WordLists.accept(Language.JA, "々")).isTrue();
        assertThat(WordLists.accept(Language.ZH, "保洁箱")).isTrue();
        assertThat(WordLists.accept(Language.ZH, "卡拉ok")).isFalse();
        assertThat(WordLists.accept(Language.KO, "한국어")).isTrue();
        assertThat(WordLists.accept(Language.RU, "Москва")).isTrue();
        assertThat(WordLists.accept(Language.RU, "СССР")).isFalse();
        assertThat(WordLists.accept(Language.EN, "a".repeat(WordLists.MAX_LENGTH))).isTrue();
        assertThat(WordLists.accept(Language.EN, "a".repeat(WordLists.MAX_LENGTH + 1))).isFalse();
        assertThat(WordLists.accept(Language.EN, "")).isFalse();
    }

    @Test
    void wordsAreNormalisedToNfkc() throws IOException {
        Path d = root.resolve("usr/share/hunspell");
        Files.createDirectories(d);
        Files.writeString(d.resolve("ko.aff"), "SET UTF-8\n", UTF_8);
        // 한국 as conjoining jamo, as the Korean dictionary stores it.
        Files.writeString(d.resolve("ko.dic"), "1\n\u1112\u1161\u11AB\u1100\u116E\u11A8/25\n", UTF_8);
        assertThat(new WordLists(root).load(Language.KO).words()).containsExactly("한국");
        Files.writeString(d.resolve("nl.aff"), "SET UTF-8\n", UTF_8);
        Files.writeString(d.resolve("nl.dic"), "1\nbedr\u0133f\n", UTF_8);
        assertThat(new WordLists(root).load(Language.NL).words()).containsExactly("bedrijf");
    }

    @Test
    void aMissingFileNamesThePackageToInstall() {
        assertThatThrownBy(() -> new WordLists(root).load(Language.FR))
                .isInstanceOf(MissingWordListException.class)
                .hasMessage("no word list for fr (French): " + root.resolve("usr/share/hunspell/fr.dic")
                        + " not found; install the Debian package hunspell-fr-classical"
                        + " (apt-get install hunspell-fr-classical, or ./cairn bench peers install)");
        assertThatThrownBy(() -> new WordLists(root).load(Language.JA))
                .hasMessageContaining("install the Debian package ipadic-common");
        assertThatThrownBy(() -> new WordLists(root).load(Language.ZH))
                .hasMessageContaining("install the Debian package friso-dict");
    }

    @Test
    void aListWithNoWordOfTheLanguageIsRefused() throws IOException {
        english("2\n123\nслово\n");
        assertThatThrownBy(() -> new WordLists(root).load(Language.EN))
                .isInstanceOf(MissingWordListException.class)
                .hasMessageContaining("no word of English in ")
                .hasMessageContaining("(2 entries read, none kept)");
    }

    @Test
    void aWordListMustBeSortedAndUnique() {
        assertThatThrownBy(() -> new WordList(Language.EN, List.of("b", "a"), "test"))
                .hasMessage("words: not sorted and unique at 1: b then a");
        assertThatThrownBy(() -> new WordList(Language.EN, List.of("a", "a"), "test"))
                .hasMessage("words: not sorted and unique at 1: a then a");
    }
}
