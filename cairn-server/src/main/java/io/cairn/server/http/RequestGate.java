package io.cairn.server.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpExpectationFailedEvent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import io.cairn.server.acl.Acl;
import io.cairn.server.acl.AclUser;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;

/**
 * Judges each request by its head, before any of its body is buffered: a malformed request (400,
 * then the connection closes), missing or wrong credentials of an ACL user (401; the console's
 * files excepted, {@link ConsoleAssets#isAsset}): {@code Authorization: Basic <user:password>},
 * or {@code Bearer <password>} for the default user, or {@code Bearer <user:password>}; an unsupported {@code Expect} (417), a body larger than {@code json-max-bytes} by its
 * {@code Content-Length} (413), a body-carrying method without a length (411), a
 * {@code Content-Type} other than JSON (415). A refused request goes on as a {@link Rejected} and
 * its body is dropped as it arrives (or, when the client waits for {@code 100 Continue}, never
 * sent: the decoder is told to expect the next request). Accepted requests pass on with the user
 * they run as named in the {@link #USER} header (one a client sends is dropped first), which
 * {@link ApiRouter} checks each request against.
 *
 * <p>One per connection; runs on its event loop.
 */
final class RequestGate extends ChannelInboundHandlerAdapter {
    /** The header naming the ACL user a request passed the gate as; set by the gate only. */
    static final String USER = "x-cairn-acl-user";

    private final Acl acl;
    private final long maxBody;
    /** True from a refused request's head until its last content. */
    private boolean discarding;

