package io.cairn.server.command.script.lib;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Each expected value is what Redis 7.0.15 returned for the same snippet in EVAL (packed bytes
 * through the {@code hex} helper below).
 */
class CmsgpackLibTest {
    private static final String HEX =
            "local function hex(s) return (s:gsub('.', function(c) return string.format('%02x', c:byte())"
                    + " end)) end ";
    private final LuaHarness lua = new LuaHarness(new CmsgpackLib());

    private String hex(String expr) {
        return lua.str(HEX + "return hex(" + expr + ")");
    }

    private String all(String expr) {
        return lua.str("local t = {" + expr + "} for i = 1, #t do t[i] = tostring(t[i]) end"
                + " return table.concat(t, ' ')");
    }

    @Test
    void integersTakeTheSmallestEncoding() {
        assertThat(hex("cmsgpack.pack(0, 127, 128, 255, 256, 65535, 65536, 2^32-1, 2^32, 2^53, 2^63,"
                        + " -2^63, 2^64)"))
                .isEqualTo("007fcc80ccffcd0100cdffffce00010000ceffffffffcf0000000100000000cf0020000000000000"
                        + "ca5f000000d38000000000000000ca5f800000");
        assertThat(hex("cmsgpack.pack(-1, -32, -33, -128, -129, -32768, -32769, -2^31, -2^31-1, -2^53)"))
                .isEqualTo("ffe0d0dfd080d1ff7fd18000d2ffff7fffd280000000d3ffffffff7fffffffd3ffe0000000000000");
    }

    @Test
    void otherNumbersAreFloat32WhenExactElseFloat64() {
        assertThat(hex("cmsgpack.pack(1.5, 0.1, 1/0, -1/0, -0.0, 3.25, 1e300, 2^63+2^40)"))
                .isEqualTo("ca3fc00000cb3fb999999999999aca7f800000caff80000000ca40500000cb7e37e43c8800759c"
                        + "ca5f000001");
        // NaN packs as float64 (Redis gave cbfff8000000000000; the sign of a NaN is the platform's)
        assertThat(hex("cmsgpack.pack(0/0)")).startsWith("cb").endsWith("f8000000000000");
    }

    @Test
    void stringsTakeFixstrStr8Str16OrStr32() {
        assertThat(hex("cmsgpack.pack('')")).isEqualTo("a0");
        assertThat(hex("cmsgpack.pack(string.rep('a', 31))").substring(0, 4)).isEqualTo("bf61");
        assertThat(hex("cmsgpack.pack(string.rep('a', 32))").substring(0, 6)).isEqualTo("d92061");
        assertThat(hex("cmsgpack.pack(string.rep('a', 255))").substring(0, 6)).isEqualTo("d9ff61");
        assertThat(hex("cmsgpack.pack(string.rep('a', 256))").substring(0, 8)).isEqualTo("da010061");
        assertThat(hex("cmsgpack.pack(string.rep('a', 65535))").substring(0, 8)).isEqualTo("daffff61");
        assertThat(hex("cmsgpack.pack(string.rep('a', 65536))").substring(0, 12))
                .isEqualTo("db0001000061");
    }

    @Test
    void tablesWithKeysOneToNAreArraysAndOthersMaps() {
        assertThat(hex("cmsgpack.pack({})")).isEqualTo("90");
        assertThat(hex("cmsgpack.pack({1, 2, 3})")).isEqualTo("93010203");
        assertThat(hex("cmsgpack.pack({a = 1})")).isEqualTo("81a16101");
        assertThat(hex("cmsgpack.pack({[1] = 1, [3] = 3})")).isEqualTo("8201010303");
        assertThat(hex("cmsgpack.pack({1, nil, 3})")).isEqualTo("8201010303");
        assertThat(hex("cmsgpack.pack({[0] = 1})")).isEqualTo("810001");
        assertThat(hex("cmsgpack.pack({[1.5] = 1})")).isEqualTo("81ca3fc0000001");
        assertThat(hex("cmsgpack.pack({true, false})")).isEqualTo("92c3c2");
        assertThat(hex("cmsgpack.pack({[2^31] = 1})")).isEqualTo("81ce8000000001");
        assertThat(hex("cmsgpack.pack({[2^31-1] = 1})")).isEqualTo("81ce7fffffff01");
        assertThat(hex("cmsgpack.pack({[2] = 2, [1] = 1})")).isEqualTo("920102");
        assertThat(hex("cmsgpack.pack({'x', [2.0] = 'y'})")).isEqualTo("92a178a179");
        assertThat(hex("cmsgpack.pack({[-1] = 1})")).isEqualTo("81ff01");
        assertThat(hex("cmsgpack.pack({['1'] = 1})")).isEqualTo("81a13101");
        assertThat(hex("(function() local t = {} for i = 1, 16 do t[i] = i end return cmsgpack.pack(t)"
                        + " end)()").substring(0, 8))
                .isEqualTo("dc001001");
        assertThat(hex("(function() local m = {} for i = 1, 16 do m['k'..i] = i end return"
                        + " cmsgpack.pack(m) end)()").substring(0, 6))
                .isEqualTo("de0010");
        assertThat(hex("(function() local t = {} for i = 1, 65536 do t[i] = 0 end return"
                        + " cmsgpack.pack(t) end)()").substring(0, 12))
                .isEqualTo("dd0001000000");
    }

