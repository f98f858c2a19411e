package io.cairn.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.bench.driver.Capability;
import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.Reply;
import io.cairn.bench.workload.CoreWorkloads;
import io.cairn.bench.workload.Operation;
import io.cairn.bench.workload.Request;
import io.cairn.bench.workload.WorkloadSpec;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import org.junit.jupiter.api.Test;

class YcsbOpsTest {
    private final WorkloadSpec spec = CoreWorkloads.named("a", 10, 10);

    private static Request update(String key) {
        SequencedMap<String, byte[]> v = new LinkedHashMap<>();
        v.put("field3", "new".getBytes());
        return new Request(Operation.UPDATE, 1, key, 0, v);
    }

    @Test
    void anUpdateIsOnePartialWriteWhereTheProtocolHasThem() {
        OpRun op = new YcsbOps(EnumSet.allOf(Capability.class), UpdateMode.WRITE, spec).op(update("k"), null);
        assertThat(op.stage()).singleElement().isInstanceOfSatisfying(Command.WriteRecord.class,
                w -> assertThat(w.wholeRecord()).isFalse());
        assertThat(op.advance(new Reply[] {Reply.ok()})).isTrue();
        assertThat(op.error()).isNull();
    }

    @Test
    void readThenWriteReadsFirst() {
        OpRun op = new YcsbOps(EnumSet.allOf(Capability.class), UpdateMode.READ_THEN_WRITE, spec)
                .op(update("k"), null);
        assertThat(op.stage()).singleElement().isInstanceOf(Command.ReadRecord.class);
        assertThat(op.advance(new Reply[] {Reply.ok(10)})).isFalse();
        assertThat(op.stage()).singleElement().isInstanceOfSatisfying(Command.WriteRecord.class,
                w -> assertThat(w.values()).containsOnlyKeys("field3"));
        assertThat(op.advance(new Reply[] {Reply.ok()})).isTrue();
    }

    @Test
    void withoutPartialUpdatesAnUpdateRewritesTheWholeRecord() {
        OpRun op = new YcsbOps(EnumSet.noneOf(Capability.class), UpdateMode.WRITE, spec).op(update("k"), null);
        assertThat(op.stage()).singleElement().isInstanceOf(Command.ReadRecord.class);
        op.advance(new Reply[] {Reply.ok(10)});
        Command.WriteRecord w = (Command.WriteRecord) op.stage().getFirst();
        assertThat(w.wholeRecord()).isTrue();
        assertThat(w.values()).hasSize(10).containsKey("field0").containsKey("field9");
        assertThat(new String(w.values().get("field3"))).isEqualTo("new");
        assertThat(w.values().values()).allMatch(b -> b.length == 3);
    }

    @Test
    void aScanThatReturnsNamesReadsThoseRecordsInOneBatch() {
        OpRun op = new YcsbOps(EnumSet.allOf(Capability.class), UpdateMode.WRITE, spec)
                .op(new Request(Operation.SCAN, 1, "k1", 3, new LinkedHashMap<>()), null);
        assertThat(op.stage()).singleElement().isEqualTo(new Command.Scan("k1", 3));
        assertThat(op.advance(new Reply[] {Reply.keys(List.of("k1", "k2"))})).isFalse();
        assertThat(op.stage()).containsExactly(new Command.ReadRecord("k1"), new Command.ReadRecord("k2"));
        assertThat(op.advance(new Reply[] {Reply.ok(10), Reply.ok(10)})).isTrue();
    }

    @Test
    void aScanThatReturnsRecordsIsOneStage() {
        OpRun op = new YcsbOps(EnumSet.allOf(Capability.class), UpdateMode.WRITE, spec)
                .op(new Request(Operation.SCAN, 1, "k1", 3, new LinkedHashMap<>()), null);
        assertThat(op.advance(new Reply[] {Reply.ok(3)})).isTrue();
    }

    @Test
    void anErrorReplyEndsTheOperationWithTheServersWords() {
        OpRun op = new YcsbOps(EnumSet.allOf(Capability.class), UpdateMode.READ_THEN_WRITE, spec)
                .op(update("k"), null);
        assertThat(op.advance(new Reply[] {Reply.error("WRONGTYPE Operation against a key holding the wrong kind of value")}))
                .isTrue();
        assertThat(op.error()).startsWith("WRONGTYPE");
        assertThat(op.done()).isTrue();
    }

    @Test
    void scanningWorkloadsNeedAScanCapability() {
        WorkloadSpec e = CoreWorkloads.named("e", 10, 10);
        assertThat(YcsbOps.unsupported(EnumSet.noneOf(Capability.class), e)).contains("scan");
        assertThat(YcsbOps.unsupported(EnumSet.of(Capability.SCAN), e)).isNull();
        assertThat(YcsbOps.unsupported(EnumSet.noneOf(Capability.class), spec)).isNull();
    }
}
