package io.cairn.bench.workload;

import io.cairn.testkit.Seeds;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class WorkloadStreamTest {
    private static final int RECORDS = 10_000;
    private static final int OPERATIONS = 100_000;

    @Test
    void theSameSeedGivesTheSameStream() {
        long seed = Seeds.seed();
        for (char name : CoreWorkloads.NAMES.toCharArray()) {
            WorkloadSpec spec = CoreWorkloads.named(String.valueOf(name), RECORDS, OPERATIONS);
            assertThat(render(run(spec, seed, 3000))).as("workload %s", name)
                    .isEqualTo(render(run(spec, seed, 3000)));
        }
    }

    @Test
    void rmwSendsWorkloadAsRequestsForTheSameSeed() {
        long seed = Seeds.seed();
        WorkloadSpec rmw = CoreWorkloads.named("RMW", RECORDS, OPERATIONS);
        assertThat(rmw.name()).isEqualTo(CoreWorkloads.RMW);
        assertThat(rmw.proportion(Operation.UPDATE)).isEqualTo(0.5);
        assertThat(rmw.proportion(Operation.READ_MODIFY_WRITE)).isZero();
        assertThat(render(run(rmw, seed, 3000)))
                .isEqualTo(render(run(CoreWorkloads.a(RECORDS, OPERATIONS), seed, 3000)));
    }

    @Test
    void differentSeedsGiveDifferentStreams() {
        long seed = Seeds.seed();
        for (char name : CoreWorkloads.NAMES.toCharArray()) {
            WorkloadSpec spec = CoreWorkloads.named(String.valueOf(name), RECORDS, OPERATIONS);
            List<String> one = render(run(spec, seed, 1000));
            List<String> other = render(run(spec, seed + 1, 1000));
            long same = 0;
            for (int i = 0; i < one.size(); i++) {
                if (one.get(i).equals(other.get(i))) {
                    same++;
                }
            }
            // Workload C with zipfian keys repeats the hottest key often (about 4% of draws), so a
            // few positions agree by chance; nowhere near all of them.
            assertThat(same).as("workload %s: equal requests", name).isLessThan(100);
        }
    }

    @Test
    void requestsHaveTheirOperationsShape() {
        long seed = Seeds.seed();
        WorkloadSpec spec = WorkloadSpec.builder("all")
                .recordCount(RECORDS)
                .operationCount(OPERATIONS)
                .fieldCount(4)
                .fieldLength(33)
                .proportions(Map.of(Operation.READ, 0.2, Operation.UPDATE, 0.2,
                        Operation.INSERT, 0.2, Operation.SCAN, 0.2, Operation.READ_MODIFY_WRITE, 0.2))
                .maxScanLength(7)
                .build();
        KeyNames names = new KeyNames(spec.insertOrder());
        for (Request r : run(spec, seed, 5000)) {
            assertThat(r.key()).isEqualTo(names.name(r.keyNumber()));
            switch (r.operation()) {
                case READ -> {
                    assertThat(r.values()).isEmpty();
                    assertThat(r.scanLength()).isZero();
                }
                case SCAN -> {
                    assertThat(r.values()).isEmpty();
                    assertThat(r.scanLength()).isBetween(1, 7);
                }
                case UPDATE, READ_MODIFY_WRITE -> {
                    assertThat(r.values()).hasSize(1);
                    assertThat(r.values().firstEntry().getKey()).matches("field[0-3]");
                    assertThat(r.values().firstEntry().getValue()).hasSize(33);
                }
                case INSERT -> {
                    assertThat(r.values().keySet()).containsExactly("field0", "field1", "field2", "field3");
                    for (byte[] v : r.values().values()) {
                        assertThat(v).hasSize(33);
                        for (byte b : v) {
                            assertThat(b).isBetween((byte) 0x21, (byte) 0x7e);
                        }
                    }
                }
            }
        }
    }

    @Test
    void operationsFollowTheSpecsProportions() {
        long seed = Seeds.seed();
        List<Request> requests = run(CoreWorkloads.e(RECORDS, OPERATIONS), seed, 50_000);
        long scans = requests.stream().filter(r -> r.operation() == Operation.SCAN).count();
        long inserts = requests.stream().filter(r -> r.operation() == Operation.INSERT).count();
        assertThat(scans + inserts).isEqualTo(requests.size());
        assertThat(inserts / (double) requests.size())
                .isCloseTo(0.05, within(5 * Math.sqrt(0.05 * 0.95 / 50_000)));
    }

    @Test
    void scanLengthsAreUniformFromOneToTheMaximum() {
        long seed = Seeds.seed();
        long[] counts = new long[101];
        int scans = 0;
        for (Request r : run(CoreWorkloads.e(RECORDS, OPERATIONS), seed, 100_000)) {
            if (r.operation() == Operation.SCAN) {
                counts[r.scanLength()]++;
                scans++;
            }
        }
        assertThat(counts[0]).isZero();
        double expected = scans / 100.0;
        double chiSquare = 0;
        for (int len = 1; len <= 100; len++) {
            chiSquare += (counts[len] - expected) * (counts[len] - expected) / expected;
        }
        assertThat(chiSquare).isLessThan(200);
    }

    @Test
    void insertsTakeTheNextKeyNumbersAndOnlyAcknowledgedKeysAreChosen() {
        long seed = Seeds.seed();
        for (Distribution distribution : Distribution.values()) {
            WorkloadSpec spec = WorkloadSpec.builder("ins-" + distribution)
                    .recordCount(100)
                    .operationCount(2000)
                    .proportions(Map.of(Operation.READ, 0.5, Operation.INSERT, 0.5))
                    .requestDistribution(distribution)
                    .build();
            InsertCounter counter = new InsertCounter(spec.recordCount());
            WorkloadStream stream = new WorkloadStream(spec, seed, counter);
            long nextInsert = 100;
            Request unacknowledged = null;
            for (int i = 0; i < 2000; i++) {
                Request r = stream.next();
                if (r.operation() == Operation.INSERT) {
                    assertThat(r.keyNumber()).isEqualTo(nextInsert++);
                    if (unacknowledged == null && i > 1000) {
                        unacknowledged = r; // stands for an insert still in flight
                    } else {
                        counter.acknowledge(r.keyNumber());
                    }
                } else {
                    assertThat(r.keyNumber()).as("%s", distribution).isLessThan(counter.acknowledged());
                }
            }
            assertThat(counter.acknowledged()).isLessThan(nextInsert);
        }
    }

    @Test
    void readLatestReadsTheNewestInsertsMost() {
        long seed = Seeds.seed();
        InsertCounter counter = new InsertCounter(RECORDS);
        WorkloadStream stream = new WorkloadStream(CoreWorkloads.d(RECORDS, OPERATIONS), seed, counter);
        long reads = 0;
        long newestTen = 0;
        for (int i = 0; i < 50_000; i++) {
            Request r = stream.next();
            if (r.operation() == Operation.INSERT) {
                counter.acknowledge(r.keyNumber());
            } else {
                reads++;
                if (r.keyNumber() >= counter.acknowledged() - 10) {
                    newestTen++;
                }
            }
        }
        assertThat(counter.acknowledged()).isGreaterThan(RECORDS + 2000L);
        // zeta(10)/zeta(12,500) at theta 0.99 is about 0.29.
        assertThat(newestTen / (double) reads).isBetween(0.25, 0.33);
    }

    @Test
    void needsLoadedRecords() {
        assertThatThrownBy(() -> new WorkloadStream(CoreWorkloads.a(10, 10), 1, new InsertCounter(0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("inserts.acknowledged(): 0 (expected: > 0, load records before the run phase)");
    }

    /** {@code count} requests of one client that acknowledges each insert at once. */
    private static List<Request> run(WorkloadSpec spec, long seed, int count) {
        InsertCounter counter = new InsertCounter(spec.recordCount());
        WorkloadStream stream = new WorkloadStream(spec, seed, counter);
        List<Request> requests = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Request r = stream.next();
            if (r.operation() == Operation.INSERT) {
                counter.acknowledge(r.keyNumber());
            }
            requests.add(r);
        }
        return requests;
    }

    private static List<String> render(List<Request> requests) {
        List<String> lines = new ArrayList<>(requests.size());
        for (Request r : requests) {
            StringBuilder line = new StringBuilder()
                    .append(r.operation()).append(' ').append(r.keyNumber()).append(' ').append(r.key())
                    .append(' ').append(r.scanLength());
            r.values().forEach((field, value) -> line.append(' ').append(field).append('=')
                    .append(Arrays.toString(value)));
            lines.add(line.toString());
        }
        return lines;
    }
}
