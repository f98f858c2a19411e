package io.cairn.testkit.history;

/**
 * A sequential specification: what one key should do when ops run one at a time. States must be
 * immutable and have value {@code equals}/{@code hashCode}, because the checker memoises the
 * states it has seen. Implementations must be stateless (or immutable) and thread-safe.
 *
 * @param <S> the state type
 */
public interface Model<S> {
    /**
     * The result passed to {@link #step} for an op whose outcome is unknown ({@code info} or still
     * pending): the model applies the op and accepts whatever it would have answered.
     */
    Object UNKNOWN = new Object() {
        @Override
        public String toString() {
            return "?";
        }
    };

    /** The state of a key no op has touched. */
    S initial();

    /**
     * The state after {@code op} ran on {@code state} and answered {@code result}, or {@code null}
     * (the model's INCONSISTENT) when {@code op} could not have answered {@code result} from there.
     *
     * @throws IllegalArgumentException when the model has no meaning for {@code op} or {@code result}'s type
     */
    S step(S state, Op op, Object result);
}
