package io.cairn.server.command.hll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The encoding against values a real Redis (7.0.15) produced: the same elements added in the same
 * order must leave the same bytes and count the same. The expected values were read from Redis
 * with {@code PFDEBUG DECODE}, {@code GET} and {@code PFCOUNT}.
 */
class HyperLogLogTest {
    private static final long SPARSE_MAX = 3000;

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static HyperLogLog withElements(int n) {
        HyperLogLog h = HyperLogLog.empty();
        for (int i = 0; i < n; i++) {
            h.add(utf8("e:" + i), SPARSE_MAX);
        }
        h.invalidateCache();
        return h;
    }

    private static String sha256(byte[] b) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "a|Z:12711 v:2,1 Z:3672",
        "b|Z:15780 v:1,1 Z:603",
        "foo|Z:7348 v:5,1 Z:9035",
        "''|Z:5938 v:2,1 Z:10445",
        "hello world|Z:9399 v:4,1 Z:6984",
        "12345678|Z:10579 v:3,1 Z:5804",
        "123456789|Z:9293 v:2,1 Z:7090",
        "abcdefghijklmno|Z:12377 v:4,1 Z:4006"})
    void oneElementSetsTheRegisterRedisSets(String element, String decoded) {
        HyperLogLog h = HyperLogLog.empty();
        assertThat(h.add(utf8(element), SPARSE_MAX)).isTrue();
        assertThat(h.add(utf8(element), SPARSE_MAX)).as("the same element again").isFalse();
        assertThat(SparseRegisters.decode(h)).isEqualTo(decoded);
    }

    @Test
    void aHundredElementsLeaveRedisSparseBytes() {
        String redis = "48594c4c01000000000000000000008040a2842a84406780408880427880413384248c40498c41b0842b80"
                + "1184008440ea890280407e80411a802980407a8041568040c980404f8c178823804147802580405588423a804092"
                + "84158423841d80410980048040ba8c2a80405180427a80404e802180404b800284158040c084405d804074801180"
                + "409880411d8040c18440848440488040aa8841ce8c417d840a8022882484407f8040808840b2802f8c412c843384"
                + "42d0800a803280408e8442ac8040b08040fd8041a29440fa804040840e801e801c8042d6840784406a8043158840"
                + "68840380407c80405b8440a780404a8440af90410180406f800e80413680407b84248041028840b68400801884"
                + "368840788040ad";
        HyperLogLog h = withElements(100);
        assertThat(HexFormat.of().formatHex(h.toBytes())).isEqualTo(redis);
        assertThat(h.count()).isEqualTo(100);
    }

    @ParameterizedTest
    @CsvSource({
        "1, 1, true, 21, 914aa0c167d635a0ae72ae0228a66d11f742064690e7b346f1a1e740a5c8425a",
        "10, 10, true, 48, 266e2b5dce39739dda4f5b948719c2c317e796f214592e3b64147405c9c36d4b",
        "1000, 995, true, 1880, c2671a9624dab5ce1b720750b043da93e6c1cfb2bf4b545672c63a6ac04f30f8",
        "2000, 1983, false, 12304, 429f314fb8780cf015e1a362e0512b2331e67b04898823ba4147c894a538ada3",
        "10000, 10077, false, 12304, f900667938e991c396c6f8cea8ee52416b0e05c121eb5ef1097f9f192f7b074a",
        "100000, 100342, false, 12304, da808d14a4b1c73fe2b3a847521f9ceb5fb2098609528956fcd70f34f6b1c390",
        "1000000, 1004277, false, 12304, 75b92e0e9429dd5fdc33667231984efeb694b31989da281bf1dbb4c65ff57d09"})
    void sparseAndDenseValuesMatchRedisByteForByte(int n, long count, boolean sparse, int length, String digest)
            throws NoSuchAlgorithmException {
        HyperLogLog h = withElements(n);
        assertThat(h.isSparse()).isEqualTo(sparse);
        assertThat(h.length).isEqualTo(length);
        assertThat(sha256(h.toBytes())).isEqualTo(digest);
        assertThat(h.count()).isEqualTo(count);
    }

    @Test
    void aLowerSparseLimitTurnsTheValueDenseSooner() {
        HyperLogLog h = HyperLogLog.empty();
        for (int i = 0; i < 100 && h.isSparse(); i++) {
            h.add(utf8("e:" + i), 100);
            assertThat(h.isSparse() ? h.length : 0).isLessThanOrEqualTo(100);
        }
        assertThat(h.isSparse()).isFalse();
        assertThat(h.length).isEqualTo(HllFormat.DENSE_SIZE);
    }

    @Test
    void denseAndSparseFormsOfTheSameRegistersCountTheSame() {
        HyperLogLog sparse = withElements(500);
        long count = sparse.count();
        byte[] max = new byte[HllFormat.REGISTERS];
        sparse.mergeInto(max);
        sparse.toDense();
        assertThat(sparse.isSparse()).isFalse();
        assertThat(sparse.count()).isEqualTo(count);
        assertThat(HyperLogLog.count(max)).isEqualTo(count);
        byte[] fromDense = new byte[HllFormat.REGISTERS];
        sparse.mergeInto(fromDense);
        assertThat(fromDense).isEqualTo(max);
    }

    @Test
    void anEmptyHllCountsZeroAndItsCacheIsValid() {
        HyperLogLog h = HyperLogLog.empty();
        assertThat(h.toBytes()).hasSize(18);
        assertThat(h.cacheValid()).isTrue();
        assertThat(h.cachedCardinality()).isZero();
        assertThat(h.count()).isZero();
        h.invalidateCache();
        assertThat(h.cacheValid()).isFalse();
    }

    @Test
    void stringsThatAreNotHllsAreRefusedWithRedisWords() {
        for (byte[] bad : new byte[][] {utf8("hello"), utf8("HYLL"), utf8("HYLX\u0001..........."),
                header(2), header(0)}) {
            assertThatThrownBy(() -> HyperLogLog.of(bad)).isInstanceOf(InvalidRequestException.class)
                    .hasMessage(HllFormat.NOT_HLL);
        }
    }

    @Test
    void sparseOpcodesThatDoNotCoverEveryRegisterAreCorrupt() {
        byte[] shortRun = header(1);
        byte[] v = java.util.Arrays.copyOf(shortRun, 18);
        v[16] = 0x40; // XZERO of 1 register
        v[17] = 0x00;
        HyperLogLog h = HyperLogLog.of(v);
        assertThatThrownBy(h::count).hasMessage(HllFormat.CORRUPT);
        assertThatThrownBy(() -> h.mergeInto(new byte[HllFormat.REGISTERS])).hasMessage(HllFormat.CORRUPT);
        assertThatThrownBy(h::toDense).hasMessage(HllFormat.CORRUPT);
        assertThatThrownBy(() -> h.add(utf8("a"), SPARSE_MAX)).hasMessage(HllFormat.CORRUPT);
    }

    @Test
    void murmurHashReadsTheTailBytesLikeRedis() {
        // The tail (length % 8) goes through a switch in Redis; each length must agree with the
        // register it picks (checked above) and differ from its neighbours.
        long h7 = MurmurHash64A.hash(utf8("abcdefg"), MurmurHash64A.HLL_SEED);
        long h8 = MurmurHash64A.hash(utf8("abcdefgh"), MurmurHash64A.HLL_SEED);
        long h9 = MurmurHash64A.hash(utf8("abcdefghi"), MurmurHash64A.HLL_SEED);
        assertThat(h7).isNotEqualTo(h8).isNotEqualTo(h9);
    }

    private static byte[] header(int encoding) {
        byte[] v = new byte[16];
        v[0] = 'H';
        v[1] = 'Y';
        v[2] = 'L';
        v[3] = 'L';
        v[4] = (byte) encoding;
        return v;
    }
}
