/**
 * Byte slices, varints, CRC32C, {@code Clock}, the {@code CairnException} root and its subclasses,
 * argument checks, {@code LatencyHistogram}. The JDK only.
 */
module io.cairn.common {
    exports io.cairn.common;
}
