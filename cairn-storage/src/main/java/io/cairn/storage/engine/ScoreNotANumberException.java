package io.cairn.storage.engine;

import io.cairn.common.InvalidRequestException;

/**
 * A sorted-set write whose score is NaN (what ZINCRBY makes of {@code +inf} plus {@code -inf}).
 * Thrown before anything changes; the protocol layer words it as Redis does.
 */
public final class ScoreNotANumberException extends InvalidRequestException {
    public ScoreNotANumberException() {
        super("score: NaN (expected: a number)");
    }
}
