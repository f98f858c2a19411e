package io.cairn.server.command.script.lib;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Each expected value is what Redis 7.0.15 returned for the same snippet in EVAL (binary results
 * through the {@code hex} helper below, numbers through {@code string.format('%.17g', ...)}).
 */
class StructLibTest {
    private static final String HEX =
            "local function hex(s) return (s:gsub('.', function(c) return string.format('%02x', c:byte())"
                    + " end)) end ";
    private final LuaHarness lua = new LuaHarness(new StructLib());

    private String hex(String expr) {
        return lua.str(HEX + "return hex(" + expr + ")");
    }

    private String all(String expr) {
        return lua.str("return table.concat({" + expr + "}, ' ')");
    }

    @Test
    void integersPackInTheRequestedWidthAndByteOrder() {
        // struct.pack('>i2<i2!4bi>I3s c0 c2', 258, 258, 1, 2, 3, 'ab', 'xyz', 'qrs')
        assertThat(hex("struct.pack('>i2<i2!4bi>I3s c0 c2', 258, 258, 1, 2, 3, 'ab', 'xyz', 'qrs')"))
                .isEqualTo("010202010100000002000000000000000361620078797a7172");
        assertThat(hex("struct.pack('<i8', -1)")).isEqualTo("ffffffffffffffff");
        assertThat(hex("struct.pack('<i4', 2^32+5)")).isEqualTo("05000000");
        assertThat(hex("struct.pack('<i4', -1.9)")).isEqualTo("ffffffff");
        assertThat(hex("struct.pack('<i4', 1.9)")).isEqualTo("01000000");
        assertThat(hex("struct.pack('<b', 300)")).isEqualTo("2c");
        assertThat(hex("struct.pack('b', '0x10')")).isEqualTo("10");
        assertThat(hex("struct.pack('i0', 5)")).isEqualTo("");
    }

    @Test
    void integersWiderThanEightBytesCarryOnlyTheLowEightBytes() {
        assertThat(hex("struct.pack('<i16', -1)")).isEqualTo("ffffffffffffffff0000000000000000");
        assertThat(hex("struct.pack('>i16', -1)")).isEqualTo("0000000000000000ffffffffffffffff");
        // string.format('%.17g', struct.unpack(...)) -> -1 1.8446744073709552e+19 -1
        //   1.8446744073709552e+19 0 -1
        assertThat(lua.num("return struct.unpack('<i16', string.rep('\\255', 16))")).isEqualTo(-1);
        assertThat(lua.num("return struct.unpack('<I16', string.rep('\\255', 16))"))
                .isEqualTo(1.8446744073709552e19);
        assertThat(lua.num("return struct.unpack('>i16', string.rep('\\255', 8)..string.rep('\\0', 8))"))
                .isEqualTo(0);
        assertThat(lua.num("return struct.unpack('<I9', string.rep('\\255', 9))"))
                .isEqualTo(1.8446744073709552e19);
        assertThat(lua.num("return struct.unpack('<i9', '\\128\\0\\0\\0\\0\\0\\0\\0\\0')")).isEqualTo(-128);
        assertThat(lua.num("return struct.unpack('<i9', '\\0\\128\\0\\0\\0\\0\\0\\0\\0')")).isEqualTo(-128);
        assertThat(lua.num("return struct.unpack('>i9', '\\0\\0\\0\\0\\0\\0\\0\\0\\128')")).isEqualTo(-128);
    }

