package io.cairn.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class OptionsTest {

    private static Options options() {
        return new Options()
                .declare("systems", "cairn,redis", "systems to measure")
                .declare("records", "200000", "records loaded")
                .declare("warmup", "2", "seconds of warm-up")
                .declare("out", "", "output directory");
    }

    @Test
    void givenValuesReplaceDefaultsAndEverythingIsRecordedInDeclarationOrder() {
        Options o = options().parse(new String[] {"--out", "/tmp/x", "--systems", "redis"});
        assertThat(o.string("systems")).isEqualTo("redis");
        assertThat(o.string("records")).isEqualTo("200000");
        assertThat(o.given("systems")).isTrue();
        assertThat(o.given("records")).isFalse();
        assertThat(o.all()).containsExactly(java.util.Map.entry("systems", "redis"),
                java.util.Map.entry("records", "200000"), java.util.Map.entry("warmup", "2"),
                java.util.Map.entry("out", "/tmp/x"));
        assertThat(o.declared()).extracting(Options.Option::name).containsExactly("systems", "records", "warmup", "out");
    }

    @Test
    void theLastOfARepeatedOptionWins() {
        assertThat(options().parse(new String[] {"--records", "1", "--records", "2"}).string("records")).isEqualTo("2");
    }

    @Test
    void anAliasSetsTheOptionItStandsFor() {
        Options o = options().alias("system", "systems").parse(new String[] {"--system", "tarantool"});
        assertThat(o.string("systems")).isEqualTo("tarantool");
        assertThat(o.given("systems")).isTrue();
        assertThat(o.all()).containsKey("systems").doesNotContainKey("system");
    }

    @Test
    void aValueMayLookLikeAnythingIncludingEmpty() {
        Options o = options().parse(new String[] {"--out", "", "--systems", "-x"});
        assertThat(o.string("out")).isEmpty();
        assertThat(o.string("systems")).isEqualTo("-x");
    }

    @Test
    void anUnknownOptionIsRefusedNamingEveryValidOne() {
        assertThatThrownBy(() -> options().parse(new String[] {"--records", "5", "--recrods", "5"}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown option --recrods (expected one of: --systems, --records, --warmup, --out)");
    }

    @Test
    void aMissingValueIsRefused() {
        assertThatThrownBy(() -> options().parse(new String[] {"--systems", "cairn", "--records"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--records needs a value");
    }

    @Test
    void anArgumentThatIsNotAnOptionIsRefused() {
        assertThatThrownBy(() -> options().parse(new String[] {"records", "5"}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unexpected argument: records (expected: --<option> <value>)");
        assertThatThrownBy(() -> options().parse(new String[] {"--"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unexpected argument: --");
    }

    @Test
    void readingAnUndeclaredOptionIsAProgrammingError() {
        assertThatThrownBy(() -> options().string("nope")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("nope");
    }

    @Test
    void numbersTakeUnderscoresAndThousandOrMillionSuffixes() {
        assertThat(Options.parseNumber("n", "200k", 0, Long.MAX_VALUE)).isEqualTo(200_000);
        assertThat(Options.parseNumber("n", "200K", 0, Long.MAX_VALUE)).isEqualTo(200_000);
        assertThat(Options.parseNumber("n", "1m", 0, Long.MAX_VALUE)).isEqualTo(1_000_000);
        assertThat(Options.parseNumber("n", "200_000", 0, Long.MAX_VALUE)).isEqualTo(200_000);
        assertThat(Options.parseNumber("n", "1_5m", 0, Long.MAX_VALUE)).isEqualTo(15_000_000);
        assertThat(Options.parseNumber("n", " 42 ", 0, Long.MAX_VALUE)).isEqualTo(42);
        assertThat(Options.parseNumber("n", "-7", -10, 10)).isEqualTo(-7);
        assertThat(options().parse(new String[] {"--records", "2k"}).number("records", 1, 1_000_000)).isEqualTo(2_000);
    }

    @Test
    void aNumberOutOfRangeIsRefusedWithTheRange() {
        assertThatThrownBy(() -> options().parse(new String[] {"--records", "0"}).number("records", 1, 100))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--records: 0 (expected: 1 to 100)");
        assertThatThrownBy(() -> Options.parseNumber("clients", "2k", 1, 1_000))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--clients: 2k (expected: 1 to 1000)");
    }

    @Test
    void somethingThatIsNotAWholeNumberIsRefused() {
        for (String bad : List.of("zero", "1.5k", "", "k", "1g", "99999999999999999999", "9223372036854775807k")) {
            assertThatThrownBy(() -> Options.parseNumber("clients", bad, 1, Long.MAX_VALUE)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("--clients: " + bad + " (expected: a whole number)");
        }
    }

    @Test
    void listsAreTrimmedLowerCasedAndSkipBlanks() {
        Options o = options().parse(new String[] {"--systems", " Cairn, REDIS ,,tarantool,"});
        assertThat(o.list("systems")).containsExactly("cairn", "redis", "tarantool");
    }

    @Test
    void anEmptyListIsRefused() {
        Options o = options().parse(new String[] {"--systems", " , "});
        assertThatThrownBy(() -> o.list("systems")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--systems: empty (expected: a comma-separated list)");
    }

    @Test
    void listsOfNumbersCheckEachNumber() {
        Options o = new Options().declare("clients", "1,2", "clients");
        assertThat(o.numbers("clients", 1, 1000)).containsExactly(1, 2);
        o.parse(new String[] {"--clients", "1, 8, 1k"});
        assertThat(o.numbers("clients", 1, 1000)).containsExactly(1, 8, 1000);
        o.parse(new String[] {"--clients", "1,0"});
        assertThatThrownBy(() -> o.numbers("clients", 1, 1000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--clients: 0 (expected: 1 to 1000)");
    }

    @Test
    void decimalsHaveALowerBound() {
        Options o = options();
        assertThat(o.parse(new String[] {"--warmup", "0.5"}).decimal("warmup", 0)).isEqualTo(0.5);
        assertThatThrownBy(() -> o.parse(new String[] {"--warmup", "-1"}).decimal("warmup", 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--warmup: -1 (expected: a number >= 0.0)");
        assertThatThrownBy(() -> o.parse(new String[] {"--warmup", "NaN"}).decimal("warmup", 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--warmup: NaN");
        assertThatThrownBy(() -> o.parse(new String[] {"--warmup", "soon"}).decimal("warmup", 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--warmup: soon (expected: a number)");
    }
}
