package io.cairn.server.http;

import io.netty.handler.codec.http.HttpVersion;

/**
 * A request refused before its body was aggregated ({@link RequestGate}, {@link BodyAggregator}),
 * passed down the pipeline in its place so that its reply takes its turn among the connection's
 * replies like any other.
 *
 * @param keepAlive whether the connection may serve another request after this reply
 */
record Rejected(HttpVersion version, boolean keepAlive, ApiResponse response) {
}
