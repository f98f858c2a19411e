package io.cairn.server.command.geo;

/**
 * What a search covers: a circle of {@code radius}, or an axis-aligned box of {@code width} by
 * {@code height}, around a centre, sizes in the request's unit ({@code toMeters} metres each).
 * Immutable; the centre may be set after parsing ({@link #at}), when it comes from a member.
 */
record GeoShape(boolean box, double lon, double lat, double radius, double width, double height, double toMeters) {

    static GeoShape circle(double radius, double toMeters) {
        return new GeoShape(false, 0, 0, radius, 0, 0, toMeters);
    }

    static GeoShape box(double width, double height, double toMeters) {
        return new GeoShape(true, 0, 0, 0, width, height, toMeters);
    }

    GeoShape at(double lon, double lat) {
        return new GeoShape(box, lon, lat, radius, width, height, toMeters);
    }

    /**
     * The distance in metres from the centre to the point, or -1 when the point lies outside.
     * A box holds a point whose latitude is within half the height (along the meridian) and whose
     * distance east or west, measured along the point's own latitude, is within half the width.
     */
    double distanceIfInside(double pointLon, double pointLat) {
        if (!box) {
            double d = GeoDistance.between(lon, lat, pointLon, pointLat);
            return d > radius * toMeters ? -1 : d;
        }
        if (GeoDistance.alongMeridian(pointLat, lat) > height * toMeters / 2) {
            return -1;
        }
        if (GeoDistance.between(pointLon, pointLat, lon, pointLat) > width * toMeters / 2) {
            return -1;
        }
        return GeoDistance.between(lon, lat, pointLon, pointLat);
    }

    /**
     * The distance in metres from the centre that the search cells must reach: the radius, or
     * for a box the half-diagonal.
     */
    double reachMeters() {
        double r = box ? Math.sqrt((width / 2) * (width / 2) + (height / 2) * (height / 2)) : radius;
        return r * toMeters;
    }

    /**
     * The bounding box in degrees, {@code {minLon, minLat, maxLon, maxLat}}. Meridians converge
     * towards the poles, so the longitude span is taken at the edge nearer the pole (the top edge
     * in the north, the bottom one in the south), where a given distance spans the most degrees.
     */
    double[] bounds() {
        double halfHeight = toMeters * (box ? height / 2 : radius);
        double halfWidth = toMeters * (box ? width / 2 : radius);
        double latDelta = GeoDistance.toDegrees(halfHeight / GeoDistance.EARTH_RADIUS_METERS);
        double lonDeltaTop = GeoDistance.toDegrees(halfWidth / GeoDistance.EARTH_RADIUS_METERS
                / StrictMath.cos(GeoDistance.toRadians(lat + latDelta)));
        double lonDeltaBottom = GeoDistance.toDegrees(halfWidth / GeoDistance.EARTH_RADIUS_METERS
                / StrictMath.cos(GeoDistance.toRadians(lat - latDelta)));
        double lonDelta = lat < 0 ? lonDeltaBottom : lonDeltaTop;
        return new double[] {lon - lonDelta, lat - latDelta, lon + lonDelta, lat + latDelta};
    }
}
