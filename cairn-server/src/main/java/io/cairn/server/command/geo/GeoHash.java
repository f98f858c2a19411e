package io.cairn.server.command.geo;

/**
 * Redis's geohash: a longitude and latitude as one integer whose bits interleave the two
 * coordinates, each cut into {@code 2^step} equal parts of its range. Latitude bits take the even
 * positions (bit 0 up), longitude bits the odd ones. At {@link #STEP_MAX} (26 bits each) the hash
 * has 52 bits, exactly representable in a double: a geo set is a sorted set whose scores are these
 * hashes, so members close on the map are mostly close in score order.
 *
 * <p>The latitude range is Web Mercator's ({@link #LAT_MIN}..{@link #LAT_MAX}), not -90..90, so
 * the hashes are not the standard geohash; {@link #standardText} re-encodes for GEOHASH's text.
 *
 * <p>Pure arithmetic on unsigned 64-bit values held in {@code long}s; stateless and thread-safe.
 * A point exactly on the upper edge of a range ({@code lon == 180}) gets the offset {@code 2^step},
 * one bit past the step's width, as Redis's integer conversion gives it; callers keep that as is.
 */
final class GeoHash {
    /** Bits per coordinate in a stored score. */
    static final int STEP_MAX = 26;
    static final double LON_MIN = -180;
    static final double LON_MAX = 180;
    static final double LAT_MIN = -85.05112878;
    static final double LAT_MAX = 85.05112878;

    private static final String BASE32 = "0123456789bcdefghjkmnpqrstuvwxyz";
    private static final long EVEN_BITS = 0x5555555555555555L;
    private static final long ODD_BITS = 0xaaaaaaaaaaaaaaaaL;

    private GeoHash() {
    }

    /**
     * A hash of {@code step} bits per coordinate. The zero cell ({@code bits == 0 && step == 0})
     * stands for "no cell", as Redis's {@code HASHISZERO}.
     */
    record Cell(long bits, int step) {
        static final Cell NONE = new Cell(0, 0);

        boolean isNone() {
            return bits == 0 && step == 0;
        }

        /** The cell's lowest 52-bit score: its bits shifted to the top of 52. */
        long minScore() {
            return bits << (52 - 2 * step);
        }

        /** The lowest score past the cell (excluded from it). */
        long maxScore() {
            return (bits + 1) << (52 - 2 * step);
        }
    }

    /** A cell's extent in degrees. */
    record Area(Cell cell, double lonMin, double lonMax, double latMin, double latMax) {
    }

    /** A coordinate range a hash divides. */
    record Range(double min, double max) {
        static final Range LON = new Range(LON_MIN, LON_MAX);
        static final Range LAT = new Range(LAT_MIN, LAT_MAX);
        static final Range STANDARD_LAT = new Range(-90, 90);
    }

    /** Whether Redis accepts the point: within the longitude and the Mercator latitude limits. */
    static boolean valid(double lon, double lat) {
        return lon >= LON_MIN && lon <= LON_MAX && lat >= LAT_MIN && lat <= LAT_MAX;
    }

    /**
     * The cell of {@code step} bits holding the point in the given ranges, or null when the point
     * lies outside them or outside Redis's limits (Redis's {@code geohashEncode}).
     */
    static Cell encode(Range lonRange, Range latRange, double lon, double lat, int step) {
        if (step < 1 || step > 32 || !valid(lon, lat)
                || lat < latRange.min() || lat > latRange.max() || lon < lonRange.min() || lon > lonRange.max()) {
            return null;
        }
        double latOffset = (lat - latRange.min()) / (latRange.max() - latRange.min());
        double lonOffset = (lon - lonRange.min()) / (lonRange.max() - lonRange.min());
        latOffset *= (double) (1L << step);
        lonOffset *= (double) (1L << step);
        return new Cell(interleave((long) latOffset & 0xFFFFFFFFL, (long) lonOffset & 0xFFFFFFFFL), step);
    }

    /** {@link #encode} over Redis's ranges. */
    static Cell encode(double lon, double lat, int step) {
        return encode(Range.LON, Range.LAT, lon, lat, step);
    }

    /** The sorted-set score of a point: its {@link #STEP_MAX} hash. The point must be {@link #valid}. */
    static long score(double lon, double lat) {
        return encode(lon, lat, STEP_MAX).minScore();
    }

    /**
     * The extent of {@code cell} in the given ranges. The index past the last wraps to 0 as
     * Redis's 32-bit arithmetic does; only a score no GEOADD wrote reaches it.
     */
    static Area decode(Range lonRange, Range latRange, Cell cell) {
        long separated = deinterleave(cell.bits());
        double latScale = latRange.max() - latRange.min();
        double lonScale = lonRange.max() - lonRange.min();
        long latIndex = separated & 0xFFFFFFFFL;
        long lonIndex = separated >>> 32;
        double parts = (double) (1L << cell.step());
        return new Area(cell,
                lonRange.min() + (lonIndex * 1.0 / parts) * lonScale,
                lonRange.min() + (((lonIndex + 1) & 0xFFFFFFFFL) * 1.0 / parts) * lonScale,
                latRange.min() + (latIndex * 1.0 / parts) * latScale,
                latRange.min() + (((latIndex + 1) & 0xFFFFFFFFL) * 1.0 / parts) * latScale);
    }

