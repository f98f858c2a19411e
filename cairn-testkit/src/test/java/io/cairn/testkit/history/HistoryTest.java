package io.cairn.testkit.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class HistoryTest {
    private final History history = new History(new AtomicLong(1_000_000)::getAndIncrement);

    @Test
    void invocationsAndCompletionsAreRecordedInOrderWithTheirResults() {
        long w = history.invoke(1, "x", Op.write("a"));
        long r = history.invoke(2, "x", Op.read());
        history.ok(w, null);
        history.ok(r, "a");

        List<Event> events = history.entries();
        assertThat(events).extracting(Event::index).containsExactly(0, 1, 2, 3);
        assertThat(events).extracting(Event::type).containsExactly(
                Event.Type.INVOKE, Event.Type.INVOKE, Event.Type.OK, Event.Type.OK);
        assertThat(events.get(3).result()).isEqualTo("a");
        assertThat(events.get(3).opId()).isEqualTo(r);
        assertThat(events.get(3).process()).isEqualTo(2);
        assertThat(events).extracting(Event::time).isSorted();
    }

    @Test
    void entriesAreAnImmutableSnapshot() {
        history.invoke(1, "x", Op.read());
        List<Event> before = history.entries();
        history.invoke(1, "y", Op.read());
        assertThat(before).hasSize(1);
        assertThatThrownBy(() -> before.add(before.getFirst())).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void byKeySplitsInFirstSeenOrderAndKeepsTheGlobalIndex() {
        long a = history.invoke(1, "b", Op.incr());
        long b = history.invoke(2, "a", Op.read());
        history.ok(b, null);
        history.ok(a, 1L);
        var split = history.byKey();
        assertThat(split.keySet()).containsExactly("b", "a");
        assertThat(split.get("b")).extracting(Event::index).containsExactly(0, 3);
        assertThat(split.get("a")).extracting(Event::index).containsExactly(1, 2);
    }

    @Test
    void operationsPairCompletionsAndCountOpenOpsAsUnknown() {
        long w = history.invoke(1, "x", Op.write("a"));
        long c = history.invoke(2, "x", Op.cas("a", "b"));
        long f = history.invoke(3, "x", Op.write("z"));
        history.ok(w, null);
        history.fail(f);
        long i = history.invoke(4, "x", Op.write("q"));
        history.info(i);

        List<Operation> ops = history.operations();
        assertThat(ops).extracting(Operation::id).containsExactly(w, c, f, i);
        assertThat(ops).extracting(Operation::outcome).containsExactly(
                Event.Type.OK, Event.Type.INFO, Event.Type.FAIL, Event.Type.INFO);
        assertThat(ops.get(1).completeIndex()).isEqualTo(-1);
        assertThat(ops.get(0).precedes(ops.get(3))).isTrue();
        assertThat(ops.get(0).precedes(ops.get(1))).isFalse();
        assertThat(ops.get(3).precedes(ops.get(0))).isFalse();
    }

    @Test
    void completingTwiceOrAnUnknownIdIsRefused() {
        long w = history.invoke(1, "x", Op.write("a"));
        history.ok(w, null);
        assertThatThrownBy(() -> history.fail(w))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("op 0: already completed (expected: an open op)");
        assertThatThrownBy(() -> history.info(7))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("op 7: never invoked (expected: an open op)");
    }

    @Test
    void textFormHasOneLinePerEvent() {
        long w = history.invoke(1, "x", Op.write("a"));
        long r = history.invoke(2, "x", Op.read());
        history.ok(w, null);
        history.ok(r, "a");
        long c = history.invoke(3, "x", Op.cas("a", "b"));
        history.info(c);

        String text = history.toString();
        assertThat(text.lines()).hasSize(6);
        assertThat(text.lines().toList().get(3)).contains("p2", "ok", "x read -> a", "(op 1)");
        assertThat(text.lines().toList().get(5)).contains("p3", "info", "x cas a->b");
        assertThat(History.format(List.of())).isEqualTo("(no events)\n");
    }

    @Test
    void concurrentClientsEachSeeTheirOwnOpsInOrder() throws InterruptedException {
        History shared = new History();
        int threads = 8;
        int perThread = 500;
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int process = t;
            started.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < perThread; i++) {
                    long id = shared.invoke(process, "k" + (i % 3), Op.write(process + ":" + i));
                    shared.ok(id, null);
                }
            }));
        }
        for (Thread t : started) {
            t.join();
        }
        List<Event> events = shared.entries();
        assertThat(events).hasSize(threads * perThread * 2);
        assertThat(events).extracting(Event::time).isSorted();
        assertThat(shared.operations()).allSatisfy(op -> {
            assertThat(op.outcome()).isEqualTo(Event.Type.OK);
            assertThat(op.completeIndex()).isGreaterThan(op.invokeIndex());
        });
    }
}
