package io.cairn.server.command.script;

import io.cairn.resp.RespEncoder;
import io.cairn.resp.RespValue;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * Redis's conversion rules between replies and Lua values, both ways. A command's reply becomes a
 * Lua value as the script's protocol ({@code redis.setresp}) shapes it: in RESP2 a null is
 * {@code false}, a status {@code {ok=...}}, an error {@code {err=...}}, and RESP3's maps, sets,
 * doubles and booleans arrive as RESP2 would send them; in RESP3 they arrive as {@code {map=...}},
 * {@code {set=...}}, {@code {double=...}}, booleans and {@code nil}. A script's result becomes a
 * reply by the rules of Redis's {@code luaReplyToRedisReply}. Stateless.
 */
final class LuaReplies {
    /** How deep a reply or a result may nest before the conversion refuses it, as Redis's Lua stack does. */
    static final int MAX_DEPTH = 1000;

    private static final LuaString OK = LuaString.valueOf("ok");
    private static final LuaString ERR = LuaString.valueOf("err");
    private static final LuaString DOUBLE = LuaString.valueOf("double");
    private static final LuaString BIG_NUMBER = LuaString.valueOf("big_number");
    private static final LuaString MAP = LuaString.valueOf("map");
    private static final LuaString SET = LuaString.valueOf("set");
    private static final LuaString VERBATIM = LuaString.valueOf("verbatim_string");
    private static final LuaString FORMAT = LuaString.valueOf("format");
    private static final LuaString STRING = LuaString.valueOf("string");

    private LuaReplies() {
    }

    // ---------------------------------------------------------------- reply -> Lua

    /** A command's reply as the script sees it under protocol {@code resp} (2 or 3). */
    static LuaValue toLua(RespValue v, int resp) {
        return toLua(v, resp == 3, 0);
    }

    private static LuaValue toLua(RespValue v, boolean resp3, int depth) {
        if (depth > MAX_DEPTH) {
            throw new ScriptError("reached lua stack limit", 1);
        }
        return switch (v) {
            case RespValue.SimpleString s -> single(OK, LuaValue.valueOf(s.value()));
            case RespValue.ErrorReply e -> errorTable(e.message());
            case RespValue.IntegerReply i -> LuaValue.valueOf((double) i.value());
            case RespValue.BulkString b -> LuaString.valueUsing(b.value());
            case RespValue.NullReply _, RespValue.NullArray _ -> resp3 ? LuaValue.NIL : LuaValue.FALSE;
            case RespValue.ArrayReply a -> array(a.items(), resp3, depth);
            case RespValue.PushReply p -> array(p.items(), resp3, depth);
            case RespValue.Sequence q -> array(q.replies(), resp3, depth); // SUBSCRIBE's; scripts may not subscribe
            case RespValue.SetReply s -> {
                if (!resp3) {
                    yield array(s.items(), false, depth);
                }
                LuaTable members = new LuaTable(0, s.items().size());
                for (RespValue item : s.items()) {
                    members.rawset(toLua(item, true, depth + 1), LuaValue.TRUE);
                }
                yield single(SET, members);
            }
            case RespValue.MapReply m -> {
                if (!resp3) {
                    LuaTable t = new LuaTable(m.entries().size() * 2, 0);
                    int i = 1;
                    for (Map.Entry<RespValue, RespValue> e : m.entries()) {
                        t.rawset(i++, toLua(e.getKey(), false, depth + 1));
                        t.rawset(i++, toLua(e.getValue(), false, depth + 1));
                    }
                    yield t;
                }
                LuaTable map = new LuaTable(0, m.entries().size());
                for (Map.Entry<RespValue, RespValue> e : m.entries()) {
                    map.rawset(toLua(e.getKey(), true, depth + 1), toLua(e.getValue(), true, depth + 1));
                }
                yield single(MAP, map);
            }
            case RespValue.FieldMap f -> {
                int n = f.fields().length;
                LuaTable t = resp3 ? new LuaTable(0, n) : new LuaTable(2 * n, 0);
                for (int i = 0; i < n; i++) {
                    LuaString field = LuaString.valueUsing(f.fields()[i].getBytes(StandardCharsets.ISO_8859_1));
                    LuaString value = LuaString.valueUsing(f.values()[i]);
                    if (resp3) {
                        t.rawset(field, value);
                    } else {
                        t.rawset(2 * i + 1, field);
                        t.rawset(2 * i + 2, value);
                    }
                }
                yield resp3 ? single(MAP, t) : t;
            }
            case RespValue.DoubleReply d -> resp3 ? single(DOUBLE, LuaValue.valueOf(d.value()))
                    : LuaValue.valueOf(RespEncoder.formatDouble(d.value()));
            case RespValue.DoubleText d -> resp3 ? single(DOUBLE, LuaValue.valueOf(parseDouble(d.text())))
                    : LuaValue.valueOf(d.text());
            case RespValue.BooleanReply b -> resp3 ? LuaValue.valueOf(b.value()) : LuaValue.valueOf(b.value() ? 1 : 0);
            case RespValue.VerbatimString s -> {
                if (!resp3) {
                    yield LuaValue.valueOf(s.text());
                }
                LuaTable t = new LuaTable(0, 2);
                t.rawset(FORMAT, LuaValue.valueOf(s.format()));
                t.rawset(STRING, LuaValue.valueOf(s.text()));
                yield single(VERBATIM, t);
            }
            case RespValue.BigNumber n -> resp3 ? single(BIG_NUMBER, LuaValue.valueOf(n.value().toString()))
                    : LuaValue.valueOf(n.value().toString());
        };
    }