    @Test
    void tablesNestedSixteenDeepAndCyclesPackAsNil() {
        String chain = "91".repeat(16) + "c0";
        assertThat(hex("(function() local t = {} local c = t for i = 1, 20 do c[1] = {} c = c[1] end"
                        + " return cmsgpack.pack(t) end)()"))
                .isEqualTo(chain);
        assertThat(hex("(function() local t = {} t[1] = t return cmsgpack.pack(t) end)()"))
                .isEqualTo(chain);
    }

    @Test
    void nilFunctionsAndMultipleArgumentsPack() {
        assertThat(hex("cmsgpack.pack(nil)")).isEqualTo("c0");
        assertThat(hex("cmsgpack.pack(tostring)")).isEqualTo("c0");
        assertThat(hex("cmsgpack.pack(1, 'a', nil, {2})")).isEqualTo("01a161c09102");
    }

    @Test
    void unpackDecodesEveryValue() {
        assertThat(lua.eval("local a, b, c, d = cmsgpack.unpack(cmsgpack.pack(1, 'a', true, {2}))"
                        + " return a == 1 and b == 'a' and c == true and d[1] == 2 and #d == 1").toboolean())
                .isTrue();
        // string.format('%.17g', ...) of each -> -1 -9.2233720368547758e+18 -2 4294967295 -2 -2 -2 -1
        //   0.10000000149011612
        assertThat(lua.num("return cmsgpack.unpack('\\207\\255\\255\\255\\255\\255\\255\\255\\255')"))
                .isEqualTo(-1);
        assertThat(lua.num("return cmsgpack.unpack('\\207\\128\\0\\0\\0\\0\\0\\0\\0')"))
                .isEqualTo(-9.2233720368547758e18);
        assertThat(lua.num("return cmsgpack.unpack('\\211\\255\\255\\255\\255\\255\\255\\255\\254')"))
                .isEqualTo(-2);
        assertThat(lua.num("return cmsgpack.unpack('\\206\\255\\255\\255\\255')")).isEqualTo(4294967295.0);
        assertThat(lua.num("return cmsgpack.unpack('\\210\\255\\255\\255\\254')")).isEqualTo(-2);
        assertThat(lua.num("return cmsgpack.unpack('\\209\\255\\254')")).isEqualTo(-2);
        assertThat(lua.num("return cmsgpack.unpack('\\208\\254')")).isEqualTo(-2);
        assertThat(lua.num("return cmsgpack.unpack('\\255')")).isEqualTo(-1);
        assertThat(lua.num("return cmsgpack.unpack('\\202\\61\\204\\204\\205')"))
                .isEqualTo(0.10000000149011612);
        // {cmsgpack.unpack(123)} -> 49 50 51 (the number is taken as the string "123")
        assertThat(all("cmsgpack.unpack(123)")).isEqualTo("49 50 51");
        // {pcall(cmsgpack.unpack, '')} -> 1 (no values)
        assertThat(lua.num("return select('#', cmsgpack.unpack(''))")).isEqualTo(0);
        // a map entry whose value is nil is left out: {pcall(cmsgpack.unpack, '\129\1\192')} -> 1 {}
        assertThat(lua.eval("return next(cmsgpack.unpack('\\129\\1\\192'))").isnil()).isTrue();
    }

    @Test
    void roundTripsKeepBinaryStringsAndNesting() {
        assertThat(lua.eval("local s = '\\0\\1\\255\\0' .. string.rep('z', 300) local t ="
                        + " cmsgpack.unpack(cmsgpack.pack({s, {k = s, n = -1.5, b = false}, 2^53}))"
                        + " return t[1] == s and t[2].k == s and t[2].n == -1.5 and t[2].b == false and"
                        + " t[3] == 2^53").toboolean())
                .isTrue();
    }

