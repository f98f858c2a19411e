package io.cairn.server.command.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.resp.CommandTable;
import io.cairn.resp.RespEncoder;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandHarness;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** COMMAND and its subcommands, answered from the registry dispatch uses, in Redis 7.2's shapes. */
class CommandIntrospectionTest {
    private final CommandHarness h = new CommandHarness();

    @AfterEach
    void close() {
        h.close();
    }

    private static List<RespValue> items(RespValue v) {
        return switch (v) {
            case RespValue.ArrayReply a -> a.items();
            case RespValue.SetReply s -> s.items();
            default -> throw new AssertionError("not an array or set: " + v);
        };
    }

    private static RespValue field(RespValue map, String key) {
        for (Map.Entry<RespValue, RespValue> e : ((RespValue.MapReply) map).entries()) {
            if (RespValue.textOf(e.getKey()).equals(key)) {
                return e.getValue();
            }
        }
        return null;
    }

    private static String wire(RespValue v, int protocol) {
        ByteBuf out = Unpooled.buffer();
        RespEncoder.encode(v, out, protocol);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void infoHasRedisSevensTenFieldsWithKeySpecsAndTips() {
        RespValue get = items(h.call("COMMAND", "INFO", "get")).getFirst();
        List<RespValue> f = items(get);
        assertThat(f).hasSize(10);
        assertThat(f.get(0)).isEqualTo(RespValue.bulk("get"));
        assertThat(f.get(2)).isEqualTo(new RespValue.SetReply(List.of(RespValue.simple("readonly"), RespValue.simple("fast"))));
        assertThat(f.get(7)).isEqualTo(new RespValue.SetReply(List.of()));
        RespValue spec = items(f.get(8)).getFirst();
        assertThat(field(spec, "flags")).isEqualTo(new RespValue.SetReply(List.of(RespValue.simple("RO"), RespValue.simple("access"))));
        assertThat(field(field(spec, "begin_search"), "type")).isEqualTo(RespValue.bulk("index"));
        assertThat(field(field(field(spec, "find_keys"), "spec"), "lastkey")).isEqualTo(RespValue.integer(0));
        assertThat(f.get(9)).isEqualTo(new RespValue.SetReply(List.of()));

        assertThat(wire(h.call("COMMAND", "INFO", "get"), 2)).startsWith(
                "*1\r\n*10\r\n$3\r\nget\r\n:2\r\n*2\r\n+readonly\r\n+fast\r\n:1\r\n:1\r\n:1\r\n*3\r\n+@read\r\n");
        assertThat(wire(h.call("COMMAND", "INFO", "get"), 3)).startsWith(
                "*1\r\n*10\r\n$3\r\nget\r\n:2\r\n~2\r\n+readonly\r\n+fast\r\n:1\r\n:1\r\n:1\r\n~3\r\n+@read\r\n");

        List<RespValue> mixed = items(h.call("COMMAND", "INFO", "nosuch", "CLIENT|ID", "mset"));
        assertThat(mixed.get(0)).isEqualTo(RespValue.NULL);
        assertThat(items(mixed.get(1)).getFirst()).isEqualTo(RespValue.bulk("client|id"));
        assertThat(items(items(mixed.get(2)).get(7))).containsExactly(RespValue.bulk("request_policy:multi_shard"),
                RespValue.bulk("response_policy:all_succeeded"));
        RespValue client = items(h.call("COMMAND", "INFO", "client")).getFirst();
        assertThat(items(items(client).get(9))).extracting(c -> items(c).getFirst())
                .contains(RespValue.bulk("client|id"), RespValue.bulk("client|kill"));
    }

    @Test
    void commandAndCountCoverEveryTopLevelCommand() {
        long topLevel = CommandTable.all().stream().filter(s -> s.container() == null).count();
        assertThat(h.call("COMMAND", "COUNT")).isEqualTo(RespValue.integer(topLevel));
        assertThat(items(h.call("COMMAND"))).hasSize((int) topLevel);
        assertThat(items(h.call("COMMAND", "INFO"))).hasSize((int) topLevel);
        assertThat(((RespValue.MapReply) h.call("COMMAND", "DOCS")).entries()).hasSize((int) topLevel);
    }

    @Test
    void docsNumberKeyArgumentsByTheirSpecAndShowDeprecation() {
        RespValue rename = field(h.call("COMMAND", "DOCS", "RENAME"), "rename");
        List<RespValue> args = items(field(rename, "arguments"));
        assertThat(field(args.get(0), "key_spec_index")).isEqualTo(RespValue.integer(0));
        assertThat(field(args.get(1), "key_spec_index")).isEqualTo(RespValue.integer(1));
        assertThat(field(args.get(1), "display_text")).isEqualTo(RespValue.bulk("newkey"));
        RespValue getset = field(h.call("COMMAND", "DOCS", "getset"), "getset");
        assertThat(field(getset, "doc_flags")).isEqualTo(new RespValue.SetReply(List.of(RespValue.simple("deprecated"))));
        assertThat(field(getset, "deprecated_since")).isEqualTo(RespValue.bulk("6.2.0"));
        RespValue set = field(h.call("COMMAND", "DOCS", "set"), "set");
        RespValue condition = items(field(set, "arguments")).get(2);
        assertThat(field(condition, "display_text")).isNull(); // a oneof has none, as in Redis
        assertThat(field(condition, "flags")).isEqualTo(new RespValue.SetReply(List.of(RespValue.simple("optional"))));
        assertThat(field(field(h.call("COMMAND", "DOCS", "json.get"), "json.get"), "module")).isEqualTo(RespValue.bulk("ReJSON"));
        assertThat(((RespValue.MapReply) h.call("COMMAND", "DOCS", "nosuch")).entries()).isEmpty();
        assertThat(field(field(h.call("COMMAND", "DOCS", "object"), "object"), "subcommands")).isNotNull();
    }

    @Test
    void getKeysFollowsTheKeySpecsWithRedisRefusalsInItsOrder() {
        assertThat(h.call("COMMAND", "GETKEYS", "mset", "a", "1", "b", "2"))
                .isEqualTo(RespValue.array(List.of(RespValue.bulk("a"), RespValue.bulk("b"))));
        assertThat(h.call("COMMAND", "GETKEYS", "OBJECT", "ENCODING", "k")).isEqualTo(RespValue.array(List.of(RespValue.bulk("k"))));
        assertThat(h.call("COMMAND", "GETKEYSANDFLAGS", "set", "k", "v", "GET")).isEqualTo(RespValue.array(List.of(
                RespValue.array(List.of(RespValue.bulk("k"), new RespValue.SetReply(List.of(RespValue.simple("RW"),
                        RespValue.simple("access"), RespValue.simple("update"))))))));
        assertThat(h.call("COMMAND", "GETKEYS", "nosuch", "a")).isEqualTo(RespValue.error("ERR Invalid command specified"));
        assertThat(h.call("COMMAND", "GETKEYS", "client", "nosuch")).isEqualTo(RespValue.error("ERR Invalid command specified"));
        assertThat(h.call("COMMAND", "GETKEYS", "ping")).isEqualTo(RespValue.error("ERR The command has no key arguments"));
        assertThat(h.call("COMMAND", "GETKEYS", "object")).isEqualTo(RespValue.error("ERR The command has no key arguments"));
        assertThat(h.call("COMMAND", "GETKEYS", "get", "a", "b"))
                .isEqualTo(RespValue.error("ERR Invalid number of arguments specified for command"));
        assertThat(h.call("COMMAND", "GETKEYS")).isEqualTo(RespValue.error("ERR wrong number of arguments for 'command|getkeys' command"));
    }

    @Test
    void listNamesCommandsAndSubcommandsByFilter() {
        List<RespValue> all = items(h.call("COMMAND", "LIST"));
        assertThat(all).hasSize(CommandTable.all().size()).contains(RespValue.bulk("client|id"), RespValue.bulk("get"));
        assertThat(items(h.call("COMMAND", "LIST", "FILTERBY", "PATTERN", "CLIENT|*"))).contains(RespValue.bulk("client|id"))
                .allSatisfy(n -> assertThat(RespValue.textOf(n)).startsWith("client|"));
        assertThat(items(h.call("COMMAND", "LIST", "filterby", "aclcat", "HASH"))).contains(RespValue.bulk("hset"))
                .doesNotContain(RespValue.bulk("get"));
        assertThat(items(h.call("COMMAND", "LIST", "FILTERBY", "ACLCAT", "nosuch"))).isEmpty();
        assertThat(items(h.call("COMMAND", "LIST", "FILTERBY", "MODULE", "rejson"))).contains(RespValue.bulk("json.set"))
                .allSatisfy(n -> assertThat(RespValue.textOf(n)).startsWith("json."));
        assertThat(h.call("COMMAND", "LIST", "FILTERBY", "NAME", "x")).isEqualTo(RespValue.error("ERR syntax error"));
        assertThat(h.call("COMMAND", "LIST", "FILTERBY", "PATTERN")).isEqualTo(RespValue.error("ERR syntax error"));
        assertThat(h.call("COMMAND", "LIST", "FILTERBY", "PATTERN", "*", "extra")).isEqualTo(RespValue.error("ERR syntax error"));
    }
}
