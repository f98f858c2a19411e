package io.cairn.search.index;

/** A document that cannot be indexed by its index's schema; counted as an indexing failure. */
public final class MappingException extends RuntimeException {
    public MappingException(String message) {
        super(message, null, false, false);
    }
}
