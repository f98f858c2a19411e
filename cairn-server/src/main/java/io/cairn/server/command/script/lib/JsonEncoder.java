package io.cairn.server.command.script.lib;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * {@code cjson.encode} for one value, as Lua CJSON 2.1.0 writes it:
 *
 * <ul>
 *   <li>numbers with {@code "%.14g"} (the precision is a setting); NaN and the infinities are
 *       refused, or written as {@code nan}/{@code inf}/{@code -inf} or {@code null} by setting;
 *   <li>strings byte for byte, escaping {@code " \ /}, the control bytes (as {@code \b \t \n \f \r}
 *       or {@code \\u00XX}) and 0x7f; other bytes, UTF-8 or not, pass through;
 *   <li>a table whose keys are all positive integers is an array of 1..max (holes as null), unless
 *       it is excessively sparse (max &gt; ratio × count and max &gt; safe), which is an error or,
 *       by setting, an object; any other table, the empty one too, is an object whose keys must be
 *       strings or numbers (written as strings);
 *   <li>nil and {@code cjson.null} as null; functions, userdata and threads are refused.
 * </ul>
 *
 * Object members come in LuaJ's table order, which is not C Lua's: an object of more than one
 * member can list them in another order than Redis does.
 *
 * <p>One instance encodes one value; not thread-safe.
 */
final class JsonEncoder {
  private static final int MAX_C_STACK = 8000;
  private static final byte[][] ESCAPES = new byte[256][];

  static {
    for (int c = 0; c < 32; c++) {
      ESCAPES[c] = String.format("\\u%04x", c).getBytes(StandardCharsets.US_ASCII);
    }
    ESCAPES['\b'] = "\\b".getBytes(StandardCharsets.US_ASCII);
    ESCAPES['\t'] = "\\t".getBytes(StandardCharsets.US_ASCII);
    ESCAPES['\n'] = "\\n".getBytes(StandardCharsets.US_ASCII);
    ESCAPES['\f'] = "\\f".getBytes(StandardCharsets.US_ASCII);
    ESCAPES['\r'] = "\\r".getBytes(StandardCharsets.US_ASCII);
    ESCAPES['"'] = "\\\"".getBytes(StandardCharsets.US_ASCII);
    ESCAPES['\\'] = "\\\\".getBytes(StandardCharsets.US_ASCII);
    ESCAPES['/'] = "\\/".getBytes(StandardCharsets.US_ASCII);
    ESCAPES[0x7f] = "\\u007f".getBytes(StandardCharsets.US_ASCII);
  }

  private final CjsonLib.Settings settings;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private int depth;

  JsonEncoder(CjsonLib.Settings settings) {
    this.settings = settings;
  }

  LuaString encode(LuaValue v) {
    try {
      value(v, 1);
    } catch (StackOverflowError e) { // only with a raised encode_max_depth
      throw new LuaError("Cannot serialise, excessive nesting (" + depth + ")");
    }
    return LuaString.valueOf(out.toByteArray());
  }

  /** {@code used}: the C Lua stack slots taken, the value included. */
  private void value(LuaValue v, int used) {
    switch (v.type()) {
      case LuaValue.TSTRING -> string(v.checkstring());
      case LuaValue.TNUMBER -> number(v.todouble());
      case LuaValue.TBOOLEAN -> ascii(v.toboolean() ? "true" : "false");
      case LuaValue.TNIL -> ascii("null");
      case LuaValue.TTABLE -> table((LuaTable) v, used);
      default -> {
        if (v == CjsonLib.NULL) {
          ascii("null");
        } else {
          throw refuse(v, "type not supported");
        }
      }
    }
  }

  private void table(LuaTable t, int used) {
    depth++;
    if (depth > settings.encodeMaxDepth || used + 3 > MAX_C_STACK) {
      throw new LuaError("Cannot serialise, excessive nesting (" + depth + ")");
    }
    int length = arrayLength(t);
    if (length > 0) {
      out.write('[');
      for (int i = 1; i <= length; i++) {
        if (i > 1) {
          out.write(',');
        }
        value(t.rawget(i), used + 1);
      }
      out.write(']');
    } else {
      out.write('{');
      boolean comma = false;
      LuaValue k = LuaValue.NIL;
      while (true) {
        Varargs e = t.next(k);
        k = e.arg1();
        if (k.isnil()) {
          break;
        }
        if (comma) {
          out.write(',');
        }
        comma = true;
        if (k.type() == LuaValue.TNUMBER) {
          out.write('"');
          number(k.todouble());
          ascii("\":");
        } else if (k.type() == LuaValue.TSTRING) {
          string(k.checkstring());
          out.write(':');
        } else {
          throw refuse(k, "table key must be a number or string");
        }
        value(e.arg(2), used + 2);
      }
      out.write('}');
    }
    depth--;
  }

  /**
   * The largest key when every key is a positive integer and the table is not excessively sparse;
   * 0 or less otherwise (an object). The largest key goes through a C int as Lua CJSON keeps it,
   * so one beyond 2^31 makes the table an object.
   */
  private int arrayLength(LuaTable t) {
    int max = 0;
    int items = 0;
    LuaValue k = LuaValue.NIL;
    while (true) {
      k = t.next(k).arg1();
      if (k.isnil()) {
        break;
      }
      double n = k.type() == LuaValue.TNUMBER ? k.todouble() : 0;
      if (n == 0 || Math.floor(n) != n || n < 1) {
        return -1;
      }
      if (n > max) {
        max = n <= Integer.MAX_VALUE ? (int) n : Integer.MIN_VALUE; // x86's cvttsd2si
      }
      items++;
    }
    if (settings.sparseRatio > 0
        && max > (long) items * settings.sparseRatio
        && max > settings.sparseSafe) {
      if (settings.sparseConvert == 0) {
        throw refuse(t, "excessively sparse array");
      }
      return -1;
    }
    return max;
  }

  private void number(double d) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      switch (settings.encodeInvalidNumbers) {
        case 0 -> throw new LuaError("Cannot serialise number: must not be NaN or Inf");
        case 2 -> {
          ascii("null");
          return;
        }
        default -> {
          if (Double.isNaN(d)) {
            ascii("nan");
            return;
          }
        }
      }
    }
    ascii(CNumbers.formatG(d, settings.numberPrecision));
  }

  private void string(LuaString s) {
    out.write('"');
    byte[] b = s.m_bytes;
    int end = s.m_offset + s.m_length;
    int run = s.m_offset;
    for (int i = s.m_offset; i < end; i++) {
      byte[] escape = ESCAPES[b[i] & 0xff];
      if (escape != null) {
        out.write(b, run, i - run);
        out.write(escape, 0, escape.length);
        run = i + 1;
      }
    }
    out.write(b, run, end - run);
    out.write('"');
  }

  private void ascii(String s) {
    for (int i = 0; i < s.length(); i++) {
      out.write(s.charAt(i));
    }
  }

  private static LuaError refuse(LuaValue v, String reason) {
    return new LuaError("Cannot serialise " + v.typename() + ": " + reason);
  }
}