    @Test
    void outOfRangeDoublesPackAsX86ConvertsThem() {
        assertThat(hex("struct.pack('<I8', 2^64)")).isEqualTo("0000000000000000");
        assertThat(hex("struct.pack('<i8', 2^63)")).isEqualTo("0000000000000080");
        assertThat(hex("struct.pack('<i8', -2^63)")).isEqualTo("0000000000000080");
        assertThat(hex("struct.pack('<I8', 2^64+2^12)")).isEqualTo("0000000000000000");
        assertThat(hex("struct.pack('<i8', 1e30)")).isEqualTo("0000000000000000");
        assertThat(hex("struct.pack('<i8', -1e30)")).isEqualTo("0000000000000080");
        assertThat(hex("struct.pack('<i8', 0/0)")).isEqualTo("0000000000000080");
        assertThat(hex("struct.pack('<i8', 1/0)")).isEqualTo("0000000000000000");
        assertThat(hex("struct.pack('<i8', -1/0)")).isEqualTo("0000000000000080");
        assertThat(hex("struct.pack('<I8', 2^63+2^11)")).isEqualTo("0008000000000080");
    }

    @Test
    void unsignedSixtyFourBitValuesUnpackToTheNearestDouble() {
        assertThat(lua.num("return struct.unpack('<i8', string.rep('\\255', 8))")).isEqualTo(-1);
        assertThat(lua.num("return struct.unpack('<I8', string.rep('\\255', 8))"))
                .isEqualTo(1.8446744073709552e19);
        assertThat(lua.num("return struct.unpack('<I8', '\\1\\8\\0\\0\\0\\0\\0\\128')"))
                .isEqualTo(9.2233720368547779e18);
        assertThat(lua.num("return struct.unpack('<i3', '\\255\\255\\255')")).isEqualTo(-1);
    }

