package io.cairn.server.command.hll;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code PFDEBUG GETREG|DECODE|ENCODING|TODENSE key}, Redis's internal debugging command: the
 * registers (turning a sparse HLL dense and storing it, as Redis does), the sparse opcodes as
 * text, the encoding's name, or a conversion to dense (1 when it converted).
 */
record PfDebug(String subcommand, byte[] key) implements Operation {
    static PfDebug parse(byte[][] args) {
        return new PfDebug(new String(args[1], StandardCharsets.UTF_8), args[2]);
    }

    @Override
    public RespValue run(Txn t) {
        byte[] stored = t.get(key);
        if (stored == null) {
            throw new InvalidRequestException("ERR The specified key does not exist");
        }
        HyperLogLog hll = HyperLogLog.of(stored.clone());
        switch (subcommand.toLowerCase(Locale.ROOT)) {
            case "getreg" -> {
                toDense(t, stored, hll);
                List<RespValue> registers = new ArrayList<>(HllFormat.REGISTERS);
                for (int i = 0; i < HllFormat.REGISTERS; i++) {
                    registers.add(RespValue.integer(DenseRegisters.get(hll.bytes, i)));
                }
                return RespValue.array(registers);
            }
            case "decode" -> {
                if (!hll.isSparse()) {
                    throw new InvalidRequestException("ERR HLL encoding is not sparse");
                }
                return RespValue.bulk(SparseRegisters.decode(hll));
            }
            case "encoding" -> {
                return RespValue.simple(hll.isSparse() ? "sparse" : "dense");
            }
            case "todense" -> {
                return RespValue.integer(toDense(t, stored, hll) ? 1 : 0);
            }
            default -> throw new InvalidRequestException("ERR Unknown PFDEBUG subcommand '" + subcommand + "'");
        }
    }

    /** Stores {@code hll} dense when it is sparse; returns whether it converted. */
    private boolean toDense(Txn t, byte[] stored, HyperLogLog hll) {
        if (!hll.isSparse()) {
            return false;
        }
        hll.toDense();
        StoredHll.write(t, key, stored, hll.toBytes());
        return true;
    }
}
