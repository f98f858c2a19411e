package io.cairn.server.command.geo;

import io.cairn.common.InvalidRequestException;
import io.cairn.server.command.CommandContext;

/**
 * Readers for the arguments the geo commands share (a point, a unit, a radius, a box), each
 * failing with Redis's error text. Stateless.
 */
final class GeoArguments {
    static final String BAD_UNIT = "ERR unsupported unit provided. please use M, KM, FT, MI";
    static final String NEGATIVE_RADIUS = "ERR radius cannot be negative";
    static final String NEGATIVE_BOX = "ERR height or width cannot be negative";

    private GeoArguments() {
    }

    /**
     * The longitude at {@code i} and the latitude after it, as {@code {lon, lat}}: both must be
     * floats, and within Redis's limits.
     */
    static double[] point(CommandContext c, int i) {
        double lon = c.number(i);
        double lat = c.number(i + 1);
        if (!GeoHash.valid(lon, lat)) {
            throw new InvalidRequestException("ERR invalid longitude,latitude pair "
                    + GeoText.sixDecimals(lon) + "," + GeoText.sixDecimals(lat));
        }
        return new double[] {lon, lat};
    }

    /** Metres per unit of {@code m}, {@code km}, {@code ft} or {@code mi} (any case). */
    static double unit(CommandContext c, int i) {
        return switch (c.option(i)) {
            case "M" -> 1;
            case "KM" -> 1000;
            case "FT" -> 0.3048;
            case "MI" -> 1609.34;
            default -> throw new InvalidRequestException(BAD_UNIT);
        };
    }

    /** A radius at {@code i} and its unit after it. */
    static GeoShape circle(CommandContext c, int i) {
        double radius = number(c, i, "ERR need numeric radius");
        if (radius < 0) {
            throw new InvalidRequestException(NEGATIVE_RADIUS);
        }
        return GeoShape.circle(radius, unit(c, i + 1));
    }

    /** A width at {@code i}, a height and a unit after it. */
    static GeoShape box(CommandContext c, int i) {
        double width = number(c, i, "ERR need numeric width");
        double height = number(c, i + 1, "ERR need numeric height");
        if (height < 0 || width < 0) {
            throw new InvalidRequestException(NEGATIVE_BOX);
        }
        return GeoShape.box(width, height, unit(c, i + 2));
    }

    private static double number(CommandContext c, int i, String error) {
        try {
            return c.number(i);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException(error);
        }
    }
}
