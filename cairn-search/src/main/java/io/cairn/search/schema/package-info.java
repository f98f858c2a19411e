/**
 * What an index is: {@link io.cairn.search.schema.IndexDefinition} (source type, key prefixes,
 * language, fields) and {@link io.cairn.search.schema.FieldSpec}, parsed from {@code FT.CREATE}
 * arguments by {@link io.cairn.search.schema.CreateArguments} and kept in the catalog. No Lucene.
 */
package io.cairn.search.schema;
