package io.cairn.server.command.script;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.VarArgFunction;

/**
 * {@code string.format} as Lua 5.1 does it over C's {@code printf}: flags {@code -+ #0}, width
 * and precision of at most two digits, and the conversions {@code c d i o u x X e E f g G q s %}.
 * LuaJ's own rounds {@code %.3f} wrongly and prints numbers in Java's form, which scripts that
 * format scores or prices would see; numbers here are printed from their exact binary value with
 * ties to even, as glibc prints them. Binary-safe: the result is built from bytes.
 */
final class LuaFormat extends VarArgFunction {
    private static final String FLAGS = "-+ #0";

    @Override
    public Varargs invoke(Varargs args) {
        LuaString fmt = args.checkstring(1);
        ByteArrayOutputStream out = new ByteArrayOutputStream(fmt.m_length + 16);
        int arg = 1;
        int i = 0;
        int n = fmt.m_length;
        while (i < n) {
            int c = fmt.luaByte(i++);
            if (c != '%') {
                out.write(c);
                continue;
            }
            if (i >= n) {
                throw new ScriptError("invalid option '%' to 'format'", 1);
            }
            if (fmt.luaByte(i) == '%') {
                out.write('%');
                i++;
                continue;
            }
            Spec spec = new Spec();
            int flagsStart = i;
            while (i < n && FLAGS.indexOf(fmt.luaByte(i)) >= 0) {
                spec.flag((char) fmt.luaByte(i++));
            }
            if (i - flagsStart > FLAGS.length()) {
                throw new ScriptError("invalid format (repeated flags)", 1);
            }
            int digits = 0;
            while (i < n && Character.isDigit(fmt.luaByte(i))) {
                spec.width = spec.width * 10 + (fmt.luaByte(i++) - '0');
                digits++;
            }
            if (i < n && fmt.luaByte(i) == '.') {
                i++;
                spec.precision = 0;
                int pd = 0;
                while (i < n && Character.isDigit(fmt.luaByte(i))) {
                    spec.precision = spec.precision * 10 + (fmt.luaByte(i++) - '0');
                    pd++;
                }
                digits = Math.max(digits, pd);
            }
            if (digits > 2) {
                throw new ScriptError("invalid format (width or precision too long)", 1);
            }
            if (i >= n) {
                throw new ScriptError("invalid option '%' to 'format'", 1);
            }
            char conv = (char) fmt.luaByte(i++);
            arg++;
            if (FLAGS.indexOf(conv) < 0 && "cdiouxXeEfgGqs".indexOf(conv) < 0) {
                throw new ScriptError("invalid option '%" + conv + "' to 'format'", 1);
            }
            if (arg > args.narg()) {
                throw new ScriptError("bad argument #" + arg + " to 'format' (no value)", 1);
            }
            if ("cdiouxXeEfgG".indexOf(conv) >= 0 && args.arg(arg).type() != LuaValue.TNUMBER
                    && args.arg(arg).tonumber().isnil()) {
                throw new ScriptError("bad argument #" + arg + " to 'format' (number expected, got "
                        + args.arg(arg).typename() + ")", 1);
            }
            switch (conv) {
                case 'c' -> {
                    out.write((int) args.checkdouble(arg));
                }
                case 'd', 'i' -> write(out, spec, integer((long) args.checkdouble(arg), spec), spec.precision < 0);
                case 'o', 'u', 'x', 'X' -> write(out, spec, unsigned((long) args.checkdouble(arg), conv, spec),
                        spec.precision < 0);
                case 'e', 'E', 'f', 'g', 'G' -> write(out, spec, floating(args.checkdouble(arg), conv, spec),
                        Double.isFinite(args.checkdouble(arg)));
                case 'q' -> quoted(out, args.checkstring(arg));
                case 's' -> {
                    LuaString s = LuaScriptLibs.tostring(args.arg(arg)).checkstring();
                    int len = spec.precision >= 0 ? Math.min(spec.precision, s.m_length) : s.m_length;
                    padLeft(out, spec, len);
                    out.write(s.m_bytes, s.m_offset, len);
                    padRight(out, spec, len);
                }
                default -> throw new ScriptError("invalid option '%" + conv + "' to 'format'", 1);
            }
        }
        return LuaString.valueUsing(out.toByteArray());
    }

    private static final class Spec {
        boolean left;
        boolean plus;
        boolean space;
        boolean alternate;
        boolean zero;
        int width;
        int precision = -1;

        void flag(char f) {
            switch (f) {
                case '-' -> left = true;
                case '+' -> plus = true;
                case ' ' -> space = true;
                case '#' -> alternate = true;
                default -> zero = true;
            }
        }

        String sign(boolean negative) {
            return negative ? "-" : plus ? "+" : space ? " " : "";
        }
    }

    /** A number's text split as printf pads it: sign (and 0x), then the digits. */
    private record Body(String prefix, String digits) {
    }

    private static Body integer(long v, Spec spec) {
        boolean negative = v < 0;
        String digits = negative ? Long.toString(v).substring(1) : Long.toString(v);
        digits = withPrecision(digits, spec);
        return new Body(spec.sign(negative), digits);
    }

