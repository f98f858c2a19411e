/**
 * The HTTP/JSON API on the {@code http-port}: documents ({@code PUT|GET|DELETE /docs/{key}}) and
 * search ({@code POST /indexes/{idx}/search}, {@code GET /indexes[/{idx}]}) beside the Redis
 * protocol, over the same store and search service. {@link io.cairn.server.http.HttpApi} listens;
 * per connection Netty's HTTP codec feeds {@link io.cairn.server.http.RequestGate} (authentication
 * and body limits before a byte of body is buffered), {@link io.cairn.server.http.BodyAggregator}
 * and {@link io.cairn.server.http.HttpChannelHandler} (replies in request order, each sent once the
 * write or read it answers is durable). {@link io.cairn.server.http.ApiRouter} maps paths to
 * {@link io.cairn.server.http.DocumentEndpoints}, {@link io.cairn.server.http.SearchEndpoints},
 * {@link io.cairn.server.http.MetricsEndpoint} ({@code GET /metrics}), the web console's JSON
 * ({@link io.cairn.server.http.ConsoleEndpoints}, {@code /console/api/*}) and its files
 * ({@link io.cairn.server.http.ConsoleAssets}, {@code /}); {@link io.cairn.server.http.ApiErrors}
 * is the one place exceptions become statuses.
 *
 * <p>It reuses the command layer's rules rather than copying them: documents are stored through
 * {@code command.json.StoredDocuments}, searches are translated into FT.SEARCH's option list, the
 * console's reads run as commands through the {@code Dispatcher}. Only the console's classes
 * ({@code Console*}, {@code RespJson}) see {@code cairn-resp}'s reply values, which the
 * dispatcher answers; nothing here uses the RESP codec ({@code ModuleLayeringTest}).
 */
package io.cairn.server.http;
