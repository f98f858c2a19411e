package io.cairn.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HttpPortSettingTest {
    @TempDir
    Path dir;

    @Test
    void theHttpApiIsOffByDefault() {
        ServerConfig c = new ServerConfig.Builder().build();
        assertThat(c.httpPort()).isZero();
        assertThat(c.get(ServerConfig.Key.HTTP_PORT)).isEqualTo("0");
    }

    @Test
    void itIsSetLikeAnyOtherSetting() throws Exception {
        assertThat(new ServerConfig.Builder().set("http-port", "8080").build().httpPort()).isEqualTo(8080);
        Path conf = dir.resolve("cairn.conf");
        Files.writeString(conf, "http-port 8081\n");
        assertThat(new ServerConfig.Builder().file(conf).build().httpPort()).isEqualTo(8081);
    }

    @Test
    void badValuesAreRefused() {
        assertThatThrownBy(() -> new ServerConfig.Builder().set("http-port", "70000").build())
                .hasMessage("http-port: 70000 (expected: 0 <= http-port <= 65535)");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("http-port", "web").build())
                .hasMessage("http-port: web (expected: an integer)");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("port", "7000").set("http-port", "7000").build())
                .hasMessage("http-port: 7000 (expected: another port than port 7000)");
    }
}
