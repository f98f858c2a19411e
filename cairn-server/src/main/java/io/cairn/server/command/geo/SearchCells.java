package io.cairn.server.command.geo;

import io.cairn.server.command.geo.GeoHash.Area;
import io.cairn.server.command.geo.GeoHash.Cell;

/**
 * The geohash cells a search reads, as Redis chooses them: the cell around the centre at a step
 * coarse enough that it and its eight neighbours cover the shape's bounding box, with the
 * neighbours the box does not reach left out ({@link Cell#NONE}). Each cell is one score range of
 * the geo set. Stateless.
 */
final class SearchCells {
    /** The Mercator projection's half-circumference in metres: a step-1 cell spans about this. */
    private static final double MERCATOR_MAX = 20037726.37;

    private SearchCells() {
    }

    /**
     * The step whose cells are at least about {@code meters} wide: one more bit for every halving
     * of the range below {@link #MERCATOR_MAX}, two fewer to stay safely wide, and one or two fewer
     * again beyond 66 and 80 degrees of latitude, where cells narrow. Between 1 and 26.
     */
    static int estimateStep(double meters, double lat) {
        if (meters == 0) {
            return GeoHash.STEP_MAX;
        }
        int step = 1;
        while (meters < MERCATOR_MAX) {
            meters *= 2;
            step++;
        }
        step -= 2;
        if (lat > 66 || lat < -66) {
            step--;
            if (lat > 80 || lat < -80) {
                step--;
            }
        }
        return Math.max(1, Math.min(GeoHash.STEP_MAX, step));
    }

    /**
     * Nine cells in the order Redis reads them: centre, north, south, east, west, north-east,
     * north-west, south-east, south-west. Neighbours may repeat (a huge radius wraps the globe).
     */
    static Cell[] cover(GeoShape shape) {
        double[] bounds = shape.bounds();
        double minLon = bounds[0];
        double minLat = bounds[1];
        double maxLon = bounds[2];
        double maxLat = bounds[3];
        int step = estimateStep(shape.reachMeters(), shape.lat());
        Cell centre = GeoHash.encode(shape.lon(), shape.lat(), step);
        Cell[] around = GeoHash.neighbours(centre); // N, S, E, W, NE, NW, SE, SW

        // Near a cell's edge the estimate can be one step too fine: widen once if a side
        // neighbour does not reach the bounding box.
        if (step > 1 && (GeoHash.decode(around[0]).latMax() < maxLat
                || GeoHash.decode(around[1]).latMin() > minLat
                || GeoHash.decode(around[2]).lonMax() < maxLon
                || GeoHash.decode(around[3]).lonMin() > minLon)) {
            step--;
            centre = GeoHash.encode(shape.lon(), shape.lat(), step);
            around = GeoHash.neighbours(centre);
        }
        Area area = GeoHash.decode(centre);
        if (step >= 2) {
            if (area.latMin() < minLat) {
                clear(around, 1, 6, 7); // the south row
            }
            if (area.latMax() > maxLat) {
                clear(around, 0, 4, 5); // the north row
            }
            if (area.lonMin() < minLon) {
                clear(around, 3, 5, 7); // the west column
            }
            if (area.lonMax() > maxLon) {
                clear(around, 2, 4, 6); // the east column
            }
        }
        Cell[] cells = new Cell[9];
        cells[0] = centre;
        System.arraycopy(around, 0, cells, 1, 8);
        return cells;
    }

    private static void clear(Cell[] cells, int... indexes) {
        for (int i : indexes) {
            cells[i] = Cell.NONE;
        }
    }
}
