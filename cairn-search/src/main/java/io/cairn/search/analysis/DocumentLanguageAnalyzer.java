package io.cairn.search.analysis;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.DelegatingAnalyzerWrapper;

/**
 * The analyzer an index writer is given: it analyses every field in the language set for the
 * current thread by {@link #use}, so one writer indexes each document in its own language. The
 * writer analyses on the thread that adds the document, so the indexer sets the language just
 * before each add. Components are cached by the wrapped analyzers, so switching languages never
 * hands one language's token stream to another. Thread-safe.
 */
public final class DocumentLanguageAnalyzer extends DelegatingAnalyzerWrapper {
    private final String defaultLanguage;
    private final ThreadLocal<String> current = new ThreadLocal<>();

    public DocumentLanguageAnalyzer(String defaultLanguage) {
        super(PER_FIELD_REUSE_STRATEGY);
        this.defaultLanguage = Languages.canonical(defaultLanguage);
    }

    /** Analyse what this thread adds next in {@code language} (null: the index's language). */
    public void use(String language) {
        current.set(language);
    }

    @Override
    protected Analyzer getWrappedAnalyzer(String fieldName) {
        String l = current.get();
        return Languages.analyzer(l == null ? defaultLanguage : l);
    }
}
