package io.cairn.search.schema;

/** What an index reads under its prefixes: JSON documents or hashes ({@code FT.CREATE ... ON}). */
public enum SourceType {
    JSON,
    HASH
}
