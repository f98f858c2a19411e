package io.cairn.bench.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Jackson generators as the bench writes JSON (RFC 8259): UTF-8, strings escaping quote, backslash
 * and control characters and every UTF-16 surrogate (as {@code \}{@code uXXXX}, so even a lone
 * one round-trips), all other characters written as themselves; numbers through {@link #number},
 * which gives integral values without a fraction and has NaN and infinities as {@code null}.
 *
 * <p>The cairn-document module has a JSON writer too, but STYLE.md §2 lets cairn-bench depend on
 * cairn-common and Maven Central clients only (it measures servers from the outside), so the bench
 * uses Jackson's streaming API rather than a server module.
 *
 * <p>Stateless and thread-safe; each generator is for one thread.
 */
public final class Json {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();
    private static final DefaultPrettyPrinter INDENTED = new DefaultPrettyPrinter(Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withObjectEmptySeparator("").withArrayEmptySeparator(""))
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private Json() {
    }

    /**
     * A generator writing {@code out} without whitespace, root values back to back (the caller
     * separates them, as JSONL does with {@code writeRaw('\n')}). Closing it closes {@code out}.
     */
    public static JsonGenerator compact(OutputStream out) throws IOException {
        JsonGenerator g = FACTORY.createGenerator(out);
        g.setRootValueSeparator(null);
        return g;
    }

    /** A generator writing {@code out} indented by two spaces, members as {@code "name": value}. */
    public static JsonGenerator indented(OutputStream out) throws IOException {
        return FACTORY.createGenerator(out).setPrettyPrinter(new DefaultPrettyPrinter(INDENTED));
    }

    /** {@code v} without a fraction when it is integral ({@code 12345}), {@code null} when not finite. */
    public static void number(JsonGenerator g, double v) throws IOException {
        if (!Double.isFinite(v)) {
            g.writeNull();
        } else if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            g.writeNumber((long) v);
        } else {
            g.writeNumber(v);
        }
    }
}
