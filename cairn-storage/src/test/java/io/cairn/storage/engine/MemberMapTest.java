package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link MemberMap}'s hash (the one SCAN cursors mean) and its seekable {@link MemberMap#scan}:
 * every member present through an iteration is visited, in ascending hash order, however the map
 * changes between pages. Reproducible with {@code -Dcairn.seed.zset=...} (the seed is printed).
 */
class MemberMapTest {
    private static final CowClock CLOCK = CowClock.unshared(0);

    private static SplittableRandom random() {
        long seed = Long.getLong("cairn.seed.zset", new SplittableRandom().nextLong());
        System.err.println("[cairn] MemberMapTest seed=" + seed);
        return new SplittableRandom(seed);
    }

    @Test
    void theHashIsBytesHashOfTheMembersBytes() {
        SplittableRandom rnd = random();
        for (int i = 0; i < 2_000; i++) {
            char[] chars = new char[rnd.nextInt(40)];
            for (int j = 0; j < chars.length; j++) {
                chars[j] = (char) rnd.nextInt(256);
            }
            String member = new String(chars);
            byte[] bytes = member.getBytes(StandardCharsets.ISO_8859_1);
            assertThat(MemberMap.hash(member)).as(member).isEqualTo(Bytes.hash(bytes, 0, bytes.length));
        }
    }

    @Test
    void scanVisitsEveryMemberPresentThroughAnIterationInHashOrder() {
        SplittableRandom rnd = random();
        for (int round = 0; round < 20; round++) {
            MemberMap map = new MemberMap();
            Map<String, ScoredMember> model = new HashMap<>();
            int n = rnd.nextInt(5_000);
            for (int i = 0; i < n; i++) {
                ScoredMember m = new ScoredMember("m" + rnd.nextInt(10_000), i);
                map.put(m, CLOCK);
                model.put(m.member(), m);
            }
            Set<String> stayed = new HashSet<>(model.keySet());
            Set<String> seen = new HashSet<>();
            List<Long> hashes = new ArrayList<>();
            long cursor = 0;
            int pages = 0;
            do {
                int count = 1 + rnd.nextInt(50);
                int[] onPage = {0};
                cursor = map.scan(cursor, count, m -> {
                    seen.add(m.member());
                    hashes.add(Integer.toUnsignedLong(MemberMap.hash(m.member())));
                    onPage[0]++;
                });
                assertThat(onPage[0] >= count || cursor == 0).isTrue();
                for (int i = 0; i < 5; i++) { // changes between pages: some members come and go
                    String member = "m" + rnd.nextInt(10_000);
                    if (rnd.nextBoolean()) {
                        map.put(new ScoredMember(member, -1), CLOCK);
                    } else {
                        map.remove(member, CLOCK);
                        stayed.remove(member);
                    }
                }
                pages++;
            } while (cursor != 0);
            map.check();
            assertThat(seen).containsAll(stayed);
            List<Long> sorted = new ArrayList<>(hashes);
            sorted.sort(null);
            assertThat(hashes).as("%d pages", pages).isEqualTo(sorted);
        }
    }

    @Test
    void aCursorPastEveryHashVisitsNothing() {
        MemberMap map = new MemberMap();
        map.put(new ScoredMember("a", 1), CLOCK);
        List<ScoredMember> got = new ArrayList<>();
        assertThat(map.scan(1L << 32, 10, got::add)).isZero();
        assertThat(map.scan(-1, 10, got::add)).isZero();
        assertThat(got).isEmpty();
        assertThat(map.scan(0, 10, got::add)).isZero();
        assertThat(got).containsExactly(new ScoredMember("a", 1));
    }
}
