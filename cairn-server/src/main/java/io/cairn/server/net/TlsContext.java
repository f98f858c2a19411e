package io.cairn.server.net;

import io.cairn.common.CairnException;
import io.cairn.server.TlsSettings;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;

/**
 * The server's one TLS context, built from {@link TlsSettings} when the server starts (never
 * reloaded) and shared by every TLS connection, RESP and HTTP alike. Everything a setting can get
 * wrong is found here, before any port is bound: files that do not read, a key that does not match,
 * cipher names the provider does not know (one engine is made and dropped to find those, as the
 * JDK checks them only per engine). Thread-safe: {@link #newHandler} is called on every event loop.
 */
public final class TlsContext implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(TlsContext.class.getName());

    /** The TLS 1.3 suites by their IANA names, which both providers use. */
    static final Set<String> TLS13_SUITES = Set.of("TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384",
            "TLS_CHACHA20_POLY1305_SHA256", "TLS_AES_128_CCM_SHA256", "TLS_AES_128_CCM_8_SHA256");
    /** What a provider offers for TLS 1.3 when only {@code tls-ciphers} is set. */
    private static final List<String> DEFAULT_TLS13_SUITES = List.of("TLS_AES_256_GCM_SHA384", "TLS_AES_128_GCM_SHA256",
            "TLS_CHACHA20_POLY1305_SHA256");

    private final SslContext context;
    private final String provider;

    private TlsContext(SslContext context, String provider) {
        this.context = context;
        this.provider = provider;
    }

    /**
     * Builds the context and logs which provider serves it.
     *
     * @throws CairnException naming the setting at fault when a file does not read, OpenSSL was
     *                        asked for and cannot serve, or the provider refuses a setting
     */
    public static TlsContext build(TlsSettings s) {
        SslProvider provider = provider(s);
        SslContextBuilder b;
        try {
            b = SslContextBuilder.forServer(Path.of(s.certFile()).toFile(), Path.of(s.keyFile()).toFile(),
                    s.keyFilePass().isEmpty() ? null : s.keyFilePass());
        } catch (IllegalArgumentException e) {
            throw new CairnException("tls-cert-file, tls-key-file: " + s.certFile() + ", " + s.keyFile()
                    + " (cannot be loaded: " + rootMessage(e) + ")", e);
        }
        TlsKeyPair.check(Path.of(s.certFile()), Path.of(s.keyFile()), s.keyFilePass());
        b.sslProvider(provider)
                .clientAuth(switch (s.authClients()) {
                    case YES -> ClientAuth.REQUIRE;
                    case OPTIONAL -> ClientAuth.OPTIONAL;
                    case NO -> ClientAuth.NONE;
                })
                .protocols(s.protocolList());
        List<X509Certificate> cas = caCertificates(s);
        if (!cas.isEmpty()) {
            b.trustManager(cas.toArray(X509Certificate[]::new));
        }
        List<String> ciphers = ciphers(s, provider);
        if (!ciphers.isEmpty()) {
            b.ciphers(ciphers);
        }
        SslContext context = null;
        try {
            context = b.build();
            // The JDK checks cipher names only when it makes an engine: make one now, not at the first client.
            SSLEngine probe = context.newEngine(ByteBufAllocator.DEFAULT);
            probe.closeOutbound();
            ReferenceCountUtil.release(probe);
        } catch (javax.net.ssl.SSLException | IllegalArgumentException e) {
            ReferenceCountUtil.release(context); // null-safe: the OpenSSL context holds native memory
            throw new CairnException("tls: the " + name(provider) + " provider refuses the settings (tls-cert-file "
                    + s.certFile() + ", tls-key-file " + s.keyFile() + ", tls-protocols '" + s.protocols()
                    + "', tls-ciphers '" + s.ciphers() + "', tls-ciphersuites '" + s.ciphersuites() + "'): " + rootMessage(e), e);
        }
        String description = provider == SslProvider.OPENSSL ? "OpenSSL (" + OpenSsl.versionString() + ", netty-tcnative)"
                : "JDK (" + jdkProviderName() + ")";
        LOG.log(System.Logger.Level.INFO, "TLS provider: " + description + ", protocols " + String.join(" ", s.protocolList())
                + ", tls-auth-clients " + s.authClients().name().toLowerCase(java.util.Locale.ROOT));
        return new TlsContext(context, description);
    }

    /** The provider serving the connections, as logged at the start, e.g. {@code "OpenSSL (BoringSSL, netty-tcnative)"}. */
    public String provider() {
        return provider;
    }

    /**
     * Frees the context (OpenSSL's holds native memory). Called once, after the last connection
     * closed; a handler made before keeps what it needs until its connection closes.
     */
    @Override
    public void close() {
        ReferenceCountUtil.release(context);
    }

    /** A new handler for one accepted connection (server mode). */
    public SslHandler newHandler(ByteBufAllocator alloc) {
        return context.newHandler(alloc);
    }

    private static SslProvider provider(TlsSettings s) {
        boolean openSsl = OpenSsl.isAvailable();
        return switch (s.provider()) {
            case JDK -> SslProvider.JDK;
            case OPENSSL -> {
                if (!openSsl) {
                    throw new CairnException("tls-provider: openssl (expected: a loadable netty-tcnative; it does not load: "
                            + rootMessage(OpenSsl.unavailabilityCause()) + ")", OpenSsl.unavailabilityCause());
                }
                if (!s.ciphersuites().isEmpty()) {
                    throw new CairnException("tls-ciphersuites: " + s.ciphersuites()
                            + " (expected: empty with tls-provider openssl: BoringSSL always offers its TLS 1.3 suites;"
                            + " tls-provider jdk or auto honours it)");
                }
                yield SslProvider.OPENSSL;
            }
            case AUTO -> {
                if (!openSsl) {
                    LOG.log(System.Logger.Level.INFO, "OpenSSL (netty-tcnative) does not load, so TLS uses the JDK's provider: "
                            + rootMessage(OpenSsl.unavailabilityCause()));
                    yield SslProvider.JDK;
                }
                if (!s.ciphersuites().isEmpty()) {
                    LOG.log(System.Logger.Level.INFO, "tls-ciphersuites is set and BoringSSL cannot restrict TLS 1.3 suites,"
                            + " so TLS uses the JDK's provider");
                    yield SslProvider.JDK;
                }
                yield SslProvider.OPENSSL;
            }
        };
    }

    /**
     * The suites to enable, or empty for the provider's defaults. A group left unset keeps its
     * defaults: only {@code tls-ciphers} set still offers TLS 1.3's usual suites, only
     * {@code tls-ciphersuites} set (the JDK provider) still offers its TLS 1.2 defaults.
     */
    private static List<String> ciphers(TlsSettings s, SslProvider provider) {
        List<String> tls12 = s.cipherList();
        List<String> tls13 = s.ciphersuiteList();
        if (tls12.isEmpty() && tls13.isEmpty()) {
            return List.of();
        }
        List<String> all = new ArrayList<>();
        if (tls12.isEmpty()) {
            for (String c : jdkDefaultSuites()) {
                if (!TLS13_SUITES.contains(c)) {
                    all.add(c);
                }
            }
        } else {
            all.addAll(tls12);
        }
        all.addAll(tls13.isEmpty() ? DEFAULT_TLS13_SUITES : tls13);
        return all;
    }

    private static String[] jdkDefaultSuites() {
        try {
            return SSLContext.getDefault().getDefaultSSLParameters().getCipherSuites();
        } catch (GeneralSecurityException e) {
            throw new CairnException("tls: the JDK's default TLS context is unavailable: " + e, e);
        }
    }

    private static String jdkProviderName() {
        try {
            return SSLContext.getDefault().getProvider().getName();
        } catch (GeneralSecurityException e) {
            return "unknown";
        }
    }

    /** {@code tls-ca-cert-file}'s certificates and those of every file in {@code tls-ca-cert-dir}. */
    private static List<X509Certificate> caCertificates(TlsSettings s) {
        List<X509Certificate> out = new ArrayList<>();
        if (!s.caCertFile().isEmpty()) {
            out.addAll(readCertificates("tls-ca-cert-file", Path.of(s.caCertFile())));
        }
        if (!s.caCertDir().isEmpty()) {
            Path dir = Path.of(s.caCertDir());
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, Files::isRegularFile)) {
                for (Path f : files) {
                    out.addAll(readCertificates("tls-ca-cert-dir", f));
                }
            } catch (IOException e) {
                throw new CairnException("tls-ca-cert-dir: " + dir + " (cannot be read: " + e + ")", e);
            }
        }
        return out;
    }

    private static List<X509Certificate> readCertificates(String setting, Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            List<X509Certificate> out = new ArrayList<>();
            for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                out.add((X509Certificate) c);
            }
            if (out.isEmpty()) {
                throw new CairnException(setting + ": " + file + " (expected: PEM certificates; it holds none)");
            }
            return out;
        } catch (IOException | GeneralSecurityException e) {
            throw new CairnException(setting + ": " + file + " (cannot be read: " + e.getMessage() + ")", e);
        }
    }

    private static String name(SslProvider p) {
        return p == SslProvider.OPENSSL ? "OpenSSL" : "JDK";
    }

    private static String rootMessage(Throwable t) {
        if (t == null) {
            return "unknown cause";
        }
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == t ? String.valueOf(t.getMessage()) : t.getMessage() + ": " + root;
    }
}
