package io.cairn.common;

/** A file carries a format version this build cannot read: too old or too new. */
public final class FormatVersionException extends CairnException {
    public FormatVersionException(String resource, int actual, int minSupported, int maxSupported) {
        super("unsupported format version in " + resource + ": actual=" + actual
                + " vs expected=" + minSupported + ".." + maxSupported);
    }
}
