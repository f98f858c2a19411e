package io.cairn.server.command.script.lib;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Each expected value is what Redis 7.0.15 returned for the same snippet in EVAL. */
class CjsonLibTest {
    private final LuaHarness lua = new LuaHarness(new CjsonLib());

    private String enc(String expr) {
        return lua.str("return cjson.encode(" + expr + ")");
    }

    private String decodeError(String json) {
        return lua.error("return cjson.decode(" + json + ")");
    }

    private String all(String expr) {
        return lua.str("local t = {" + expr + "} for i = 1, select('#', " + expr + ") do t[i] ="
                + " tostring(t[i]) end return table.concat(t, ' ')");
    }

    @Test
    void tablesWithPositiveIntegerKeysAreArraysAndOthersObjects() {
        assertThat(enc("{1, 2, 3}")).isEqualTo("[1,2,3]");
        assertThat(enc("{1, 2, 3, {a = {}}}")).isEqualTo("[1,2,3,{\"a\":{}}]");
        assertThat(enc("{}")).isEqualTo("{}");
        assertThat(enc("{cjson.null}")).isEqualTo("[null]");
        assertThat(enc("{[1.5] = 1}")).isEqualTo("{\"1.5\":1}");
        assertThat(enc("{[-1] = 1}")).isEqualTo("{\"-1\":1}");
        assertThat(enc("{[0] = 1}")).isEqualTo("{\"0\":1}");
        assertThat(enc("{['1'] = 1}")).isEqualTo("{\"1\":1}");
        assertThat(enc("{[2^40] = 1}")).isEqualTo("{\"1099511627776\":1}");
        assertThat(enc("{[1e10] = 1}")).isEqualTo("{\"10000000000\":1}");
    }

    @Test
    void sparseArraysFillHolesUntilTooSparse() {
        assertThat(enc("{[1]=1, [2]=2, [3]=3, [4]=4, [5]=5, [11]=1}"))
                .isEqualTo("[1,2,3,4,5,null,null,null,null,null,1]");
        assertThat(enc("{[10] = 1}")).isEqualTo("[null,null,null,null,null,null,null,null,null,1]");
        assertThat(lua.error("return cjson.encode({[12] = 1})"))
                .isEqualTo("Cannot serialise table: excessively sparse array");
        assertThat(lua.error("return cjson.encode({[1] = 1, [11] = 11})"))
                .isEqualTo("Cannot serialise table: excessively sparse array");
        assertThat(lua.str("local c = cjson.new() c.encode_sparse_array(true) return c.encode({[1] = 1,"
                        + " [20] = 2})"))
                .matches("\\{(\"1\":1,\"20\":2|\"20\":2,\"1\":1)}");
        assertThat(lua.str("local c = cjson.new() c.encode_sparse_array(false, 0) return"
                        + " c.encode({[1] = 1, [20] = 2})"))
                .isEqualTo("[1" + ",null".repeat(18) + ",2]");
        assertThat(lua.error("local c = cjson.new() c.encode_sparse_array(false, 1, 0) return"
                        + " c.encode({[1] = 1, [3] = 2})"))
                .isEqualTo("Cannot serialise table: excessively sparse array");
    }

