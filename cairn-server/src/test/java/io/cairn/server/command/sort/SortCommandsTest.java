package io.cairn.server.command.sort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandHarness;
import io.cairn.storage.engine.WrongTypeException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** SORT and SORT_RO without sockets: options parsed before the lock, the data's refusals and replies after. */
class SortCommandsTest {
    private final CommandHarness h = new CommandHarness();

    @AfterEach
    void close() {
        h.close();
    }

    /** The reply as a list of strings, "nil" for a null. */
    private List<String> sort(String... args) {
        RespValue v = h.exec(args);
        List<String> out = new ArrayList<>();
        for (RespValue item : ((RespValue.ArrayReply) v).items()) {
            out.add(item instanceof RespValue.BulkString b ? new String(b.value(), StandardCharsets.UTF_8) : "nil");
        }
        return out;
    }

    @Test
    void optionsAreParsedIntoTheRecordInAnyOrderTheLastWinning() {
        Sort s = (Sort) h.parse("SORT", "k", "desc", "LIMIT", "1", "2", "GET", "#", "BY", "w_*", "GET", "h_*->f",
                "ASC", "alpha", "STORE", "a", "STORE", "b");
        assertThat(s.desc()).isFalse();
        assertThat(s.alpha()).isTrue();
        assertThat(s.offset()).isEqualTo(1);
        assertThat(s.count()).isEqualTo(2);
        assertThat(s.gets()).hasSize(2);
        assertThat(s.gets().get(0).self()).isTrue();
        assertThat(s.by().hasStar()).isTrue();
        assertThat(s.dontSort()).isFalse();
        assertThat(new String(s.store(), StandardCharsets.UTF_8)).isEqualTo("b");
        assertThat(((Sort) h.parse("SORT", "k", "BY", "nosort")).dontSort()).isTrue();
        assertThat(((Sort) h.parse("SORT", "k")).count()).isEqualTo(-1);
        assertThat(((Sort) h.parse("SORT", "k", "BY", "nosort", "BY", "w_*")).dontSort()).isTrue(); // as Redis
    }

    @Test
    void badOptionsAreRefusedBeforeTheKeyIsRead() {
        h.exec("SET", "str", "x");
        assertThatThrownBy(() -> h.parse("SORT", "str", "FOO")).hasMessage("ERR syntax error");
        assertThatThrownBy(() -> h.parse("SORT", "str", "LIMIT", "0")).hasMessage("ERR syntax error");
        assertThatThrownBy(() -> h.parse("SORT", "str", "LIMIT", "a", "1"))
                .hasMessage("ERR value is not an integer or out of range");
        assertThatThrownBy(() -> h.parse("SORT", "str", "STORE")).hasMessage("ERR syntax error");
        assertThatThrownBy(() -> h.parse("SORT", "str", "GET")).hasMessage("ERR syntax error");
        assertThatThrownBy(() -> h.parse("SORT_RO", "str", "STORE", "d")).hasMessage("ERR syntax error");
        assertThatThrownBy(() -> h.exec("SORT", "str")).isInstanceOf(WrongTypeException.class);
        h.exec("HSET", "hash", "f", "1");
        assertThatThrownBy(() -> h.exec("SORT_RO", "hash")).isInstanceOf(WrongTypeException.class);
    }

    @Test
    void numbersSortByValueWithTheBytesBreakingTiesAndAlphaByBytes() {
        h.exec("RPUSH", "l", "10", "9", "1e1", "-inf", "0x10", " 2", "010");
        assertThat(sort("SORT", "l")).containsExactly("-inf", " 2", "9", "010", "10", "1e1", "0x10");
        assertThat(sort("SORT", "l", "DESC")).containsExactly("0x10", "1e1", "10", "010", "9", " 2", "-inf");
        assertThat(sort("SORT", "l", "ALPHA")).containsExactly(" 2", "-inf", "010", "0x10", "10", "1e1", "9");
        h.exec("RPUSH", "l", "ten");
        assertThatThrownBy(() -> h.exec("SORT", "l")).hasMessage(Sort.NOT_A_DOUBLE);
        assertThatThrownBy(() -> h.exec("SORT", "l", "LIMIT", "0", "0")).hasMessage(Sort.NOT_A_DOUBLE); // weights first
        assertThat(sort("SORT", "l", "ALPHA", "LIMIT", "0", "1")).containsExactly(" 2");
        assertThat(sort("SORT", "l", "BY", "nosort", "LIMIT", "7", "1")).containsExactly("ten"); // no weights read
    }

    @Test
    void limitIsClampedToTheElements() {
        h.exec("RPUSH", "l", "3", "1", "2", "5", "4");
        assertThat(sort("SORT", "l", "LIMIT", "1", "2")).containsExactly("2", "3");
        assertThat(sort("SORT", "l", "LIMIT", "-5", "2")).containsExactly("1", "2");
        assertThat(sort("SORT", "l", "LIMIT", "3", "-1")).containsExactly("4", "5");
        assertThat(sort("SORT", "l", "LIMIT", "3", "100")).containsExactly("4", "5");
        assertThat(sort("SORT", "l", "LIMIT", "5", "1")).isEmpty();
        assertThat(sort("SORT", "l", "LIMIT", "0", "0")).isEmpty();
        assertThat(sort("SORT", "l", "LIMIT", "1", "2", "DESC")).containsExactly("4", "3");
        assertThat(sort("SORT", "missing", "LIMIT", "0", "10")).isEmpty();
    }

