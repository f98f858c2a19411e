/**
 * The bench's one way of writing JSON ({@link io.cairn.bench.json.Json}): Jackson's streaming
 * generator, configured once, used by the report's {@code results.json} and the corpus's JSONL.
 * Depends on jackson-core only; nothing here parses.
 */
package io.cairn.bench.json;
