package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The small hash's packed array against a model: insertion order, in-place replacement of any length, removal. */
class PackedFieldsTest {
    private static String s(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static Map<String, String> contents(PackedFields p) {
        Map<String, String> out = new LinkedHashMap<>();
        p.forEach((f, v) -> out.put(s(f), s(v)));
        return out;
    }

    @Test
    void randomWritesMatchAnInsertionOrderedMap() {
        Random rnd = new Random(7);
        PackedFields p = new PackedFields(0, 4);
        Map<String, String> model = new LinkedHashMap<>();
        for (int step = 0; step < 20_000; step++) {
            String field = "f" + rnd.nextInt(40);
            // lengths across the one- and two-byte varint boundary (127 / 128) and empty values
            String value = "v".repeat(rnd.nextInt(4) == 0 ? 120 + rnd.nextInt(20) : rnd.nextInt(6));
            if (rnd.nextInt(3) == 0) {
                String old = model.remove(field);
                byte[] got = p.remove(b(field));
                assertThat(got == null ? null : s(got)).isEqualTo(old);
            } else {
                String old = model.put(field, value);
                byte[] got = p.put(b(field), b(value));
                assertThat(got == null ? null : s(got)).isEqualTo(old);
            }
            assertThat(p.size()).isEqualTo(model.size());
            if (step % 97 == 0) {
                assertThat(contents(p)).containsExactlyEntriesOf(model);
                List<String> fields = new ArrayList<>(model.keySet());
                for (int i = 0; i < fields.size(); i++) {
                    int rank = i;
                    p.visitAt(rank, (f, v) -> assertThat(s(f)).isEqualTo(fields.get(rank)));
                }
                int longest = 0;
                for (Map.Entry<String, String> e : model.entrySet()) {
                    longest = Math.max(longest, Math.max(e.getKey().length(), e.getValue().length()));
                }
                assertThat(p.longest()).isEqualTo(longest);
                assertThat(p.usedBytes()).isLessThanOrEqualTo(p.capacity());
            }
        }
        for (Map.Entry<String, String> e : model.entrySet()) {
            assertThat(s(p.get(b(e.getKey())))).isEqualTo(e.getValue());
        }
        assertThat(p.get(b("absent"))).isNull();
    }

    @Test
    void readsHandOutCopiesAndAViewKeepsItsArray() {
        CowClock shared = new CowClock() {
            @Override
            public long stamp() {
                return 2;
            }

            @Override
            public boolean isShared(long epoch) {
                return epoch < 2;
            }
        };
        PackedFields seen = new PackedFields(1, 2);
        seen.put(b("a"), b("1"));
        byte[] got = seen.get(b("a"));
        got[0] = 'x';
        assertThat(s(seen.get(b("a")))).isEqualTo("1");
        PackedFields w = seen.writable(shared);
        assertThat(w).isNotSameAs(seen);
        w.put(b("a"), b("22"));
        w.put(b("b"), b("3"));
        assertThat(contents(seen)).containsExactly(Map.entry("a", "1"));
        assertThat(contents(w)).containsExactly(Map.entry("a", "22"), Map.entry("b", "3"));
        assertThat(w.writable(shared)).isSameAs(w);
    }
}
