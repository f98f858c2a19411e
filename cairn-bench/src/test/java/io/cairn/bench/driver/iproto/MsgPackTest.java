package io.cairn.bench.driver.iproto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MsgPackTest {

    private static MsgPackReader readerOf(MsgPackWriter w) {
        return new MsgPackReader(w.toByteArray());
    }

    @ParameterizedTest(name = "{0} as 0x{1} in {2} bytes")
    @CsvSource({
            "0, 00, 1", "127, 7f, 1", "128, cc, 2", "255, cc, 2", "256, cd, 3", "65535, cd, 3",
            "65536, ce, 5", "4294967295, ce, 5", "4294967296, cf, 9", "9223372036854775807, cf, 9",
            "-1, ff, 1", "-32, e0, 1", "-33, d0, 2", "-128, d0, 2", "-129, d1, 3", "-32768, d1, 3",
            "-32769, d2, 5", "-2147483648, d2, 5", "-2147483649, d3, 9", "-9223372036854775808, d3, 9"})
    void integersRoundTripInTheShortestForm(long value, String formatHex, int bytes) throws Exception {
        MsgPackWriter w = new MsgPackWriter(1).packLong(value);
        assertThat(w.size()).isEqualTo(bytes);
        assertThat(w.buffer()[0] & 0xff).isEqualTo(Integer.parseInt(formatHex, 16));
        MsgPackReader r = readerOf(w);
        assertThat(r.nextType()).isEqualTo(MsgPackType.INTEGER);
        assertThat(r.readLong()).isEqualTo(value);
        assertThat(r.hasRemaining()).isFalse();
    }

    @ParameterizedTest(name = "{0} bytes as 0x{1} with a {2}-byte header")
    @CsvSource({"0, a0, 1", "31, bf, 1", "32, d9, 2", "255, d9, 2", "256, da, 3", "65535, da, 3",
            "65536, db, 5"})
    void stringsRoundTripAtEveryHeaderWidth(int length, String formatHex, int header) throws Exception {
        String s = "s".repeat(length);
        MsgPackWriter w = new MsgPackWriter(8).packString(s);
        assertThat(w.size()).isEqualTo(header + length);
        assertThat(w.buffer()[0] & 0xff).isEqualTo(Integer.parseInt(formatHex, 16));
        MsgPackReader r = readerOf(w);
        assertThat(r.nextType()).isEqualTo(MsgPackType.STRING);
        assertThat(r.readString()).isEqualTo(s);
        assertThat(r.hasRemaining()).isFalse();
    }

    @Test
    void nonAsciiStringsAreUtf8() throws Exception {
        String s = "clé-ключ-鍵-😀";
        MsgPackWriter w = new MsgPackWriter(8).packString(s).packStringBytes("ü".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        MsgPackReader r = readerOf(w);
        assertThat(r.readString()).isEqualTo(s);
        assertThat(r.readString()).isEqualTo("ü");
    }

    @ParameterizedTest(name = "{0} bytes as 0x{1} with a {2}-byte header")
    @CsvSource({"0, c4, 2", "255, c4, 2", "256, c5, 3", "65535, c5, 3", "65536, c6, 5"})
    void binariesRoundTripAtEveryHeaderWidth(int length, String formatHex, int header) throws Exception {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (i * 31);
        }
        MsgPackWriter w = new MsgPackWriter(8).packBinary(b);
        assertThat(w.size()).isEqualTo(header + length);
        assertThat(w.buffer()[0] & 0xff).isEqualTo(Integer.parseInt(formatHex, 16));
        MsgPackReader r = readerOf(w);
        assertThat(r.nextType()).isEqualTo(MsgPackType.BINARY);
        assertThat(r.readBytes()).isEqualTo(b);
        assertThat(r.hasRemaining()).isFalse();
    }

    @Test
    void readBytesAlsoTakesAString() throws Exception {
        assertThat(readerOf(new MsgPackWriter(8).packString("abc")).readBytes()).containsExactly('a', 'b', 'c');
    }

    @Test
    void aBinarySliceIsWrittenAlone() throws Exception {
        byte[] b = {1, 2, 3, 4, 5};
        assertThat(readerOf(new MsgPackWriter(8).packBinary(b, 1, 3)).readBytes()).containsExactly(2, 3, 4);
    }

    @ParameterizedTest(name = "{0} elements with a {1}-byte header")
    @CsvSource({"0, 1", "15, 1", "16, 3", "65535, 3", "65536, 5"})
    void arraysAndMapsRoundTripAtEveryHeaderWidth(int n, int header) throws Exception {
        MsgPackWriter array = new MsgPackWriter(8).packArrayHeader(n);
        MsgPackWriter map = new MsgPackWriter(8).packMapHeader(n);
        assertThat(array.size()).isEqualTo(header);
        assertThat(map.size()).isEqualTo(header);
        for (int i = 0; i < n; i++) {
            array.packLong(i);
            map.packLong(i).packNil();
        }
        MsgPackReader a = readerOf(array);
        assertThat(a.nextType()).isEqualTo(MsgPackType.ARRAY);
        assertThat(a.readArrayHeader()).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            assertThat(a.readLong()).isEqualTo(i);
        }
        MsgPackReader m = readerOf(map);
        assertThat(m.nextType()).isEqualTo(MsgPackType.MAP);
        assertThat(m.readMapHeader()).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            assertThat(m.readLong()).isEqualTo(i);
            m.readNil();
        }
        assertThat(a.hasRemaining()).isFalse();
        assertThat(m.hasRemaining()).isFalse();
    }

    @Test
    void nilAndBooleansRoundTrip() throws Exception {
        MsgPackReader r = readerOf(new MsgPackWriter(1).packNil().packBoolean(true).packBoolean(false).packLong(7));
        assertThat(r.nextType()).isEqualTo(MsgPackType.NIL);
        assertThat(r.tryReadNil()).isTrue();
        assertThat(r.nextType()).isEqualTo(MsgPackType.BOOLEAN);
        assertThat(r.readBoolean()).isTrue();
        assertThat(r.readBoolean()).isFalse();
        assertThat(r.tryReadNil()).isFalse();
        assertThat(r.readLong()).isEqualTo(7);
    }

    @Test
    void floatsAreRead() throws Exception {
        byte[] f32 = {(byte) 0xca, 0x3f, (byte) 0xc0, 0, 0};
        byte[] f64 = {(byte) 0xcb, 0x40, 0x09, 0x21, (byte) 0xfb, 0x54, 0x44, 0x2d, 0x18};
        assertThat(new MsgPackReader(f32).readDouble()).isEqualTo(1.5);
        assertThat(new MsgPackReader(f64).readDouble()).isEqualTo(Math.PI);
    }

    @Test
    void skipPassesOverNestedValuesOfEveryKind() throws Exception {
        MsgPackWriter w = new MsgPackWriter(8);
        w.packArrayHeader(6);
        w.packMapHeader(2).packString("a").packArrayHeader(17);
        for (int i = 0; i < 17; i++) {
            w.packLong(-1000L * i);
        }
        w.packString("b").packBinary(new byte[300]);
        w.packString("x".repeat(40)).packNil().packBoolean(true).packLong(Long.MAX_VALUE);
        w.packMapHeader(0);
        byte[] value = w.toByteArray();
        byte[] floatsAndExtensions = {(byte) 0xca, 0, 0, 0, 0, (byte) 0xcb, 0, 0, 0, 0, 0, 0, 0, 0,
                (byte) 0xd4, 1, 2, (byte) 0xd8, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                (byte) 0xc7, 2, 9, 7, 7, 42};
        byte[] all = Arrays.copyOf(value, value.length + floatsAndExtensions.length);
        System.arraycopy(floatsAndExtensions, 0, all, value.length, floatsAndExtensions.length);
        MsgPackReader r = new MsgPackReader(all);
        r.skip();
        assertThat(r.position()).isEqualTo(value.length);
        assertThat(r.nextType()).isEqualTo(MsgPackType.FLOAT);
        r.skip();
        r.skip();
        assertThat(r.nextType()).isEqualTo(MsgPackType.EXTENSION);
        r.skip();
        r.skip();
        r.skip();
        assertThat(r.readLong()).isEqualTo(42);
    }

    @Test
    void aReservedUint32IsPatchedInPlace() throws Exception {
        MsgPackWriter w = new MsgPackWriter(4);
        int at = w.reserveUint32();
        w.packString("body");
        w.patchUint32(at, 0xfedc_ba98L);
        MsgPackReader r = readerOf(w);
        assertThat(r.readLong()).isEqualTo(0xfedc_ba98L);
        assertThat(r.readString()).isEqualTo("body");
        assertThatThrownBy(() -> w.patchUint32(at, 1L << 32)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> w.patchUint32(at + 5, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void truncateAndResetForgetWhatFollows() throws Exception {
        MsgPackWriter w = new MsgPackWriter(4).packLong(1);
        int mark = w.size();
        w.packString("dropped");
        w.truncate(mark);
        w.packLong(2);
        MsgPackReader r = readerOf(w);
        assertThat(r.readLong()).isEqualTo(1);
        assertThat(r.readLong()).isEqualTo(2);
        assertThat(r.hasRemaining()).isFalse();
        w.reset();
        assertThat(w.size()).isZero();
    }

    @Test
    void truncatedInputFailsWithItsOffset() {
        byte[] str = new MsgPackWriter(8).packString("hello").toByteArray();
        MsgPackReader r = new MsgPackReader(str, 0, str.length - 1);
        assertThatThrownBy(r::readString).isInstanceOf(MsgPackException.class)
                .hasMessageContaining("length 5").hasMessageContaining("offset 1");
        assertThatThrownBy(() -> new MsgPackReader(new byte[] {(byte) 0xcd, 1}).readLong())
                .isInstanceOf(MsgPackException.class).hasMessageContaining("truncated");
        assertThatThrownBy(() -> new MsgPackReader(new byte[0]).skip())
                .isInstanceOf(MsgPackException.class).hasMessageContaining("no bytes left");
    }

    @Test
    void aHugeDeclaredCountFailsBeforeAnyAllocation() {
        byte[] array = {(byte) 0xdd, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1};
        assertThatThrownBy(() -> new MsgPackReader(array).readArrayHeader())
                .isInstanceOf(MsgPackException.class).hasMessageContaining("count 2147483647");
        byte[] bin = {(byte) 0xc6, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff};
        assertThatThrownBy(() -> new MsgPackReader(bin).readBytes())
                .isInstanceOf(MsgPackException.class).hasMessageContaining("length 4294967295");
    }

    @Test
    void aValueOfAnotherTypeIsNamed() {
        byte[] str = new MsgPackWriter(8).packString("x").toByteArray();
        assertThatThrownBy(() -> new MsgPackReader(str).readLong())
                .isInstanceOf(MsgPackException.class).hasMessageContaining("string (expected: integer)");
        assertThatThrownBy(() -> new MsgPackReader(new byte[] {(byte) 0xc1}).nextType())
                .isInstanceOf(MsgPackException.class).hasMessageContaining("never used");
    }

    @Test
    void aUint64AboveLongMaxIsOutOfRange() {
        byte[] max = {(byte) 0xcf, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff,
                (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff};
        assertThatThrownBy(() -> new MsgPackReader(max).readLong())
                .isInstanceOf(MsgPackException.class).hasMessageContaining("18446744073709551615");
    }
}
