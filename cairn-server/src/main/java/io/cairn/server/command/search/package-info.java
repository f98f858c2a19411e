/**
 * {@code FT.*}: RediSearch's commands over {@link io.cairn.search.SearchService}. Every handler is
 * an {@link io.cairn.server.command.AsyncCommand} run on the search executor, so a search that
 * waits for the indexer never holds an event loop, and its reply waits for the durability of
 * everything it may have seen. {@code SearchReplies} shapes results as RediSearch does (RESP2
 * arrays, in both protocols).
 */
package io.cairn.server.command.search;
