package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class IntSetTest {
    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void canonicalIntegersAreRepresentableAndNothingElse() {
        for (String yes : new String[] {"0", "1", "-1", "42", "9223372036854775807", "-9223372036854775808"}) {
            assertThat(IntSet.representable(b(yes))).as(yes).isTrue();
            assertThat(IntSet.parse(b(yes))).as(yes).isEqualTo(Long.parseLong(yes));
        }
        for (String no : new String[] {"", "-", "-0", "01", "+1", " 1", "1 ", "1.0", "1e3", "9223372036854775808",
                "-9223372036854775809", "00", "0x10", "123456789012345678901"}) {
            assertThat(IntSet.representable(b(no))).as(no).isFalse();
        }
    }

    @Test
    void followsATreeSetWhileWideningFromShortToLong() {
        long seed = Long.getLong("cairn.seed.intset", new SplittableRandom().nextLong());
        System.err.println("[cairn] IntSetTest seed=" + seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        IntSet set = new IntSet();
        TreeSet<Long> model = new TreeSet<>();
        for (int step = 0; step < 20_000; step++) {
            long v = switch (rnd.nextInt(3)) {
                case 0 -> rnd.nextInt(-300, 300);
                case 1 -> step < 5_000 ? rnd.nextInt(-300, 300) : rnd.nextInt(-100_000, 100_000);
                default -> step < 10_000 ? rnd.nextInt(-300, 300) : rnd.nextLong();
            };
            if (rnd.nextInt(3) == 0) {
                assertThat(set.remove(v)).isEqualTo(model.remove(v));
            } else {
                assertThat(set.add(v)).isEqualTo(model.add(v));
            }
            assertThat(set.contains(v)).isEqualTo(model.contains(v));
            if (step % 1000 == 0) {
                assertThat(set.size()).isEqualTo(model.size());
                int i = 0;
                for (long m : model) {
                    assertThat(set.get(i++)).as("seed=%d step=%d", seed, step).isEqualTo(m);
                }
            }
        }
        assertThat(set.width()).isEqualTo(8);
    }

    @Test
    void widthGrowsWithTheWidestValueAndACopyIsIndependent() {
        IntSet set = new IntSet();
        set.add(1);
        assertThat(set.width()).isEqualTo(2);
        set.add(70_000);
        assertThat(set.width()).isEqualTo(4);
        IntSet copy = set.copy();
        set.add(1L << 40);
        assertThat(set.width()).isEqualTo(8);
        assertThat(copy.width()).isEqualTo(4);
        assertThat(copy.contains(1L << 40)).isFalse();
        assertThat(set.get(0)).isEqualTo(1);
        assertThat(set.get(2)).isEqualTo(1L << 40);
        assertThat(copy.size()).isEqualTo(2);
    }
}
