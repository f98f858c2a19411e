package io.cairn.testkit.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ModelsTest {
    private final RegisterModel register = RegisterModel.INSTANCE;
    private final CounterModel counter = CounterModel.INSTANCE;

    @Test
    void registerStartsAbsentAndReadsWhatWasWritten() {
        RegisterModel.Value absent = register.initial();
        assertThat(register.step(absent, Op.read(), null)).isEqualTo(absent);
        assertThat(register.step(absent, Op.read(), "a")).isNull();
        RegisterModel.Value a = register.step(absent, Op.write("a"), null);
        assertThat(a).isEqualTo(new RegisterModel.Value("a"));
        assertThat(register.step(a, Op.read(), "a")).isEqualTo(a);
        assertThat(register.step(a, Op.read(), null)).isNull();
    }

    @Test
    void casAppliesOnlyOnAMatchAndAFalseReplyMustSeeAnotherValue() {
        RegisterModel.Value a = new RegisterModel.Value("a");
        assertThat(register.step(a, Op.cas("a", "b"), true)).isEqualTo(new RegisterModel.Value("b"));
        assertThat(register.step(a, Op.cas("a", "b"), false)).isNull();
        assertThat(register.step(a, Op.cas("z", "b"), false)).isEqualTo(a);
        assertThat(register.step(a, Op.cas("z", "b"), true)).isNull();
        assertThat(register.step(register.initial(), Op.cas(null, "b"), true)).isEqualTo(new RegisterModel.Value("b"));
    }

    @Test
    void anUnknownResultIsAcceptedAndTheOpApplied() {
        RegisterModel.Value a = new RegisterModel.Value("a");
        assertThat(register.step(a, Op.cas("a", "b"), Model.UNKNOWN)).isEqualTo(new RegisterModel.Value("b"));
        assertThat(register.step(a, Op.cas("z", "b"), Model.UNKNOWN)).isEqualTo(a);
        assertThat(counter.step(new CounterModel.Count(4), Op.incr(), Model.UNKNOWN)).isEqualTo(new CounterModel.Count(5));
    }

    @Test
    void counterIncrementsAnswerTheNewValueAndReadsTakeGetReplies() {
        CounterModel.Count zero = counter.initial();
        assertThat(counter.step(zero, Op.read(), null)).isEqualTo(zero);
        CounterModel.Count one = counter.step(zero, Op.incr(), 1L);
        assertThat(one).isEqualTo(new CounterModel.Count(1));
        assertThat(counter.step(zero, Op.incr(), 2L)).isNull();
        assertThat(counter.step(one, Op.read(), "1")).isEqualTo(one);
        assertThat(counter.step(one, Op.read(), 1)).isEqualTo(one);
        assertThat(counter.step(one, Op.read(), 0L)).isNull();
    }

    @Test
    void opsAModelDoesNotKnowAreRefused() {
        assertThatThrownBy(() -> register.step(register.initial(), Op.add("e"), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("op: add e (expected: read, write or cas)");
        assertThatThrownBy(() -> counter.step(counter.initial(), Op.write("1"), null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> register.step(register.initial(), Op.cas("a", "b"), "OK"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cas result: OK (expected: a Boolean)");
        assertThatThrownBy(() -> counter.step(counter.initial(), Op.read(), "x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("counter result: x (expected: a decimal long)");
    }
}
