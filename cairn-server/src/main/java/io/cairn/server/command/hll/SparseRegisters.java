package io.cairn.server.command.hll;

import io.cairn.common.InvalidRequestException;

/**
 * The sparse encoding's opcodes (ZERO, XZERO, VAL; see {@link HllFormat}) over the bytes of a
 * {@link HyperLogLog}. Updates split and merge opcodes exactly as Redis's {@code hllSparseSet}
 * does, so the same additions in the same order leave the same bytes in both. A byte read past
 * the end of the value reads as 0, as the terminator after a Redis string does. Corrupt opcodes
 * (runs that do not add up to {@link HllFormat#REGISTERS}) fail with {@link HllFormat#CORRUPT}.
 * Stateless.
 */
final class SparseRegisters {
    /** What {@link #set} answers when the change needs the dense encoding. */
    static final int PROMOTE = -1;

    private SparseRegisters() {
    }

    static boolean isZero(int op) {
        return (op & 0xc0) == 0;
    }

    static boolean isXZero(int op) {
        return (op & 0xc0) == 0x40;
    }

    static boolean isVal(int op) {
        return (op & 0x80) != 0;
    }

    static int zeroLength(int op) {
        return (op & 0x3f) + 1;
    }

    static int xzeroLength(int op, int next) {
        return ((op & 0x3f) << 8 | next) + 1;
    }

    static int valValue(int op) {
        return (op >>> 2 & 0x1f) + 1;
    }

    static int valLength(int op) {
        return (op & 0x3) + 1;
    }

    static byte val(int value, int length) {
        return (byte) ((value - 1) << 2 | length - 1 | 0x80);
    }

    /** Writes a run of {@code length} zeros as ZERO or XZERO at {@code out[n]}; returns the bytes written. */
    private static int zeros(byte[] out, int n, int length) {
        if (length > HllFormat.SPARSE_ZERO_MAX_LEN) {
            out[n] = (byte) ((length - 1) >>> 8 | 0x40);
            out[n + 1] = (byte) (length - 1);
            return 2;
        }
        out[n] = (byte) (length - 1);
        return 1;
    }

    /** Calls {@code run(first, length, value)} per opcode; returns the number of registers covered. */
    static long forEachRun(HyperLogLog h, RunVisitor run) {
        long index = 0;
        int p = HllFormat.HEADER;
        while (p < h.length) {
            int op = h.at(p);
            if (isZero(op)) {
                int len = zeroLength(op);
                if (!run.visit(index, len, 0)) {
                    return -1;
                }
                index += len;
                p++;
            } else if (isXZero(op)) {
                int len = xzeroLength(op, h.at(p + 1));
                if (!run.visit(index, len, 0)) {
                    return -1;
                }
                index += len;
                p += 2;
            } else {
                int len = valLength(op);
                if (!run.visit(index, len, valValue(op))) {
                    return -1;
                }
                index += len;
                p++;
            }
        }
        return index;
    }

    /** One opcode's run of registers; returns false to stop the walk (which then reports -1). */
    @FunctionalInterface
    interface RunVisitor {
        boolean visit(long first, int length, int value);
    }

