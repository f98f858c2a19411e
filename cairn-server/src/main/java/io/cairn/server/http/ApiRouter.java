package io.cairn.server.http;

import io.cairn.server.acl.AclUser;
import io.cairn.server.command.AclGate;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;

import io.cairn.server.ServerContext;
import io.cairn.server.metrics.ServerMetrics;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Maps a request to its endpoint:
 *
 * <pre>
 * PUT | GET | DELETE  /docs/{key}             DocumentEndpoints   (key: the rest of the path, percent-decoded)
 * POST                /indexes/{idx}/search   SearchEndpoints.search
 * GET                 /indexes                SearchEndpoints.list
 * GET                 /indexes/{idx}          SearchEndpoints.info
 * GET                 /metrics                MetricsEndpoint     (Prometheus text or OpenMetrics, by Accept)
 * GET                 /console/api/...        ConsoleEndpoints    (the web console's JSON)
 * GET                 /, /console/..., /webjars/uplot/...   ConsoleAssets (the console's files)
 * </pre>
 *
 * Anything else is 404, a known path with another method 405 (with {@code Allow}). The body is
 * read before {@link #route} returns, so the caller may release the request then. Stateless;
 * thread-safe.
 */
final class ApiRouter {
    static final String DOCS = "/docs/";
    static final String INDEXES = "/indexes";
    static final String SEARCH = "/search";
    static final String METRICS = "/metrics";

    private final DocumentEndpoints documents;
    private final SearchEndpoints search;
    private final MetricsEndpoint metrics;
    private final ConsoleEndpoints console;
    private final ConsoleAssets assets = new ConsoleAssets();
    private final ServerContext server;

    ApiRouter(ServerContext server) {
        this.server = server;
        this.documents = new DocumentEndpoints(server.store(), server.jsonLimits());
        this.search = new SearchEndpoints(server.store(), server.search(), server.jsonLimits());
        this.metrics = new MetricsEndpoint(new ServerMetrics(server));
        this.console = new ConsoleEndpoints(server);
    }

    /**
     * The reply to {@code req}, completing once it may be sent; never throws (a refusal is a
     * completed future holding the error reply).
     *
     * @param channel the connection; its event loop is where replies are built after a durability wait
     */
    CompletableFuture<ApiResponse> route(FullHttpRequest req, Channel channel) {
        try {
            return dispatch(req, channel);
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(ApiErrors.toResponse(e));
        }
    }

    private CompletableFuture<ApiResponse> dispatch(FullHttpRequest req, Channel channel) {
        Executor loop = channel.eventLoop();
        String path = RequestPath.of(req.uri());
        HttpMethod m = req.method();
        String userName = req.headers().get(RequestGate.USER);
        AclUser user = userName == null ? null : server.acl().user(userName);
        channel.attr(ConsoleCommands.USER).set(user); // the console's commands run as this user
        if (path.equals(METRICS)) {
            requireMethod(m, HttpMethod.GET);
            permit(user, "INFO");
            return CompletableFuture.completedFuture(metrics.scrape(req.headers().get(HttpHeaderNames.ACCEPT)));
        }
        if (path.startsWith(ConsoleEndpoints.PREFIX)) {
            requireMethod(m, HttpMethod.GET);
            return console(path.substring(ConsoleEndpoints.PREFIX.length()), req.uri(), channel);
        }
        if (ConsoleAssets.isAsset(path)) {
            requireMethod(m, HttpMethod.GET);
            return CompletableFuture.completedFuture(assets.get(path));
        }
        if (path.startsWith(DOCS)) {
            if (!m.equals(HttpMethod.GET) && !m.equals(HttpMethod.PUT) && !m.equals(HttpMethod.DELETE)) {
                throw ApiException.methodNotAllowed(m.name(), "GET, PUT, DELETE");
            }
            byte[] key = RequestPath.decode(path.substring(DOCS.length()), "key");
            if (key.length == 0) {
                throw ApiException.badRequest("key: empty (expected: /docs/{key} with a key of at least one byte)");
            }
            if (m.equals(HttpMethod.GET)) {
                permit(user, "JSON.GET", key);
                return documents.get(key, loop);
            }
            if (m.equals(HttpMethod.PUT)) {
                permit(user, "JSON.SET", key, "$", "{}");
                return documents.put(key, ByteBufUtil.getBytes(req.content()), loop);
            }
            permit(user, "JSON.DEL", key);
            return documents.delete(key, loop);
        }
        if (path.equals(INDEXES)) {
            requireMethod(m, HttpMethod.GET);
            permit(user, "FT._LIST");
            return CompletableFuture.completedFuture(search.list());
        }
        if (path.startsWith(INDEXES + "/")) {
            String rest = path.substring(INDEXES.length() + 1);
            if (rest.endsWith(SEARCH) && rest.indexOf('/') == rest.length() - SEARCH.length()) {
                String index = index(rest.substring(0, rest.length() - SEARCH.length()));
                requireMethod(m, HttpMethod.POST);
                permit(user, "FT.SEARCH", index, "*");
                return search.search(index, ByteBufUtil.getBytes(req.content()));
            }
            if (rest.indexOf('/') < 0) {
                String index = index(rest);
                requireMethod(m, HttpMethod.GET);
                permit(user, "FT.INFO", index);
                return search.info(index);
            }
        }
        throw ApiException.notFound("unknown path: " + path
                + " (expected: /docs/{key}, /indexes, /indexes/{index}, /indexes/{index}/search, /metrics,"
                + " / or /console/api/...)");
    }

    private CompletableFuture<ApiResponse> console(String endpoint, String uri, Channel channel) {
        java.util.Map<String, String> q = RequestPath.query(uri);
        switch (endpoint) {
            case "stats" -> {
                permit(channel.attr(ConsoleCommands.USER).get(), "INFO");
                return console.stats();
            }
            case "keys" -> {
                return console.keys(q, channel);
            }
            case "slowlog" -> {
                return console.slowlog(channel);
            }
            case "config" -> {
                return console.config(channel);
            }
            default -> {
                if (endpoint.startsWith("key/") && endpoint.length() > 4) {
                    return console.key(RequestPath.decode(endpoint.substring(4), "key"), q, channel);
                }
                throw ApiException.notFound("unknown path: " + ConsoleEndpoints.PREFIX + endpoint
                        + " (expected: stats, keys, key/{key}, slowlog or config)");
            }
        }
    }

    /**
     * Refuses the request (403, {@code NOPERM} in Redis's words) unless its user may run the
     * command it stands for: a document's GET, PUT and DELETE are JSON.GET, JSON.SET and JSON.DEL
     * of its key, a search FT.SEARCH, the index list FT._LIST, an index FT.INFO, the metrics and
     * the console's statistics INFO; the console's other reads run as commands themselves.
     */
    private void permit(AclUser user, Object... args) {
        if (user == null) { // deleted since the gate let the request in
            throw new ApiException(HttpResponseStatus.UNAUTHORIZED, "invalid username-password pair or user is disabled");
        }
        if (user.rules().unrestricted()) {
            return; // the default user as it starts: nothing to check
        }
        byte[][] argv = new byte[args.length][];
        for (int i = 0; i < args.length; i++) {
            argv[i] = args[i] instanceof byte[] b ? b : args[i].toString().getBytes(StandardCharsets.UTF_8);
        }
        String refusal = AclGate.refusalFor(server, user, argv);
        if (refusal != null) {
            throw new ApiException(HttpResponseStatus.FORBIDDEN, refusal);
        }
    }

    private static String index(String raw) {
        String name = RequestPath.decodeText(raw, "index");
        if (name.isEmpty()) {
            throw ApiException.badRequest("index: empty (expected: an index name)");
        }
        return name;
    }

    private static void requireMethod(HttpMethod actual, HttpMethod allowed) {
        if (!actual.equals(allowed)) {
            throw ApiException.methodNotAllowed(actual.name(), allowed.name());
        }
    }
}
