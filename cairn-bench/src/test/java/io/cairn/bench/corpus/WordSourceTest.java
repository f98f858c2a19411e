package io.cairn.bench.corpus;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading each kind of dictionary file, on small files written here. */
class WordSourceTest {
    private static final HunspellDictionary DIC = new HunspellDictionary("hunspell-xx", "dict/xx");

    @TempDir
    Path root;

    private void write(String file, String text, Charset charset) throws IOException {
        Path p = root.resolve(file);
        Files.createDirectories(p.getParent());
        Files.write(p, text.getBytes(charset));
    }

    @Test
    void hunspellStemsLoseFlagsAndMorphologyAndTheCountLine() throws IOException {
        write("dict/xx.aff", "SET UTF-8\nTRY abc\n", UTF_8);
        write("dict/xx.dic", "5\nhouse/SM\nrun/DGS po:verb\nzebra\tst:zebra\nplain\n", UTF_8);
        assertThat(DIC.read(root)).containsExactly("house", "run", "zebra", "plain");
    }

    @Test
    void hunspellSkipsCommentsAndBlankLines() throws IOException {
        write("dict/xx.aff", "SET UTF-8\n", UTF_8);
        write("dict/xx.dic", "3\n\tThis is a comment of de_DE.dic\n# another\n\nword/A\n", UTF_8);
        assertThat(DIC.read(root)).containsExactly("word");
    }

    @Test
    void hunspellKeepsAnEscapedSlashInTheWord() throws IOException {
        write("dict/xx.aff", "SET UTF-8\n", UTF_8);
        write("dict/xx.dic", "1\nand\\/or/X\n", UTF_8);
        assertThat(DIC.read(root)).containsExactly("and/or");
    }

    @Test
    void hunspellIgnoresByteOrderMarks() throws IOException {
        write("dict/xx.aff", "\uFEFFSET UTF-8\nFLAG UTF-8\n", UTF_8);
        write("dict/xx.dic", "\uFEFF2\nação/B\nsó\n", UTF_8);
        assertThat(DIC.read(root)).containsExactly("ação", "só");
    }

    @Test
    void hunspellDecodesTheEncodingTheAffixFileDeclares() throws IOException {
        write("dict/xx.aff", "# Latin-1\nSET ISO8859-1\n", UTF_8);
        write("dict/xx.dic", "2\nÄrger/S\nstraße\n", Charset.forName("ISO-8859-1"));
        assertThat(DIC.read(root)).containsExactly("Ärger", "straße");

        write("dict/xx.aff", "SET KOI8-R\n", UTF_8);
        write("dict/xx.dic", "1\nслово/A\n", Charset.forName("KOI8-R"));
        assertThat(DIC.read(root)).containsExactly("слово");

        write("dict/xx.aff", "SET microsoft-cp1251\n", UTF_8);
        write("dict/xx.dic", "1\nдом/A\n", Charset.forName("windows-1251"));
        assertThat(DIC.read(root)).containsExactly("дом");
    }

    @Test
    void hunspellWithoutSetIsUtf8() throws IOException {
        write("dict/xx.aff", "TRY abc\n", UTF_8);
        write("dict/xx.dic", "1\nkönig\n", UTF_8);
        assertThat(DIC.read(root)).containsExactly("könig");
    }

    @Test
    void hunspellRefusesBytesThatAreNotInTheDeclaredEncoding() throws IOException {
        write("dict/xx.aff", "SET UTF-8\n", UTF_8);
        Files.write(root.resolve("dict/xx.dic"), new byte[] {'1', '\n', 'a', (byte) 0xC3, '\n'});
        assertThatThrownBy(() -> DIC.read(root)).isInstanceOf(IOException.class)
                .hasMessageContaining("xx.dic: not UTF-8 as").hasMessageContaining("xx.aff declares");
    }

    @Test
    void hunspellRefusesAnEncodingTheJvmLacks() throws IOException {
        write("dict/xx.aff", "SET NO-SUCH-8\n", UTF_8);
        write("dict/xx.dic", "1\nword\n", UTF_8);
        assertThatThrownBy(() -> DIC.read(root)).isInstanceOf(IOException.class)
                .hasMessageEndingWith("xx.aff: SET NO-SUCH-8 (expected: an encoding this JVM supports)");
    }

    @Test
    void frisoWordsAreThePartBeforeTheFirstSlash() throws IOException {
        write("lex/main.lex", "一一/null\n一万/1万\n川/null/0\n\n保洁箱\n", UTF_8);
        assertThat(new FrisoLexicon("friso-dict", "lex/main.lex").read(root))
                .containsExactly("一一", "一万", "川", "保洁箱");
    }

    @Test
    void chasenWordsAreTheHeadwordsOfTheNamedFiles() throws IOException {
        write("ipadic/Noun.dic", """
                (品詞 (名詞 一般)) ((見出し語 (洋裁 3649)) (読み ヨウサイ) (発音 ヨーサイ) )
                (品詞 (名詞 一般)) ((見出し語 (畿内 3649)) (読み キナイ) (発音 キナイ) )
                """, UTF_8);
        write("ipadic/Verb.dic", "(品詞 (動詞 自立)) ((見出し語 (引き込む 2884)) (読み ヒキコム) )\nnot an entry\n", UTF_8);
        write("ipadic/Symbol.dic", "(品詞 (記号)) ((見出し語 (δ 2215)) )\n", UTF_8);
        ChasenDictionary d = new ChasenDictionary("ipadic-common", "ipadic", List.of("Noun.dic", "Verb.dic"));
        assertThat(d.read(root)).containsExactly("洋裁", "畿内", "引き込む");
        assertThat(d.files()).containsExactly("ipadic/Noun.dic", "ipadic/Verb.dic");
    }
}
