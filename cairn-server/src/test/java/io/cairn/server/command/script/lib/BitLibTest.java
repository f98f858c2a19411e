package io.cairn.server.command.script.lib;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Each expected value is what Redis 7.0.15 returned for the same snippet in EVAL. */
class BitLibTest {
    private final LuaHarness lua = new LuaHarness(new BitLib());

    @Test
    void tobitRoundsToNearestEvenAndWrapsModulo2To32() {
        // {bit.tobit(2^32+1), bit.tobit(-1), bit.tobit(2^31), bit.tobit(0.5), bit.tobit(1.5),
        //  bit.tobit(2.5), bit.tobit(-0.5), bit.tobit(-1.5), bit.tobit('10'), bit.tobit(2^53),
        //  bit.tobit(2^52+2^51+7), bit.tobit(1e300)} -> 1 -1 -2147483648 0 2 2 0 -2 10 0 4 -2013235812
        assertThat(lua.num("return bit.tobit(2^32+1)")).isEqualTo(1);
        assertThat(lua.num("return bit.tobit(-1)")).isEqualTo(-1);
        assertThat(lua.num("return bit.tobit(2^31)")).isEqualTo(-2147483648);
        assertThat(lua.num("return bit.tobit(0.5)")).isEqualTo(0);
        assertThat(lua.num("return bit.tobit(1.5)")).isEqualTo(2);
        assertThat(lua.num("return bit.tobit(2.5)")).isEqualTo(2);
        assertThat(lua.num("return bit.tobit(-0.5)")).isEqualTo(0);
        assertThat(lua.num("return bit.tobit(-1.5)")).isEqualTo(-2);
        assertThat(lua.num("return bit.tobit('10')")).isEqualTo(10);
        assertThat(lua.num("return bit.tobit(2^53)")).isEqualTo(0);
        assertThat(lua.num("return bit.tobit(2^52+2^51+7)")).isEqualTo(4);
        assertThat(lua.num("return bit.tobit(1e300)")).isEqualTo(-2013235812);
        // {bit.tobit(0x7fffffff+0.5), bit.tobit(-2^31+0.5), bit.tobit(2^51+0.5),
        //  bit.tobit(4503599627370497.5)} -> -2147483648 -2147483648 0 1
        assertThat(lua.num("return bit.tobit(0x7fffffff+0.5)")).isEqualTo(-2147483648);
        assertThat(lua.num("return bit.tobit(-2^31+0.5)")).isEqualTo(-2147483648);
        assertThat(lua.num("return bit.tobit(2^51+0.5)")).isEqualTo(0);
        assertThat(lua.num("return bit.tobit(4503599627370497.5)")).isEqualTo(1);
    }

    @Test
    void tobitOfNanAndInfinitiesIsZero() {
        // {bit.tobit(0/0), bit.tobit(1/0), bit.tobit(-1/0), bit.tobit(0xffffffff), bit.tobit(-2^31-1),
        //  bit.tobit(2^60+3)} -> 0 0 0 -1 2147483647 0
        assertThat(lua.num("return bit.tobit(0/0)")).isEqualTo(0);
        assertThat(lua.num("return bit.tobit(1/0)")).isEqualTo(0);
        assertThat(lua.num("return bit.tobit(-1/0)")).isEqualTo(0);
        assertThat(lua.num("return bit.tobit(0xffffffff)")).isEqualTo(-1);
        assertThat(lua.num("return bit.tobit(-2^31-1)")).isEqualTo(2147483647);
        assertThat(lua.num("return bit.tobit(2^60+3)")).isEqualTo(0);
    }

    @Test
    void tohexTakesADigitCountAndUpperCasesWhenItIsNegative() {
        // {bit.tohex(1), bit.tohex(-1), bit.tohex(255, 2), bit.tohex(255,-2), bit.tohex(0x12345678, 4),
        //  bit.tohex(0xabcdef, -8), bit.tohex(1, 0), bit.tohex(1, 20), bit.tohex(1,-20),
        //  bit.tohex(2^32+255)} -> 00000001 ffffffff ff FF 5678 00ABCDEF "" 00000001 00000001 000000ff
        assertThat(lua.str("return bit.tohex(1)")).isEqualTo("00000001");
        assertThat(lua.str("return bit.tohex(-1)")).isEqualTo("ffffffff");
        assertThat(lua.str("return bit.tohex(255, 2)")).isEqualTo("ff");
        assertThat(lua.str("return bit.tohex(255, -2)")).isEqualTo("FF");
        assertThat(lua.str("return bit.tohex(0x12345678, 4)")).isEqualTo("5678");
        assertThat(lua.str("return bit.tohex(0xabcdef, -8)")).isEqualTo("00ABCDEF");
        assertThat(lua.str("return bit.tohex(1, 0)")).isEqualTo("");
        assertThat(lua.str("return bit.tohex(1, 20)")).isEqualTo("00000001");
        assertThat(lua.str("return bit.tohex(1, -20)")).isEqualTo("00000001");
        assertThat(lua.str("return bit.tohex(2^32+255)")).isEqualTo("000000ff");
    }