    /**
     * Raises register {@code index} to {@code count}: 1 when it changed, 0 when it already held as
     * much, {@link #PROMOTE} when the value needs the dense encoding (a count above 32, or a sparse
     * form that would grow past {@code maxBytes}), having changed nothing.
     */
    static int set(HyperLogLog h, int index, int count, long maxBytes) {
        if (count > HllFormat.SPARSE_VAL_MAX_VALUE) {
            return PROMOTE;
        }
        // Find the opcode covering the register.
        int p = HllFormat.HEADER;
        int end = h.length;
        long first = 0;
        long span = 0;
        int prev = -1;
        while (p < end) {
            int op = h.at(p);
            int opLength = 1;
            if (isZero(op)) {
                span = zeroLength(op);
            } else if (isVal(op)) {
                span = valLength(op);
            } else {
                span = xzeroLength(op, h.at(p + 1));
                opLength = 2;
            }
            if (index <= first + span - 1) {
                break;
            }
            prev = p;
            p += opLength;
            first += span;
        }
        if (span == 0 || p >= end) {
            throw new InvalidRequestException(HllFormat.CORRUPT);
        }
        int op = h.at(p);
        boolean xzero = isXZero(op);
        int next = xzero ? p + 2 : p + 1;
        if (next >= end) {
            next = -1;
        }
        int runLength = isZero(op) ? zeroLength(op) : isVal(op) ? valLength(op) : (int) span;
        if (isVal(op)) {
            if (valValue(op) >= count) {
                return 0;
            }
            if (runLength == 1) {
                h.bytes[p] = val(count, 1);
                mergeAround(h, prev);
                return 1;
            }
        }
        if (isZero(op) && runLength == 1) {
            h.bytes[p] = val(count, 1);
            mergeAround(h, prev);
            return 1;
        }
        // Split the opcode around the register: at most XZERO VAL XZERO, five bytes.
        byte[] seq = new byte[5];
        int n = 0;
        long last = first + span - 1;
        if (!isVal(op)) {
            if (index != first) {
                n += zeros(seq, n, (int) (index - first));
            }
            seq[n++] = val(count, 1);
            if (index != last) {
                n += zeros(seq, n, (int) (last - index));
            }
        } else {
            int current = valValue(op);
            if (index != first) {
                seq[n++] = val(current, (int) (index - first));
            }
            seq[n++] = val(count, 1);
            if (index != last) {
                seq[n++] = val(current, (int) (last - index));
            }
        }
        int delta = n - (xzero ? 2 : 1);
        if (delta > 0 && (long) h.length + delta > maxBytes) {
            return PROMOTE;
        }
        h.ensureCapacity(h.length + Math.max(delta, 0) + 2);
        if (delta != 0 && next >= 0) {
            System.arraycopy(h.bytes, next, h.bytes, next + delta, end - next);
        }
        h.length += delta;
        System.arraycopy(seq, 0, h.bytes, p, n);
        mergeAround(h, prev);
        return 1;
    }

    /**
     * Merges adjacent VAL opcodes of equal value whose lengths fit one VAL, looking at up to five
     * opcodes from {@code prev} (the opcode before the one changed; -1 for the first).
     */
    private static void mergeAround(HyperLogLog h, int prev) {
        int p = prev >= 0 ? prev : HllFormat.HEADER;
        int scan = 5;
        while (p < h.length && scan-- != 0) {
            int op = h.at(p);
            if (isXZero(op)) {
                p += 2;
                continue;
            }
            if (isZero(op)) {
                p++;
                continue;
            }
            if (p + 1 < h.length && isVal(h.at(p + 1))) {
                int other = h.at(p + 1);
                if (valValue(op) == valValue(other)) {
                    int len = valLength(op) + valLength(other);
                    if (len <= HllFormat.SPARSE_VAL_MAX_LEN) {
                        h.bytes[p + 1] = val(valValue(op), len);
                        System.arraycopy(h.bytes, p + 1, h.bytes, p, h.length - p - 1);
                        h.length--;
                        continue;
                    }
                }
            }
            p++;
        }
    }

    /** "z:N Z:N v:V,N ..." for PFDEBUG DECODE, as Redis prints it. */
    static String decode(HyperLogLog h) {
        StringBuilder sb = new StringBuilder();
        int p = HllFormat.HEADER;
        while (p < h.length) {
            int op = h.at(p);
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            if (isZero(op)) {
                sb.append("z:").append(zeroLength(op));
                p++;
            } else if (isXZero(op)) {
                sb.append("Z:").append(xzeroLength(op, h.at(p + 1)));
                p += 2;
            } else {
                sb.append("v:").append(valValue(op)).append(',').append(valLength(op));
                p++;
            }
        }
        return sb.toString();
    }
}
