package io.cairn.server;

import io.cairn.common.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The TLS settings, as Redis names them ({@code tls-port}, {@code tls-cert-file}...), plus Cairn's
 * {@code tls-provider} and {@code http-tls}. Text settings keep the text given (CONFIG GET shows it
 * back, an empty string meaning unset, as Redis); the rules that need no file are checked here,
 * when the record is built, and the rest (files that read, cipher names the provider knows) when
 * the server starts ({@code io.cairn.server.net.TlsContext}). Immutable.
 *
 * @param port         the TLS port for RESP; 0 means none
 * @param protocols    space-separated, from {@code TLSv1.2} and {@code TLSv1.3}; empty means both
 * @param ciphers      TLS 1.2 suites, colon-separated; empty means the provider's defaults
 * @param ciphersuites TLS 1.3 suites, colon-separated; empty means the provider's defaults
 * @param http         whether the HTTP port serves HTTPS
 */
public record TlsSettings(int port, String certFile, String keyFile, String keyFilePass, String caCertFile,
                          String caCertDir, ClientAuth authClients, String protocols, String ciphers,
                          String ciphersuites, Provider provider, boolean http) {

    /** Settings with TLS off, as the defaults are. */
    public static final TlsSettings OFF = new TlsSettings(0, "", "", "", "", "", ClientAuth.YES, "", "", "",
            Provider.AUTO, false);

    /** {@code tls-auth-clients}: whether a client must show a certificate signed by a trusted CA. */
    public enum ClientAuth {
        /** A client without such a certificate is refused (Redis's default). */
        YES,
        /** No certificate is asked for. */
        NO,
        /** A certificate is asked for; one that is sent must check, none at all is accepted. */
        OPTIONAL;

        static ClientAuth parse(String text) {
            return valueOf(text.strip().toUpperCase(Locale.ROOT));
        }
    }

    /** {@code tls-provider}: which TLS engine serves the connections. */
    public enum Provider {
        /** OpenSSL (BoringSSL, from netty-tcnative) when it loads and can honour the settings, else the JDK's. */
        AUTO,
        /** OpenSSL or a failed start. */
        OPENSSL,
        /** The JDK's own ({@code SunJSSE}). */
        JDK;

        static Provider parse(String text) {
            return valueOf(text.strip().toUpperCase(Locale.ROOT));
        }
    }

    /** The protocol names {@code tls-protocols} accepts, as the JDK and Netty spell them. */
    static final List<String> PROTOCOLS = List.of("TLSv1.2", "TLSv1.3");

    public TlsSettings {
        ServerConfig.Key.TLS_PORT.check(port);
        Checks.notNull("certFile", certFile);
        Checks.notNull("keyFile", keyFile);
        Checks.notNull("keyFilePass", keyFilePass);
        Checks.notNull("caCertFile", caCertFile);
        Checks.notNull("caCertDir", caCertDir);
        Checks.notNull("authClients", authClients);
        Checks.notNull("protocols", protocols);
        Checks.notNull("ciphers", ciphers);
        Checks.notNull("ciphersuites", ciphersuites);
        Checks.notNull("provider", provider);
        protocolList(protocols); // throws for a name it does not know
        if (enabled(port, http)) {
            if (certFile.isEmpty()) {
                throw new IllegalArgumentException("tls-cert-file: (empty) (expected: a certificate file, PEM, when "
                        + (port != 0 ? "tls-port" : "http-tls") + " is set)");
            }
            if (keyFile.isEmpty()) {
                throw new IllegalArgumentException("tls-key-file: (empty) (expected: the private key of tls-cert-file, PEM, when "
                        + (port != 0 ? "tls-port" : "http-tls") + " is set)");
            }
            if (authClients != ClientAuth.NO && caCertFile.isEmpty() && caCertDir.isEmpty()) {
                // Redis: "Either tls-ca-cert-file or tls-ca-cert-dir must be specified when ... tls-auth-clients are enabled!"
                throw new IllegalArgumentException("tls-auth-clients: " + authClients.name().toLowerCase(Locale.ROOT)
                        + " (expected: tls-ca-cert-file or tls-ca-cert-dir to check client certificates against,"
                        + " or tls-auth-clients no)");
            }
        }
    }

    private static boolean enabled(int port, boolean http) {
        return port != 0 || http;
    }

    /** Whether any listener serves TLS, so a context is built at start. */
    public boolean enabled() {
        return enabled(port, http);
    }

    /** The protocols offered: {@code tls-protocols}'s, or both when it is empty. */
    public List<String> protocolList() {
        return protocolList(protocols);
    }

    /** {@code tls-ciphers} as a list; empty when unset. */
    public List<String> cipherList() {
        return split(ciphers);
    }

    /** {@code tls-ciphersuites} as a list; empty when unset. */
    public List<String> ciphersuiteList() {
        return split(ciphersuites);
    }

    private static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        for (String s : text.split("[:,\\s]+")) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    private static List<String> protocolList(String text) {
        if (text.isBlank()) {
            return PROTOCOLS;
        }
        List<String> out = new ArrayList<>();
        for (String word : text.strip().split("\\s+")) {
            String known = null;
            for (String p : PROTOCOLS) {
                if (p.equalsIgnoreCase(word)) {
                    known = p;
                }
            }
            if (known == null) {
                throw new IllegalArgumentException("tls-protocols: " + text
                        + " (expected: TLSv1.2 and/or TLSv1.3, space-separated; Cairn offers no older protocol)");
            }
            if (!out.contains(known)) {
                out.add(known);
            }
        }
        return List.copyOf(out);
    }

    /** One TLS setting as CONFIG GET shows it. */
    String get(ServerConfig.Key k) {
        return switch (k) {
            case TLS_PORT -> Integer.toString(port);
            case TLS_CERT_FILE -> certFile;
            case TLS_KEY_FILE -> keyFile;
            case TLS_KEY_FILE_PASS -> keyFilePass;
            case TLS_CA_CERT_FILE -> caCertFile;
            case TLS_CA_CERT_DIR -> caCertDir;
            case TLS_AUTH_CLIENTS -> authClients.name().toLowerCase(Locale.ROOT);
            case TLS_PROTOCOLS -> protocols;
            case TLS_CIPHERS -> ciphers;
            case TLS_CIPHERSUITES -> ciphersuites;
            case TLS_PROVIDER -> provider.name().toLowerCase(Locale.ROOT);
            case HTTP_TLS -> http ? "yes" : "no";
            default -> throw new IllegalArgumentException(k.name + " is not a TLS setting");
        };
    }

    /** Whether {@code k} is one of the settings this record holds. */
    static boolean covers(ServerConfig.Key k) {
        return k.name.startsWith("tls-") || k == ServerConfig.Key.HTTP_TLS;
    }

    /** Reads the TLS settings from the builder's values, each already read as its key's type. */
    static TlsSettings read(java.util.function.Function<ServerConfig.Key, Object> value) {
        return new TlsSettings(
                ((Long) value.apply(ServerConfig.Key.TLS_PORT)).intValue(),
                (String) value.apply(ServerConfig.Key.TLS_CERT_FILE),
                (String) value.apply(ServerConfig.Key.TLS_KEY_FILE),
                (String) value.apply(ServerConfig.Key.TLS_KEY_FILE_PASS),
                (String) value.apply(ServerConfig.Key.TLS_CA_CERT_FILE),
                (String) value.apply(ServerConfig.Key.TLS_CA_CERT_DIR),
                ClientAuth.parse((String) value.apply(ServerConfig.Key.TLS_AUTH_CLIENTS)),
                (String) value.apply(ServerConfig.Key.TLS_PROTOCOLS),
                (String) value.apply(ServerConfig.Key.TLS_CIPHERS),
                (String) value.apply(ServerConfig.Key.TLS_CIPHERSUITES),
                Provider.parse((String) value.apply(ServerConfig.Key.TLS_PROVIDER)),
                "yes".equals(value.apply(ServerConfig.Key.HTTP_TLS)));
    }
}
