/**
 * The server: the network loop (Netty), connections, the command handlers by family, the HTTP/JSON
 * API, configuration and lifecycle. Its API, for the command line, is {@code io.cairn.server}
 * ({@code CairnServer}, {@code ServerConfig}); the handlers, the connection code and the HTTP
 * endpoints are internal.
 */
module io.cairn.server {
    requires transitive io.cairn.common;
    requires transitive io.cairn.storage;
    requires io.cairn.resp;
    requires io.cairn.document;
    requires io.cairn.search;
    requires java.management; // INFO memory and CPU
    requires jdk.management; // what a script thread allocated (script-max-memory)
    requires io.netty.buffer;
    requires io.netty.common;
    requires io.netty.transport;
    requires io.netty.transport.classes.epoll;
    requires io.netty.codec;
    requires io.netty.codec.http;
    requires io.netty.handler;
    // GET /metrics: the Prometheus client's model, its text writers and its JVM instrumentation
    requires io.prometheus.metrics.model;
    requires io.prometheus.writer.text;
    requires io.prometheus.metrics.instrumentation.jvm;

    exports io.cairn.server;
}
