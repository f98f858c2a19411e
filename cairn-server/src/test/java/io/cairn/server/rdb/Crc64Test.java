package io.cairn.server.rdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Crc64Test {
    @Test
    void isRedissJonesCrc() {
        byte[] check = "123456789".getBytes(StandardCharsets.US_ASCII);
        assertThat(Crc64.of(check, 0, check.length)).isEqualTo(0xe9c6d914c4b8d9caL); // crc64.c's test vector
        assertThat(Crc64.of(check, 0, 0)).isZero();
    }
}
