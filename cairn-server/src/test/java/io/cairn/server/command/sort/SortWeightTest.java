package io.cairn.server.command.sort;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Numeric SORT weights as glibc's strtod reads them, as Redis 7.2 answered each of these. */
class SortWeightTest {
    private static double parse(String s) {
        return SortWeight.parse(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void numbersStrtodReadsWhole() {
        assertThat(parse("1e308")).isEqualTo(1e308);
        assertThat(parse("0x10")).isEqualTo(16);
        assertThat(parse("0X1A")).isEqualTo(26);
        assertThat(parse("0x1p3")).isEqualTo(8);
        assertThat(parse("0x.8")).isEqualTo(0.5);
        assertThat(parse(" 5")).isEqualTo(5);
        assertThat(parse("\t\n-5")).isEqualTo(-5);
        assertThat(parse("inf")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(parse("-Infinity")).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(parse("")).isZero();
        assertThat(parse(".5")).isEqualTo(0.5);
        assertThat(parse("5.")).isEqualTo(5);
        assertThat(parse("+3")).isEqualTo(3);
        assertThat(parse("1.5e3")).isEqualTo(1500);
        assertThat(parse("0x1P-1074")).isEqualTo(Double.MIN_VALUE); // an exact subnormal
        assertThat(parse("0.0e-999")).isZero();
        assertThat(parse("7\0junk")).isEqualTo(7); // the C string ends at the NUL
    }

    @Test
    void whatStrtodRefusesOrReportsOutOfRange() {
        for (String s : new String[] {"5 ", "  ", "nan", "-nan", "1e", "1e+", ".", "1_0", "0x", "0xg", "abc", "infinite",
                "1e309", "-1e309", "0x1p1024", "1e-310", "1e-400", "4.9e-324", "2.2250738585072011e-308", "0x1p-1075",
                "1e-99999999999", "+-1", "- 1", "١"}) {
            assertThat(parse(s)).as(s).isNaN();
        }
    }
}
