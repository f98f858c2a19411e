package io.cairn.testkit.history;

import java.util.Objects;

/**
 * A register: {@link Op.Read}, {@link Op.Write} and {@link Op.Cas} on one string value, initially
 * absent ({@code null}). A Cas answering {@code false} is a read that saw another value. Stateless.
 */
public final class RegisterModel implements Model<RegisterModel.Value> {
    /** The register's value; {@code null} when the key is absent. */
    public record Value(String value) {
        @Override
        public String toString() {
            return String.valueOf(value);
        }
    }

    public static final RegisterModel INSTANCE = new RegisterModel();

    private static final Value ABSENT = new Value(null);

    private RegisterModel() {
    }

    @Override
    public Value initial() {
        return ABSENT;
    }

    @Override
    public Value step(Value state, Op op, Object result) {
        boolean unknown = result == UNKNOWN;
        return switch (op) {
            case Op.Read r -> unknown || Objects.equals(state.value(), result) ? state : null;
            case Op.Write w -> new Value(w.value());
            case Op.Cas c -> {
                boolean matches = Objects.equals(state.value(), c.expected());
                if (unknown) {
                    yield matches ? new Value(c.value()) : state;
                }
                if (!(result instanceof Boolean applied)) {
                    throw new IllegalArgumentException("cas result: " + result + " (expected: a Boolean)");
                }
                if (applied != matches) {
                    yield null;
                }
                yield applied ? new Value(c.value()) : state;
            }
            default -> throw new IllegalArgumentException("op: " + op + " (expected: read, write or cas)");
        };
    }

    @Override
    public String toString() {
        return "register";
    }
}
