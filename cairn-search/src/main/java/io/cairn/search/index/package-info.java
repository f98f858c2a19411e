/**
 * The Lucene side: {@link io.cairn.search.index.DocumentMapper} turns a JSON document or a hash into
 * a Lucene document by the schema; {@link io.cairn.search.index.SearchIndex} is one index and its
 * visibility rule, made of the indexer threads that follow the change stream
 * ({@code IndexerPartitions}, FLUSHALL barriers in {@code FlushBarrier}), the writer and searchers
 * ({@code LuceneIndex}, fed by {@code DocumentWriter}) and its counters
 * ({@link io.cairn.search.index.IndexCounters}); {@link io.cairn.search.index.LuceneQueries}
 * translates parsed queries, and {@link io.cairn.search.index.QueryRunner} runs searches and
 * aggregations on a searcher. Of the package above it, uses only {@code UnknownIndexException}.
 */
package io.cairn.search.index;
