package io.cairn.common;

/**
 * Switch for expensive self-checks (full index walks and the like). Cheap checks use
 * {@code assert}; costly ones are guarded by {@link #ENABLED}, which is read once from the system
 * property {@code cairn.invariants} and is on in the test runs.
 */
public final class Invariants {
    public static final boolean ENABLED = Boolean.getBoolean("cairn.invariants");

    private Invariants() {
    }
}
