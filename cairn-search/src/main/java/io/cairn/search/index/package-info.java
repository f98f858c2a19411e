/**
 * The Lucene side: {@link io.cairn.search.index.DocumentMapper} turns a JSON document or a hash into
 * a Lucene document by the schema, {@link io.cairn.search.index.SearchIndex} owns one index (writer,
 * searchers, the indexer thread that follows the change stream, background builds and the
 * visibility rule), {@link io.cairn.search.index.LuceneQueries} translates parsed queries, and
 * {@link io.cairn.search.index.QueryRunner} runs searches and aggregations on a searcher.
 */
package io.cairn.search.index;
