package io.cairn.bench.workload;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Objects;
import java.util.SequencedMap;
import java.util.SplittableRandom;

/**
 * One client's sequence of requests for the run phase of a {@link WorkloadSpec}, fixed by a seed.
 *
 * <p>Three independent random streams are split from the seed: one chooses operations, one chooses
 * keys, scan lengths and fields, one fills values. The same spec, seed and sequence of insert
 * acknowledgements give the same requests. Each client of a run gets its own seed and stream; they
 * share one {@link InsertCounter}, so with several clients the keys chosen depend on how their
 * inserts interleave, as they do in YCSB.
 *
 * <p>Keys are chosen only among acknowledged ones ({@code keyNumber < inserts.acknowledged()}):
 * <ul>
 *   <li>{@link Distribution#UNIFORM}: uniform over the acknowledged keys, following inserts.
 *   <li>{@link Distribution#ZIPFIAN}: {@link ScrambledZipfianGenerator} over the loaded records plus
 *       twice the expected inserts ({@code operationCount * insertProportion}), drawing again while
 *       the key is not acknowledged yet, as YCSB does, so the hot set is fixed for the whole run.
 *   <li>{@link Distribution#LATEST}: {@link LatestGenerator} following the counter.
 * </ul>
 * Inserts take the counter's next key number; the driver acknowledges them (see {@link Request}).
 * The stream does not stop: the driver counts operations against
 * {@link WorkloadSpec#operationCount()}.
 *
 * <p>Not thread-safe: one client thread owns a stream.
 */
public final class WorkloadStream {
    /** Printable characters for values, 64 so that six random bits choose one. */
    private static final byte[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".getBytes(
                    StandardCharsets.US_ASCII);

    private final WorkloadSpec spec;
    private final InsertCounter inserts;
    private final KeyNames keyNames;
    private final OperationChooser operations;
    private final NumberGenerator keys;
    private final NumberGenerator scanLengths;
    private final UniformGenerator fields;
    private final SplittableRandom operationRandom;
    private final SplittableRandom keyRandom;
    private final SplittableRandom valueRandom;

    /**
     * @param inserts the run's shared counter, normally {@code new InsertCounter(spec.recordCount())}
     * @throws IllegalArgumentException when {@code inserts} has no acknowledged key to choose
     */
    public WorkloadStream(WorkloadSpec spec, long seed, InsertCounter inserts) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.inserts = Objects.requireNonNull(inserts, "inserts");
        if (inserts.acknowledged() <= 0) {
            throw new IllegalArgumentException("inserts.acknowledged(): " + inserts.acknowledged()
                    + " (expected: > 0, load records before the run phase)");
        }
        SplittableRandom root = new SplittableRandom(seed);
        this.operationRandom = root.split();
        this.keyRandom = root.split();
        this.valueRandom = root.split();
        this.keyNames = new KeyNames(spec.insertOrder());
        this.operations = new OperationChooser(spec);
        this.keys = keyChooser(spec, inserts);
        this.scanLengths = spec.scanLengthDistribution() == Distribution.ZIPFIAN
                ? shifted(new ZipfianGenerator(spec.maxScanLength()))
                : new UniformGenerator(1, spec.maxScanLength());
        this.fields = new UniformGenerator(0, spec.fieldCount() - 1);
    }

    private static NumberGenerator keyChooser(WorkloadSpec spec, InsertCounter inserts) {
        return switch (spec.requestDistribution()) {
            case UNIFORM -> rnd -> rnd.nextLong(inserts.acknowledged());
            case LATEST -> new LatestGenerator(inserts);
            case ZIPFIAN -> {
                long expectedInserts = (long) Math.ceil(
                        spec.operationCount() * spec.proportion(Operation.INSERT));
                var scrambled = new ScrambledZipfianGenerator(spec.recordCount() + 2 * expectedInserts);
                yield rnd -> {
                    long key;
                    do {
                        key = scrambled.next(rnd);
                    } while (key >= inserts.acknowledged());
                    return key;
                };
            }
        };
    }

    /** Zipfian ranks 0.. as lengths 1.., so the shortest scan is the most common. */
    private static NumberGenerator shifted(ZipfianGenerator ranks) {
        return rnd -> ranks.next(rnd) + 1;
    }

    public Request next() {
        Operation op = operations.next(operationRandom);
        return switch (op) {
            case READ -> request(op, keys.next(keyRandom), 0, Collections.emptySortedMap());
            case SCAN -> {
                long key = keys.next(keyRandom);
                yield request(op, key, (int) scanLengths.next(keyRandom), Collections.emptySortedMap());
            }
            case UPDATE, READ_MODIFY_WRITE -> {
                long key = keys.next(keyRandom);
                yield request(op, key, 0, oneField((int) fields.next(keyRandom)));
            }
            case INSERT -> request(op, inserts.claim(), 0, allFields());
        };
    }

    /**
     * An insert of {@code keyNumber} with every field, for the load phase, which stores key numbers
     * {@code [0, recordCount)} split among its clients. Values come from this stream's value random
     * stream; the insert counter is not touched.
     */
    public Request insert(long keyNumber) {
        return request(Operation.INSERT, keyNumber, 0, allFields());
    }

    public WorkloadSpec spec() {
        return spec;
    }

    private Request request(Operation op, long keyNumber, int scanLength,
            SequencedMap<String, byte[]> values) {
        return new Request(op, keyNumber, keyNames.name(keyNumber), scanLength, values);
    }

    private SequencedMap<String, byte[]> oneField(int field) {
        var values = new LinkedHashMap<String, byte[]>(2);
        values.put(KeyNames.fieldName(field), value());
        return Collections.unmodifiableSequencedMap(values);
    }

    private SequencedMap<String, byte[]> allFields() {
        var values = LinkedHashMap.<String, byte[]>newLinkedHashMap(spec.fieldCount());
        for (int i = 0; i < spec.fieldCount(); i++) {
            values.put(KeyNames.fieldName(i), value());
        }
        return Collections.unmodifiableSequencedMap(values);
    }

    private byte[] value() {
        byte[] value = new byte[spec.fieldLength()];
        long bits = 0;
        for (int i = 0; i < value.length; i++) {
            if (i % 10 == 0) {
                bits = valueRandom.nextLong();
            }
            value[i] = ALPHABET[(int) (bits & 63)];
            bits >>>= 6;
        }
        return value;
    }
}