    @Test
    void numbersUseFourteenSignificantDigits() {
        // {cjson.encode(0.1), cjson.encode(1/3), cjson.encode(-0.0), cjson.encode(1e15),
        //  cjson.encode(123456789012345), cjson.encode(12345678901234), cjson.encode(2^53),
        //  cjson.encode(1e-5), cjson.encode(0.0001), cjson.encode(1e300), cjson.encode(-1.5e-300),
        //  cjson.encode(5e-324), cjson.encode(100), cjson.encode(0.5)}
        // -> 0.1 0.33333333333333 -0 1e+15 1.2345678901234e+14 12345678901234 9.007199254741e+15
        //    1e-05 0.0001 1e+300 -1.5e-300 4.9406564584125e-324 100 0.5
        assertThat(enc("0.1")).isEqualTo("0.1");
        assertThat(enc("1/3")).isEqualTo("0.33333333333333");
        assertThat(enc("1e15")).isEqualTo("1e+15");
        assertThat(enc("123456789012345")).isEqualTo("1.2345678901234e+14");
        assertThat(enc("12345678901234")).isEqualTo("12345678901234");
        assertThat(enc("2^53")).isEqualTo("9.007199254741e+15");
        assertThat(enc("1e-5")).isEqualTo("1e-05");
        assertThat(enc("0.0001")).isEqualTo("0.0001");
        assertThat(enc("1e300")).isEqualTo("1e+300");
        assertThat(enc("-1.5e-300")).isEqualTo("-1.5e-300");
        assertThat(enc("5e-324")).isEqualTo("4.9406564584125e-324");
        assertThat(enc("100")).isEqualTo("100");
        assertThat(enc("0.5")).isEqualTo("0.5");
        assertThat(enc("-7")).isEqualTo("-7");
        // c.encode_number_precision(3) -> 3.14 1.23e+06, and cjson itself keeps 14 digits
        assertThat(lua.str("local c = cjson.new() c.encode_number_precision(3) return c.encode(3.14159)"
                        + " .. ' ' .. c.encode(1234567) .. ' ' .. cjson.encode(3.14159)"))
                .isEqualTo("3.14 1.23e+06 3.14159");
    }

    @Test
    void invalidNumbersAreRefusedOrWrittenBySetting() {
        assertThat(lua.error("return cjson.encode(1/0)"))
                .isEqualTo("Cannot serialise number: must not be NaN or Inf");
        assertThat(lua.error("return cjson.encode(0/0)"))
                .isEqualTo("Cannot serialise number: must not be NaN or Inf");
        assertThat(lua.error("return cjson.encode({[1/0] = 1})"))
                .isEqualTo("Cannot serialise number: must not be NaN or Inf");
        // {c.encode_invalid_numbers('null'), c.encode({1/0, 0/0, -1/0}), c.encode_invalid_numbers(true),
        //  c.encode({1/0, -1/0}), c.encode(0/0), c.encode_invalid_numbers('off'),
        //  c.encode_invalid_numbers('on')} -> null [null,null,null] 1 [inf,-inf] nan (false) 1
        assertThat(all("(function() local c = cjson.new() return c.encode_invalid_numbers('null'),"
                        + " c.encode({1/0, 0/0, -1/0}), c.encode_invalid_numbers(true), c.encode({1/0, -1/0}),"
                        + " c.encode(0/0), c.encode_invalid_numbers('off'), c.encode_invalid_numbers('on'),"
                        + " c.encode({[1/0] = 1}) end)()"))
                .isEqualTo("null [null,null,null] true [inf,-inf] nan false true {\"inf\":1}");
    }

    @Test
    void stringsEscapeQuoteBackslashSlashAndControlBytes() {
        // cjson.encode('a/b"c\\d\n\r\t\b\f\1\31\127\128\255 ')
        // -> "a\/b\"c\\d\n\r\t\b\f\u0001\u001f\u007f\x80\xff "
        assertThat(lua.str("return cjson.encode('a/b\"c\\\\d\\n\\r\\t\\b\\f\\1\\31\\127\\128\\255 ')"))
                .isEqualTo("\"a\\/b\\\"c\\\\d\\n\\r\\t\\b\\f\\u0001\\u001f\\u007f\u0080\u00ff \"");
        assertThat(lua.str("return cjson.encode('\\0x')")).isEqualTo("\"\\u0000x\"");
        assertThat(enc("''")).isEqualTo("\"\"");
        assertThat(enc("true")).isEqualTo("true");
        assertThat(enc("false")).isEqualTo("false");
        assertThat(enc("nil")).isEqualTo("null");
        assertThat(enc("cjson.null")).isEqualTo("null");
    }

