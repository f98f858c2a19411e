package io.cairn.server.command.script;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Numbers printed as glibc's printf prints them; the expected texts are what C printed. */
class LuaNumbersTest {
    @Test
    void percent14gAsLuaPrintsNumbers() {
        assertThat(LuaNumbers.formatG(10.0 / 3, 14)).isEqualTo("3.3333333333333");
        assertThat(LuaNumbers.formatG(1e15, 14)).isEqualTo("1e+15");
        assertThat(LuaNumbers.formatG(Math.pow(2, 53), 14)).isEqualTo("9.007199254741e+15");
        assertThat(LuaNumbers.formatG(123456789012345.0, 14)).isEqualTo("1.2345678901234e+14");
        assertThat(LuaNumbers.formatG(100, 14)).isEqualTo("100");
        assertThat(LuaNumbers.formatG(0.1, 14)).isEqualTo("0.1");
        assertThat(LuaNumbers.formatG(0.0001, 14)).isEqualTo("0.0001");
        assertThat(LuaNumbers.formatG(0.00001, 14)).isEqualTo("1e-05");
        assertThat(LuaNumbers.formatG(-2.5, 14)).isEqualTo("-2.5");
        assertThat(LuaNumbers.formatG(1e100, 14)).isEqualTo("1e+100");
        assertThat(LuaNumbers.formatG(-0.0, 14)).isEqualTo("-0");
        assertThat(LuaNumbers.formatG(Double.POSITIVE_INFINITY, 14)).isEqualTo("inf");
        assertThat(LuaNumbers.formatG(Double.NEGATIVE_INFINITY, 14)).isEqualTo("-inf");
    }

    @Test
    void percent17gAsRedisPassesNumbersToCommands() {
        assertThat(LuaNumbers.formatG(0.1, 17)).isEqualTo("0.10000000000000001");
        assertThat(LuaNumbers.formatG(1e20, 17)).isEqualTo("1e+20");
        assertThat(LuaNumbers.formatG(-5, 17)).isEqualTo("-5");
        assertThat(LuaNumbers.formatG(123456789012345.0, 17)).isEqualTo("123456789012345");
        assertThat(LuaNumbers.formatG(9007199254740993.0, 17)).isEqualTo("9007199254740992");
        assertThat(LuaNumbers.formatG(1.5, 17)).isEqualTo("1.5");
    }

    @Test
    void numbersBecomeIntegersAsCCastsThem() {
        assertThat(LuaReplies.toLongAsC(3.99)).isEqualTo(3);
        assertThat(LuaReplies.toLongAsC(-3.99)).isEqualTo(-3);
        assertThat(LuaReplies.toLongAsC(1e30)).isEqualTo(Long.MIN_VALUE);
        assertThat(LuaReplies.toLongAsC(Double.NaN)).isEqualTo(Long.MIN_VALUE);
        assertThat(LuaReplies.toLongAsC(-0x1p63)).isEqualTo(Long.MIN_VALUE);
        assertThat(LuaReplies.toLongAsC(0x1p62)).isEqualTo(1L << 62);
    }
}
