package io.cairn.document;

/** The {@code NX} / {@code XX} option of {@code JSON.SET}. */
public enum SetCondition {
    /** Set whether or not the path exists. */
    ALWAYS,
    /** {@code NX}: only where nothing is yet (a new key, or a new member). */
    IF_ABSENT,
    /** {@code XX}: only where a value already is. */
    IF_PRESENT
}
