package io.cairn.server.command.bitmap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BitFieldTypeTest {
    private static BitFieldType type(String s) {
        return BitFieldType.parse(s.getBytes(StandardCharsets.US_ASCII));
    }

    private static java.nio.ByteBuffer wrap(byte[] v) {
        return java.nio.ByteBuffer.wrap(v);
    }

    @Test
    void typesAreI1ToI64AndU1ToU63() {
        assertThat(type("i64")).isEqualTo(new BitFieldType(true, 64));
        assertThat(type("u63")).isEqualTo(new BitFieldType(false, 63));
        assertThat(type("u1")).isEqualTo(new BitFieldType(false, 1));
        for (String bad : new String[] {"u64", "i65", "i0", "u", "x8", "i08", "I8", "u-1", "u 8", ""}) {
            assertThatThrownBy(() -> type(bad)).as(bad).isInstanceOf(InvalidRequestException.class)
                    .hasMessage(BitFieldType.INVALID);
        }
    }

    @Test
    void fieldsAreBigEndianAtAnyBitOffsetAndSignedOnesSignExtend() {
        byte[] v = new byte[3];
        type("u8").set(v, 4, 0xab);
        assertThat(v).containsExactly(0x0a, 0xb0, 0x00);
        assertThat(type("u8").get(wrap(v), 4)).isEqualTo(0xab);
        assertThat(type("i8").get(wrap(v), 4)).isEqualTo((byte) 0xab);
        assertThat(type("u4").get(wrap(v), 4)).isEqualTo(0xa);
        assertThat(type("i64").get(wrap(v), 0)).as("past the end reads zeros").isEqualTo(0x0ab0_0000_0000_0000L);
        type("i5").set(v, 16, -1);
        assertThat(v[2]).isEqualTo((byte) 0xf8);
        assertThat(type("i5").get(wrap(v), 16)).isEqualTo(-1);
    }

    @Test
    void unsignedOverflowWrapsSaturatesOrFails() {
        assertThat(Overflow.WRAP.unsigned(3, 1, 2)).isEqualTo(0);
        assertThat(Overflow.SAT.unsigned(3, 1, 2)).isEqualTo(3);
        assertThat(Overflow.FAIL.unsigned(3, 1, 2)).isNull();
        assertThat(Overflow.WRAP.unsigned(0, -1, 2)).isEqualTo(3);
        assertThat(Overflow.SAT.unsigned(1, -5, 2)).isEqualTo(0);
        assertThat(Overflow.FAIL.unsigned(2, -2, 2)).isEqualTo(0);
        assertThat(Overflow.WRAP.unsigned(100, 200, 8)).isEqualTo(44);
        // SET reads its value as unsigned 64 bits: -1 is too large for any field
        assertThat(Overflow.SAT.unsigned(-1, 0, 8)).isEqualTo(255);
        assertThat(Overflow.WRAP.unsigned(-1, 0, 8)).isEqualTo(255);
        assertThat(Overflow.FAIL.unsigned(256, 0, 8)).isNull();
        assertThat(Overflow.WRAP.unsigned(Long.MAX_VALUE, 1, 63)).isEqualTo(0);
    }

    @Test
    void signedOverflowWrapsInTwosComplementSaturatesOrFails() {
        assertThat(Overflow.WRAP.signed(127, 1, 8)).isEqualTo(-128);
        assertThat(Overflow.SAT.signed(127, 1, 8)).isEqualTo(127);
        assertThat(Overflow.FAIL.signed(127, 1, 8)).isNull();
        assertThat(Overflow.WRAP.signed(-128, -1, 8)).isEqualTo(127);
        assertThat(Overflow.SAT.signed(-100, -100, 8)).isEqualTo(-128);
        assertThat(Overflow.WRAP.signed(200, 0, 8)).isEqualTo(-56);
        assertThat(Overflow.SAT.signed(-200, 0, 8)).isEqualTo(-128);
        assertThat(Overflow.WRAP.signed(Long.MAX_VALUE, 1, 64)).isEqualTo(Long.MIN_VALUE);
        assertThat(Overflow.SAT.signed(Long.MAX_VALUE, 1, 64)).isEqualTo(Long.MAX_VALUE);
        assertThat(Overflow.SAT.signed(Long.MIN_VALUE, -1, 64)).isEqualTo(Long.MIN_VALUE);
        assertThat(Overflow.FAIL.signed(-1, Long.MIN_VALUE, 64)).isNull();
        assertThat(Overflow.FAIL.signed(-1, Long.MAX_VALUE, 64)).isEqualTo(Long.MAX_VALUE - 1);
        assertThat(Overflow.WRAP.signed(0, -1, 1)).isEqualTo(-1);
        assertThat(Overflow.WRAP.signed(-1, -1, 1)).isEqualTo(0);
    }
}
