package io.cairn.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class OutputBufferLimitsTest {
    @Test
    void theDefaultIsRedissButForANormalClientsHardLimit() {
        assertThat(OutputBufferLimits.DEFAULT.toString())
                .isEqualTo("normal 1073741824 0 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        assertThat(new ServerConfig.Builder().build().clientOutputBufferLimits()).isEqualTo(OutputBufferLimits.DEFAULT);
    }

    @Test
    void namedClassesChangeAndTheOthersStay() {
        OutputBufferLimits l = OutputBufferLimits.parse("PUBSUB 64kb 16k 2 slave 1g 0 0", OutputBufferLimits.DEFAULT);
        assertThat(l.pubsub()).isEqualTo(new OutputBufferLimits.ClassLimit(65536, 16000, 2));
        assertThat(l.replica()).isEqualTo(new OutputBufferLimits.ClassLimit(1_000_000_000, 0, 0));
        assertThat(l.normal()).isEqualTo(OutputBufferLimits.DEFAULT.normal());
    }

    @Test
    void aSingleSizeIsTheNormalHardLimitInAConfigFileButNotForConfigSet() {
        assertThat(new ServerConfig.Builder().set("client-output-buffer-limit", "1mb").build()
                .clientOutputBufferLimits().normal().hardBytes()).isEqualTo(1 << 20);
        assertThatThrownBy(() -> OutputBufferLimits.parse("1mb", OutputBufferLimits.DEFAULT, false))
                .hasMessage("Wrong number of arguments in buffer limit configuration.");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("client-output-buffer-limit", "pubsub 1 2"))
                .hasMessageContaining("client-output-buffer-limit: pubsub 1 2 (expected: class hard soft seconds");
    }

    @Test
    void noHardLimitMeansUnbounded() {
        assertThat(new OutputBufferLimits.ClassLimit(0, 0, 0).hardOrMax()).isEqualTo(Long.MAX_VALUE);
    }
}
