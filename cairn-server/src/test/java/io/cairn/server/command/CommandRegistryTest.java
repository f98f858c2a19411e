package io.cairn.server.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.resp.CommandSpec;
import io.cairn.resp.CommandTable;
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
        for (CommandSpec s : table) {
            boolean bareContainer = !registry.subcommands(s.name()).isEmpty() && !s.arityAccepts(1);
            assertThat(registry.handler(s.name()) != null).as("handler for %s", s.name()).isEqualTo(!bareContainer);
        }
        assertThat(handlers.keySet()).allSatisfy(n -> assertThat(registry.spec(n)).as("spec for %s", n).isNotNull());
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
    void registeringAHandlerTwiceFails() {
        Commands.Registrar r = new Commands.Registrar();
        r.server("ping", c -> null);
        assertThatThrownBy(() -> r.server("ping", c -> null)).hasMessageContaining("registered twice: ping");
    }
}