    /** A double cast to a 64-bit integer as C on x86-64 casts it: truncated, and INT64_MIN when out of range or NaN. */
    static long toLongAsC(double d) {
        if (Double.isNaN(d) || d >= 0x1p63 || d < -0x1p63) {
            return Long.MIN_VALUE;
        }
        return (long) d;
    }

    /** {@code {err=message}}: an error reply as {@code redis.pcall} returns it. */
    static LuaTable errorTable(String message) {
        return single(ERR, LuaValue.valueOf(message));
    }

    private static LuaTable array(List<RespValue> items, boolean resp3, int depth) {
        LuaTable t = new LuaTable(items.size(), 0);
        int i = 1;
        for (RespValue item : items) {
            t.rawset(i++, toLua(item, resp3, depth + 1));
        }
        return t;
    }

    private static LuaTable single(LuaString key, LuaValue value) {
        LuaTable t = new LuaTable(0, 1);
        t.rawset(key, value);
        return t;
    }

    private static double parseDouble(String text) {
        return switch (text) {
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            case "nan" -> Double.NaN;
            default -> Double.parseDouble(text);
        };
    }

    // ---------------------------------------------------------------- Lua -> reply

    /**
     * A script's result as its reply: strings are bulk strings, numbers integers (truncated),
     * {@code true} 1 ({@code #t} for a RESP3 script), {@code false} and {@code nil} a null; a table
     * with a string {@code err} is an error, with {@code ok} a status, with {@code double},
     * {@code big_number}, {@code map}, {@code set} or {@code verbatim_string} that RESP3 type, and
     * any other table the array of its elements up to the first nil.
     */
    static RespValue toReply(LuaValue v, int resp) {
        return toReply(v, resp == 3, 0);
    }

    private static RespValue toReply(LuaValue v, boolean resp3, int depth) {
        if (depth > MAX_DEPTH) {
            return RespValue.error("ERR reached lua stack limit");
        }
        switch (v.type()) {
            case LuaValue.TSTRING:
                return RespValue.bulk(bytes(v.checkstring()));
            case LuaValue.TNUMBER:
                return RespValue.integer(toLongAsC(v.todouble()));
            case LuaValue.TBOOLEAN:
                if (resp3) {
                    return new RespValue.BooleanReply(v.toboolean());
                }
                return v.toboolean() ? RespValue.integer(1) : new RespValue.NullReply();
            case LuaValue.TTABLE:
                return tableReply((LuaTable) v, resp3, depth);
            default:
                return new RespValue.NullReply();
        }
    }

    private static RespValue tableReply(LuaTable t, boolean resp3, int depth) {
        LuaValue err = t.rawget(ERR);
        if (err.type() == LuaValue.TSTRING) {
            return RespValue.error(errorText(err.tojstring()));
        }
        LuaValue ok = t.rawget(OK);
        if (ok.type() == LuaValue.TSTRING) {
            return RespValue.simple(ok.tojstring().replace('\r', ' ').replace('\n', ' '));
        }
        LuaValue d = t.rawget(DOUBLE);
        if (d.type() == LuaValue.TNUMBER) {
            return new RespValue.DoubleReply(d.todouble());
        }
        LuaValue big = t.rawget(BIG_NUMBER);
        if (big.type() == LuaValue.TSTRING) {
            try {
                return new RespValue.BigNumber(new BigInteger(big.tojstring()));
            } catch (NumberFormatException e) {
                return RespValue.bulk(bytes(big.checkstring()));
            }
        }
        LuaValue map = t.rawget(MAP);
        if (map.type() == LuaValue.TTABLE) {
            List<Map.Entry<RespValue, RespValue>> entries = new ArrayList<>();
            forEach((LuaTable) map, (k, val) -> entries.add(new AbstractMap.SimpleImmutableEntry<>(
                    toReply(k, resp3, depth + 1), toReply(val, resp3, depth + 1))));
            return new RespValue.MapReply(entries);
        }
        LuaValue set = t.rawget(SET);
        if (set.type() == LuaValue.TTABLE) {
            List<RespValue> items = new ArrayList<>();
            forEach((LuaTable) set, (k, val) -> items.add(toReply(k, resp3, depth + 1)));
            return new RespValue.SetReply(items);
        }
        LuaValue verbatim = t.rawget(VERBATIM);
        if (verbatim.type() == LuaValue.TTABLE) {
            LuaValue format = verbatim.rawget(FORMAT);
            LuaValue text = verbatim.rawget(STRING);
            if (format.type() == LuaValue.TSTRING && text.type() == LuaValue.TSTRING && format.rawlen() == 3) {
                return new RespValue.VerbatimString(format.tojstring(), text.tojstring());
            }
        }
        List<RespValue> items = new ArrayList<>();
        for (int i = 1; ; i++) {
            LuaValue item = t.rawget(i);
            if (item.isnil()) {
                break;
            }
            items.add(toReply(item, resp3, depth + 1));
        }
        return RespValue.array(items);
    }

    /** An error text as a reply carries it: one line, without the leading {@code -} Redis strips. */
    static String errorText(String message) {
        String s = message.replace('\r', ' ').replace('\n', ' ');
        return s.startsWith("-") ? s.substring(1) : s;
    }

    interface PairVisitor {
        void visit(LuaValue key, LuaValue value);
    }

    static void forEach(LuaTable t, PairVisitor visitor) {
        LuaValue k = LuaValue.NIL;
        while (true) {
            Varargs n = t.next(k);
            k = n.arg1();
            if (k.isnil()) {
                return;
            }
            visitor.visit(k, n.arg(2));
        }
    }

    /** The bytes of a Lua string, copied (a LuaString may be a window on a larger array). */
    static byte[] bytes(LuaString s) {
        byte[] b = new byte[s.m_length];
        System.arraycopy(s.m_bytes, s.m_offset, b, 0, s.m_length);
        return b;
    }
}
