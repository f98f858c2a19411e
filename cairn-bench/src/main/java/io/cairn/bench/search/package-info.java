/**
 * The {@code ingest-query} scenario's systems: Cairn over RESP ({@link io.cairn.bench.search.CairnSearch}),
 * PostgreSQL 15 with JSONB and GIN indexes ({@link io.cairn.bench.search.PostgresSearch}), and
 * Lucene embedded in the bench's own JVM ({@link io.cairn.bench.search.EmbeddedLucene}), all behind
 * {@link io.cairn.bench.search.SearchSystem}: the same generated articles, the same queries.
 * Embedded Lucene is the reference a server's search can approach (no log, no network); it is the
 * one place outside {@code cairn-search} that imports Lucene, and it shares no code with it.
 */
package io.cairn.bench.search;
