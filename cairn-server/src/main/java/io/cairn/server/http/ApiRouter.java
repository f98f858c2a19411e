package io.cairn.server.http;

import io.cairn.server.ServerContext;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.FullHttpRequest;
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

    private final DocumentEndpoints documents;
    private final SearchEndpoints search;

    ApiRouter(ServerContext server) {
        this.documents = new DocumentEndpoints(server.store(), server.jsonLimits());
        this.search = new SearchEndpoints(server.store(), server.search(), server.jsonLimits());
    }

    /**
     * The reply to {@code req}, completing once it may be sent; never throws (a refusal is a
     * completed future holding the error reply).
     *
     * @param loop the connection's event loop, where replies are built after a durability wait
     */
    CompletableFuture<ApiResponse> route(FullHttpRequest req, Executor loop) {
        try {
            return dispatch(req, loop);
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(ApiErrors.toResponse(e));
        }
    }

    private CompletableFuture<ApiResponse> dispatch(FullHttpRequest req, Executor loop) {
        String path = RequestPath.of(req.uri());
        HttpMethod m = req.method();
        if (path.startsWith(DOCS)) {
            if (!m.equals(HttpMethod.GET) && !m.equals(HttpMethod.PUT) && !m.equals(HttpMethod.DELETE)) {
                throw ApiException.methodNotAllowed(m.name(), "GET, PUT, DELETE");
            }
            byte[] key = RequestPath.decode(path.substring(DOCS.length()), "key");
            if (key.length == 0) {
                throw ApiException.badRequest("key: empty (expected: /docs/{key} with a key of at least one byte)");
            }
            if (m.equals(HttpMethod.GET)) {
                return documents.get(key, loop);
            }
            if (m.equals(HttpMethod.PUT)) {
                return documents.put(key, ByteBufUtil.getBytes(req.content()), loop);
            }
            return documents.delete(key, loop);
        }
        if (path.equals(INDEXES)) {
            requireMethod(m, HttpMethod.GET);
            return CompletableFuture.completedFuture(search.list());
        }
        if (path.startsWith(INDEXES + "/")) {
            String rest = path.substring(INDEXES.length() + 1);
            if (rest.endsWith(SEARCH) && rest.indexOf('/') == rest.length() - SEARCH.length()) {
                String index = index(rest.substring(0, rest.length() - SEARCH.length()));
                requireMethod(m, HttpMethod.POST);
                return search.search(index, ByteBufUtil.getBytes(req.content()));
            }
            if (rest.indexOf('/') < 0) {
                String index = index(rest);
                requireMethod(m, HttpMethod.GET);
                return search.info(index);
            }
        }
        throw ApiException.notFound("unknown path: " + path
                + " (expected: /docs/{key}, /indexes, /indexes/{index} or /indexes/{index}/search)");
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
