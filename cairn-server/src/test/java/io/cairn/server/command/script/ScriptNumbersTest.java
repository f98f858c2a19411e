package io.cairn.server.command.script;

import io.cairn.server.command.script.lib.CNumbers;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Numbers as scripts print them and pass them to commands (glibc's printf); the expected texts are what C printed. */
class ScriptNumbersTest {
    @Test
    void percent14gAsLuaPrintsNumbers() {
        assertThat(CNumbers.formatG(10.0 / 3, 14)).isEqualTo("3.3333333333333");
        assertThat(CNumbers.formatG(1e15, 14)).isEqualTo("1e+15");
        assertThat(CNumbers.formatG(Math.pow(2, 53), 14)).isEqualTo("9.007199254741e+15");
        assertThat(CNumbers.formatG(123456789012345.0, 14)).isEqualTo("1.2345678901234e+14");
        assertThat(CNumbers.formatG(100, 14)).isEqualTo("100");
        assertThat(CNumbers.formatG(0.1, 14)).isEqualTo("0.1");
        assertThat(CNumbers.formatG(0.0001, 14)).isEqualTo("0.0001");
        assertThat(CNumbers.formatG(0.00001, 14)).isEqualTo("1e-05");
        assertThat(CNumbers.formatG(-2.5, 14)).isEqualTo("-2.5");
        assertThat(CNumbers.formatG(1e100, 14)).isEqualTo("1e+100");
        assertThat(CNumbers.formatG(-0.0, 14)).isEqualTo("-0");
        assertThat(CNumbers.formatG(Double.POSITIVE_INFINITY, 14)).isEqualTo("inf");
        assertThat(CNumbers.formatG(Double.NEGATIVE_INFINITY, 14)).isEqualTo("-inf");
    }

    @Test
    void percent17gAsRedisPassesNumbersToCommands() {
        assertThat(CNumbers.formatG(0.1, 17)).isEqualTo("0.10000000000000001");
        assertThat(CNumbers.formatG(1e20, 17)).isEqualTo("1e+20");
        assertThat(CNumbers.formatG(-5, 17)).isEqualTo("-5");
        assertThat(CNumbers.formatG(123456789012345.0, 17)).isEqualTo("123456789012345");
        assertThat(CNumbers.formatG(9007199254740993.0, 17)).isEqualTo("9007199254740992");
        assertThat(CNumbers.formatG(1.5, 17)).isEqualTo("1.5");
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
