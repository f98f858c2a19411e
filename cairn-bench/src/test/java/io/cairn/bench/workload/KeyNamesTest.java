package io.cairn.bench.workload;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KeyNamesTest {
    @Test
    void orderedNamesArePaddedKeyNumbersThatSortInInsertOrder() {
        KeyNames names = new KeyNames(InsertOrder.ORDERED);
        assertThat(names.name(0)).isEqualTo("user0000000000");
        assertThat(names.name(42)).isEqualTo("user0000000042");
        assertThat(names.name(12_345_678_901L)).isEqualTo("user12345678901");
        assertThat(names.name(9)).isLessThan(names.name(10));
        assertThat(names.name(999_999)).isLessThan(names.name(1_000_000));
    }

    @Test
    void hashedNamesAreTheAbsoluteFnv1aOfTheKeyNumber() {
        KeyNames names = new KeyNames(InsertOrder.HASHED);
        assertThat(names.name(0)).isEqualTo("user6284781860667377211");
        for (long k : new long[] {0, 1, 2, 255, 256, 65_537, 1L << 40, Long.MAX_VALUE}) {
            assertThat(names.name(k)).isEqualTo(String.format("user%010d", referenceHash(k)));
        }
    }

    @Test
    void hashedNamesOfDistinctKeysDiffer() {
        KeyNames names = new KeyNames(InsertOrder.HASHED);
        Set<String> seen = new HashSet<>();
        for (long k = 0; k < 200_000; k++) {
            assertThat(seen.add(names.name(k))).as("key %d", k).isTrue();
        }
    }

    @Test
    void fieldNamesAreYcsbs() {
        assertThat(KeyNames.fieldName(0)).isEqualTo("field0");
        assertThat(KeyNames.fieldName(9)).isEqualTo("field9");
    }

    @Test
    void rejectsNegativeKeyNumbers() {
        assertThatThrownBy(() -> new KeyNames(InsertOrder.ORDERED).name(-1))
                .hasMessage("keyNumber: -1 (expected: >= 0)");
    }

    /** FNV-1a written out with BigInteger from its definition, independent of the long arithmetic. */
    private static long referenceHash(long value) {
        BigInteger mod = BigInteger.ONE.shiftLeft(64);
        BigInteger prime = BigInteger.ONE.shiftLeft(40).add(BigInteger.valueOf(0x1b3));
        BigInteger hash = new BigInteger("14695981039346656037");
        for (int i = 0; i < 8; i++) {
            long octet = (value >>> (8 * i)) & 0xff;
            hash = hash.xor(BigInteger.valueOf(octet)).multiply(prime).mod(mod);
        }
        return Math.abs(hash.longValue());
    }
}
