package io.cairn.server.command.bitmap;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code BITFIELD key [GET type offset] [SET type offset value] [INCRBY type offset increment]
 * [OVERFLOW WRAP|SAT|FAIL] ...} and {@code BITFIELD_RO key [GET type offset] ...}: integer fields
 * of any width at any bit offset, run in order, one reply per GET/SET/INCRBY (SET answers the old
 * value, INCRBY the new one, a failed overflow null). Every subcommand is parsed before the key is
 * read, so a bad one runs none. A write grows the string with zero bytes up to its farthest field
 * (even when every write then fails its overflow check, as in Redis) and keeps the key's expiry;
 * each field that changes logs only the bytes it spans.
 */
record BitField(byte[] key, List<Field> fields) implements Operation {
    enum Kind { GET, SET, INCRBY }

    /** One subcommand: {@code value} is SET's value or INCRBY's increment. */
    record Field(Kind kind, BitFieldType type, long offset, long value, Overflow overflow) {
    }

    /** Parses BITFIELD, or BITFIELD_RO when {@code readOnly} (which refuses SET and INCRBY). */
    static BitField parse(byte[][] args, long maxBytes, boolean readOnly) {
        List<Field> fields = new ArrayList<>();
        Overflow overflow = Overflow.WRAP;
        boolean writes = false;
        for (int j = 2; j < args.length; j++) {
            int remaining = args.length - j - 1;
            String sub = new String(args[j], StandardCharsets.ISO_8859_1);
            Kind kind;
            if (sub.equalsIgnoreCase("get") && remaining >= 2) {
                kind = Kind.GET;
            } else if (sub.equalsIgnoreCase("set") && remaining >= 3) {
                kind = Kind.SET;
            } else if (sub.equalsIgnoreCase("incrby") && remaining >= 3) {
                kind = Kind.INCRBY;
            } else if (sub.equalsIgnoreCase("overflow") && remaining >= 1) {
                overflow = Overflow.named(new String(args[++j], StandardCharsets.ISO_8859_1));
                if (overflow == null) {
                    throw new InvalidRequestException("ERR Invalid OVERFLOW type specified");
                }
                continue;
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
            BitFieldType type = BitFieldType.parse(args[j + 1]);
            long offset = BitArguments.offset(args[j + 2], type.bits(), maxBytes);
            long value = 0;
            if (kind != Kind.GET) {
                writes = true;
                value = CommandContext.parseLong(args[j + 3]);
            }
            fields.add(new Field(kind, type, offset, value, overflow));
            j += kind == Kind.GET ? 2 : 3;
        }
        if (readOnly && writes) {
            throw new InvalidRequestException("ERR BITFIELD_RO only supports the GET subcommand");
        }
        return new BitField(args[1], List.copyOf(fields));
    }

    @Override
    public RespValue run(Txn t) {
        ByteBuffer v = t.strings().view(key);
        long farthest = -1;
        for (Field f : fields) {
            if (f.kind() != Kind.GET) {
                farthest = Math.max(farthest, f.offset() + f.type().bits() - 1);
            }
        }
        if (farthest >= 0 && (v == null || v.limit() <= farthest >>> 3)) {
            t.strings().setRange(key, (farthest >>> 3) + 1, new byte[0]); // Redis grows it before the writes run
            v = t.strings().view(key);
        }
        List<RespValue> replies = new ArrayList<>(fields.size());
        for (Field f : fields) {
            long current = f.type().get(v, f.offset());
            if (f.kind() == Kind.GET) {
                replies.add(RespValue.integer(current));
                continue;
            }
            Long stored = f.kind() == Kind.SET
                    ? f.type().fit(f.value(), 0, f.overflow())
                    : f.type().fit(current, f.value(), f.overflow());
            if (stored == null) {
                replies.add(RespValue.NULL);
                continue;
            }
            replies.add(RespValue.integer(f.kind() == Kind.SET ? current : stored));
            if (stored != current) {
                long first = f.offset() >>> 3;
                byte[] span = Bits.copy(v, first, (f.offset() + f.type().bits() - 1) >>> 3);
                f.type().set(span, f.offset() - first * 8, stored);
                t.strings().setRange(key, first, span);
                v = t.strings().view(key);
            }
        }
        return RespValue.array(replies);
    }
}
