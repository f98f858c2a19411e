package io.cairn.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Checks, Bytes, Checksums, exceptions and ManualClock. */
class CommonTest {
    @Test
    void checksWordArgumentErrorsWithValueAndRule() {
        assertThatThrownBy(() -> Checks.positive("maxBatchBytes", 0)).hasMessage("maxBatchBytes: 0 (expected: > 0)");
        assertThatThrownBy(() -> Checks.nonNegative("n", -1L)).hasMessage("n: -1 (expected: >= 0)");
        assertThatThrownBy(() -> Checks.inRange("port", 70_000, 0, 65_535)).hasMessage("port: 70000 (expected: 0 <= port <= 65535)");
        assertThatThrownBy(() -> Checks.notNull("dir", null)).hasMessage("dir: null (expected: non-null)");
        assertThat(Checks.positive("x", 3)).isEqualTo(3);
    }

    @Test
    void bytesOrderUnsignedAndHashDeterministically() {
        assertThat(Bytes.compare(new byte[] {(byte) 0xFF}, new byte[] {0x01})).isPositive();
        assertThat(Bytes.compare(Bytes.utf8("ab"), Bytes.utf8("abc"))).isNegative();
        byte[] k = Bytes.utf8("key:000000012345");
        assertThat(Bytes.hash(k, 0, k.length)).isEqualTo(Bytes.hash(k.clone(), 0, k.length));
        assertThat(Bytes.hash(k, 0, k.length)).isNotEqualTo(Bytes.hash(Bytes.utf8("key:000000012346"), 0, k.length));
        byte[] shifted = new byte[k.length + 3];
        System.arraycopy(k, 0, shifted, 3, k.length);
        assertThat(Bytes.hash(shifted, 3, shifted.length)).as("a range hashes like the same bytes alone")
                .isEqualTo(Bytes.hash(k, 0, k.length));
        assertThat(Bytes.toDisplay(new byte[] {'a', 0, '\\'})).isEqualTo("a\\x00\\x5c");
    }

    @Test
    void crc32cMatchesTheKnownCheckValue() {
        byte[] check = "123456789".getBytes(StandardCharsets.US_ASCII);
        assertThat(Checksums.crc32c(check, 0, check.length)).isEqualTo(0xE3069283); // the CRC-32C check value
        ByteBuffer b = ByteBuffer.wrap(("xx" + "123456789").getBytes(StandardCharsets.US_ASCII));
        assertThat(Checksums.crc32c(b, 2, 9)).isEqualTo(0xE3069283);
        assertThat(b.position()).isZero();
    }

    @Test
    void corruptionNamesResourceOffsetAndBothChecksums() {
        CorruptionException e = CorruptionException.checksum("wal-1.log", 40, 0xAB, 0xCD);
        assertThat(e).hasMessage("checksum mismatch: actual=0xab vs expected=0xcd (resource=wal-1.log, offset=40)");
        assertThat(e.resource()).isEqualTo("wal-1.log");
        assertThat(e.offset()).isEqualTo(40);
        assertThat(new FormatVersionException("f", 9, 1, 1)).hasMessage("unsupported format version in f: actual=9 vs expected=1..1");
    }

    @Test
    void manualClockMovesOnlyWhenTold() {
        ManualClock c = new ManualClock(1_000);
        assertThat(c.millis()).isEqualTo(1_000);
        c.advanceMillis(5);
        assertThat(c.millis()).isEqualTo(1_005);
        assertThat(c.nanos()).isEqualTo(5_000_000);
        assertThatThrownBy(() -> c.advanceMillis(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
