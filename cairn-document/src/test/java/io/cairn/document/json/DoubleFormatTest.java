package io.cairn.document.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.cairn.testkit.Seeds;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Doubles print as serde_json/Ryu print them, which is what RedisJSON's JSON.GET shows. */
class DoubleFormatTest {
    /** The five Ryu layouts; the digits before "e" never end in 0 except the ".0" of whole numbers. */
    private static final Pattern RYU = Pattern.compile(
            "-?(\\d{1,16}\\.0|\\d+\\.\\d*[1-9]|0\\.0{0,4}[1-9]\\d*|[1-9]e-?\\d+|[1-9]\\.\\d*[1-9]e-?\\d+)");

    static Stream<Arguments> table() {
        return Stream.of(
                arguments(1.0, "1.0"),
                arguments(0.0, "0.0"),
                arguments(-0.0, "-0.0"),
                arguments(0.1, "0.1"),
                arguments(2.5, "2.5"),
                arguments(-2.5, "-2.5"),
                arguments(100.0, "100.0"),
                arguments(99.98, "99.98"),
                arguments(0.1 + 0.2, "0.30000000000000004"),
                arguments(123456789.125, "123456789.125"),
                arguments(1e15, "1000000000000000.0"),
                arguments(9007199254740993.0, "9007199254740992.0"),
                arguments(1e16, "1e16"),
                arguments(1.2345678901234567e16, "1.2345678901234568e16"),
                arguments(1e20, "1e20"),
                arguments(1e22, "1e22"),
                arguments(1e23, "1e23"),
                arguments(1.5e300, "1.5e300"),
                arguments(1.7e308, "1.7e308"),
                arguments(Double.MAX_VALUE, "1.7976931348623157e308"),
                arguments(0.001234, "0.001234"),
                arguments(0.00001, "0.00001"),
                arguments(0.000001, "1e-6"),
                arguments(1e-7, "1e-7"),
                arguments(1.2345e-7, "1.2345e-7"),
                arguments(Double.MIN_NORMAL, "2.2250738585072014e-308"),
                arguments(Double.MIN_VALUE, "5e-324"),
                arguments(2 * Double.MIN_VALUE, "1e-323"),
                arguments(5 * Double.MIN_VALUE, "2.5e-323"));
    }

    @ParameterizedTest
    @MethodSource("table")
    void printsTheShortestDecimalInRyuLayout(double value, String expected) {
        assertThat(DoubleFormat.format(value)).isEqualTo(expected);
        assertThat(Double.parseDouble(expected)).isEqualTo(value);
    }

    @Test
    void nonFiniteValuesAreRefused() {
        assertThatThrownBy(() -> DoubleFormat.format(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DoubleFormat.format(Double.POSITIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new JsonDouble(Double.NEGATIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void randomDoublesReadBackExactlyAndKeepTheLayout() {
        long seed = Seeds.seed();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 200_000; i++) {
            double d = switch (i % 4) {
                case 0 -> Double.longBitsToDouble(random.nextLong());
                case 1 -> random.nextDouble() * Math.pow(10, random.nextInt(-30, 30));
                case 2 -> (double) random.nextLong(-10_000_000, 10_000_000) / 1000;
                default -> Double.longBitsToDouble(random.nextLong(0, 1L << 53)); // subnormals and tiny normals
            };
            if (!Double.isFinite(d)) {
                continue;
            }
            String text = DoubleFormat.format(d);
            assertThat(Double.parseDouble(text)).as("seed 0x%x: %s", seed, text).isEqualTo(d);
            assertThat(RYU.matcher(text).matches()).as("seed 0x%x: layout of %s (%s)", seed, text, d).isTrue();
            assertThat(digits(text)).as("seed 0x%x: %s not longer than Java's %s", seed, text, Double.toString(d))
                    .isLessThanOrEqualTo(digits(Double.toString(d)));
        }
    }

    /** Significant digits of a decimal text, without sign, point, exponent, leading or trailing zeros. */
    private static int digits(String text) {
        String mantissa = text.replaceFirst("[eE].*", "").replace("-", "").replace(".", "");
        mantissa = mantissa.replaceFirst("^0+", "").replaceFirst("0+$", "");
        return Math.max(1, mantissa.length());
    }
}
