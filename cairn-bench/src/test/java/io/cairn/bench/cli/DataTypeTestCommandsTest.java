package io.cairn.bench.cli;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.bench.driver.Command;
import io.cairn.bench.run.OpRun;
import io.cairn.bench.run.OpSource;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The requests {@link DataTypeTest} sends: redis-benchmark's keys and argument shapes, with its
 * 12-digit {@code __rand_int__}, drawn from the key space (no socket: the commands are read as built).
 */
class DataTypeTestCommandsTest {
    private static final byte[] VALUE = "xxxxx".getBytes(US_ASCII);

    /** The next request of {@code test}'s source as text: {@code LPUSH mylist xxxxx}. */
    private static String next(OpSource source) {
        OpRun op = source.next();
        Command.Call call = (Command.Call) op.stage().getFirst();
        assertThat(op.stage()).hasSize(1);
        return String.join(" ", call.args().stream().map(b -> new String(b, US_ASCII)).toList());
    }

    private static OpSource source(DataTypeTest t, long keyspace) {
        return t.source(new SplittableRandom(7), keyspace, VALUE);
    }

    @Test
    void listTestsPushTheValueAndPopOrReadTheFirstElements() {
        assertThat(next(source(DataTypeTest.LPUSH, 100))).isEqualTo("LPUSH mylist xxxxx");
        assertThat(next(source(DataTypeTest.RPUSH, 100))).isEqualTo("RPUSH mylist xxxxx");
        assertThat(next(source(DataTypeTest.LPOP, 100))).isEqualTo("LPOP mylist");
        assertThat(next(source(DataTypeTest.RPOP, 100))).isEqualTo("RPOP mylist");
        assertThat(next(source(DataTypeTest.LRANGE_100, 100))).isEqualTo("LRANGE mylist 0 99");
        assertThat(next(source(DataTypeTest.LRANGE_300, 100))).isEqualTo("LRANGE mylist 0 299");
        assertThat(next(source(DataTypeTest.LRANGE_500, 100))).as("redis-benchmark since 6.2").isEqualTo("LRANGE mylist 0 499");
        assertThat(next(source(DataTypeTest.LRANGE_600, 100))).isEqualTo("LRANGE mylist 0 599");
    }

    @Test
    void setAndSortedSetTestsDrawEachPlaceholderAnewFromTheKeySpace() {
        OpSource sadd = source(DataTypeTest.SADD, 100);
        OpSource zadd = source(DataTypeTest.ZADD, 100);
        OpSource zrank = source(DataTypeTest.ZRANK, 1_000_000);
        boolean differ = false;
        for (int i = 0; i < 200; i++) {
            assertThat(next(sadd)).matches("SADD myset element:0000000000[0-9]{2}");
            String z = next(zadd);
            assertThat(z).matches("ZADD myzset 0000000000[0-9]{2} element:0000000000[0-9]{2}");
            String[] parts = z.split(" ");
            differ |= !parts[2].equals(parts[3].substring("element:".length()));
            assertThat(next(zrank)).matches("ZRANK myzset:rank element:000000[0-9]{6}");
        }
        assertThat(differ).as("score and member are drawn apart").isTrue();
        assertThat(next(source(DataTypeTest.SPOP, 100))).isEqualTo("SPOP myset");
        assertThat(next(source(DataTypeTest.ZPOPMIN, 100))).isEqualTo("ZPOPMIN myzset");
    }

    @Test
    void elementsAreNamedAsRedisBenchmarkNamesThem() {
        assertThat(new String(DataTypeTest.element(42), US_ASCII)).isEqualTo("element:000000000042");
        assertThat(new String(DataTypeTest.twelveDigits("", 1_234_567_890_123L), US_ASCII)).isEqualTo("234567890123");
        assertThat(new String(MemoryScenario.element(7, 24), US_ASCII)).isEqualTo("element:000000000007xxxx");
        assertThat(new String(MemoryScenario.element(7, 20), US_ASCII)).isEqualTo("element:000000000007");
    }

    @Test
    void eachTestNamesTheCommandsItNeedsAndWhatAServerWithoutThemLacks() {
        assertThat(DataTypeTest.LPUSH.commands()).containsExactly("LPUSH");
        assertThat(DataTypeTest.LPOP.commands()).containsExactly("LPOP", "RPUSH");
        assertThat(DataTypeTest.LRANGE_600.commands()).containsExactly("LRANGE", "RPUSH");
        assertThat(DataTypeTest.SPOP.commands()).containsExactly("SPOP", "SADD");
        assertThat(DataTypeTest.ZADD.commands()).containsExactly("ZADD");
        assertThat(DataTypeTest.ZRANK.commands()).containsExactly("ZRANK", "ZADD");
        assertThat(DataTypeTest.RPOP.withoutRedisCommands()).isEqualTo("no lists");
        assertThat(DataTypeTest.SADD.withoutRedisCommands()).isEqualTo("no sets");
        assertThat(DataTypeTest.ZPOPMIN.withoutRedisCommands()).isEqualTo("no sorted sets");
        assertThat(List.of(DataTypeTest.values())).filteredOn(DataTypeTest::pops).extracting(DataTypeTest::label)
                .containsExactly("lpop", "rpop", "spop", "zpopmin");
        assertThat(DataTypeTest.of("lrange_100")).isEqualTo(DataTypeTest.LRANGE_100);
        assertThat(DataTypeTest.of("set")).isNull();
    }
}
