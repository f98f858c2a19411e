/**
 * Search over documents and hashes, shaped like RediSearch. {@link io.cairn.search.SearchService}
 * owns the indexes of one store (the catalog, create, alter, drop, close) and follows the engine's
 * change stream through {@code LiveIndexes}, keeping one Lucene index per {@code FT.CREATE}; it
 * answers searches ({@code SearchExecution}) and aggregations ({@code Aggregation}, cursors in
 * {@code CursorTable}) once every write acknowledged before them is visible. Packages: {@code schema} (index definitions and their arguments),
 * {@code analysis} (languages), {@code query} (the query language), {@code index} (Lucene mapping,
 * the indexer, search execution).
 *
 * <p>The only module that imports Lucene. Depends on {@code cairn-common}, the engine API of
 * {@code cairn-storage} and {@code cairn-document}; never on RESP or the server.
 */
package io.cairn.search;
