/**
 * Text analysis per language: {@link io.cairn.search.analysis.Languages} maps RediSearch's language
 * names (and ISO 639-1 codes) to Lucene analyzers, with dictionary-based tokenizers for Chinese
 * (smartcn), Japanese (Kuromoji) and Korean (Nori), which write no spaces between words.
 * {@link io.cairn.search.analysis.DocumentLanguageAnalyzer} lets one index writer analyse each
 * document in its own language.
 */
package io.cairn.search.analysis;
