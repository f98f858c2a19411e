package io.cairn.server.command.geo;

/**
 * Great-circle distances on Redis's sphere: the haversine formula over
 * {@link #EARTH_RADIUS_METERS}, the quadratic mean radius of WGS-84 that Redis uses, so distances
 * agree with Redis's to far below the 4 decimals replies show. Coordinates in degrees, distances
 * in metres. Trigonometry is {@link StrictMath}'s, the same on every JVM. Stateless.
 */
final class GeoDistance {
    static final double EARTH_RADIUS_METERS = 6372797.560856;
    /** Degrees to radians as Redis computes it ({@code M_PI / 180.0}). */
    static final double DEG_TO_RAD = Math.PI / 180.0;

    private GeoDistance() {
    }

    static double toRadians(double degrees) {
        return degrees * DEG_TO_RAD;
    }

    static double toDegrees(double radians) {
        return radians / DEG_TO_RAD;
    }

    /** Along a meridian: the arc between two latitudes. */
    static double alongMeridian(double lat1, double lat2) {
        return EARTH_RADIUS_METERS * Math.abs(toRadians(lat2) - toRadians(lat1));
    }

    /**
     * Between two points. When the longitudes give no difference to the formula the result is
     * the meridian arc, the shortcut Redis takes (and which gives exactly its numbers).
     */
    static double between(double lon1, double lat1, double lon2, double lat2) {
        double v = StrictMath.sin((toRadians(lon2) - toRadians(lon1)) / 2);
        if (v == 0.0) {
            return alongMeridian(lat1, lat2);
        }
        double lat1r = toRadians(lat1);
        double lat2r = toRadians(lat2);
        double u = StrictMath.sin((lat2r - lat1r) / 2);
        double a = u * u + StrictMath.cos(lat1r) * StrictMath.cos(lat2r) * v * v;
        return 2.0 * EARTH_RADIUS_METERS * StrictMath.asin(StrictMath.sqrt(a));
    }
}
