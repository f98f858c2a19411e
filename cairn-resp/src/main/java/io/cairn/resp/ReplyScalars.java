package io.cairn.resp;

/**
 * The RESP3 scalars whose line is text to check, for {@link RespReplyDecoder}: doubles and big
 * numbers, and how an error message shows a byte. Stateless.
 */
final class ReplyScalars {
    private ReplyScalars() {
    }

    /**
     * The double a RESP3 {@code ,} line holds: a decimal number, {@code inf}, {@code -inf} or
     * {@code nan}; null when {@code text} is none of those. {@code Double.parseDouble} alone would
     * also take {@code Infinity}, hex, a trailing {@code d} and spaces.
     */
    static Double parseDouble(String text) {
        switch (text) {
            case "inf", "+inf" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-inf" -> {
                return Double.NEGATIVE_INFINITY;
            }
            case "nan" -> {
                return Double.NaN;
            }
            default -> {
                boolean digit = false;
                for (int i = 0; i < text.length(); i++) {
                    char c = text.charAt(i);
                    digit |= c >= '0' && c <= '9';
                    if ((c < '0' || c > '9') && c != '.' && c != 'e' && c != 'E' && c != '-' && c != '+') {
                        return null;
                    }
                }
                try {
                    return digit ? Double.parseDouble(text) : null;
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
    }

    /** Whether {@code text} is a RESP3 big number: decimal digits, maybe after a minus sign. */
    static boolean isBigNumber(String text) {
        int i = text.startsWith("-") ? 1 : 0;
        if (i == text.length()) {
            return false;
        }
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** The byte as itself when printable ASCII, else as {@code \xHH}. */
    static String printable(byte b) {
        int c = b & 0xFF;
        return c >= 0x20 && c < 0x7F ? Character.toString(c) : String.format("\\x%02x", c);
    }
}
