package io.cairn.server.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpMessage;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;

/**
 * Netty's aggregator, buffering at most {@code json-max-bytes} of body, whose refusal of a larger
 * one is this API's JSON 413 in its turn among the replies ({@link Rejected}) rather than Netty's
 * empty one. {@link RequestGate} already refuses a too-long {@code Content-Length}; what reaches
 * this point is a chunked body that grows past the limit, and the connection closes after the
 * reply because the rest of that body is still on its way.
 */
final class BodyAggregator extends HttpObjectAggregator {
    private final int maxBody;

    BodyAggregator(int maxBody) {
        super(maxBody);
        this.maxBody = maxBody;
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        boolean midBody = oversized instanceof FullHttpMessage;
        boolean keepAlive = !midBody && HttpUtil.isKeepAlive(oversized);
        ApiResponse reply = ApiResponse.error(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                RequestGate.tooLarge("more than " + maxBody, maxBody));
        ctx.fireChannelRead(new Rejected(oversized.protocolVersion(), keepAlive, keepAlive ? reply : reply.closing()));
    }
}
