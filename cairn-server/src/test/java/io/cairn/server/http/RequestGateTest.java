package io.cairn.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The gate and the aggregator on an {@link EmbeddedChannel}, fed raw HTTP bytes: what passes
 * reaches the end of the pipeline as a {@link FullHttpRequest}, what is refused as a
 * {@link Rejected}, and a refused body never reaches the next request.
 */
class RequestGateTest {
    private static final int MAX = 100;
    private final io.cairn.server.acl.Acl acl = new io.cairn.server.acl.Acl(
            new io.cairn.server.acl.AclCommandTable(io.cairn.resp.CommandTable.all()), null, "");
    private final EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec(), new RequestGate(acl, MAX),
            new BodyAggregator(MAX));

    @AfterEach
    void close() {
        Object m;
        while ((m = ch.readInbound()) != null) {
            ReferenceCountUtil.release(m);
        }
        ch.finishAndReleaseAll();
    }

    private void send(String text) {
        ch.writeInbound(Unpooled.copiedBuffer(text, StandardCharsets.ISO_8859_1));
    }

    private Rejected rejected() {
        Object m = ch.readInbound();
        assertThat(m).isInstanceOf(Rejected.class);
        return (Rejected) m;
    }

    private String passedBody() {
        Object m = ch.readInbound();
        assertThat(m).isInstanceOf(FullHttpRequest.class);
        FullHttpRequest r = (FullHttpRequest) m;
        try {
            return r.content().toString(StandardCharsets.UTF_8);
        } finally {
            r.release();
        }
    }

    private static String put(String headers, String body) {
        return "PUT /docs/k HTTP/1.1\r\nHost: x\r\n" + headers + "Content-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
    }

    @Test
    void aJsonRequestPassesWithItsBody() {
        send(put("Content-Type: application/json; charset=UTF-8\r\n", "{\"a\":1}"));
        assertThat(passedBody()).isEqualTo("{\"a\":1}");
        send(put("", "[1]")); // no Content-Type is fine
        assertThat(passedBody()).isEqualTo("[1]");
        assertThat((Object) ch.readInbound()).isNull();
    }

    @Test
    void anotherContentTypeIs415AndItsBodyIsSkipped() {
        send(put("Content-Type: text/plain\r\n", "GET /x HTTP/1.1\r\n\r\n") + put("", "{}"));
        Rejected r = rejected();
        assertThat(r.response().status()).isEqualTo(HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE);
        assertThat(r.response().json()).isEqualTo("{\"error\":\"Content-Type: text/plain (expected: application/json, in UTF-8)\"}");
        assertThat(r.keepAlive()).isTrue();
        assertThat(passedBody()).isEqualTo("{}"); // the refused body was not read as a request
        send(put("Content-Type: application/json; charset=latin1\r\n", "{}"));
        assertThat(rejected().response().status()).isEqualTo(HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE);
    }

    @Test
    void aBodyOverTheLimitIs413BeforeItIsBuffered() {
        String big = "[" + "1,".repeat(60) + "1]";
        send(put("", big));
        Rejected r = rejected();
        assertThat(r.response().status()).isEqualTo(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE);
        assertThat(r.response().json()).contains("request body: 123 bytes (expected: <= 100, json-max-bytes)");
        assertThat(r.keepAlive()).isTrue();
        send(put("", "{}"));
        assertThat(passedBody()).isEqualTo("{}");
    }

    @Test
    void aChunkedBodyThatGrowsPastTheLimitIs413AndCloses() {
        String chunk = "x".repeat(60);
        send("POST /indexes/i/search HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "3c\r\n" + chunk + "\r\n3c\r\n" + chunk + "\r\n0\r\n\r\n");
        Rejected r = rejected();
        assertThat(r.response().status()).isEqualTo(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE);
        assertThat(r.response().close()).isTrue();
    }

    @Test
    void aPutWithoutLengthIs411() {
        send("PUT /docs/k HTTP/1.1\r\nHost: x\r\n\r\nGET /docs/k HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(rejected().response().status()).isEqualTo(HttpResponseStatus.LENGTH_REQUIRED);
        assertThat(passedBody()).isEmpty(); // the GET behind it
    }

    @Test
    void withRequirepassABearerTokenIsNeeded() {
        acl.defaultPassword("s3cret");
        send("GET /docs/k HTTP/1.1\r\nHost: x\r\n\r\n");
        Rejected none = rejected();
        assertThat(none.response().status()).isEqualTo(HttpResponseStatus.UNAUTHORIZED);
        assertThat(none.response().headers()).containsKey("www-authenticate");
        send("GET /docs/k HTTP/1.1\r\nAuthorization: Bearer wrong\r\n\r\n");
        assertThat(rejected().response().json()).isEqualTo("{\"error\":\"invalid username-password pair or user is disabled\"}");
        send("GET /docs/k HTTP/1.1\r\nAuthorization: bearer s3cret\r\n\r\n");
        assertThat(passedBody()).isEmpty();
        send(put("Authorization: Basic czNjcmV0\r\n", "{}"));
        assertThat(rejected().response().status()).isEqualTo(HttpResponseStatus.UNAUTHORIZED);
        assertThat((Object) ch.readInbound()).isNull(); // its body was skipped
    }

    @Test
    void aRefusedRequestThatWaitsFor100ContinueNeverSendsItsBody() {
        send("PUT /docs/k HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 500\r\n\r\n");
        assertThat(rejected().response().status()).isEqualTo(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE);
        send(put("", "{}")); // the client goes on without sending the 500 bytes
        assertThat(passedBody()).isEqualTo("{}");
    }

    @Test
    void anAcceptedRequestGets100Continue() {
        send("PUT /docs/k HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n");
        ByteBuf out = ch.readOutbound();
        try {
            assertThat(out.toString(StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 100 Continue");
        } finally {
            out.release();
        }
        send("{}");
        assertThat(passedBody()).isEqualTo("{}");
    }

    @Test
    void aMalformedRequestIs400AndClosesTheConnection() {
        send("THIS IS NOT HTTP\r\n\r\n");
        Object m = ch.readInbound();
        if (m instanceof HttpObject) { // the decoder may pass its invalid message through the aggregator
            ReferenceCountUtil.release(m);
            throw new AssertionError("a malformed request passed the gate: " + m);
        }
        Rejected r = (Rejected) m;
        assertThat(r.response().status()).isEqualTo(HttpResponseStatus.BAD_REQUEST);
        assertThat(r.response().json()).startsWith("{\"error\":\"malformed HTTP request: ");
        assertThat(r.response().close()).isTrue();
    }
}
