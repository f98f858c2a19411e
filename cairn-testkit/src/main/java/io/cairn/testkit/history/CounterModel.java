package io.cairn.testkit.history;

/**
 * A counter: {@link Op.Incr} answering the new value and {@link Op.Read}, starting at 0. A read
 * may answer a {@code Long} (any {@code Number}), a decimal {@code String} as GET does, or
 * {@code null} for an absent key, which is 0. Stateless.
 */
public final class CounterModel implements Model<CounterModel.Count> {
    /** The counter's value. */
    public record Count(long value) {
        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    public static final CounterModel INSTANCE = new CounterModel();

    private static final Count ZERO = new Count(0);

    private CounterModel() {
    }

    @Override
    public Count initial() {
        return ZERO;
    }

    @Override
    public Count step(Count state, Op op, Object result) {
        boolean unknown = result == UNKNOWN;
        return switch (op) {
            case Op.Read r -> unknown || number(result) == state.value() ? state : null;
            case Op.Incr i -> unknown || number(result) == state.value() + 1 ? new Count(state.value() + 1) : null;
            default -> throw new IllegalArgumentException("op: " + op + " (expected: incr or read)");
        };
    }

    private static long number(Object result) {
        return switch (result) {
            case null -> 0;
            case Number n -> n.longValue();
            case String s -> {
                try {
                    yield Long.parseLong(s);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("counter result: " + s + " (expected: a decimal long)", e);
                }
            }
            default -> throw new IllegalArgumentException("counter result: " + result + " (expected: a Long or decimal String)");
        };
    }

    @Override
    public String toString() {
        return "counter";
    }
}