    private static Body unsigned(long v, char conv, Spec spec) {
        String digits = switch (conv) {
            case 'o' -> Long.toOctalString(v);
            case 'u' -> Long.toUnsignedString(v);
            case 'x' -> Long.toHexString(v);
            default -> Long.toHexString(v).toUpperCase();
        };
        digits = withPrecision(digits, spec);
        String prefix = "";
        if (spec.alternate) {
            if (conv == 'o' && !digits.startsWith("0")) {
                digits = "0" + digits;
            } else if ((conv == 'x' || conv == 'X') && v != 0) {
                prefix = conv == 'x' ? "0x" : "0X";
            }
        }
        return new Body(prefix, digits);
    }

    private static String withPrecision(String digits, Spec spec) {
        if (spec.precision == 0 && digits.equals("0")) {
            return "";
        }
        if (spec.precision > digits.length()) {
            return "0".repeat(spec.precision - digits.length()) + digits;
        }
        return digits;
    }

    private static Body floating(double d, char conv, Spec spec) {
        boolean negative = d < 0 || (d == 0 && 1 / d < 0) || (Double.isNaN(d) && Double.doubleToRawLongBits(d) < 0);
        boolean upper = Character.isUpperCase(conv);
        if (!Double.isFinite(d)) {
            String text = Double.isNaN(d) ? "nan" : "inf";
            return new Body(spec.sign(negative), upper ? text.toUpperCase() : text);
        }
        double abs = Math.abs(d);
        int precision = spec.precision < 0 ? 6 : spec.precision;
        String digits = switch (Character.toLowerCase(conv)) {
            case 'f' -> fixed(abs, precision, spec.alternate);
            case 'e' -> scientific(abs, precision, spec.alternate);
            default -> general(abs, precision == 0 ? 1 : precision, spec.alternate);
        };
        return new Body(spec.sign(negative), upper ? digits.toUpperCase() : digits);
    }

    static String fixed(double abs, int precision, boolean point) {
        String s = new BigDecimal(abs).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
        return point && precision == 0 ? s + "." : s;
    }

    static String scientific(double abs, int precision, boolean point) {
        if (abs == 0) {
            return "0" + (precision > 0 ? "." + "0".repeat(precision) : point ? "." : "") + "e+00";
        }
        BigDecimal r = new BigDecimal(abs).round(new MathContext(precision + 1, RoundingMode.HALF_EVEN));
        int exponent = r.precision() - r.scale() - 1;
        String unscaled = r.unscaledValue().toString();
        StringBuilder mantissa = new StringBuilder(unscaled);
        while (mantissa.length() < precision + 1) {
            mantissa.append('0');
        }
        StringBuilder sb = new StringBuilder().append(mantissa.charAt(0));
        if (precision > 0 || point) {
            sb.append('.');
        }
        sb.append(mantissa, 1, precision + 1);
        return sb.append(exponentText(exponent)).toString();
    }

    private static String general(double abs, int precision, boolean keepZeros) {
        int exponent;
        if (abs == 0) {
            exponent = 0;
        } else {
            BigDecimal r = new BigDecimal(abs).round(new MathContext(precision, RoundingMode.HALF_EVEN));
            exponent = r.precision() - r.scale() - 1;
        }
        String s;
        if (exponent < -4 || exponent >= precision) {
            s = scientific(abs, precision - 1, keepZeros);
            if (!keepZeros) {
                int e = s.indexOf('e');
                s = stripZeros(s.substring(0, e)) + s.substring(e);
            }
        } else {
            s = fixed(abs, precision - 1 - exponent, keepZeros);
            if (!keepZeros) {
                s = stripZeros(s);
            }
        }
        return s;
    }

    private static String stripZeros(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }

    private static String exponentText(int exponent) {
        int abs = Math.abs(exponent);
        return "e" + (exponent < 0 ? '-' : '+') + (abs < 10 ? "0" : "") + abs;
    }

    /** Writes a number padded to the width; {@code zeroPadAllowed}: whether the {@code 0} flag applies. */
    private static void write(ByteArrayOutputStream out, Spec spec, Body body, boolean zeroPadAllowed) {
        int len = body.prefix.length() + body.digits.length();
        if (spec.zero && !spec.left && zeroPadAllowed) {
            out.writeBytes(body.prefix.getBytes());
            for (int k = len; k < spec.width; k++) {
                out.write('0');
            }
            out.writeBytes(body.digits.getBytes());
            return;
        }
        padLeft(out, spec, len);
        out.writeBytes(body.prefix.getBytes());
        out.writeBytes(body.digits.getBytes());
        padRight(out, spec, len);
    }

    private static void padLeft(ByteArrayOutputStream out, Spec spec, int len) {
        if (!spec.left) {
            for (int k = len; k < spec.width; k++) {
                out.write(' ');
            }
        }
    }

    private static void padRight(ByteArrayOutputStream out, Spec spec, int len) {
        if (spec.left) {
            for (int k = len; k < spec.width; k++) {
                out.write(' ');
            }
        }
    }

    /** {@code %q}: the string between double quotes, as Lua 5.1 escapes it. */
    private static void quoted(ByteArrayOutputStream out, LuaString s) {
        out.write('"');
        for (int k = 0; k < s.m_length; k++) {
            int b = s.luaByte(k);
            switch (b) {
                case '"', '\\', '\n' -> {
                    out.write('\\');
                    out.write(b);
                }
                case '\r' -> out.writeBytes("\\r".getBytes());
                case 0 -> out.writeBytes("\\000".getBytes());
                default -> out.write(b);
            }
        }
        out.write('"');
    }
}
