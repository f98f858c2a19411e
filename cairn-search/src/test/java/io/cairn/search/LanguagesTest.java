package io.cairn.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A query in each supported language finds its document, CJK text without spaces included. */
class LanguagesTest {
    @TempDir
    static Path dir;
    static SearchFixture f;

    @BeforeAll
    static void open() {
        f = new SearchFixture(dir);
        f.create("docs ON JSON PREFIX 1 d: LANGUAGE_FIELD $.lang SCHEMA $.text AS text TEXT");
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "english|The foxes were jumping over fences|jump",
            "french|Les enfants mangent des pommes rouges|pomme",
            "german|Die Kinder spielen im Garten hinter dem Haus|Garten",
            "dutch|De fietsen staan bij het station|station",
            "italian|I ragazzi giocano nel parco della città|parco",
            "spanish|Los niños juegan en el jardín de la escuela|escuela",
            "portuguese|As crianças brincam na praia durante o verão|praia",
            "russian|Мы читали интересные книги в библиотеке|книга",
            "arabic|ذهب الولد إلى المدرسة في الصباح|المدرسة",
            "persian|دانشجویان در کتابخانه مطالعه می کنند|کتابخانه",
            "chinese|我们在北京大学学习中文和历史|历史",
            "japanese|私は東京の大学で日本語を勉強しています|大学",
            "korean|나는 매일 아침 학교에 갑니다|학교",
    })
    void aQueryInEachLanguageFindsItsDocument(String language, String text, String query) {
        String key = "d:" + language;
        f.json(key, "{\"lang\":\"" + language + "\",\"text\":\"" + text + "\"}");
        f.json(key + ":other", "{\"lang\":\"" + language + "\",\"text\":\"" + "zzz" + "\"}");
        assertThat(f.keys("docs", query, "LANGUAGE", language)).containsExactly(key);
    }
}