    @Test
    void unsupportedValuesAreRefused() {
        assertThat(lua.error("return cjson.encode({a = function() end})"))
                .isEqualTo("Cannot serialise function: type not supported");
        assertThat(lua.error("return cjson.encode(function() end)"))
                .isEqualTo("Cannot serialise function: type not supported");
        assertThat(lua.error("return cjson.encode({[true] = 1})"))
                .isEqualTo("Cannot serialise boolean: table key must be a number or string");
        assertThat(lua.error("return cjson.encode({[{}] = 1})"))
                .isEqualTo("Cannot serialise table: table key must be a number or string");
        assertThat(lua.error("return cjson.encode()"))
                .isEqualTo("bad argument #1 to 'encode' (expected 1 argument)");
        assertThat(lua.error("return cjson.encode(1, 2)"))
                .isEqualTo("bad argument #1 to 'encode' (expected 1 argument)");
    }

    @Test
    void nestingDeeperThanAThousandIsRefused() {
        assertThat(lua.num("local t = {} local c = t for i = 1, 999 do c[1] = {} c = c[1] end return"
                        + " #cjson.encode(t)"))
                .isEqualTo(2000);
        assertThat(lua.error("local t = {} local c = t for i = 1, 1000 do c[1] = {} c = c[1] end"
                        + " return cjson.encode(t)"))
                .isEqualTo("Cannot serialise, excessive nesting (1001)");
        assertThat(lua.error("local t = {} t[1] = t return cjson.encode(t)"))
                .isEqualTo("Cannot serialise, excessive nesting (1001)");
        assertThat(lua.error("local t = {} t.a = t return cjson.encode(t)"))
                .isEqualTo("Cannot serialise, excessive nesting (1001)");
        assertThat(lua.error("local c = cjson.new() c.encode_max_depth(2) return c.encode({{{}}})"))
                .isEqualTo("Cannot serialise, excessive nesting (3)");
        assertThat(lua.str("local c = cjson.new() c.encode_max_depth(2) return c.encode({{}})"))
                .isEqualTo("[{}]");
        assertThat(lua.num("return select('#', pcall(cjson.decode, string.rep('[', 1000) .."
                        + " string.rep(']', 1000)))"))
                .isEqualTo(2);
        assertThat(decodeError("string.rep('[', 1001) .. string.rep(']', 1001)"))
                .isEqualTo("Found too many nested data structures (1001) at character 1001");
        assertThat(decodeError("'  ' .. string.rep('{\"a\":', 1001)"))
                .isEqualTo("Found too many nested data structures (1001) at character 5003");
        assertThat(lua.error("local c = cjson.new() c.decode_max_depth(2) return c.decode('[[[]]]')"))
                .isEqualTo("Found too many nested data structures (3) at character 3");
    }

    @Test
    void decodeBuildsTablesAndNull() {
        assertThat(lua.eval("return cjson.decode('[1,\"a\",true,false,null,{\"k\":[]}]')[5] =="
                        + " cjson.null").toboolean())
                .isTrue();
        // local t = cjson.decode('{"a":{"b":[1,2,{"c":null}]}}') return {t.a.b[2],
        //   tostring(t.a.b[3].c == cjson.null), #t.a.b} -> 2 true 3
        assertThat(lua.str("local t = cjson.decode('{\"a\":{\"b\":[1,2,{\"c\":null}]}}') return"
                        + " t.a.b[2] .. ' ' .. tostring(t.a.b[3].c == cjson.null) .. ' ' .. #t.a.b"))
                .isEqualTo("2 true 3");
        assertThat(lua.num("return cjson.decode('{\"a\":1,\"a\":2}').a")).isEqualTo(2);
        assertThat(lua.str("return tostring(cjson.decode('[1,null,3]')[2])"))
                .isEqualTo("userdata: (nil)");
        assertThat(enc("cjson.decode('[1,null,3]')")).isEqualTo("[1,null,3]");
        assertThat(enc("cjson.decode('[]')")).isEqualTo("{}");
        assertThat(lua.num("return cjson.decode(123)")).isEqualTo(123);
        assertThat(lua.eval("return cjson.new().null == cjson.null and cjson.new() ~= cjson").toboolean())
                .isTrue();
    }

