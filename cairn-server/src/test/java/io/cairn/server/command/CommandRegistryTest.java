package io.cairn.server.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.resp.CommandSpec;
import io.cairn.resp.CommandTable;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CommandRegistryTest {
    @Test
    void everySpecHasExactlyOneHandlerAndNoNameAppearsTwice() {
        List<CommandSpec> table = CommandTable.all();
        Set<String> names = new HashSet<>();
        for (CommandSpec s : table) {
            assertThat(names.add(s.name())).as("listed twice: %s", s.name()).isTrue();
        }
        Map<String, Handler> handlers = Commands.handlers();
        CommandRegistry registry = new CommandRegistry(table, handlers);
        assertThat(registry.size()).isEqualTo(table.size());
        for (CommandSpec s : table) {
            Command cmd = registry.command(s.name());
            assertThat(cmd).as("command %s", s.name()).isNotNull();
            assertThat(cmd.spec()).isSameAs(s);
            boolean bareContainer = cmd.hasSubcommands() && !s.arityAccepts(1);
            assertThat(cmd.handler()).as("handler for %s", s.name()).isSameAs(bareContainer ? null : handlers.get(s.name()));
        }
        assertThat(handlers.keySet()).allSatisfy(n -> assertThat(registry.command(n)).as("spec for %s", n).isNotNull());
    }

    @Test
    void oneProbeFindsSpecHandlerAndSubcommandsInAnyLetterCase() {
        CommandRegistry registry = new CommandRegistry(CommandTable.all(), Commands.handlers());
        Command get = registry.lookup(bytes("GeT"));
        assertThat(get.spec().name()).isEqualTo("get");
        assertThat(get.handler()).isInstanceOf(DataCommand.class);
        assertThat(get.hasSubcommands()).isFalse();
        assertThat(get.subcommand(bytes("id"))).isNull();

        Command client = registry.lookup(bytes("CLIENT"));
        assertThat(client.handler()).isNull(); // CLIENT alone is an arity error, not a command
        Command id = client.subcommand(bytes("Id"));
        assertThat(id).isSameAs(registry.command("client|id"));
        assertThat(id.handler()).isInstanceOf(ServerCommand.class);
        assertThat(client.subcommands()).extracting(c -> c.spec().name()).startsWith("client|id", "client|setname");

        assertThat(registry.lookup(bytes("client|id"))).isNull(); // full names are not request names
        assertThat(registry.lookup(bytes("nosuch"))).isNull();
        assertThat(registry.lookup(bytes(""))).isNull();
        assertThat(registry.commands()).extracting(c -> c.spec().container()).containsOnlyNulls();
    }

    @Test
    void aSpecWithoutHandlerIsRefusedAtStartup() {
        Map<String, Handler> handlers = new HashMap<>(Commands.handlers());
        handlers.remove("get");
        assertThatThrownBy(() -> new CommandRegistry(CommandTable.all(), handlers))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no handler for: get");
    }

    @Test
    void aHandlerWithoutSpecIsRefusedAtStartup() {
        Map<String, Handler> handlers = new HashMap<>(Commands.handlers());
        handlers.put("frobnicate", (ServerCommand) c -> null);
        assertThatThrownBy(() -> new CommandRegistry(CommandTable.all(), handlers))
                .hasMessageContaining("handler without a spec: frobnicate");
    }

    @Test
    void aBareContainerWithAHandlerIsRefusedAtStartup() {
        Map<String, Handler> handlers = new HashMap<>(Commands.handlers());
        handlers.put("client", (ServerCommand) c -> null);
        assertThatThrownBy(() -> new CommandRegistry(CommandTable.all(), handlers))
                .hasMessageContaining("container has its own handler: client");
    }

    @Test
    void registeringAHandlerTwiceFails() {
        Commands.Registrar r = new Commands.Registrar();
        r.server("ping", c -> null);
        assertThatThrownBy(() -> r.server("ping", c -> null)).hasMessageContaining("registered twice: ping");
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
