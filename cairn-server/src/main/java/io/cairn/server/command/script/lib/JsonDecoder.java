package io.cairn.server.command.script.lib;

import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

/**
 * {@code cjson.decode} of one text, as Lua CJSON 2.1.0 reads it. The text is a C string: a zero
 * byte ends it (so {@code "[1]\0junk"} decodes), and one in either of the first two bytes is
 * refused as UTF-16/32. Numbers are read by {@code strtod}, so by default (decode_invalid_numbers
 * on) {@code +1}, {@code 01}, {@code 0x10}, {@code inf}, {@code nan} and {@code 1.} are numbers
 * too; with it off they are "invalid number"/"invalid token" as in strict JSON. null decodes as
 * {@code cjson.null}; arrays as tables 1..n; objects as tables (a repeated key keeps its last
 * value); {@code \\u} escapes (surrogate pairs included) become UTF-8; other bytes pass as they
 * are. Errors are Lua CJSON's: "Expected value but found T_END at character 1".
 *
 * <p>One instance decodes one text; not thread-safe.
 */
final class JsonDecoder {
    private static final int MAX_C_STACK = 8000;

    private enum Type {
        T_OBJ_BEGIN, T_OBJ_END, T_ARR_BEGIN, T_ARR_END, T_STRING, T_NUMBER, T_BOOLEAN, T_NULL,
        T_COLON, T_COMMA, T_END, T_ERROR
    }

    private final CjsonLib.Settings settings;
    private final byte[] b;
    private final int base;
    private final int limit;
    private int ptr;
    private int depth;

    // the current token
    private Type type;
    private int index;
    private String error;
    private LuaValue value;

    JsonDecoder(CjsonLib.Settings settings, LuaString json) {
        this.settings = settings;
        this.b = json.m_bytes;
        this.base = json.m_offset;
        this.limit = json.m_offset + json.m_length;
        this.ptr = base;
    }

    LuaValue decode() {
        if (limit - base >= 2 && (at(base) == 0 || at(base + 1) == 0)) {
            throw new LuaError("JSON parser does not support UTF-16 or UTF-32");
        }
        next();
        LuaValue result = value();
        next();
        if (type != Type.T_END) {
            throw parseError("the end");
        }
        return result;
    }

    private int at(int i) {
        return i < limit ? b[i] & 0xff : 0;
    }

    /**
     * The value whose first token is current, read with an explicit stack of open arrays and
     * objects, so nesting costs no Java stack.
     */
    private LuaValue value() {
        ArrayDeque<Frame> open = new ArrayDeque<>();
        while (true) {
            int used = open.isEmpty() ? 1 : open.peek().childUsed();
            LuaValue v;
            switch (type) {
                case T_STRING, T_NUMBER, T_BOOLEAN -> v = value;
                case T_NULL -> v = CjsonLib.NULL;
                case T_OBJ_BEGIN -> {
                    descend(used, 3);
                    Frame f = new Frame(true, used);
                    next();
                    if (type != Type.T_OBJ_END) {
                        memberKey(f);
                        open.push(f);
                        continue;
                    }
                    depth--;
                    v = f.table;
                }
                case T_ARR_BEGIN -> {
                    descend(used, 2);
                    Frame f = new Frame(false, used);
                    next();
                    if (type != Type.T_ARR_END) {
                        open.push(f);
                        continue;
                    }
                    depth--;
                    v = f.table;
                }
                default -> throw parseError("value");
            }
            // hand the value to the open containers, closing each that ends with it
            while (true) {
                Frame f = open.peek();
                if (f == null) {
                    return v;
                }
                if (f.object) {
                    f.table.rawset(f.key, v);
                } else {
                    f.table.rawset(f.index++, v);
                }
                next();
                if (type == (f.object ? Type.T_OBJ_END : Type.T_ARR_END)) {
                    depth--;
                    open.pop();
                    v = f.table;
                    continue;
                }
                if (type != Type.T_COMMA) {
                    throw parseError(f.object ? "comma or object end" : "comma or array end");
                }
                next();
                if (f.object) {
                    memberKey(f);
                }
                break;
            }
        }
    }

    /** Reads {@code "key" :} and moves to the token of the member's value. */
    private void memberKey(Frame f) {
        if (type != Type.T_STRING) {
            throw parseError("object key string");
        }
        f.key = value;
        next();
        if (type != Type.T_COLON) {
            throw parseError("colon");
        }
        next();
    }

    /** An array or object being filled. */
    private static final class Frame {
        final LuaTable table = new LuaTable();
        final boolean object;
        /** C Lua stack slots taken below this table. */
        final int used;
        int index = 1;
        LuaValue key;

        Frame(boolean object, int used) {
            this.object = object;
            this.used = used;
        }

        /** Under a member's value C Lua's stack holds the table, and the key for an object. */
        int childUsed() {
            return used + (object ? 2 : 1);
        }
    }

    private void descend(int used, int slots) {
        depth++;
        if (depth > settings.decodeMaxDepth || used + slots > MAX_C_STACK) {
            throw tooDeep();
        }
    }

    private LuaError tooDeep() {
        return new LuaError(
                "Found too many nested data structures (" + depth + ") at character " + (ptr - base));
    }

    private LuaError parseError(String expected) {
        String found = type == Type.T_ERROR ? error : type.name();
        return new LuaError(
                "Expected " + expected + " but found " + found + " at character " + (index - base + 1));
    }

    // ---------------------------------------------------------------- tokens

