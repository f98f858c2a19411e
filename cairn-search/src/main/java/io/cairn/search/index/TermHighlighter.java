package io.cairn.search.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;

/**
 * Wraps the words of a text that match query terms in open/close tags, as {@code HIGHLIGHT} does:
 * the text is analysed like the indexed field, and a token whose term the query contains is
 * wrapped at its original offsets. Stateless; thread-safe.
 */
public final class TermHighlighter {
    private TermHighlighter() {
    }

    public static String highlight(Analyzer analyzer, String field, String text, Set<String> terms, String open,
            String close) {
        if (terms.isEmpty()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        int copied = 0;
        try (TokenStream ts = analyzer.tokenStream(field, text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                int start = offset.startOffset();
                int end = offset.endOffset();
                if (start < copied || end > text.length() || !terms.contains(term.toString())) {
                    continue;
                }
                out.append(text, copied, start).append(open).append(text, start, end).append(close);
                copied = end;
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.append(text, copied, text.length());
        return out.toString();
    }
}
