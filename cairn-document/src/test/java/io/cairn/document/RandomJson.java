package io.cairn.document;

import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonBoolean;
import io.cairn.document.json.JsonDouble;
import io.cairn.document.json.JsonLong;
import io.cairn.document.json.JsonNull;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonString;
import io.cairn.document.json.JsonValue;
import java.util.SplittableRandom;

/**
 * Random JSON trees for the seeded tests: every kind of value, strings with escapes, controls and
 * characters from 1 to 4 UTF-8 bytes, longs at the edges, doubles from random bits (subnormals,
 * -0.0, huge and tiny exponents). The same seed gives the same trees.
 */
public final class RandomJson {
    private static final String[] PIECES = {
        "a", "b", "key", "", " ", "\"", "\\", "/", "\n", "\t", "\u0000", "\u001f", "\u007f",
        "é", "ß", "€", "✓", "中文", "😀", "\uD834\uDD1E", "a.b", "[0]", "$", "'"
    };

    private final SplittableRandom random;

    public RandomJson(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** A tree at most {@code maxDepth} containers deep, containers holding up to {@code maxWidth} children. */
    public JsonValue value(int maxDepth, int maxWidth) {
        int kind = random.nextInt(maxDepth > 0 ? 9 : 7);
        return switch (kind) {
            case 0 -> JsonNull.INSTANCE;
            case 1 -> JsonBoolean.of(random.nextBoolean());
            case 2 -> new JsonLong(longValue());
            case 3 -> new JsonDouble(doubleValue());
            case 4, 5, 6 -> new JsonString(string());
            case 7 -> {
                JsonArray array = new JsonArray();
                int n = random.nextInt(maxWidth + 1);
                for (int i = 0; i < n; i++) {
                    array.add(value(maxDepth - 1, maxWidth));
                }
                yield array;
            }
            default -> {
                JsonObject object = new JsonObject();
                int n = random.nextInt(maxWidth + 1);
                for (int i = 0; i < n; i++) {
                    object.put(string(), value(maxDepth - 1, maxWidth));
                }
                yield object;
            }
        };
    }

    public long longValue() {
        return switch (random.nextInt(4)) {
            case 0 -> random.nextInt(-300, 300);
            case 1 -> random.nextBoolean() ? Long.MAX_VALUE - random.nextInt(3) : Long.MIN_VALUE + random.nextInt(3);
            default -> random.nextLong();
        };
    }

    public double doubleValue() {
        while (true) {
            double d = switch (random.nextInt(4)) {
                case 0 -> Double.longBitsToDouble(random.nextLong());
                case 1 -> random.nextBoolean() ? -0.0 : 0.5;
                case 2 -> random.nextInt(-1000, 1000) / 8.0;
                default -> random.nextDouble() * Math.pow(10, random.nextInt(-20, 25));
            };
            if (Double.isFinite(d)) {
                return d;
            }
        }
    }

    public String string() {
        StringBuilder sb = new StringBuilder();
        int n = random.nextInt(5);
        for (int i = 0; i < n; i++) {
            sb.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return sb.toString();
    }

    public SplittableRandom random() {
        return random;
    }
}