    @Test
    void decodeUnescapesToUtf8AndKeepsZeroBytes() {
        // cjson.decode('"\\u00e9\\u20ac\\ud83d\\ude00\\u0000x\\/\\b\\f\\n\\r\\t\\\\\\""') and its length 11
        assertThat(lua.str("return cjson.decode('\"\\\\u00e9\\\\u20ac\\\\ud83d\\\\ude00\\\\u0000x\\\\/"
                        + "\\\\b\\\\f\\\\n\\\\r\\\\t\\\\\\\\\\\\\"\"')"))
                .isEqualTo("\u00c3\u00a9\u00e2\u0082\u00ac\u00f0\u009f\u0098\u0080\u0000x/\b\f\n\r\t\\\"");
        assertThat(lua.str("return cjson.decode('\"\\255\\128\"')")).isEqualTo("\u00ff\u0080");
        assertThat(lua.eval("local s = '\\0\\1\\255\"\\\\/' return cjson.decode(cjson.encode(s)) == s")
                        .toboolean())
                .isTrue();
    }

    @Test
    void numbersAreReadAsStrtodReadsThem() {
        assertThat(lua.num("return cjson.decode('01')")).isEqualTo(1);
        assertThat(lua.num("return cjson.decode('+5')")).isEqualTo(5);
        assertThat(lua.num("return cjson.decode('0x10')")).isEqualTo(16);
        assertThat(lua.num("return cjson.decode('1.')")).isEqualTo(1);
        assertThat(lua.num("return cjson.decode('1E+2')")).isEqualTo(100);
        // tostring of each -> inf -inf nan inf -8 3 -nan 0.25 10.5 0 31
        assertThat(lua.num("return cjson.decode('inf')")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(lua.num("return cjson.decode('-Infinity')")).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(lua.num("return cjson.decode('INFINITY')")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(lua.num("return cjson.decode('nan')")).isNaN();
        assertThat(lua.num("return cjson.decode('-nan(123)')")).isNaN();
        assertThat(lua.num("return cjson.decode('1e400')")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(lua.num("return cjson.decode('1e-400')")).isEqualTo(0);
        assertThat(lua.num("return cjson.decode('-0x1p3')")).isEqualTo(-8);
        assertThat(lua.num("return cjson.decode('0x1.8p1')")).isEqualTo(3);
        assertThat(lua.num("return cjson.decode('0x1P-2')")).isEqualTo(0.25);
        assertThat(lua.num("return cjson.decode('0xA.8')")).isEqualTo(10.5);
        assertThat(lua.num("return cjson.decode('0X1f')")).isEqualTo(31);
        // string.format('%.17g', ...) -> 0.10000000000000001 1.7976931348623157e+308
        //   4.9406564584124654e-324 1.2345678901234568e+29
        assertThat(lua.num("return cjson.decode('0.1')")).isEqualTo(0.1);
        assertThat(lua.num("return cjson.decode('1.7976931348623157e308')")).isEqualTo(Double.MAX_VALUE);
        assertThat(lua.num("return cjson.decode('4.9e-324')")).isEqualTo(Double.MIN_VALUE);
        assertThat(lua.num("return cjson.decode('123456789012345678901234567890')"))
                .isEqualTo(1.2345678901234568e29);
    }

    @Test
    void strictNumbersWhenDecodeInvalidNumbersIsOff() {
        String strict = "local c = cjson.new() c.decode_invalid_numbers(false) return c.decode";
        assertThat(lua.error(strict + "('inf')"))
                .isEqualTo("Expected value but found invalid token at character 1");
        assertThat(lua.error(strict + "('01')"))
                .isEqualTo("Expected value but found invalid number at character 1");
        assertThat(lua.error(strict + "('+1')"))
                .isEqualTo("Expected value but found invalid token at character 1");
        assertThat(lua.error(strict + "('0x1')"))
                .isEqualTo("Expected value but found invalid number at character 1");
        assertThat(lua.error(strict + "('nan')"))
                .isEqualTo("Expected value but found invalid token at character 1");
        assertThat(lua.error(strict + "('-inf')"))
                .isEqualTo("Expected value but found invalid number at character 1");
        assertThat(lua.num(strict + "('-0.5')")).isEqualTo(-0.5);
    }

    @Test
    void badJsonIsReportedWithTheCharacterPosition() {
        assertThat(decodeError("'['")).isEqualTo("Expected value but found T_END at character 2");
        assertThat(decodeError("']'")).isEqualTo("Expected value but found T_ARR_END at character 1");
        assertThat(decodeError("'{'"))
                .isEqualTo("Expected object key string but found T_END at character 2");
        assertThat(decodeError("'{\"a\"'")).isEqualTo("Expected colon but found T_END at character 5");
        assertThat(decodeError("'{\"a\":'")).isEqualTo("Expected value but found T_END at character 6");
        assertThat(decodeError("'{\"a\":1'"))
                .isEqualTo("Expected comma or object end but found T_END at character 7");
        assertThat(decodeError("'{\"a\":1,'"))
                .isEqualTo("Expected object key string but found T_END at character 8");
        assertThat(decodeError("'{1:2}'"))
                .isEqualTo("Expected object key string but found T_NUMBER at character 2");
        assertThat(decodeError("'{\"a\" 1}'"))
                .isEqualTo("Expected colon but found T_NUMBER at character 6");
        assertThat(decodeError("'[1 2]'"))
                .isEqualTo("Expected comma or array end but found T_NUMBER at character 4");
        assertThat(decodeError("'[1,]'")).isEqualTo("Expected value but found T_ARR_END at character 4");
        assertThat(decodeError("'{\"a\":1,}'"))
                .isEqualTo("Expected object key string but found T_OBJ_END at character 8");
        assertThat(decodeError("''")).isEqualTo("Expected value but found T_END at character 1");
        assertThat(decodeError("'   '")).isEqualTo("Expected value but found T_END at character 4");
        assertThat(decodeError("'nul'")).isEqualTo("Expected value but found invalid token at character 1");
        assertThat(decodeError("'tru'")).isEqualTo("Expected value but found invalid token at character 1");
        assertThat(decodeError("'nil'")).isEqualTo("Expected value but found invalid token at character 1");
        assertThat(decodeError("'N'")).isEqualTo("Expected value but found invalid token at character 1");
        assertThat(decodeError("'\"abc'"))
                .isEqualTo("Expected value but found unexpected end of string at character 5");
        assertThat(decodeError("'1 2'")).isEqualTo("Expected the end but found T_NUMBER at character 3");
        assertThat(decodeError("'.5'")).isEqualTo("Expected value but found invalid token at character 1");
        assertThat(decodeError("'-'")).isEqualTo("Expected value but found invalid number at character 1");
        assertThat(decodeError("'- 1'")).isEqualTo("Expected value but found invalid number at character 1");
        assertThat(decodeError("'+-1'")).isEqualTo("Expected value but found invalid number at character 1");
        assertThat(decodeError("'+'")).isEqualTo("Expected value but found invalid number at character 1");
        assertThat(decodeError("'x'")).isEqualTo("Expected value but found invalid token at character 1");
        assertThat(decodeError("'[1]x'")).isEqualTo("Expected the end but found invalid token at character 4");
        assertThat(decodeError("'info'"))
                .isEqualTo("Expected the end but found invalid token at character 4");
        assertThat(decodeError("'nan('")).isEqualTo("Expected the end but found invalid token at character 4");
        assertThat(decodeError("'1e'")).isEqualTo("Expected the end but found invalid token at character 2");
        assertThat(decodeError("'1e+'")).isEqualTo("Expected the end but found invalid token at character 2");
        assertThat(decodeError("'0x'")).isEqualTo("Expected the end but found invalid token at character 2");
        assertThat(decodeError("'1.5e3x'"))
                .isEqualTo("Expected the end but found invalid token at character 6");
        assertThat(decodeError("'[1,2'"))
                .isEqualTo("Expected comma or array end but found T_END at character 5");
        assertThat(decodeError("'\\255'")).isEqualTo("Expected value but found invalid token at character 1");
        assertThat(decodeError("'[\\v1]'")).isEqualTo("Expected value but found invalid token at character 2");
    }

    @Test
    void badEscapesAreReportedAtTheBackslash() {
        assertThat(decodeError("'\"\\\\q\"'"))
                .isEqualTo("Expected value but found invalid escape code at character 2");
        assertThat(decodeError("'\"ab\\\\u12\"'"))
                .isEqualTo("Expected value but found invalid unicode escape code at character 4");
        assertThat(decodeError("'\"\\\\ud800\"'"))
                .isEqualTo("Expected value but found invalid unicode escape code at character 2");
        assertThat(decodeError("'\"\\\\udc00\"'"))
                .isEqualTo("Expected value but found invalid unicode escape code at character 2");
        assertThat(decodeError("'\"\\\\ud800\\\\u0041\"'"))
                .isEqualTo("Expected value but found invalid unicode escape code at character 2");
        assertThat(decodeError("'\"\\\\u00zz\"'"))
                .isEqualTo("Expected value but found invalid unicode escape code at character 2");
        assertThat(decodeError("'\"\\\\'"))
                .isEqualTo("Expected value but found invalid escape code at character 2");
        assertThat(decodeError("'\"a\\\\\"'"))
                .isEqualTo("Expected value but found unexpected end of string at character 5");
    }

    @Test
    void theTextIsACString() {
        assertThat(decodeError("'a\\0b'")).isEqualTo("JSON parser does not support UTF-16 or UTF-32");
        assertThat(decodeError("'1\\0'")).isEqualTo("JSON parser does not support UTF-16 or UTF-32");
        assertThat(lua.num("return cjson.decode('[1]\\0garbage')[1]")).isEqualTo(1);
        assertThat(decodeError("'\"a\\0b\"'"))
                .isEqualTo("Expected value but found unexpected end of string at character 3");
        assertThat(decodeError("'\\0'")).isEqualTo("Expected value but found T_END at character 1");
        assertThat(lua.error("return cjson.decode()"))
                .isEqualTo("bad argument #1 to 'decode' (expected 1 argument)");
        assertThat(lua.error("return cjson.decode(1, 2)"))
                .isEqualTo("bad argument #1 to 'decode' (expected 1 argument)");
        assertThat(lua.error("return cjson.decode({})"))
                .isEqualTo("bad argument #1 to 'decode' (string expected, got table)");
    }

    @Test
    void settingsFunctionsAnswerTheCurrentSetting() {
        // {c.encode_max_depth(), c.decode_max_depth(), c.encode_number_precision(),
        //  c.encode_keep_buffer(), c.encode_invalid_numbers(), c.decode_invalid_numbers(),
        //  c.encode_sparse_array()} -> 1000 1000 14 1 (false) 1 (false) 2 10
        assertThat(all("(function() local c = cjson.new() return c.encode_max_depth(),"
                        + " c.decode_max_depth(), c.encode_number_precision(), c.encode_keep_buffer(),"
                        + " c.encode_invalid_numbers(), c.decode_invalid_numbers(), c.encode_sparse_array()"
                        + " end)()"))
                .isEqualTo("1000 1000 14 true false true false 2 10");
        assertThat(all("cjson.new().encode_sparse_array(true, 3, 5)")).isEqualTo("true 3 5");
        assertThat(lua.num("return cjson.new().encode_max_depth(2^32 + 5)")).isEqualTo(5);
        assertThat(all("(function() local c = cjson.new() return c.encode_number_precision(14.9),"
                        + " c.encode_number_precision('7') end)()"))
                .isEqualTo("14 7");
        assertThat(all("(function() local c = cjson.new() return c.encode_keep_buffer(false),"
                        + " c.encode_keep_buffer('on') end)()"))
                .isEqualTo("false true");
    }

    @Test
    void settingsFunctionsCheckTheirArguments() {
        String c = "local c = cjson.new() return ";
        assertThat(lua.error(c + "c.encode_number_precision(15)"))
                .isEqualTo("bad argument #1 to 'encode_number_precision' (expected integer between 1 and 14)");
        assertThat(lua.error(c + "c.encode_number_precision(0)"))
                .isEqualTo("bad argument #1 to 'encode_number_precision' (expected integer between 1 and 14)");
        assertThat(lua.error(c + "c.encode_number_precision('x')"))
                .isEqualTo("bad argument #1 to 'encode_number_precision' (number expected, got string)");
        assertThat(lua.error(c + "c.encode_number_precision(1, 2)"))
                .isEqualTo("bad argument #2 to 'encode_number_precision' (found too many arguments)");
        assertThat(lua.error(c + "c.encode_sparse_array(1, 2, 3, 4)"))
                .isEqualTo("bad argument #4 to 'encode_sparse_array' (found too many arguments)");
        assertThat(lua.error(c + "c.encode_sparse_array('yes')"))
                .isEqualTo("bad argument #1 to 'encode_sparse_array' (invalid option 'yes')");
        assertThat(lua.error(c + "c.encode_sparse_array(1)"))
                .isEqualTo("bad argument #1 to 'encode_sparse_array' (invalid option '1')");
        assertThat(lua.error(c + "c.encode_sparse_array(nil, -1)"))
                .isEqualTo("bad argument #1 to 'encode_sparse_array' (expected integer between 0 and"
                        + " 2147483647)");
        assertThat(lua.error(c + "c.encode_sparse_array(nil, 1, -1)"))
                .isEqualTo("bad argument #1 to 'encode_sparse_array' (expected integer between 0 and"
                        + " 2147483647)");
        assertThat(lua.error(c + "c.encode_max_depth(0)"))
                .isEqualTo("bad argument #1 to 'encode_max_depth' (expected integer between 1 and"
                        + " 2147483647)");
        assertThat(lua.error(c + "c.encode_keep_buffer(1)"))
                .isEqualTo("bad argument #1 to 'encode_keep_buffer' (invalid option '1')");
    }

    @Test
    void moduleFieldsAreRedissOwn() {
        assertThat(lua.str("return cjson._NAME .. ' ' .. cjson._VERSION .. ' ' .. tostring(cjson.null)"
                        + " .. ' ' .. type(cjson.null) .. ' ' .. type(cjson.new)"))
                .isEqualTo("cjson 2.1.0 userdata: (nil) userdata function");
    }

    @Test
    void roundTripsKeepValues() {
        assertThat(lua.eval("local t = cjson.decode(cjson.encode({a = {1, 2, {b = 'x'}}, n = -1.25, s ="
                        + " 'q\\0r', f = false})) return t.a[3].b == 'x' and t.n == -1.25 and t.s == 'q\\0r' and"
                        + " t.f == false and #t.a == 3").toboolean())
                .isTrue();
    }

    @Test
    void raisedDepthLimitsStopWhereLuasCStackDoes() {
        // with both depths raised to 100000, Redis gave: 10002 10002 then these three errors, and
        // "excessive nesting (4000)" for 5000 nested objects
        String raised = "local c = cjson.new() c.encode_max_depth(100000) c.decode_max_depth(100000) ";
        assertThat(lua.num(raised + "local t = {} local x = t for i = 1, 5000 do x[1] = {} x = x[1] end"
                        + " return #c.encode(c.decode(c.encode(t)))"))
                .isEqualTo(10002);
        assertThat(lua.error(raised + "local t = {} local x = t for i = 1, 9000 do x[1] = {} x = x[1]"
                        + " end return c.encode(t)"))
                .isEqualTo("Cannot serialise, excessive nesting (7998)");
        assertThat(lua.error(raised + "local t = {} local x = t for i = 1, 5000 do x.a = {} x = x.a end"
                        + " return c.encode(t)"))
                .isEqualTo("Cannot serialise, excessive nesting (4000)");
        assertThat(lua.error(raised + "return c.decode(string.rep('[', 9000) .. string.rep(']', 9000))"))
                .isEqualTo("Found too many nested data structures (7999) at character 7999");
        assertThat(lua.error(raised + "return c.decode(string.rep('{\"a\":', 4000))"))
                .isEqualTo("Found too many nested data structures (4000) at character 19996");
    }
}
