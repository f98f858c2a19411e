package io.cairn.bench.peer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.RespProtocol;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link ProcessPeer}'s start-up failures: each must say why and leave nothing behind. */
class ProcessPeerTest {
    private final AtomicReference<Path> dir = new AtomicReference<>();

    private ProcessPeer start(List<String> command) throws IOException {
        return ProcessPeer.start("test", Durability.NONE, new RespProtocol(RespProtocol.ScanStyle.NONE),
                (port, d) -> {
                    dir.set(d);
                    return command;
                }, new Command.GetValue("probe"), Map.of(), "v1");
    }

    @Test
    void aServerThatExitsAtOnceFailsWithTheEndOfItsLog() {
        assertThatThrownBy(() -> start(List.of("/bin/sh", "-c", "echo 'first line'; echo 'bad config: no such option' >&2; exit 3")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("test exited with status 3 before it was ready")
                .hasMessageContaining("first line\nbad config: no such option");
        assertThat(dir.get()).as("the peer's directory").isNotNull().doesNotExist();
    }

    @Test
    void binFalseFailsWithItsExitStatus() {
        assertThatThrownBy(() -> start(List.of("/bin/false")))
                .isInstanceOf(IOException.class).hasMessageContaining("exited with status 1");
        assertThat(dir.get()).isNotNull().doesNotExist();
    }

    @Test
    void aProgramThatCannotBeStartedLeavesNoDirectory() {
        assertThatThrownBy(() -> start(List.of("/nonexistent/cairn-bench-no-such-server")))
                .isInstanceOf(IOException.class).hasMessageContaining("/nonexistent/cairn-bench-no-such-server");
        assertThat(dir.get()).isNotNull().doesNotExist();
    }

    @Test
    void aLaunchThatFailsLeavesNoDirectory() {
        assertThatThrownBy(() -> ProcessPeer.start("test", Durability.NONE, new RespProtocol(RespProtocol.ScanStyle.NONE),
                (port, d) -> {
                    dir.set(d);
                    throw new IOException("cairn-bench-missing-program is not installed");
                }, new Command.GetValue("probe"), Map.of(), "v1"))
                .isInstanceOf(IOException.class).hasMessage("cairn-bench-missing-program is not installed");
        assertThat(dir.get()).isNotNull().doesNotExist();
    }
}
