package io.cairn.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.CorruptionException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EntryCodecTest {
    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }

    @Test
    void batchesAndTheirProposerComeBackInOrder() {
        UUID proposer = UUID.randomUUID();
        List<byte[]> batches = List.of(new byte[] {1, 2, 3}, new byte[0], new byte[300]);
        Arrays.fill(batches.get(2), (byte) 7);
        byte[] encoded = EntryCodec.encode(proposer, batches);
        assertThat(encoded).hasSize(EntryCodec.sizeOf(batches));
        EntryCodec.Entry e = EntryCodec.decode(ByteBuffer.wrap(encoded), 5);
        assertThat(e.proposer()).isEqualTo(proposer);
        assertThat(e.batches()).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(bytes(e.batches().get(i))).isEqualTo(batches.get(i));
        }
    }

    @Test
    void damageIsACorruptionNamingTheEntry() {
        byte[] encoded = EntryCodec.encode(UUID.randomUUID(), List.of(new byte[] {1, 2, 3}));
        byte[] badVersion = encoded.clone();
        badVersion[0] = 9;
        assertThatThrownBy(() -> EntryCodec.decode(ByteBuffer.wrap(badVersion), 42))
                .isInstanceOf(CorruptionException.class).hasMessageContaining("version 9").hasMessageContaining("offset=42");
        byte[] cut = Arrays.copyOf(encoded, encoded.length - 1);
        assertThatThrownBy(() -> EntryCodec.decode(ByteBuffer.wrap(cut), 43)).isInstanceOf(CorruptionException.class)
                .hasMessageContaining("offset=43");
        byte[] longer = Arrays.copyOf(encoded, encoded.length + 2);
        assertThatThrownBy(() -> EntryCodec.decode(ByteBuffer.wrap(longer), 44)).isInstanceOf(CorruptionException.class)
                .hasMessageContaining("2 trailing bytes");
    }
}