    @Test
    void unpackOneAndUnpackLimitReturnTheNextOffsetFirst() {
        assertThat(all("cmsgpack.unpack_one(cmsgpack.pack(1, 2, 3))")).isEqualTo("1 1");
        assertThat(all("cmsgpack.unpack_one(cmsgpack.pack(1, 2, 3), 2)")).isEqualTo("-1 3");
        assertThat(all("cmsgpack.unpack_one(cmsgpack.pack(1, 2, 3), 3)")).isEqualTo("-1");
        assertThat(all("cmsgpack.unpack_one('')")).isEqualTo("-1");
        assertThat(all("cmsgpack.unpack_limit(cmsgpack.pack(1, 2, 3), 2)")).isEqualTo("2 1 2");
        assertThat(all("cmsgpack.unpack_limit(cmsgpack.pack(1, 2, 3), 0)")).isEqualTo("1 2 3");
        assertThat(all("cmsgpack.unpack_limit(cmsgpack.pack(1, 2, 3), 0, 1)")).isEqualTo("1");
        assertThat(all("cmsgpack.unpack_limit(cmsgpack.pack(1, 2, 3), 5, 1)")).isEqualTo("-1 2 3");
    }

    @Test
    void errorsReadAsRedisWordsThem() {
        assertThat(lua.error("return cmsgpack.pack()"))
                .isEqualTo("bad argument #0 to 'pack' (MessagePack pack needs input.)");
        assertThat(lua.error("return cmsgpack.unpack('\\196\\1a')")).isEqualTo("Bad data format in input.");
        assertThat(lua.error("return cmsgpack.unpack('\\193')")).isEqualTo("Bad data format in input.");
        assertThat(lua.error("return cmsgpack.unpack('\\146\\1')")).isEqualTo("Missing bytes in input.");
        assertThat(lua.error("return cmsgpack.unpack('\\217\\5abc')")).isEqualTo("Missing bytes in input.");
        assertThat(lua.error("return cmsgpack.unpack('\\129\\192\\1')")).isEqualTo("table index is nil");
        assertThat(lua.error("return cmsgpack.unpack('\\129\\203\\255\\248\\0\\0\\0\\0\\0\\0\\1')"))
                .isEqualTo("table index is NaN");
        assertThat(lua.error("return cmsgpack.unpack()"))
                .isEqualTo("bad argument #1 to 'unpack' (string expected, got no value)");
        assertThat(lua.error("return cmsgpack.unpack({})"))
                .isEqualTo("bad argument #1 to 'unpack' (string expected, got table)");
        assertThat(lua.error("return cmsgpack.unpack_one('\\1', -1)"))
                .isEqualTo("Invalid request to unpack with offset of -1 and limit of 1.");
        assertThat(lua.error("return cmsgpack.unpack_one('\\1\\2', 5)"))
                .isEqualTo("Start offset 5 greater than input length 2.");
        assertThat(lua.error("return cmsgpack.unpack_limit(cmsgpack.pack(1, 2, 3))"))
                .isEqualTo("bad argument #2 to 'unpack_limit' (number expected, got no value)");
        assertThat(lua.error("return cmsgpack.unpack_limit(cmsgpack.pack(1, 2, 3), -1)"))
                .isEqualTo("Invalid request to unpack with offset of 0 and limit of 3.");
        assertThat(lua.error("return cmsgpack.unpack_limit('\\146\\1', 1)"))
                .isEqualTo("Missing bytes in input.");
    }

    @Test
    void luasCStackLimitsHoldAsInRedis() {
        assertThat(lua.num("return select('#', cmsgpack.unpack(string.rep(string.char(1), 7999)))"))
                .isEqualTo(7999);
        assertThat(lua.error("return cmsgpack.unpack(string.rep(string.char(1), 8000))"))
                .isEqualTo("stack overflow (too many return values at once; use unpack_one or unpack_limit"
                        + " instead.)");
        assertThat(lua.num("return select('#', cmsgpack.unpack(string.rep(string.char(145), 3999) .."
                        + " string.char(1)))"))
                .isEqualTo(1);
        assertThat(lua.error("return cmsgpack.unpack(string.rep(string.char(145), 4000) .."
                        + " string.char(1))"))
                .isEqualTo("stack overflow (in function mp_decode_to_lua_array)");
        assertThat(lua.error("local t = {} for i = 1, 7998 do t[i] = 1 end return"
                        + " cmsgpack.pack((unpack or table.unpack)(t))"))
                .isEqualTo("bad argument #0 to 'pack' (Too many arguments for MessagePack pack.)");
    }
}