    /** @param acl the server's users (ACL SETUSER and CONFIG SET requirepass change them as it runs) */
    RequestGate(Acl acl, long maxBody) {
        this.acl = acl;
        this.maxBody = maxBody;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest req) {
            discarding = false;
            ApiResponse refusal = judge(req);
            if (refusal == null) {
                ctx.fireChannelRead(msg);
                return;
            }
            boolean keepAlive = HttpUtil.isKeepAlive(req) && !refusal.close();
            if (keepAlive && HttpUtil.is100ContinueExpected(req) || unsupportedExpectation(req)) {
                ctx.pipeline().fireUserEventTriggered(HttpExpectationFailedEvent.INSTANCE);
            }
            discarding = !(msg instanceof LastHttpContent);
            ReferenceCountUtil.release(msg);
            ctx.fireChannelRead(new Rejected(req.protocolVersion(), keepAlive, refusal));
            return;
        }
        if (discarding && msg instanceof HttpContent c) {
            boolean malformed = c.decoderResult().isFailure();
            if (c instanceof LastHttpContent || malformed) {
                discarding = false;
            }
            ReferenceCountUtil.release(msg);
            if (malformed) { // the decoder gives up on the connection: say why, then close
                ctx.fireChannelRead(new Rejected(HttpVersion.HTTP_1_1, false,
                        ApiResponse.error(HttpResponseStatus.BAD_REQUEST, "malformed HTTP request body").closing()));
            }
            return;
        }
        ctx.fireChannelRead(msg);
    }

    /** The refusal of {@code req}, or null to let it through. */
    private ApiResponse judge(HttpRequest req) {
        if (req.decoderResult().isFailure()) {
            Throwable cause = req.decoderResult().cause();
            return ApiResponse.error(HttpResponseStatus.BAD_REQUEST, "malformed HTTP request: "
                    + (cause == null ? "" : cause.getMessage())).closing();
        }
        req.headers().remove(USER);
        if (!isPublic(req)) {
            AclUser user = user(req);
            if (user == null) {
                String message = req.headers().contains(HttpHeaderNames.AUTHORIZATION)
                        ? "invalid username-password pair or user is disabled"
                        : "authentication required (expected: Authorization: Bearer <password> or Basic <user:password>)";
                return ApiResponse.error(HttpResponseStatus.UNAUTHORIZED, message)
                        .withHeader(HttpHeaderNames.WWW_AUTHENTICATE.toString(), "Bearer realm=\"cairn\"");
            }
            req.headers().set(USER, user.name());
        }
        if (unsupportedExpectation(req)) {
            return ApiResponse.error(HttpResponseStatus.EXPECTATION_FAILED,
                    "Expect: " + req.headers().get(HttpHeaderNames.EXPECT) + " (expected: 100-continue)");
        }
        long length;
        try {
            length = HttpUtil.getContentLength(req, -1L);
        } catch (NumberFormatException e) {
            return ApiResponse.error(HttpResponseStatus.BAD_REQUEST, "Content-Length: "
                    + req.headers().get(HttpHeaderNames.CONTENT_LENGTH) + " (expected: a number of bytes)").closing();
        }
        if (length > maxBody) {
            return ApiResponse.error(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, tooLarge(Long.toString(length), maxBody));
        }
        if (req.method().equals(HttpMethod.PUT) || req.method().equals(HttpMethod.POST)) {
            String type = req.headers().get(HttpHeaderNames.CONTENT_TYPE);
            if (type != null && !isJson(type)) {
                return ApiResponse.error(HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE,
                        "Content-Type: " + type + " (expected: application/json, in UTF-8)");
            }
            if (length < 0 && !HttpUtil.isTransferEncodingChunked(req)) {
                return ApiResponse.error(HttpResponseStatus.LENGTH_REQUIRED,
                        "request body: missing (expected: a JSON body with a Content-Length or chunked)");
            }
        }
        return null;
    }

    /** The console's files, which hold no data: the page must load to ask for the password. */
    private static boolean isPublic(HttpRequest req) {
        return req.method().equals(HttpMethod.GET) && ConsoleAssets.isAsset(RequestPath.of(req.uri()));
    }

    /** An {@code Expect} header other than {@code 100-continue}, which is all HTTP/1.1 defines. */
    private static boolean unsupportedExpectation(HttpRequest req) {
        String expect = req.headers().get(HttpHeaderNames.EXPECT);
        return expect != null && !expect.strip().equalsIgnoreCase("100-continue");
    }

    static String tooLarge(String size, long max) {
        return "request body: " + size + " bytes (expected: <= " + max + ", json-max-bytes)";
    }

    /**
     * The user the request's credentials open, or null: {@code Basic base64(user:password)};
     * {@code Bearer <password>}, the default user's password, or {@code Bearer user:password};
     * without credentials the default user when it needs no password (Redis's rule for a new
     * connection).
     */
    private AclUser user(HttpRequest req) {
        String h = req.headers().get(HttpHeaderNames.AUTHORIZATION);
        if (h == null) {
            return acl.authRequired() ? null : acl.defaultUser();
        }
        // Header values arrive one char per byte; names and passwords are compared as UTF-8 bytes.
        if (h.length() > 7 && h.regionMatches(true, 0, "Bearer ", 0, 7)) {
            byte[] token = h.substring(7).strip().getBytes(StandardCharsets.ISO_8859_1);
            AclUser u = pair(token); // user:password first, so a nopass default user does not take it
            return u != null ? u : acl.authenticate(Acl.DEFAULT, token);
        }
        if (h.length() > 6 && h.regionMatches(true, 0, "Basic ", 0, 6)) {
            try {
                return pair(Base64.getDecoder().decode(h.substring(6).strip()));
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        return null;
    }

    /** {@code user:password}: the user it opens, or null. */
    private AclUser pair(byte[] token) {
        for (int i = 0; i < token.length; i++) {
            if (token[i] == ':') {
                return acl.authenticate(new String(token, 0, i, StandardCharsets.UTF_8),
                        Arrays.copyOfRange(token, i + 1, token.length));
            }
        }
        return null;
    }

    /** {@code application/json}, with no charset or UTF-8. */
    static boolean isJson(String contentType) {
        String[] parts = contentType.split(";");
        if (!parts[0].strip().equalsIgnoreCase("application/json")) {
            return false;
        }
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].strip();
            int eq = p.indexOf('=');
            if (eq > 0 && p.substring(0, eq).strip().equalsIgnoreCase("charset")) {
                String cs = p.substring(eq + 1).strip().replace("\"", "").toLowerCase(Locale.ROOT);
                if (!cs.equals("utf-8") && !cs.equals("utf8")) {
                    return false;
                }
            }
        }
        return true;
    }
}
