package io.cairn.bench.report;

/**
 * Escapes text for XML 1.0 character data and attribute values, as written into the
 * XHTML-compatible {@code report.html}. Characters XML 1.0 cannot carry at all (control characters
 * other than tab, line feed and carriage return, lone surrogates, U+FFFE and U+FFFF) become U+FFFD,
 * so a hostile error message can never make the page ill-formed. Kept rather than taken from a
 * library: the JDK has no text escaper, and this one method with the XML 1.0 character rules is
 * smaller than a templating or commons-text dependency for one page. Stateless and thread-safe.
 */
final class Xml {
    private Xml() {
    }

    /** {@code text} with {@code & < > " '} escaped and invalid characters replaced; "" for null. */
    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < text.length()
                            && Character.isLowSurrogate(text.charAt(i + 1))) {
                        sb.append(c).append(text.charAt(++i));
                    } else if (isAllowed(c)) {
                        sb.append(c);
                    } else {
                        sb.append('\uFFFD');
                    }
                }
            }
        }
        return sb.toString();
    }

    private static boolean isAllowed(char c) {
        if (c < 0x20) {
            return c == '\t' || c == '\n' || c == '\r';
        }
        return !Character.isSurrogate(c) && c != '\uFFFE' && c != '\uFFFF';
    }
}
