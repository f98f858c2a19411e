/**
 * The RediSearch query language: {@link io.cairn.search.query.QueryParser} turns a query string
 * into a {@link io.cairn.search.query.QueryNode} tree (or a "Syntax error at offset N near X"),
 * which {@code index.LuceneQueries} turns into a Lucene query for one index. No Lucene here.
 */
package io.cairn.search.query;