    @Test
    void floatsAndDoubles() {
        assertThat(hex("struct.pack('<f', 1.5)")).isEqualTo("0000c03f");
        assertThat(hex("struct.pack('>d', 1.5)")).isEqualTo("3ff8000000000000");
        assertThat(hex("struct.pack('<f', 0.1)")).isEqualTo("cdcccc3d");
        assertThat(hex("struct.pack('>f', 1e40)")).isEqualTo("7f800000");
        // '%.17g' -> 0.10000000149011612 0.10000000000000001 inf
        assertThat(lua.num("return struct.unpack('<f', struct.pack('<f', 0.1))"))
                .isEqualTo(0.10000000149011612);
        assertThat(lua.num("return struct.unpack('>d', struct.pack('>d', 0.1))")).isEqualTo(0.1);
        assertThat(lua.num("return struct.unpack('<f', struct.pack('<f', 1e40))"))
                .isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void unpackReturnsTheValuesThenTheNextPosition() {
        assertThat(all("struct.unpack('>i2<i2!4bi>I3', struct.pack('>i2<i2!4bi>I3', -2, 258, 1, -5,"
                        + " 16777215))"))
                .isEqualTo("-2 258 1 -5 16777215 18");
        assertThat(all("struct.unpack('!4bi', struct.pack('!4bi', 1, 2))")).isEqualTo("1 2 9");
        assertThat(all("struct.unpack('s s', struct.pack('s s', 'ab', 'cd'))")).isEqualTo("ab cd 7");
        assertThat(all("struct.unpack('b', 'xyz', 3)")).isEqualTo("122 4");
        assertThat(all("struct.unpack('>I2', 'xyz', 2)")).isEqualTo("31098 4");
        assertThat(all("struct.unpack('', 'xyz', 4)")).isEqualTo("4");
        assertThat(all("struct.unpack('x', 'xyz', 3)")).isEqualTo("4");
        assertThat(all("struct.unpack('', 'abc', -1)")).isEqualTo("-1");
        assertThat(all("struct.unpack('', 'abc', 100)")).isEqualTo("100");
        assertThat(all("struct.unpack('b', 'ab', 2.9)")).isEqualTo("98 3");
        assertThat(all("struct.unpack('i0', 'a')")).isEqualTo("0 1");
    }

    @Test
    void charsAndZeroTerminatedStrings() {
        assertThat(lua.str("return struct.pack('c', 'hello')")).isEqualTo("h");
        assertThat(lua.str("return struct.pack('c0', 'hello')")).isEqualTo("hello");
        assertThat(hex("struct.pack('s', 12)")).isEqualTo("313200");
        // c0 takes its length from the value before it; a numeric string counts as a number
        assertThat(all("struct.unpack('c1c0', '3abcd')")).isEqualTo("abc 5");
        assertThat(all("struct.unpack('Bc0', '\\2abc')")).isEqualTo("ab 4");
        // the format ends at its first zero byte, as a C string does
        assertThat(hex("struct.pack('b\\0z', 1)")).isEqualTo("01");
    }

    @Test
    void binaryDataRoundTrips() {
        assertThat(lua.eval("local s = '\\0\\1\\255\\0x' local p = struct.pack('>I4c0', #s, s) local n, a"
                                + " = struct.unpack('>I4', p) local v = struct.unpack('c' .. n, p, 5) return v == s"
                                + " and #p == 9")
                        .toboolean())
                .isTrue();
    }

    @Test
    void sizeAddsAlignmentAndIgnoresUnknownLetters() {
        // {struct.size('!4bi'), struct.size('!bd'), struct.size('!2bd'), struct.size('bhilTfdxc3'),
        //  struct.size('!8bhilTfdxc3')} -> 8 16 10 39 44
        assertThat(all("struct.size('!4bi'), struct.size('!bd'), struct.size('!2bd'),"
                        + " struct.size('bhilTfdxc3'), struct.size('!8bhilTfdxc3')"))
                .isEqualTo("8 16 10 39 44");
        // {struct.size('!bd'),struct.size('!1bd'),struct.size('!bi2'),struct.size('!bi16'),
        //  struct.size('!16bi16'),struct.size('!bc4i'),struct.size('!4bxi')} -> 16 9 4 24 32 12 8
        assertThat(all("struct.size('!bd'), struct.size('!1bd'), struct.size('!bi2'),"
                        + " struct.size('!bi16'), struct.size('!16bi16'), struct.size('!bc4i'),"
                        + " struct.size('!4bxi')"))
                .isEqualTo("16 9 4 24 32 12 8");
        assertThat(lua.num("return struct.size('z')")).isEqualTo(0);
        assertThat(lua.num("return struct.size('!')")).isEqualTo(0);
        assertThat(all("struct.size('i0'), struct.size('!i0')")).isEqualTo("0 0");
    }

    @Test
    void errorsReadAsRedisWordsThem() {
        // Redis names the function '?' under pcall, 'pack' in a direct call:
        // struct.pack('z', 1) -> ERR user_script:1: bad argument #1 to 'pack' (invalid format option 'z')
        assertThat(lua.error("return struct.pack('z', 1)"))
                .isEqualTo("bad argument #1 to 'pack' (invalid format option 'z')");
        assertThat(lua.error("return struct.unpack('z', 'abc')"))
                .isEqualTo("bad argument #1 to 'unpack' (invalid format option 'z')");
        assertThat(lua.error("return struct.unpack(5, 'ab')"))
                .isEqualTo("bad argument #1 to 'unpack' (invalid format option '5')");
        assertThat(lua.error("return struct.unpack('i4', 'abc')"))
                .isEqualTo("bad argument #2 to 'unpack' (data string too short)");
        assertThat(lua.error("return struct.unpack('b', 'abc', 0)"))
                .isEqualTo("bad argument #3 to 'unpack' (offset must be 1 or greater)");
        assertThat(lua.error("return struct.unpack('b', 'abc', -1)"))
                .isEqualTo("bad argument #2 to 'unpack' (data string too short)");
        assertThat(lua.error("return struct.unpack(' ', 'abc', 100)"))
                .isEqualTo("bad argument #2 to 'unpack' (data string too short)");
        assertThat(lua.error("return struct.unpack('>I2', 'xyz', 3)"))
                .isEqualTo("bad argument #2 to 'unpack' (data string too short)");
        assertThat(lua.error("return struct.unpack('bc0', '\\255abc')"))
                .isEqualTo("bad argument #2 to 'unpack' (data string too short)");
        assertThat(lua.error("return struct.unpack('Bc0', '\\9abc')"))
                .isEqualTo("bad argument #2 to 'unpack' (data string too short)");
        assertThat(lua.error("return struct.pack('i33', 1)"))
                .isEqualTo("integral size 33 is larger than limit of 32");
        assertThat(lua.error("return struct.pack('i9999999999', 1)")).isEqualTo("integral size overflow");
        assertThat(lua.error("return struct.pack('!3i', 1)")).isEqualTo("alignment 3 is not a power of 2");
        assertThat(lua.error("return struct.size('!0')")).isEqualTo("alignment 0 is not a power of 2");
        // the index is one past the string's: C checks it after moving to the next argument
        assertThat(lua.error("return struct.pack('c5', 'abc')"))
                .isEqualTo("bad argument #3 to 'pack' (string too short)");
        assertThat(lua.error("return struct.pack('c', '')"))
                .isEqualTo("bad argument #3 to 'pack' (string too short)");
        assertThat(lua.error("return struct.pack('i', 'x')"))
                .isEqualTo("bad argument #2 to 'pack' (number expected, got string)");
        assertThat(lua.error("return struct.pack('i')"))
                .isEqualTo("bad argument #2 to 'pack' (number expected, got nil)");
        assertThat(lua.error("return struct.pack('iii', 1)"))
                .isEqualTo("bad argument #3 to 'pack' (number expected, got nil)");
        assertThat(lua.error("return struct.pack('s', {})"))
                .isEqualTo("bad argument #2 to 'pack' (string expected, got table)");
        assertThat(lua.error("return struct.pack()"))
                .isEqualTo("bad argument #1 to 'pack' (string expected, got no value)");
        assertThat(lua.error("return struct.unpack('b')"))
                .isEqualTo("bad argument #2 to 'unpack' (string expected, got no value)");
        assertThat(lua.error("return struct.unpack('b', 'a', 'x')"))
                .isEqualTo("bad argument #3 to 'unpack' (number expected, got string)");
        assertThat(lua.error("return struct.unpack('c0', 'abc')"))
                .isEqualTo("format 'c0' needs a previous size");
        assertThat(lua.error("return struct.unpack('s', 'abc')")).isEqualTo("unfinished string in data");
        assertThat(lua.error("return struct.size('s')"))
                .isEqualTo("bad argument #1 to 'size' (option 's' has no fixed size)");
        assertThat(lua.error("return struct.size('c0')"))
                .isEqualTo("bad argument #1 to 'size' (option 'c0' has no fixed size)");
    }

    @Test
    void unpackStopsAtLuasCStackLimit() {
        // #{pcall(struct.unpack, string.rep('b', 7990), string.rep('a', 8000))} -> 7992 (true, 7990, pos)
        assertThat(lua.num("return select('#', struct.unpack(string.rep('b', 7990), string.rep('a',"
                        + " 8000)))"))
                .isEqualTo(7991);
        assertThat(lua.error("return struct.unpack(string.rep('b', 7999), string.rep('a', 8000))"))
                .isEqualTo("stack overflow (too many results)");
    }

    @Test
    void numbersBecomeStringsAsLua51WritesThem() {
        // {struct.pack('s', 1/3), struct.pack('s', 1e100), struct.pack('s', 2^63)}
        // -> "0.33333333333333\0" "1e+100\0" "9.2233720368548e+18\0"
        assertThat(lua.str("return struct.pack('s', 1/3)")).isEqualTo("0.33333333333333\0");
        assertThat(lua.str("return struct.pack('s', 1e100)")).isEqualTo("1e+100\0");
        assertThat(lua.str("return struct.pack('s', 2^63)")).isEqualTo("9.2233720368548e+18\0");
    }
}