    @Test
    void byPatternsWeighByKeysOrHashFieldsAndMissingOnesWeighNothing() {
        h.exec("SADD", "s", "a", "b", "c", "d");
        h.exec("MSET", "w_a", "3", "w_b", "1", "w_c", "2");
        assertThat(sort("SORT", "s", "BY", "w_*")).containsExactly("d", "b", "c", "a"); // d weighs 0
        h.exec("HSET", "h_a", "f", "z");
        h.exec("HSET", "h_b", "f", "x");
        h.exec("HSET", "h_c", "g", "y");
        h.exec("SET", "h_d", "not a hash");
        List<String> alpha = sort("SORT", "s", "BY", "h_*->f", "ALPHA");
        assertThat(alpha.subList(0, 2)).containsExactlyInAnyOrder("c", "d"); // no weight: first, in no set order
        assertThat(alpha.subList(2, 4)).containsExactly("b", "a");
        assertThat(sort("SORT", "s", "BY", "h_*->f", "ALPHA", "DESC").subList(0, 2)).containsExactly("a", "b");
        h.exec("SET", "w_d", "heavy");
        assertThatThrownBy(() -> h.exec("SORT", "s", "BY", "w_*")).hasMessage(Sort.NOT_A_DOUBLE);
    }

    @Test
    void getPatternsNameValuesAndNilsForMissingOnes() {
        h.exec("RPUSH", "l", "2", "1", "3");
        h.exec("MSET", "v_1", "one", "v_2", "two");
        h.exec("HSET", "h_3", "name", "three");
        assertThat(sort("SORT", "l", "GET", "#", "GET", "v_*", "GET", "h_*->name", "GET", "fixed"))
                .containsExactly("1", "one", "nil", "nil", "2", "two", "nil", "nil", "3", "nil", "three", "nil");
        assertThat(sort("SORT", "l", "LIMIT", "2", "1", "GET", "v_*->")).containsExactly("nil"); // key "v_3->"
    }

    @Test
    void byWithoutAStarKeepsAListsOrASortedSetsOwnOrder() {
        h.exec("RPUSH", "l", "c", "a", "b", "d");
        assertThat(sort("SORT", "l", "BY", "nosort")).containsExactly("c", "a", "b", "d");
        assertThat(sort("SORT", "l", "BY", "nosort", "DESC")).containsExactly("d", "b", "a", "c");
        assertThat(sort("SORT", "l", "BY", "nosort", "DESC", "LIMIT", "1", "2")).containsExactly("b", "a");
        assertThat(sort("SORT", "l", "BY", "nosort", "LIMIT", "1", "2")).containsExactly("a", "b");
        h.exec("ZADD", "z", "1", "x", "2", "b", "3", "a");
        assertThat(sort("SORT", "z", "BY", "nosort")).containsExactly("x", "b", "a");
        assertThat(sort("SORT", "z", "BY", "nosort", "DESC", "LIMIT", "0", "2")).containsExactly("a", "b");
        assertThat(sort("SORT", "z", "ALPHA")).containsExactly("a", "b", "x");
        assertThat(sort("SORT_RO", "z", "BY", "nosort", "LIMIT", "1", "-1", "GET", "#")).containsExactly("b", "a");
    }

    @Test
    void storeWritesAListReplacingTheDestinationAndAnEmptyResultDeletesIt() {
        h.exec("SADD", "s", "b", "c", "a");
        h.exec("SET", "dst", "old");
        h.exec("EXPIRE", "dst", "100");
        assertThat(h.exec("SORT", "s", "BY", "nosort", "STORE", "dst")).isEqualTo(RespValue.integer(3));
        assertThat(sort("LRANGE", "dst", "0", "-1")).containsExactly("a", "b", "c"); // a set stored sorts by ALPHA
        assertThat(h.exec("TTL", "dst")).isEqualTo(RespValue.integer(-1));
        h.exec("SET", "v_a", "A");
        assertThat(h.exec("SORT", "s", "ALPHA", "GET", "v_*", "GET", "#", "STORE", "dst")).isEqualTo(RespValue.integer(6));
        assertThat(sort("LRANGE", "dst", "0", "-1")).containsExactly("A", "a", "", "b", "", "c");
        assertThat(h.exec("SORT", "s", "ALPHA", "LIMIT", "0", "0", "STORE", "dst")).isEqualTo(RespValue.integer(0));
        assertThat(h.exec("EXISTS", "dst")).isEqualTo(RespValue.integer(0));
        assertThat(h.exec("SORT", "missing", "STORE", "s")).isEqualTo(RespValue.integer(0));
        assertThat(h.exec("EXISTS", "s")).isEqualTo(RespValue.integer(0));
    }

    @Test
    void aSortedListStoredOnItselfReplacesIt() {
        h.exec("RPUSH", "l", "3", "1", "2");
        assertThat(h.exec("SORT", "l", "DESC", "STORE", "l")).isEqualTo(RespValue.integer(3));
        assertThat(sort("LRANGE", "l", "0", "-1")).containsExactly("3", "2", "1");
    }
}
