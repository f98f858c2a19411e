package io.cairn.server.http;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The web console's files, served from the class path so the page works with nothing installed
 * and no network: {@code /} (the page), {@code /console/console.js} and {@code /console/console.css}
 * (this package's resources) and uPlot's script and style from its WebJar under
 * {@code /webjars/uplot/}. Only these paths exist; each file is read once, at construction.
 *
 * <p>The files hold no data, so they pass the HTTP API's password check ({@link #isAsset}); the
 * page's JSON requests carry the password ({@code Authorization: Bearer}) and the page asks for it
 * when they are refused. Each file goes with a {@code Content-Security-Policy} allowing only this
 * origin's scripts and styles, so nothing a key name holds could run even if it reached the markup.
 * Immutable; thread-safe.
 */
final class ConsoleAssets {
    /** The WebJar's files: {@code META-INF/resources/webjars/uplot/<version>/dist/}. */
    private static final String UPLOT = "META-INF/resources/webjars/uplot/";
    private static final String UPLOT_VERSION = "META-INF/maven/org.webjars.npm/uplot/pom.properties";
    static final String CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
            + "frame-ancestors 'none'; form-action 'self'";

    private record Asset(String contentType, byte[] body) {
    }

    private final Map<String, Asset> assets = new LinkedHashMap<>();

    ConsoleAssets() {
        ClassLoader loader = ConsoleAssets.class.getClassLoader();
        Asset page = new Asset("text/html; charset=utf-8", own("console/index.html"));
        assets.put("/", page);
        assets.put("/console", page);
        assets.put("/console/", page);
        assets.put("/console/console.js", new Asset("text/javascript; charset=utf-8", own("console/console.js")));
        assets.put("/console/console.css", new Asset("text/css; charset=utf-8", own("console/console.css")));
        String dist = UPLOT + uplotVersion(loader) + "/dist/";
        assets.put("/webjars/uplot/uPlot.iife.min.js",
                new Asset("text/javascript; charset=utf-8", read(loader, dist + "uPlot.iife.min.js")));
        assets.put("/webjars/uplot/uPlot.min.css", new Asset("text/css; charset=utf-8", read(loader, dist + "uPlot.min.css")));
    }

    /** Whether {@code path} names one of the console's files (which need no password). */
    static boolean isAsset(String path) {
        return path.equals("/") || path.equals("/console") || path.equals("/console/")
                || path.equals("/console/console.js") || path.equals("/console/console.css")
                || path.startsWith("/webjars/uplot/");
    }

    /** The file at {@code path}; a 404 for any other path under the console's. */
    ApiResponse get(String path) {
        Asset a = assets.get(path);
        if (a == null) {
            throw ApiException.notFound("unknown path: " + path + " (expected: one of " + assets.keySet() + ")");
        }
        return ApiResponse.of(HttpResponseStatus.OK, a.contentType(), a.body())
                .withHeader("Cache-Control", "no-cache")
                .withHeader("X-Content-Type-Options", "nosniff")
                .withHeader("Content-Security-Policy", CSP);
    }

    private static String uplotVersion(ClassLoader loader) {
        Properties p = new Properties();
        try (InputStream in = loader.getResourceAsStream(UPLOT_VERSION)) {
            if (in == null) {
                throw new IllegalStateException("uPlot's WebJar is not on the class path (" + UPLOT_VERSION + ")");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version");
    }

    private static byte[] own(String name) {
        try (InputStream in = ConsoleAssets.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing console resource: " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] read(ClassLoader loader, String name) {
        try (InputStream in = loader.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing WebJar resource: " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
