/**
 * A deterministic generator of Wikipedia-like articles in 13 languages, for loading and querying
 * Cairn's search: {@link io.cairn.bench.corpus.WordLists} reads real words from the dictionaries
 * that Debian packages install (hunspell, friso, ipadic; see {@link io.cairn.bench.corpus.Language}),
 * {@link io.cairn.bench.corpus.Corpus} turns them into Zipfian {@link io.cairn.bench.corpus.Lexicon}s,
 * {@link io.cairn.bench.corpus.ArticleGenerator} makes article {@code i} from the seed and {@code i}
 * alone, and {@link io.cairn.bench.corpus.QueryGenerator} draws queries from the articles made.
 * Same spec, same word lists: same bytes. Pure computation over local files: no sockets, no engine.
 */
package io.cairn.bench.corpus;
