package io.cairn.resp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.resp.CommandKeys.KeyRef;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Key extraction from key specs, as COMMAND GETKEYS does it. */
class CommandKeysTest {
    private static byte[][] args(String... a) {
        byte[][] out = new byte[a.length][];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i].getBytes(StandardCharsets.UTF_8);
        }
        return out;
    }

    private static List<Integer> positions(CommandSpec spec, String... a) {
        return CommandKeys.find(spec, args(a)).stream().map(KeyRef::position).toList();
    }

    private static CommandSpec row(String name, String flags, int first, int last, int step, String keys) {
        return new CommandSpecDsl.Row(name, -2, flags, first, last, step, "@slow", "generic", "s", "1.0.0", "O(1)", "")
                .keys(keys).build();
    }

    @Test
    void rangeSpecsFindOneKeyEveryKeyOrEveryOtherArgument() {
        assertThat(CommandKeys.find(CommandTable.lookup("get"), args("get", "k")))
                .containsExactly(new KeyRef(1, Set.of("RO", "access")));
        assertThat(positions(CommandTable.lookup("del"), "del", "a", "b", "c")).containsExactly(1, 2, 3);
        assertThat(positions(CommandTable.lookup("mset"), "mset", "a", "1", "b", "2")).containsExactly(1, 3);
        // a subcommand's positions count its container's name, as COMMAND GETKEYS passes it
        assertThat(positions(CommandTable.lookup("object|encoding"), "object", "encoding", "k")).containsExactly(2);
        assertThat(positions(CommandTable.lookup("object|encoding"), "encoding", "k")).isEmpty(); // past the end
        assertThat(CommandKeys.find(CommandTable.lookup("rename"), args("rename", "a", "b"))).extracting(KeyRef::flags)
                .containsExactly(Set.of("RW", "access", "delete"), Set.of("OW", "update"));
    }

    @Test
    void keynumSpecsReadTheCountAndRefuseABadOne() {
        CommandSpec zunionstore = row("zunionstore", "write movablekeys", 1, 1, 1,
                "OW update index(1) range(0,1,0); RO access index(2) keynum(0,1,1)");
        assertThat(positions(zunionstore, "zunionstore", "d", "2", "a", "b", "WEIGHTS", "1", "2")).containsExactly(1, 3, 4);
        assertThat(positions(zunionstore, "zunionstore", "d", "3", "a", "b")).isEmpty(); // more keys than arguments
        assertThat(positions(zunionstore, "zunionstore", "d", "x", "a")).isEmpty();
        assertThat(positions(zunionstore, "zunionstore", "d", "-1", "a")).isEmpty();
        CommandSpec eval = row("eval", "noscript no_mandatory_keys movablekeys", 0, 0, 0,
                "RW access update index(2) keynum(0,1,1)");
        assertThat(positions(eval, "eval", "return 1", "2", "k1", "k2", "arg")).containsExactly(3, 4);
    }

    @Test
    void keywordSpecsSearchForTheirWordAndSkipWhenItIsMissing() {
        CommandSpec xread = row("xread", "readonly blocking movablekeys", 0, 0, 0,
                "RO access keyword(STREAMS,1) range(-1,1,2)");
        assertThat(positions(xread, "xread", "COUNT", "2", "streams", "s1", "s2", "0", "0")).containsExactly(4, 5);
        assertThat(positions(xread, "xread", "COUNT", "2")).isEmpty();
        CommandSpec sortLike = row("sortlike", "write denyoom movablekeys", 1, 1, 1,
                "RO access index(1) range(0,1,0); OW update incomplete keyword(STORE,1) range(0,1,0)");
        assertThat(positions(sortLike, "sortlike", "k")).containsExactly(1); // no STORE: the incomplete spec has nothing
        assertThat(positions(sortLike, "sortlike", "k", "STORE", "d")).isEmpty(); // incomplete and no procedure
    }

    @Test
    void sortFindsItsLastStoreKeySkippingTheArgumentsOfLimitGetAndBy() {
        CommandSpec sort = CommandTable.lookup("sort");
        Set<String> ro = Set.of("RO", "access");
        Set<String> ow = Set.of("OW", "update");
        assertThat(CommandKeys.find(sort, args("sort", "k"))).containsExactly(new KeyRef(1, ro));
        assertThat(CommandKeys.find(sort, args("sort", "k", "LIMIT", "0", "1", "store", "d")))
                .containsExactly(new KeyRef(1, ro), new KeyRef(6, ow));
        assertThat(CommandKeys.find(sort, args("sort", "k", "STORE", "a", "GET", "#", "STORE", "b")))
                .containsExactly(new KeyRef(1, ro), new KeyRef(7, ow));
        assertThat(positions(sort, "sort", "k", "BY", "store", "GET", "store")).containsExactly(1);
        assertThat(positions(sort, "sort", "k", "LIMIT", "store", "x", "ALPHA")).containsExactly(1);
        assertThat(positions(sort, "sort", "k", "STORE")).containsExactly(1); // nothing after it
        assertThat(positions(CommandTable.lookup("sort_ro"), "sort_ro", "k", "STORE", "d")).containsExactly(1);
    }

    @Test
    void setsKeyFlagsDependOnGetThroughItsProcedure() {
        CommandSpec set = CommandTable.lookup("set");
        assertThat(CommandKeys.find(set, args("set", "k", "v"))).containsExactly(new KeyRef(1, Set.of("OW", "update")));
        assertThat(CommandKeys.find(set, args("set", "k", "v", "EX", "1", "get")))
                .containsExactly(new KeyRef(1, Set.of("RW", "access", "update")));
        assertThat(CommandKeys.hasKeys(set)).isTrue();
        CommandSpec bitfield = CommandTable.lookup("bitfield");
        assertThat(CommandKeys.find(bitfield, args("bitfield", "k", "GET", "u8", "0", "OVERFLOW", "SAT")))
                .containsExactly(new KeyRef(1, Set.of("RO", "access")));
        assertThat(CommandKeys.find(bitfield, args("bitfield", "k", "get", "u8", "0", "INCRBY", "u8", "0", "1")))
                .containsExactly(new KeyRef(1, Set.of("RW", "access", "update")));
        assertThat(CommandKeys.find(bitfield, args("bitfield", "k", "GET", "u8")))
                .containsExactly(new KeyRef(1, Set.of("RW", "access", "update"))); // malformed: assumed a write
        assertThat(CommandKeys.hasKeys(CommandTable.lookup("ping"))).isFalse();
    }

    @Test
    void aRowWithoutKeySpecsGetsTheFullAccessRangeRedisGivesALegacyDeclaration() {
        KeySpec spec = CommandTable.lookup("json.get").keySpecs().getFirst();
        assertThat(spec.flags()).containsExactly("RW", "access", "update");
        assertThat(spec.beginSearch()).isEqualTo(new KeySpec.BeginSearch.Index(1));
        assertThat(spec.findKeys()).isEqualTo(new KeySpec.FindKeys.Range(0, 1, 0));
        assertThat(new CommandSpecDsl.Row("x", -2, "write", 1, -1, 2, "@slow", "generic", "s", "1.0.0", "O(1)", "")
                .build().keySpecs().getFirst().findKeys()).isEqualTo(new KeySpec.FindKeys.Range(-1, 2, 0));
        assertThat(CommandTable.lookup("ping").keySpecs()).isEmpty();
    }

    @Test
    void keySpecsMustAgreeWithTheRowsFirstLastStepAndMovableKeys() {
        assertThatThrownBy(() -> row("x", "write", 1, 2, 1, "RW index(1) range(0,1,0)"))
                .hasMessageContaining("first/last/step 1 2 1 but the key specs make 1 1 1");
        assertThatThrownBy(() -> row("x", "write", 1, 1, 1, "RW index(1) range(0,1,0); RO index(2) keynum(0,1,1)"))
                .hasMessageContaining("the key specs make movablekeys true but the flags say false");
        assertThatThrownBy(() -> row("x", "write", 1, 1, 1, "rw index(1) range(0,1,0)"))
                .hasMessageContaining("unknown name 'rw'");
        assertThatThrownBy(() -> row("x", "write", 1, 1, 1, "RW at(1) range(0,1,0)"))
                .hasMessageContaining("begin search 'at(1)'");
        assertThatThrownBy(() -> new CommandSpecDsl.Row("x", 1, "", 0, 0, 0, "@slow", "generic", "s", "1.0.0", "O(1)", "")
                .tips("nondeterministic").build()).hasMessageContaining("unknown tip 'nondeterministic'");
        assertThat(row("x", "write", 1, 2, 1, "RW index(1) range(0,1,0); OW index(2) range(0,1,0)").lastKey()).isEqualTo(2);
        assertThat(row("x", "write", 1, -1, 1, "RW index(1) range(0,1,0); OW index(2) range(-1,1,0)").lastKey()).isEqualTo(-1);
    }
}
