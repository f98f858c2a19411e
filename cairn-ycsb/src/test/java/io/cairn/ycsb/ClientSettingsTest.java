package io.cairn.ycsb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class ClientSettingsTest {
    @Test
    void missingPropertiesTakeTheDefaults() {
        assertThat(ClientSettings.from(new Properties()))
                .isEqualTo(new ClientSettings("127.0.0.1", 6379, null, 2000));
    }

    @Test
    void everyPropertyIsRead() {
        Properties p = properties("cairn.host", "db.example", "cairn.port", " 7000 ",
                "cairn.password", "s3cret", "cairn.timeout", "500");
        assertThat(ClientSettings.from(p)).isEqualTo(new ClientSettings("db.example", 7000, "s3cret", 500));
    }

    @Test
    void anEmptyPasswordSendsNoAuth() {
        assertThat(ClientSettings.from(properties("cairn.password", "")).password()).isNull();
    }

    @Test
    void badValuesAreRejectedWithNameValueAndExpectation() {
        assertThatThrownBy(() -> ClientSettings.from(properties("cairn.port", "abc")))
                .hasMessage("cairn.port: abc (expected: an integer in 1..65535)");
        assertThatThrownBy(() -> ClientSettings.from(properties("cairn.port", "65536")))
                .hasMessage("cairn.port: 65536 (expected: an integer in 1..65535)");
        assertThatThrownBy(() -> ClientSettings.from(properties("cairn.timeout", "0")))
                .hasMessage("cairn.timeout: 0 (expected: an integer >= 1)");
        assertThatThrownBy(() -> ClientSettings.from(properties("cairn.host", " ")))
                .hasMessage("cairn.host: \"\" (expected: a host name or address)");
    }

    private static Properties properties(String... pairs) {
        Properties p = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            p.setProperty(pairs[i], pairs[i + 1]);
        }
        return p;
    }
}
