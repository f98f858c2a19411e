package io.cairn.document.json;

import java.math.BigDecimal;

/**
 * Prints a double the way RedisJSON does. RedisJSON serializes through serde_json, which uses the
 * Ryu algorithm: the shortest decimal that reads back as the same double (the closest such one
 * when several are as short), laid out by the exponent. With the digits {@code d} ({@code n} of
 * them, no trailing zero) and the value {@code d × 10^k}, and {@code kk = n + k}:
 *
 * <pre>
 *   0 &lt;= k,  kk &lt;= 16    digits, k zeros, ".0"        1.0, 100.0, 1000000000000000.0
 *   0 &lt; kk &lt;= 16         point inside the digits       123.456
 *   -5 &lt; kk &lt;= 0         "0.", -kk zeros, digits       0.1, 0.00001
 *   n = 1                  digit "e" exponent            1e16, 1e-6, 5e-324
 *   otherwise              d.ddd "e" exponent            1.5e300, 1.2345e-7
 * </pre>
 *
 * Zero is {@code 0.0} or {@code -0.0}; the exponent has no {@code +}. The digits come from
 * {@link Double#toString}, which (since JDK 19) also gives the shortest, closest decimal, except
 * that where one digit would do it may print two; that case is narrowed back to one digit here.
 * Stateless and thread-safe.
 */
public final class DoubleFormat {
    private DoubleFormat() {
    }

    /** @throws IllegalArgumentException for NaN and the infinities, which JSON cannot hold */
    public static String format(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("value: " + value + " (expected: a finite double)");
        }
        if (value == 0) {
            return Double.doubleToRawLongBits(value) < 0 ? "-0.0" : "0.0";
        }
        double magnitude = Math.abs(value);
        String text = Double.toString(magnitude);
        int e = text.indexOf('E');
        int exponent = e < 0 ? 0 : Integer.parseInt(text, e + 1, text.length(), 10);
        String mantissa = e < 0 ? text : text.substring(0, e);
        int dot = mantissa.indexOf('.');
        StringBuilder digits = new StringBuilder(mantissa.length());
        digits.append(mantissa, 0, dot).append(mantissa, dot + 1, mantissa.length());
        int k = exponent - (mantissa.length() - dot - 1);
        int lead = 0;
        while (digits.charAt(lead) == '0') {
            lead++;
        }
        digits.delete(0, lead);
        while (digits.charAt(digits.length() - 1) == '0') {
            digits.setLength(digits.length() - 1);
            k++;
        }
        if (digits.length() == 2) {
            k = narrowToOneDigit(digits, k, magnitude);
        }
        StringBuilder out = new StringBuilder(24);
        if (value < 0) {
            out.append('-');
        }
        layout(digits, k, out);
        return out.toString();
    }

    /**
     * Java prints two digits where a one-digit decimal also reads back (only among subnormals, e.g.
     * 4.9E-324 for Ryu's 5e-324). Replaces {@code digits} by the closest one-digit decimal that
     * reads back, if any; returns the new exponent.
     */
    private static int narrowToOneDigit(StringBuilder digits, int k, double magnitude) {
        int lower = digits.charAt(0) - '0';
        BigDecimal exact = new BigDecimal(magnitude);
        String best = null;
        int bestK = k;
        BigDecimal bestDistance = null;
        for (int candidate : new int[] {lower, lower + 1}) {
            String d = candidate == 10 ? "1" : Integer.toString(candidate);
            int ck = candidate == 10 ? k + 2 : k + 1;
            if (candidate == 0 || Double.parseDouble(d + "E" + ck) != magnitude) {
                continue;
            }
            BigDecimal distance = new BigDecimal(d).scaleByPowerOfTen(ck).subtract(exact).abs();
            if (bestDistance == null || distance.compareTo(bestDistance) < 0
                    || distance.compareTo(bestDistance) == 0 && candidate % 2 == 0) {
                best = d;
                bestK = ck;
                bestDistance = distance;
            }
        }
        if (best != null) {
            digits.setLength(0);
            digits.append(best);
            return bestK;
        }
        return k;
    }

    private static void layout(CharSequence d, int k, StringBuilder out) {
        int n = d.length();
        int kk = n + k;
        if (k >= 0 && kk <= 16) {
            out.append(d);
            out.repeat('0', k);
            out.append(".0");
        } else if (kk > 0 && kk <= 16) {
            out.append(d, 0, kk).append('.').append(d, kk, n);
        } else if (kk > -5 && kk <= 0) {
            out.append("0.");
            out.repeat('0', -kk);
            out.append(d);
        } else if (n == 1) {
            out.append(d).append('e').append(kk - 1);
        } else {
            out.append(d.charAt(0)).append('.').append(d, 1, n).append('e').append(kk - 1);
        }
    }
}