    static Area decode(Cell cell) {
        return decode(Range.LON, Range.LAT, cell);
    }

    /**
     * The point a stored score stands for: the centre of its 52-bit cell, clamped to Redis's
     * limits, as {@code {longitude, latitude}}. Any score decodes, as in Redis: one that no GEOADD
     * wrote (a ZADD's {@code -1} or {@code 1.5}) is first truncated to an unsigned integer the way
     * x86-64 converts a double ({@link #scoreBits}).
     */
    static double[] decodeScore(double score) {
        Area a = decode(new Cell(scoreBits(score), STEP_MAX));
        double lon = Math.min(LON_MAX, Math.max(LON_MIN, (a.lonMin() + a.lonMax()) / 2));
        double lat = Math.min(LAT_MAX, Math.max(LAT_MIN, (a.latMin() + a.latMax()) / 2));
        return new double[] {lon, lat};
    }

    /**
     * A score as the unsigned 64-bit integer C's {@code (uint64_t)} cast gives on x86-64 with gcc:
     * truncation below 2^63 (a negative value wraps, {@code -1} gives all ones), {@code x - 2^63}
     * truncated with the top bit set from 2^63, and 0 from 2^64 on (the "indefinite" result).
     */
    static long scoreBits(double score) {
        double twoTo63 = 0x1p63;
        if (score < twoTo63) {
            return (long) score; // Java saturates at Long.MIN_VALUE below -2^63, as cvttsd2si does
        }
        double rest = score - twoTo63;
        long low = rest < twoTo63 ? (long) rest : Long.MIN_VALUE;
        return low ^ Long.MIN_VALUE;
    }

    /**
     * GEOHASH's 11-character text: the point re-encoded over the standard ranges (latitude
     * -90..90) at 26 bits each, read as ten base-32 digits of 5 bits, then a final {@code 0}
     * (Redis has only 52 bits; the API always answered 11 characters).
     */
    static String standardText(double lon, double lat) {
        Cell c = encode(Range.LON, Range.STANDARD_LAT, lon, lat, STEP_MAX);
        char[] text = new char[11];
        for (int i = 0; i < 10; i++) {
            text[i] = BASE32.charAt((int) ((c.bits() >>> (52 - (i + 1) * 5)) & 0x1f));
        }
        text[10] = '0';
        return new String(text);
    }

    /**
     * The eight cells around {@code cell} at its step, wrapping at the edges of the ranges:
     * north, south, east, west, north-east, north-west, south-east, south-west.
     */
    static Cell[] neighbours(Cell cell) {
        return new Cell[] {
            move(cell, 0, 1), move(cell, 0, -1), move(cell, 1, 0), move(cell, -1, 0),
            move(cell, 1, 1), move(cell, -1, 1), move(cell, 1, -1), move(cell, -1, -1)};
    }

    /** The cell {@code dx} steps east and {@code dy} steps north (each -1, 0 or 1). */
    static Cell move(Cell cell, int dx, int dy) {
        long bits = moveAxis(cell.bits(), cell.step(), dx, ODD_BITS);
        return new Cell(moveAxis(bits, cell.step(), dy, EVEN_BITS), cell.step());
    }

    /**
     * Adds {@code d} to the coordinate held in the bit positions of {@code mask}, modulo its
     * width: the other positions are filled with ones so the carry (or borrow) crosses them.
     */
    private static long moveAxis(long bits, int step, int d, long mask) {
        if (d == 0) {
            return bits;
        }
        long axis = bits & mask;
        long other = bits & ~mask;
        long fill = ~mask >>> (64 - step * 2); // the other axis's positions within the width
        if (d > 0) {
            axis = axis + (fill + 1);
        } else {
            axis = (axis | fill) - (fill + 1);
        }
        axis &= mask >>> (64 - step * 2);
        return axis | other;
    }

    /** Spreads the low 32 bits of {@code x} to the even positions and of {@code y} to the odd ones. */
    static long interleave(long x, long y) {
        return spread(x) | spread(y) << 1;
    }

    /** The inverse of {@link #interleave}: even-position bits in the low half, odd ones in the high. */
    static long deinterleave(long bits) {
        return squeeze(bits) | squeeze(bits >>> 1) << 32;
    }

    private static long spread(long v) {
        v &= 0xFFFFFFFFL;
        v = (v | v << 16) & 0x0000FFFF0000FFFFL;
        v = (v | v << 8) & 0x00FF00FF00FF00FFL;
        v = (v | v << 4) & 0x0F0F0F0F0F0F0F0FL;
        v = (v | v << 2) & 0x3333333333333333L;
        return (v | v << 1) & EVEN_BITS;
    }

    private static long squeeze(long v) {
        v &= EVEN_BITS;
        v = (v | v >>> 1) & 0x3333333333333333L;
        v = (v | v >>> 2) & 0x0F0F0F0F0F0F0F0FL;
        v = (v | v >>> 4) & 0x00FF00FF00FF00FFL;
        v = (v | v >>> 8) & 0x0000FFFF0000FFFFL;
        return (v | v >>> 16) & 0x00000000FFFFFFFFL;
    }
}