    private void next() {
        int c = at(ptr);
        while (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            c = at(++ptr);
        }
        index = ptr;
        switch (c) {
            case 0 -> type = Type.T_END;
            case '{' -> single(Type.T_OBJ_BEGIN);
            case '}' -> single(Type.T_OBJ_END);
            case '[' -> single(Type.T_ARR_BEGIN);
            case ']' -> single(Type.T_ARR_END);
            case ',' -> single(Type.T_COMMA);
            case ':' -> single(Type.T_COLON);
            case '"' -> string();
            case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9' -> {
                if (settings.decodeInvalidNumbers == 0 && isInvalidNumber()) {
                    fail("invalid number");
                } else {
                    number();
                }
            }
            case 't', 'f', 'n', 'i', 'I', 'N', '+' -> word();
            default -> fail("invalid token");
        }
    }

    private void single(Type t) {
        type = t;
        ptr++;
    }

    private void fail(String what) {
        type = Type.T_ERROR;
        index = ptr;
        error = what;
    }

    private void word() {
        if (startsWith("true")) {
            type = Type.T_BOOLEAN;
            value = LuaValue.TRUE;
            ptr += 4;
        } else if (startsWith("false")) {
            type = Type.T_BOOLEAN;
            value = LuaValue.FALSE;
            ptr += 5;
        } else if (startsWith("null")) {
            type = Type.T_NULL;
            ptr += 4;
        } else if (settings.decodeInvalidNumbers != 0 && isInvalidNumber()) {
            number();
        } else {
            fail("invalid token");
        }
    }

    private boolean startsWith(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (at(ptr + i) != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** What strict JSON refuses but strtod reads: a leading +, 0x, leading zeros, inf, nan. */
    private boolean isInvalidNumber() {
        int p = ptr;
        if (at(p) == '+') {
            return true;
        }
        if (at(p) == '-') {
            p++;
        }
        if (at(p) == '0') {
            int c2 = at(p + 1);
            return (c2 | 0x20) == 'x' || (c2 >= '0' && c2 <= '9');
        } else if (at(p) <= '9') {
            return false;
        }
        return matchesIgnoreCase(p, "inf") || matchesIgnoreCase(p, "nan");
    }

    private boolean matchesIgnoreCase(int p, String word) {
        for (int i = 0; i < word.length(); i++) {
            if ((at(p + i) | 0x20) != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private void number() {
        // strtod stops at the C string's end: a zero byte inside the text ends it too
        int end = ptr;
        while (end < limit && b[end] != 0) {
            end++;
        }
        CNumbers.Parsed n = CNumbers.strtod(b, ptr, end);
        if (n.end() == ptr) {
            fail("invalid number");
            return;
        }
        type = Type.T_NUMBER;
        value = LuaValue.valueOf(n.value());
        ptr = n.end();
    }

    private void string() {
        ptr++;
        ByteArrayOutputStream s = new ByteArrayOutputStream();
        int run = ptr;
        while (true) {
            int c = at(ptr);
            if (c == '"') {
                break;
            }
            if (c == 0) {
                fail("unexpected end of string");
                return;
            }
            if (c != '\\') {
                ptr++;
                continue;
            }
            s.write(b, run, ptr - run);
            int e = at(ptr + 1);
            int decoded =
                    switch (e) {
                        case '"', '\\', '/' -> e;
                        case 'b' -> '\b';
                        case 't' -> '\t';
                        case 'n' -> '\n';
                        case 'f' -> '\f';
                        case 'r' -> '\r';
                        case 'u' -> -2;
                        default -> -1;
                    };
            if (decoded == -2) {
                if (!unicodeEscape(s)) {
                    fail("invalid unicode escape code");
                    return;
                }
            } else if (decoded == -1) {
                fail("invalid escape code");
                return;
            } else {
                s.write(decoded);
                ptr += 2;
            }
            run = ptr;
        }
        s.write(b, run, ptr - run);
        ptr++;
        type = Type.T_STRING;
        value = LuaString.valueOf(s.toByteArray());
    }

    /** {@code \\uXXXX} (or a surrogate pair of them) at ptr, appended as UTF-8. */
    private boolean unicodeEscape(ByteArrayOutputStream s) {
        int cp = hex4(ptr + 2);
        if (cp < 0) {
            return false;
        }
        int length = 6;
        if ((cp & 0xF800) == 0xD800) {
            if ((cp & 0x400) != 0 || at(ptr + 6) != '\\' || at(ptr + 7) != 'u') {
                return false;
            }
            int low = hex4(ptr + 8);
            if (low < 0 || (low & 0xFC00) != 0xDC00) {
                return false;
            }
            cp = (((cp & 0x3FF) << 10) | (low & 0x3FF)) + 0x10000;
            length = 12;
        }
        if (cp <= 0x7F) {
            s.write(cp);
        } else if (cp <= 0x7FF) {
            s.write(0xC0 | (cp >> 6));
            s.write(0x80 | (cp & 0x3F));
        } else if (cp <= 0xFFFF) {
            s.write(0xE0 | (cp >> 12));
            s.write(0x80 | ((cp >> 6) & 0x3F));
            s.write(0x80 | (cp & 0x3F));
        } else {
            s.write(0xF0 | (cp >> 18));
            s.write(0x80 | ((cp >> 12) & 0x3F));
            s.write(0x80 | ((cp >> 6) & 0x3F));
            s.write(0x80 | (cp & 0x3F));
        }
        ptr += length;
        return true;
    }

    private int hex4(int p) {
        int v = 0;
        for (int i = 0; i < 4; i++) {
            int c = at(p + i);
            int d;
            if (c >= '0' && c <= '9') {
                d = c - '0';
            } else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') {
                d = (c | 0x20) - 'a' + 10;
            } else {
                return -1;
            }
            v = (v << 4) | d;
        }
        return v;
    }
}
