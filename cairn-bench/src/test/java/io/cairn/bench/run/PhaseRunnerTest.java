package io.cairn.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.bench.driver.Capability;
import io.cairn.bench.driver.Command;
import io.cairn.bench.report.OpStats;
import io.cairn.bench.workload.CoreWorkloads;
import io.cairn.bench.workload.InsertCounter;
import io.cairn.bench.workload.WorkloadSpec;
import io.cairn.bench.workload.WorkloadStream;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class PhaseRunnerTest {
    private static final InetSocketAddress NOWHERE = new InetSocketAddress("127.0.0.1", 9);
    private final FakeProtocol fake = new FakeProtocol(EnumSet.allOf(Capability.class));

    private static ClientSettings settings(ClientModel model, int clients) {
        return new ClientSettings(model, clients, model == ClientModel.MULTIPLEXED ? 2 : clients, 8, false);
    }

    private PhaseRunner.Outcome setRun(ClientSettings cs, long warmupNanos, long operations) throws Exception {
        AtomicLong next = new AtomicLong();
        return new PhaseRunner(NOWHERE, fake).run(cs,
                i -> () -> OpRun.single("set", new Command.SetValue("k" + next.getAndIncrement(), new byte[1])),
                warmupNanos, operations, 0, PhaseRunner.Progress.NONE);
    }

    @ParameterizedTest
    @EnumSource(ClientModel.class)
    void runsExactlyTheOperationsAskedForInEveryModel(ClientModel model) throws Exception {
        PhaseRunner.Outcome o = setRun(settings(model, 7), 0, 10_001);
        assertThat(o.operations()).isEqualTo(10_001);
        assertThat(fake.commands.get()).isEqualTo(10_001);
        assertThat(fake.records).hasSize(10_001);
        assertThat(o.meter().stats()).extracting(OpStats::operation, OpStats::count, OpStats::errors)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("set", 10_001L, 0L));
        assertThat(fake.connects.get()).isEqualTo(model == ClientModel.MULTIPLEXED ? 2 : 7);
    }

    @Test
    void warmUpOperationsAreRunButNotCounted() throws Exception {
        PhaseRunner.Outcome o = setRun(settings(ClientModel.SYNC, 2), TimeUnit.MILLISECONDS.toNanos(300), 1_000);
        assertThat(o.operations()).isEqualTo(1_000);
        assertThat(fake.commands.get()).isGreaterThan(1_000);
    }

    @Test
    void aDurationBoundRunStopsAndReportsItsTimeline() throws Exception {
        AtomicLong next = new AtomicLong();
        PhaseRunner.Outcome o = new PhaseRunner(NOWHERE, fake).run(settings(ClientModel.SYNC, 2),
                i -> () -> OpRun.single("set", new Command.SetValue("k" + next.getAndIncrement(), new byte[1])),
                0, 0, TimeUnit.MILLISECONDS.toNanos(2_200), PhaseRunner.Progress.NONE);
        assertThat(o.seconds()).isBetween(2.1, 10.0);
        assertThat(o.operations()).isEqualTo(fake.commands.get());
        assertThat(o.meter().timeline()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(o.meter().timeline().getFirst().opsPerSecond()).isPositive();
    }

    @Test
    void multiplexedClientsShareWritesOnTheWire() throws Exception {
        setRun(new ClientSettings(ClientModel.MULTIPLEXED, 64, 1, 1, false), 0, 50_000);
        assertThat(fake.flushSizes.stream().mapToInt(Integer::intValue).max().orElse(0)).isGreaterThan(1);
        assertThat(fake.flushSizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(50_000);
    }

    @Test
    void pipelinedClientsSendTheirDepthInOneFlush() throws Exception {
        setRun(new ClientSettings(ClientModel.PIPELINE, 1, 1, 16, false), 0, 160);
        assertThat(fake.flushSizes).hasSize(10).allMatch(n -> n == 16);
    }

    @ParameterizedTest
    @EnumSource(ClientModel.class)
    void errorRepliesAreCountedAndSampledNotHidden(ClientModel model) throws Exception {
        fake.errorForKeysStartingWith = "k1";
        PhaseRunner.Outcome o = setRun(settings(model, 3), 0, 1_000);
        // keys k1, k10..k19, k100..k199: 111 of k0..k999
        assertThat(o.meter().stats().getFirst().errors()).isEqualTo(111);
        // 20 distinct messages are kept; the rest are counted together
        assertThat(o.meter().errorSamples()).hasSize(21).containsKey("other errors")
                .allSatisfy((m, n) -> assertThat(m).matches("ERR refused k1\\d*|other errors"));
        assertThat(o.meter().errorSamples().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(111);
    }

    @ParameterizedTest
    @EnumSource(value = ClientModel.class, names = {"SYNC", "PIPELINE"})
    void aDroppedConnectionCountsItsOperationsAsErrorsAndTheClientReconnects(ClientModel model) throws Exception {
        fake.failEveryNthReceive = 100;
        PhaseRunner.Outcome o = setRun(settings(model, 2), 0, 2_000);
        OpStats s = o.meter().stats().getFirst();
        assertThat(s.count()).isEqualTo(2_000);
        assertThat(s.errors()).isPositive().isLessThan(2_000);
        assertThat(fake.connects.get()).isGreaterThan(2);
        assertThat(o.meter().errorSamples().keySet()).anyMatch(m -> m.startsWith("connection: connection reset"));
    }

    @Test
    @org.junit.jupiter.api.Timeout(60)
    void aFailedSharedConnectionStopsItsClientsWithoutHangingOrCountingInstantFailures() throws Exception {
        fake.failEveryNthReceive = 500;
        PhaseRunner.Outcome o = setRun(new ClientSettings(ClientModel.MULTIPLEXED, 16, 2, 1, false), 0, 100_000);
        OpStats set = o.meter().stats().getFirst();
        assertThat(set.errors()).as("the operations in flight when each connection failed").isBetween(1L, 32L);
        assertThat(set.count()).as("the clients stopped instead of failing the rest").isLessThan(100_000);
        assertThat(o.meter().stats()).anySatisfy(s -> {
            assertThat(s.operation()).isEqualTo(Meter.FAILURES);
            assertThat(s.count()).isZero();
            assertThat(s.errors()).isEqualTo(16);
        });
        assertThat(o.meter().errorSamples()).containsKey("client stopped: its shared connection failed");
    }

    @Test
    void aYcsbRunTouchesOnlyLoadedRecordsAndCountsEachOperationType() throws Exception {
        WorkloadSpec spec = CoreWorkloads.named("a", 500, 5_000);
        YcsbOps ops = new YcsbOps(fake.capabilities(), UpdateMode.WRITE, spec);
        AtomicLong nextKey = new AtomicLong();
        PhaseRunner runner = new PhaseRunner(NOWHERE, fake);
        runner.run(ClientSettings.sync(4), i -> {
            WorkloadStream s = new WorkloadStream(spec, i, new InsertCounter(spec.recordCount()));
            return () -> ops.load(s.insert(nextKey.getAndIncrement()));
        }, 0, spec.recordCount(), 0, PhaseRunner.Progress.NONE);
        assertThat(fake.records).hasSize(500).allSatisfy((k, fields) -> assertThat(fields).isEqualTo(10));

        InsertCounter inserts = new InsertCounter(spec.recordCount());
        PhaseRunner.Outcome o = runner.run(settings(ClientModel.MULTIPLEXED, 8), i -> {
            WorkloadStream s = new WorkloadStream(spec, 100 + i, inserts);
            return () -> ops.op(s.next(), inserts);
        }, 0, 5_000, 0, PhaseRunner.Progress.NONE);
        Map<String, OpStats> byType = o.meter().stats().stream()
                .collect(Collectors.toMap(OpStats::operation, Function.identity()));
        assertThat(byType.keySet()).containsExactlyInAnyOrder("read", "update", Meter.ALL);
        assertThat(byType.get(Meter.ALL).count()).isEqualTo(5_000);
        assertThat(byType.values()).allMatch(s -> s.errors() == 0);
        assertThat(byType.get("read").count() + byType.get("update").count()).isEqualTo(5_000);
        assertThat(byType.get("read").count()).isBetween(2_250L, 2_750L);
        assertThat(fake.records).hasSize(500);
    }

    @Test
    void aMissingRecordIsAnError() throws Exception {
        PhaseRunner.Outcome o = new PhaseRunner(NOWHERE, fake).run(ClientSettings.sync(1),
                i -> () -> OpRun.single("read", new Command.ReadRecord("absent")), 0, 10, 0,
                PhaseRunner.Progress.NONE);
        assertThat(o.meter().stats().getFirst().errors()).isEqualTo(10);
        assertThat(o.meter().errorSamples()).containsOnlyKeys("missing: ReadRecord found no key");
    }

    @Test
    void insertsAreAcknowledgedOnlyAfterTheirReply() throws Exception {
        WorkloadSpec spec = CoreWorkloads.named("d", 100, 2_000);
        YcsbOps ops = new YcsbOps(fake.capabilities(), UpdateMode.WRITE, spec);
        for (int k = 0; k < 100; k++) {
            fake.records.put(new io.cairn.bench.workload.KeyNames(spec.insertOrder()).name(k), 10);
        }
        InsertCounter inserts = new InsertCounter(spec.recordCount());
        PhaseRunner.Outcome o = new PhaseRunner(NOWHERE, fake).run(settings(ClientModel.PIPELINE, 4), i -> {
            WorkloadStream s = new WorkloadStream(spec, i, inserts);
            return () -> ops.op(s.next(), inserts);
        }, 0, 2_000, 0, PhaseRunner.Progress.NONE);
        long inserted = o.meter().stats().stream().filter(s -> s.operation().equals("insert"))
                .mapToLong(OpStats::count).sum();
        assertThat(inserted).isPositive();
        assertThat(inserts.acknowledged()).isEqualTo(100 + inserted);
        assertThat(o.meter().stats()).allMatch(s -> s.errors() == 0);
        assertThat(fake.records).hasSize((int) (100 + inserted));
    }

}
