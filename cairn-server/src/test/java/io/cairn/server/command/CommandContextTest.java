package io.cairn.server.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The float parsers as Redis's: string2d (scores, coordinates, weights) refuses a finite literal
 * out of a double's range, strtod (score ranges) turns it into an infinity or 0, string2ld
 * (INCRBYFLOAT, timeouts) refuses only what is out of a long double's range. Replies checked
 * against redis-server 7.0.15 (zsets.txt, strings.txt, hashes.txt, geo.txt).
 */
class CommandContextTest {
    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static void refused(Function<byte[], Double> parser, String... literals) {
        for (String l : literals) {
            assertThatThrownBy(() -> parser.apply(b(l))).as(l).isInstanceOf(InvalidRequestException.class)
                    .hasMessage(CommandContext.NOT_FLOAT);
        }
    }

    @Test
    void string2dRefusesOverflowAndUnderflowToZeroButTakesInfinitiesAndSubnormals() {
        Function<byte[], Double> p = CommandContext::parseDouble;
        refused(p, "1e400", "-1e400", "1e-400", "-1e-400", "0x1p1024", "0x1p-1100", "nan", " 1", "1 ", "", "1.5d",
                "0x1p3f", "1e5.5", "abc");
        assertThat(p.apply(b("inf"))).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(p.apply(b("-Infinity"))).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(p.apply(b("1e-310"))).isEqualTo(1e-310);
        assertThat(p.apply(b("0e-400"))).isZero();
        assertThat(p.apply(b("-0.000"))).isEqualTo(-0.0);
        assertThat(p.apply(b("1.7976931348623157e308"))).isEqualTo(Double.MAX_VALUE);
        assertThat(p.apply(b("0x10"))).isEqualTo(16.0);
        assertThat(p.apply(b("0x1p4"))).isEqualTo(16.0);
        assertThat(p.apply(b("0xa.8p0"))).isEqualTo(10.5);
        assertThat(p.apply(b("+.5e1"))).isEqualTo(5.0);
    }

    @Test
    void strtodTurnsOutOfRangeLiteralsIntoInfinitiesOrZero() {
        Function<byte[], Double> p = CommandContext::parseStrtod;
        assertThat(p.apply(b("1e400"))).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(p.apply(b("-1e400"))).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(p.apply(b("1e-400"))).isZero();
        refused(p, "nan", "1x", " 1");
    }

    @Test
    void string2ldRefusesOnlyWhatALongDoubleCannotHold() {
        Function<byte[], Double> p = CommandContext::parseLongDouble;
        assertThat(p.apply(b("1e400"))).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(p.apply(b("1e4932"))).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(p.apply(b("1e-400"))).isEqualTo(Double.MIN_VALUE);
        assertThat(p.apply(b("-1e-4950"))).isEqualTo(-Double.MIN_VALUE);
        assertThat(p.apply(b("0e-5000"))).isZero();
        assertThat(p.apply(b("0x1p16000"))).isEqualTo(Double.POSITIVE_INFINITY);
        refused(p, "1e5000", "-1e5000", "1e-5000", "1e4933", "1e99999999999", "0x1p17000", "0x1p-17000", "nan");
        assertThat(p.apply(b("2.5"))).isEqualTo(2.5);
    }
}
