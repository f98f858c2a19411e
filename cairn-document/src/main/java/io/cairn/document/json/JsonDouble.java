package io.cairn.document.json;

/**
 * A finite double. JSON has no NaN or infinity, so neither can be stored. Equality follows
 * {@link Double#compare}: {@code -0.0} and {@code 0.0} differ, as they print differently.
 */
public record JsonDouble(double value) implements JsonNumber {

    public JsonDouble {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("value: " + value + " (expected: a finite double)");
        }
    }

    @Override
    public double doubleValue() {
        return value;
    }

    @Override
    public JsonType type() {
        return JsonType.NUMBER;
    }

    @Override
    public String toString() {
        return DoubleFormat.format(value);
    }
}
