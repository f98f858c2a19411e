package io.cairn.search.schema;

/** The kinds of field an index can have, as {@code FT.CREATE ... SCHEMA} names them. */
public enum FieldType {
    /** Full text: analysed by the index's (or the document's) language, scored by BM25. */
    TEXT,
    /** A number: range queries, sorting, aggregation. */
    NUMERIC,
    /** Exact tokens (categories, ids): {@code @f:{a|b}}, grouping for facet counts. */
    TAG
}
