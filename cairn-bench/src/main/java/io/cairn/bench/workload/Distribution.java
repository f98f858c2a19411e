package io.cairn.bench.workload;

/** How a {@link WorkloadSpec} chooses which record an operation touches, or how long a scan is. */
public enum Distribution {
    /** Every existing record equally likely. */
    UNIFORM,
    /**
     * Zipfian popularity (theta 0.99). For keys, the scrambled form, so the hot keys are spread over
     * the key range ({@link ScrambledZipfianGenerator}); for scan lengths, plain zipfian, so short
     * scans are the common ones.
     */
    ZIPFIAN,
    /** Zipfian popularity by recency: the most recently inserted records are the hot ones. Keys only. */
    LATEST
}
