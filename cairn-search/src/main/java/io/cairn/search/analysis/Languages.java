package io.cairn.search.analysis;

import io.cairn.common.InvalidRequestException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.ar.ArabicAnalyzer;
import org.apache.lucene.analysis.cn.smart.SmartChineseAnalyzer;
import org.apache.lucene.analysis.de.GermanAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.es.SpanishAnalyzer;
import org.apache.lucene.analysis.fa.PersianAnalyzer;
import org.apache.lucene.analysis.fr.FrenchAnalyzer;
import org.apache.lucene.analysis.it.ItalianAnalyzer;
import org.apache.lucene.analysis.ja.JapaneseAnalyzer;
import org.apache.lucene.analysis.ko.KoreanAnalyzer;
import org.apache.lucene.analysis.nl.DutchAnalyzer;
import org.apache.lucene.analysis.pt.PortugueseAnalyzer;
import org.apache.lucene.analysis.ru.RussianAnalyzer;

/**
 * The languages text fields can be analysed in. Each has a RediSearch-style name ({@code english},
 * {@code chinese}) and an ISO 639-1 code ({@code en}, {@code zh}); either is accepted wherever a
 * language is given ({@code FT.CREATE ... LANGUAGE}, a document's language field,
 * {@code FT.SEARCH ... LANGUAGE}). Analyzers are built once and shared: Lucene analyzers are
 * thread-safe. Thread-safe.
 */
public final class Languages {
    /** The language of an index that names none, as in RediSearch. */
    public static final String DEFAULT = "english";

    private record Language(String name, String code, Supplier<Analyzer> factory) {
    }

    private static final Map<String, Language> BY_NAME = new LinkedHashMap<>();
    private static final Map<String, Analyzer> ANALYZERS = new ConcurrentHashMap<>();

    static {
        for (Language l : List.of(
                new Language("english", "en", EnglishAnalyzer::new),
                new Language("arabic", "ar", ArabicAnalyzer::new),
                new Language("chinese", "zh", SmartChineseAnalyzer::new),
                new Language("dutch", "nl", DutchAnalyzer::new),
                new Language("french", "fr", FrenchAnalyzer::new),
                new Language("german", "de", GermanAnalyzer::new),
                new Language("italian", "it", ItalianAnalyzer::new),
                new Language("japanese", "ja", JapaneseAnalyzer::new),
                new Language("korean", "ko", KoreanAnalyzer::new),
                new Language("persian", "fa", PersianAnalyzer::new),
                new Language("portuguese", "pt", PortugueseAnalyzer::new),
                new Language("russian", "ru", RussianAnalyzer::new),
                new Language("spanish", "es", SpanishAnalyzer::new))) {
            BY_NAME.put(l.name(), l);
            BY_NAME.put(l.code(), l);
        }
    }

    private Languages() {
    }

    /** The canonical name of {@code language} (a name or a code, any case). */
    public static String canonical(String language) {
        Language l = BY_NAME.get(language.toLowerCase(Locale.ROOT));
        if (l == null) {
            throw new InvalidRequestException("Unsupported language: `" + language + "`; Cairn supports "
                    + String.join(", ", names()));
        }
        return l.name();
    }

    /** Whether {@code language} names a supported language. */
    public static boolean isSupported(String language) {
        return language != null && BY_NAME.containsKey(language.toLowerCase(Locale.ROOT));
    }

    /** The canonical names, English first. */
    public static List<String> names() {
        return BY_NAME.values().stream().map(Language::name).distinct().toList();
    }

    /** The shared analyzer of {@code language} (a name or a code). */
    public static Analyzer analyzer(String language) {
        String name = canonical(language);
        return ANALYZERS.computeIfAbsent(name, n -> BY_NAME.get(n).factory().get());
    }
}
