package io.cairn.bench.corpus;

import java.lang.Character.UnicodeScript;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The languages of the corpus: each names where its words come from (a Debian package and the file
 * it installs), the scripts its words are written in, and how its text is punctuated. Korean
 * separates words with spaces; Chinese and Japanese do not.
 *
 * <p>The package is the one {@code .ci/run} and {@code cairn bench peers install} install; a
 * machine with another variant of a dictionary (French "revised" instead of "classical", say)
 * makes a different corpus from the same seed, which {@link WordList#fingerprint()} shows.
 */
public enum Language {
    EN("en", "English", Set.of(UnicodeScript.LATIN), Punctuation.LATIN,
            new HunspellDictionary("hunspell-en-us", "usr/share/hunspell/en_US")),
    AR("ar", "Arabic", Set.of(UnicodeScript.ARABIC), Punctuation.ARABIC,
            new HunspellDictionary("hunspell-ar", "usr/share/hunspell/ar")),
    ZH("zh", "Chinese", Set.of(UnicodeScript.HAN), Punctuation.CHINESE,
            new FrisoLexicon("friso-dict", "usr/share/friso/dict/UTF-8/lex-main.lex")),
    NL("nl", "Dutch", Set.of(UnicodeScript.LATIN), Punctuation.LATIN,
            new HunspellDictionary("hunspell-nl", "usr/share/hunspell/nl")),
    FR("fr", "French", Set.of(UnicodeScript.LATIN), Punctuation.LATIN,
            new HunspellDictionary("hunspell-fr-classical", "usr/share/hunspell/fr")),
    DE("de", "German", Set.of(UnicodeScript.LATIN), Punctuation.LATIN,
            new HunspellDictionary("hunspell-de-de", "usr/share/hunspell/de_DE")),
    IT("it", "Italian", Set.of(UnicodeScript.LATIN), Punctuation.LATIN,
            new HunspellDictionary("hunspell-it", "usr/share/hunspell/it_IT")),
    JA("ja", "Japanese", Set.of(UnicodeScript.HAN, UnicodeScript.HIRAGANA, UnicodeScript.KATAKANA),
            Punctuation.JAPANESE, new ChasenDictionary("ipadic-common", "usr/share/chasen/ipadic",
                    List.of("Noun.dic", "Noun.verbal.dic", "Noun.adjv.dic", "Noun.adverbal.dic",
                            "Verb.dic", "Adj.dic", "Adverb.dic", "Adnominal.dic", "Conjunction.dic"))),
    KO("ko", "Korean", Set.of(UnicodeScript.HANGUL), Punctuation.LATIN,
            new HunspellDictionary("hunspell-ko", "usr/share/hunspell/ko")),
    FA("fa", "Persian", Set.of(UnicodeScript.ARABIC), Punctuation.ARABIC,
            new HunspellDictionary("myspell-fa", "usr/share/hunspell/fa_IR")),
    PT("pt", "Portuguese", Set.of(UnicodeScript.LATIN), Punctuation.LATIN,
            new HunspellDictionary("hunspell-pt-br", "usr/share/hunspell/pt_BR")),
    RU("ru", "Russian", Set.of(UnicodeScript.CYRILLIC), Punctuation.LATIN,
            new HunspellDictionary("hunspell-ru", "usr/share/hunspell/ru_RU")),
    ES("es", "Spanish", Set.of(UnicodeScript.LATIN), Punctuation.LATIN,
            new HunspellDictionary("hunspell-es", "usr/share/hunspell/es_ES"));

    /**
     * How a language writes text: what goes between words, after a clause and at the end of a
     * sentence, and between sentences.
     */
    public record Punctuation(String wordSeparator, String comma, String fullStop, String sentenceSeparator) {
        static final Punctuation LATIN = new Punctuation(" ", ",", ".", " ");
        /** Arabic and Persian: the Arabic comma U+060C, the full stop as in Latin scripts. */
        static final Punctuation ARABIC = new Punctuation(" ", "\u060C", ".", " ");
        /** No spaces; the ideographic full stop and the fullwidth comma. */
        static final Punctuation CHINESE = new Punctuation("", "\uFF0C", "\u3002", "");
        /** No spaces; the ideographic full stop and comma. */
        static final Punctuation JAPANESE = new Punctuation("", "\u3001", "\u3002", "");

        /** True when words are separated by spaces (every language here but Chinese and Japanese). */
        public boolean spaced() {
            return !wordSeparator.isEmpty();
        }
    }

    private final String code;
    private final String englishName;
    private final Set<UnicodeScript> scripts;
    private final Punctuation punctuation;
    private final WordSource source;

    Language(String code, String englishName, Set<UnicodeScript> scripts, Punctuation punctuation,
            WordSource source) {
        this.code = code;
        this.englishName = englishName;
        this.scripts = scripts;
        this.punctuation = punctuation;
        this.source = source;
    }

    /** The ISO 639-1 code, as written in each article's {@code lang} field. */
    public String code() {
        return code;
    }

    public String englishName() {
        return englishName;
    }

    /** The scripts a word of this language is written in; a word list keeps only such words. */
    public Set<UnicodeScript> scripts() {
        return scripts;
    }

    public Punctuation punctuation() {
        return punctuation;
    }

    /** Where the words come from: a Debian package and the files it installs. */
    public WordSource source() {
        return source;
    }

    /**
     * The language of {@code code} ({@code en}, {@code zh}, ...), case-insensitive.
     *
     * @throws IllegalArgumentException naming the codes there are
     */
    public static Language ofCode(String code) {
        String c = code.strip().toLowerCase(Locale.ROOT);
        for (Language l : values()) {
            if (l.code.equals(c)) {
                return l;
            }
        }
        throw new IllegalArgumentException("language: " + code + " (expected one of: " + codes() + ")");
    }

    /** Every code, comma-separated, in declaration order. */
    public static String codes() {
        return Arrays.stream(values()).map(Language::code).collect(Collectors.joining(","));
    }
}