    @Test
    void logicalOperationsFoldEveryArgument() {
        // {bit.bnot(0), bit.band(0xff, 0x0f, 0x3), bit.bor(1,2,4,8), bit.bxor(0xff, 0x0f), bit.band(-1),
        //  bit.bor(2^31, 0)} -> -1 3 15 240 -1 -2147483648
        assertThat(lua.num("return bit.bnot(0)")).isEqualTo(-1);
        assertThat(lua.num("return bit.band(0xff, 0x0f, 0x3)")).isEqualTo(3);
        assertThat(lua.num("return bit.bor(1, 2, 4, 8)")).isEqualTo(15);
        assertThat(lua.num("return bit.bxor(0xff, 0x0f)")).isEqualTo(240);
        assertThat(lua.num("return bit.band(-1)")).isEqualTo(-1);
        assertThat(lua.num("return bit.bor(2^31, 0)")).isEqualTo(-2147483648);
    }

    @Test
    void shiftsAndRotationsUseTheLowFiveBitsOfTheCount() {
        // {bit.lshift(1, 31), bit.lshift(1, 32), bit.lshift(1,33), bit.rshift(-1, 28),
        //  bit.arshift(-256, 4), bit.rshift(256, -4), bit.rol(0x12345678, 12), bit.ror(0x12345678, 12),
        //  bit.bswap(0x12345678), bit.rol(1, 0), bit.ror(1,0), bit.lshift(1,-1)}
        // -> -2147483648 1 2 15 -16 0 1164411171 1736516421 2018915346 1 1 -2147483648
        assertThat(lua.num("return bit.lshift(1, 31)")).isEqualTo(-2147483648);
        assertThat(lua.num("return bit.lshift(1, 32)")).isEqualTo(1);
        assertThat(lua.num("return bit.lshift(1, 33)")).isEqualTo(2);
        assertThat(lua.num("return bit.rshift(-1, 28)")).isEqualTo(15);
        assertThat(lua.num("return bit.arshift(-256, 4)")).isEqualTo(-16);
        assertThat(lua.num("return bit.rshift(256, -4)")).isEqualTo(0);
        assertThat(lua.num("return bit.rol(0x12345678, 12)")).isEqualTo(1164411171);
        assertThat(lua.num("return bit.ror(0x12345678, 12)")).isEqualTo(1736516421);
        assertThat(lua.num("return bit.bswap(0x12345678)")).isEqualTo(2018915346);
        assertThat(lua.num("return bit.rol(1, 0)")).isEqualTo(1);
        assertThat(lua.num("return bit.ror(1, 0)")).isEqualTo(1);
        assertThat(lua.num("return bit.lshift(1, -1)")).isEqualTo(-2147483648);
    }

    @Test
    void nonNumbersAreRejectedInLuasWords() {
        // bit.tobit() -> ERR user_script:1: bad argument #1 to 'tobit' (number expected, got no value)
        assertThat(lua.error("return bit.tobit()"))
                .endsWith("bad argument #1 to 'tobit' (number expected, got no value)");
        // Redis names the function '?' under pcall; these always name it.
        // {pcall(bit.band, 1, 'x')} -> bad argument #2 to '?' (number expected, got string)
        assertThat(lua.error("return bit.band(1, 'x')"))
                .endsWith("bad argument #2 to 'band' (number expected, got string)");
        assertThat(lua.error("return bit.band(1, {})"))
                .endsWith("bad argument #2 to 'band' (number expected, got table)");
        assertThat(lua.error("return bit.tobit(true)"))
                .endsWith("bad argument #1 to 'tobit' (number expected, got boolean)");
        assertThat(lua.error("return bit.lshift(1)"))
                .endsWith("bad argument #2 to 'lshift' (number expected, got no value)");
        assertThat(lua.error("return bit.tohex(1, nil)"))
                .endsWith("bad argument #2 to 'tohex' (number expected, got nil)");
        // {pcall(bit.tobit, '0')} -> 1 0
        assertThat(lua.num("return bit.tobit('0')")).isEqualTo(0);
    }

    @Test
    void numericStringsConvertAsLua51ReadsThem() {
        // {bit.tobit(' 10 '), bit.tobit('inf'), bit.tobit('0x10'), bit.tobit('1e2'), bit.tobit('10\0x'),
        //  bit.tobit('\t0x1F\n'), bit.tobit('nan'), bit.tobit('-0x10'), bit.tobit('1.5e1'),
        //  bit.tobit('0x1p4')} -> 10 0 16 100 10 31 0 -16 15 16
        assertThat(lua.str("local t = {bit.tobit(' 10 '), bit.tobit('inf'), bit.tobit('0x10'),"
                        + " bit.tobit('1e2'), bit.tobit('10\\0x'), bit.tobit('\\t0x1F\\n'), bit.tobit('nan'),"
                        + " bit.tobit('-0x10'), bit.tobit('1.5e1'), bit.tobit('0x1p4')} return table.concat(t, ' ')"))
                .isEqualTo("10 0 16 100 10 31 0 -16 15 16");
        assertThat(lua.error("return bit.tobit('10 x')"))
                .isEqualTo("bad argument #1 to 'tobit' (number expected, got string)");
        assertThat(lua.error("return bit.tobit('')"))
                .isEqualTo("bad argument #1 to 'tobit' (number expected, got string)");
    }
}
