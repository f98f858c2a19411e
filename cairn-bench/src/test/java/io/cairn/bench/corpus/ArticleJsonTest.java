package io.cairn.bench.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.bench.report.MiniJson;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArticleJsonTest {
    private static final Article ODD = new Article("article:3", Language.EN, "Quote \" and \\ back",
            "Tab\there, bell \u0007.", "Line one.\n\nLine two.", List.of("alpha", "beta"), "Sport", "Ann Lee", 2001,
            "2001-02-03", 12345, 40);

    @Test
    void fullArticlesParseBackWithEveryFieldInOrder() {
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) MiniJson.parse(ArticleJson.toJson(ODD, Shape.FULL));
        assertThat(m.keySet()).containsExactlyElementsOf(Shape.FULL.fields());
        assertThat(m).containsEntry("id", "article:3").containsEntry("lang", "en")
                .containsEntry("title", "Quote \" and \\ back")
                .containsEntry("summary", "Tab\there, bell \u0007.")
                .containsEntry("body", "Line one.\n\nLine two.")
                .containsEntry("categories", List.of("alpha", "beta"))
                .containsEntry("section", "Sport").containsEntry("author", "Ann Lee")
                .containsEntry("year", new BigDecimal("2001")).containsEntry("published", "2001-02-03")
                .containsEntry("views", new BigDecimal("12345")).containsEntry("rating", new BigDecimal("4.0"));
    }

    @Test
    void smallArticlesHaveSixFields() {
        String json = ArticleJson.toJson(ODD, Shape.SMALL);
        assertThat(List.copyOf(((Map<?, ?>) MiniJson.parse(json)).keySet())).isEqualTo(List.of("id", "lang",
                "title", "body", "categories", "year"));
        assertThat(json).doesNotContain("\n");
    }

    @Test
    void ratingsHaveExactlyOneDecimal() {
        for (int tenths : new int[] {0, 5, 10, 49, 50}) {
            Article a = new Article("article:0", Language.EN, "t", "s", "b", List.of("x"), "S", "A", 1990,
                    "1990-01-01", 10, tenths);
            String json = ArticleJson.toJson(a, Shape.FULL);
            assertThat(json).endsWith("\"rating\":" + (tenths / 10) + "." + (tenths % 10) + "}");
        }
    }

    @Test
    void generatedArticlesInEveryLanguageParse() {
        ArticleGenerator g = InstalledWordLists.corpus(CorpusSpec.all(Shape.FULL, 1)).articles();
        for (int i = 0; i < 2 * Language.values().length; i++) {
            Article a = g.article(i);
            Map<?, ?> m = (Map<?, ?>) MiniJson.parse(ArticleJson.toJson(a, Shape.FULL));
            assertThat(m.get("body")).isEqualTo(a.body());
            assertThat(m.get("title")).isEqualTo(a.title());
        }
    }
}
