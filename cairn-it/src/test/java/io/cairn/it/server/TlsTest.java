package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.cairn.common.CairnException;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.netty.handler.ssl.OpenSsl;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * RESP and HTTP over TLS: redis-cli, Jedis and Lettuce on {@code tls-port}; client certificates
 * under each {@code tls-auth-clients}; protocols and suites; a plain-text client on the TLS port;
 * {@code port 0} leaving only TLS; both providers (OpenSSL where netty-tcnative loads, the JDK's).
 * The certificates are made per test ({@link TestCertificates}) in its temporary directory.
 */
class TlsTest {
    @TempDir
    Path dir;
    TestCertificates certs;
    TestServer server;

    @BeforeEach
    void makeCertificates() {
        certs = TestCertificates.create(dir.resolve("certs"));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** Starts with TLS on a free port and the plain port as given by {@code settings} (a free one by default). */
    private TestServer startTls(String... settings) {
        for (int attempt = 1; ; attempt++) {
            List<String> all = new ArrayList<>(Arrays.asList(certs.serverSettings()));
            all.addAll(List.of("tls-port", Integer.toString(TestServer.freePort()), "port", Integer.toString(TestServer.freePort())));
            all.addAll(Arrays.asList(settings));
            try {
                return TestServer.start(dir.resolve("data"), "none", all.toArray(String[]::new));
            } catch (CairnException e) {
                if (attempt == 5 || e.getMessage() == null || !e.getMessage().startsWith("cannot listen")) {
                    throw e;
                }
            }
        }
    }

    /**
     * Sends PING over TLS with the client's {@code context}, optionally held to {@code protocols}
     * and {@code suites}; the reply line, or {@code "refused: ..."} when the handshake or the read
     * fails or the server closes (TLS 1.3 clients learn of a refused certificate at their first read).
     */
    private static String ping(SSLContext context, int port, String[] protocols, String[] suites) {
        try (SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            if (protocols != null) {
                s.setEnabledProtocols(protocols);
            }
            if (suites != null) {
                s.setEnabledCipherSuites(suites);
            }
            s.startHandshake();
            s.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            String line = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII)).readLine();
            return line == null ? "refused: closed" : line;
        } catch (IOException e) {
            return "refused: " + e;
        }
    }

    private String ping(SSLContext context) {
        return ping(context, server.server.tlsPort(), null, null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssl", "jdk"})
    void aClientWithACertificateOfTheCaIsServedByEitherProvider(String provider) {
        if (provider.equals("openssl")) {
            assumeThat(OpenSsl.isAvailable()).as("netty-tcnative loads here: " + OpenSsl.unavailabilityCause()).isTrue();
        }
        server = startTls("tls-provider", provider);
        assertThat(server.server.tlsProvider()).startsWith(provider.equals("openssl") ? "OpenSSL" : "JDK");
        assertThat(ping(certs.clientContext(certs.client))).isEqualTo("+PONG");
        assertThat(ping(certs.clientContext(certs.client), server.server.tlsPort(), new String[] {"TLSv1.2"}, null))
                .isEqualTo("+PONG");
    }

    @Test
    void autoPicksOpenSslWhereItLoads() {
        server = startTls();
        assertThat(server.server.tlsProvider()).startsWith(OpenSsl.isAvailable() ? "OpenSSL" : "JDK");
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssl", "jdk"})
    void authClientsYesRefusesAClientWithoutACertificateOrWithAStrangersOne(String provider) {
        if (provider.equals("openssl")) {
            assumeThat(OpenSsl.isAvailable()).isTrue();
        }
        server = startTls("tls-provider", provider); // tls-auth-clients yes is the default, as Redis
        assertThat(ping(certs.clientContext(null))).startsWith("refused");
        assertThat(ping(certs.clientContext(certs.stranger))).startsWith("refused");
        assertThat(ping(certs.clientContext(null), server.server.tlsPort(), new String[] {"TLSv1.2"}, null)).startsWith("refused");
        assertThat(ping(certs.clientContext(certs.client))).isEqualTo("+PONG"); // and the server goes on
    }

    @Test
    void authClientsOptionalAcceptsNoCertificateButChecksOneThatIsSent() {
        server = startTls("tls-auth-clients", "optional");
        assertThat(ping(certs.clientContext(null))).isEqualTo("+PONG");
        assertThat(ping(certs.clientContext(certs.client))).isEqualTo("+PONG");
        assertThat(ping(certs.clientContext(certs.stranger))).startsWith("refused");
    }

    @Test
    void authClientsNoAsksForNoCertificate() {
        server = startTls("tls-auth-clients", "no");
        assertThat(ping(certs.clientContext(null))).isEqualTo("+PONG");
    }

    @Test
    void aPlainTextClientOnTheTlsPortIsClosedAndTheServerGoesOn() throws IOException, InterruptedException {
        server = startTls();
        java.util.logging.Logger log = java.util.logging.Logger.getLogger("io.cairn.server.net.TlsHandshakeLog");
        java.util.Queue<String> logged = new java.util.concurrent.ConcurrentLinkedQueue<>();
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                logged.add(r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(capture);
        List<Integer> clientPorts = new ArrayList<>();
        try {
            plainTextOnTheTlsPort(clientPorts);
            // Each refused client is logged once, with its address, on the event loop: wait until all three are.
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (clientPorts.stream().anyMatch(p -> logged.stream().noneMatch(m -> m.contains("127.0.0.1:" + p + " ")))
                    && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
        } finally {
            log.removeHandler(capture);
        }
        for (int p : clientPorts) {
            assertThat(logged).as("logged: " + logged).anyMatch(m -> m.startsWith("TLS handshake from /127.0.0.1:" + p + " ")
                    && m.contains("failed, connection closed"));
        }
        assertThat(ping(certs.clientContext(certs.client))).isEqualTo("+PONG");
        try (Jedis plain = new Jedis("127.0.0.1", server.port())) { // the plain port still serves too
            assertThat(plain.ping()).isEqualTo("PONG");
        }
    }

    private void plainTextOnTheTlsPort(List<Integer> clientPorts) throws IOException {
        for (int i = 0; i < 3; i++) {
            try (Socket s = new Socket("127.0.0.1", server.server.tlsPort())) {
                clientPorts.add(s.getLocalPort());
                s.setSoTimeout(10_000);
                s.getOutputStream().write("PING\r\n*1\r\n$4\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                InputStream in = s.getInputStream();
                byte[] got = readToEnd(in);
                // At most a TLS alert record (content type 21), never a RESP reply; then the server closes.
                assertThat(new String(got, StandardCharsets.ISO_8859_1)).doesNotContain("PONG").doesNotContain("-ERR");
                if (got.length > 0) {
                    assertThat(got[0]).isEqualTo((byte) 21);
                }
            }
        }
    }

    private static byte[] readToEnd(InputStream in) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        try {
            for (int n; (n = in.read(buf)) >= 0; ) {
                out.write(buf, 0, n);
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the server kept a plain-text connection on its TLS port open; read so far: " + out, e);
        } catch (java.net.SocketException e) {
            // reset by the server after its alert: closed all the same
        }
        return out.toByteArray();
    }

    @Test
    void portZeroWithTlsPortLeavesOnlyTheTlsPort() throws Exception {
        server = startTls("port", "0");
        assertThat(server.port()).isZero();
        assertThat(server.server.tlsPort()).isPositive();
        try (Jedis jedis = jedis(certs.client)) {
            assertThat(jedis.configGet("port")).containsEntry("port", "0");
            assertThat(jedis.configGet("tls-port")).containsEntry("tls-port", Integer.toString(server.server.tlsPort()));
            assertThat(jedis.info("server")).contains("tcp_port:" + server.server.tlsPort() + "\r\n"); // as Redis: port, else tls-port
            jedis.set("k", "v");
            assertThat(jedis.get("k")).isEqualTo("v");
        }
    }

    @Test
    void portZeroWithoutTlsStillPicksAFreePort() {
        server = TestServer.start(dir.resolve("data"), "none", "port", "0");
        assertThat(server.port()).isPositive();
        assertThat(server.server.tlsPort()).isZero();
        assertThat(server.server.tlsProvider()).isNull();
    }

    private Jedis jedis(TestCertificates.Identity identity) {
        return new Jedis(new HostAndPort("127.0.0.1", server.server.tlsPort()), DefaultJedisClientConfig.builder()
                .ssl(true).sslSocketFactory(certs.clientContext(identity).getSocketFactory())
                .timeoutMillis(30_000).build());
    }

    @Test
    void jedisOverTls() {
        server = startTls();
        try (Jedis jedis = jedis(certs.client)) {
            assertThat(jedis.ping()).isEqualTo("PONG");
            jedis.set("greeting", "hello over tls");
            assertThat(jedis.get("greeting")).isEqualTo("hello over tls");
            byte[] big = new byte[1 << 20]; // larger than one TLS record: split and joined again
            new java.util.Random(7).nextBytes(big);
            jedis.set("big".getBytes(StandardCharsets.US_ASCII), big);
            assertThat(jedis.get("big".getBytes(StandardCharsets.US_ASCII))).isEqualTo(big);
            assertThat(jedis.clientList()).contains("cmd=client");
        }
    }

    @Test
    void lettuceOverTlsWithPipelinedCommands() throws Exception {
        server = startTls();
        RedisClient client = RedisClient.create(RedisURI.builder().withHost("127.0.0.1").withPort(server.server.tlsPort())
                .withSsl(true).withVerifyPeer(true).withTimeout(Duration.ofSeconds(30)).build());
        try {
            client.setOptions(ClientOptions.builder().sslOptions(SslOptions.builder().jdkSslProvider()
                    .keyManager(certs.keyManagers(certs.client)).trustManager(certs.trustManagers()).build()).build());
            try (StatefulRedisConnection<String, String> c = client.connect()) {
                assertThat(c.sync().ping()).isEqualTo("PONG");
                c.setAutoFlushCommands(false);
                List<io.lettuce.core.RedisFuture<?>> futures = new ArrayList<>();
                for (int i = 0; i < 1000; i++) {
                    futures.add(c.async().incr("counter"));
                }
                c.flushCommands();
                for (var f : futures) {
                    f.get(30, java.util.concurrent.TimeUnit.SECONDS);
                }
                c.setAutoFlushCommands(true);
                assertThat(c.sync().get("counter")).isEqualTo("1000");
            }
        } finally {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(5));
        }
    }

    @Test
    void redisCliOverTls() throws Exception {
        RedisCli.requireInstalled();
        String help = RedisCli.run(1, null, "--help");
        assumeThat(help).as("this redis-cli is built with TLS").contains("--tls");
        server = startTls();
        String[] tls = {"--tls", "--cacert", certs.ca.certFile().toString(), "--cert", certs.client.certFile().toString(),
                "--key", certs.client.keyFile().toString()};
        int port = server.server.tlsPort();
        assertThat(RedisCli.run(port, null, concat(tls, "SET", "cli", "over tls")).strip()).isEqualTo("OK");
        assertThat(RedisCli.run(port, null, concat(tls, "GET", "cli")).strip()).isEqualTo("over tls");
        assertThat(RedisCli.run(port, "PING\nDBSIZE\n", tls)).contains("PONG").contains("1");
        // Without a client certificate, tls-auth-clients yes refuses it.
        String refused = RedisCli.run(port, null, "--tls", "--cacert", certs.ca.certFile().toString(), "PING");
        assertThat(refused).doesNotContain("PONG");
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssl", "jdk"})
    void tlsProtocolsLimitsWhatIsOffered(String provider) {
        if (provider.equals("openssl")) {
            assumeThat(OpenSsl.isAvailable()).isTrue();
        }
        server = startTls("tls-provider", provider, "tls-protocols", "TLSv1.2");
        SSLContext ctx = certs.clientContext(certs.client);
        assertThat(ping(ctx, server.server.tlsPort(), new String[] {"TLSv1.3"}, null)).startsWith("refused");
        assertThat(ping(ctx, server.server.tlsPort(), new String[] {"TLSv1.2"}, null)).isEqualTo("+PONG");
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssl", "jdk"})
    void tlsCiphersLimitsTheTls12Suites(String provider) {
        if (provider.equals("openssl")) {
            assumeThat(OpenSsl.isAvailable()).isTrue();
        }
        server = startTls("tls-provider", provider, "tls-ciphers", "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384");
        SSLContext ctx = certs.clientContext(certs.client);
        String[] tls12 = {"TLSv1.2"};
        assertThat(ping(ctx, server.server.tlsPort(), tls12, new String[] {"TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"}))
                .startsWith("refused");
        assertThat(ping(ctx, server.server.tlsPort(), tls12, new String[] {"TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"}))
                .isEqualTo("+PONG");
        assertThat(ping(ctx)).as("TLS 1.3 keeps its default suites").isEqualTo("+PONG");
    }

    @Test
    void openSslNamesWorkInTlsCiphersWithTheOpenSslProvider() {
        assumeThat(OpenSsl.isAvailable()).isTrue();
        server = startTls("tls-provider", "openssl", "tls-ciphers", "ECDHE-ECDSA-AES256-GCM-SHA384");
        SSLContext ctx = certs.clientContext(certs.client);
        String[] tls12 = {"TLSv1.2"};
        assertThat(ping(ctx, server.server.tlsPort(), tls12, new String[] {"TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"}))
                .startsWith("refused");
        assertThat(ping(ctx, server.server.tlsPort(), tls12, new String[] {"TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"}))
                .isEqualTo("+PONG");
    }

    @Test
    void tlsCiphersuitesLimitsTheTls13SuitesThroughTheJdkProvider() {
        server = startTls("tls-ciphersuites", "TLS_AES_128_GCM_SHA256");
        assertThat(server.server.tlsProvider()).startsWith("JDK"); // BoringSSL cannot restrict them
        SSLContext ctx = certs.clientContext(certs.client);
        String[] tls13 = {"TLSv1.3"};
        assertThat(ping(ctx, server.server.tlsPort(), tls13, new String[] {"TLS_AES_256_GCM_SHA384"})).startsWith("refused");
        assertThat(ping(ctx, server.server.tlsPort(), tls13, new String[] {"TLS_AES_128_GCM_SHA256"})).isEqualTo("+PONG");
        assertThat(ping(ctx, server.server.tlsPort(), new String[] {"TLSv1.2"}, null)).as("TLS 1.2 keeps its defaults")
                .isEqualTo("+PONG");
    }

    @Test
    void configGetShowsTheTlsSettingsAndConfigSetRefusesThem() {
        server = startTls("tls-auth-clients", "optional", "tls-protocols", "TLSv1.2 TLSv1.3");
        try (Jedis jedis = jedis(certs.client)) {
            Map<String, String> all = jedis.configGet("tls-*");
            assertThat(all).containsEntry("tls-port", Integer.toString(server.server.tlsPort()))
                    .containsEntry("tls-cert-file", certs.server.certFile().toString())
                    .containsEntry("tls-ca-cert-file", certs.ca.certFile().toString())
                    .containsEntry("tls-auth-clients", "optional")
                    .containsEntry("tls-protocols", "TLSv1.2 TLSv1.3")
                    .containsEntry("tls-ciphers", "")
                    .containsEntry("tls-ciphersuites", "")
                    .containsKeys("tls-key-file", "tls-key-file-pass", "tls-ca-cert-dir", "tls-provider");
            assertThat(jedis.configGet("http-tls")).containsEntry("http-tls", "no");
            assertThatThrownBy(() -> jedis.configSet("tls-auth-clients", "no"))
                    .hasMessage("ERR CONFIG SET failed (possibly related to argument 'tls-auth-clients') - can't set immutable config");
            assertThatThrownBy(() -> jedis.configSet("tls-port", "0")).hasMessageContaining("can't set immutable config");
        }
    }

    @Test
    void httpTlsServesHttpsOnTheHttpPort() throws Exception {
        server = startTls("http-port", Integer.toString(TestServer.freePort()), "http-tls", "yes");
        HttpClient https = HttpClient.newBuilder().sslContext(certs.clientContext(certs.client))
                .connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<String> r = https.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.httpPort() + "/metrics"))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("redis_up");
        HttpClient plain = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        assertThatThrownBy(() -> plain.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + "/metrics"))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString())).isInstanceOf(IOException.class);
        HttpClient noCert = HttpClient.newBuilder().sslContext(certs.clientContext(null)).connectTimeout(Duration.ofSeconds(10)).build();
        assertThatThrownBy(() -> noCert.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.httpPort() + "/metrics"))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString())).isInstanceOf(IOException.class);
    }

    /** The start's failure with {@code settings}; a server that does start is closed and the test fails. */
    private Throwable startFailure(String... settings) {
        try {
            TestServer started = TestServer.start(dir.resolve("data"), "none", settings);
            started.close();
            throw new AssertionError("the server started with " + Arrays.toString(settings));
        } catch (IllegalArgumentException | CairnException e) {
            return e;
        }
    }

    @Test
    void settingsAtFaultStopTheStartAndSayWhich() throws IOException {
        String port = Integer.toString(TestServer.freePort());
        String cert = certs.server.certFile().toString();
        String key = certs.server.keyFile().toString();
        assertThat(startFailure("tls-port", port)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("tls-cert-file: (empty)");
        assertThat(startFailure("tls-port", port, "tls-cert-file", cert, "tls-key-file", key))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("tls-auth-clients: yes (expected: tls-ca-cert-file");
        assertThat(startFailure("tls-protocols", "TLSv1.1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("tls-protocols: TLSv1.1 (expected");
        assertThat(startFailure("http-tls", "yes", "tls-cert-file", cert, "tls-key-file", key, "tls-auth-clients", "no")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("http-tls: yes (expected: no while http-port is 0)");
        Path missing = dir.resolve("missing.crt");
        assertThat(startFailure("tls-port", port, "tls-cert-file", missing.toString(), "tls-key-file", key, "tls-auth-clients", "no"))
                .isInstanceOf(CairnException.class).hasMessageContaining("tls-cert-file").hasMessageContaining(missing.toString());
        Path garbage = Files.writeString(dir.resolve("garbage.crt"), "not a certificate\n");
        assertThat(startFailure("tls-port", port, "tls-cert-file", cert, "tls-key-file", key, "tls-ca-cert-file", garbage.toString()))
                .isInstanceOf(CairnException.class).hasMessageStartingWith("tls-ca-cert-file: " + garbage);
        for (String provider : OpenSsl.isAvailable() ? List.of("openssl", "jdk") : List.of("jdk")) {
            assertThat(startFailure("tls-port", port, "tls-cert-file", cert, "tls-key-file", key, "tls-auth-clients", "no",
                    "tls-provider", provider, "tls-ciphers", "NO_SUCH_SUITE"))
                    .isInstanceOf(CairnException.class).hasMessageContaining("NO_SUCH_SUITE");
            assertThat(startFailure("tls-port", port, "tls-cert-file", cert, "tls-key-file", certs.client.keyFile().toString(),
                    "tls-auth-clients", "no", "tls-provider", provider))
                    .as("a key that is not the certificate's").isInstanceOf(CairnException.class)
                    .hasMessageStartingWith("tls-key-file: " + certs.client.keyFile());
        }
        if (OpenSsl.isAvailable()) {
            assertThat(startFailure("tls-port", port, "tls-cert-file", cert, "tls-key-file", key, "tls-auth-clients", "no",
                    "tls-provider", "openssl", "tls-ciphersuites", "TLS_AES_128_GCM_SHA256"))
                    .isInstanceOf(CairnException.class).hasMessageStartingWith("tls-ciphersuites: TLS_AES_128_GCM_SHA256 (expected: empty");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssl", "jdk"})
    void anEncryptedKeyIsReadWithTlsKeyFilePass(String provider) {
        if (provider.equals("openssl")) {
            assumeThat(OpenSsl.isAvailable()).isTrue();
        }
        Path encrypted = certs.encryptedKey(certs.server, "s3cret");
        assertThat(startFailure("tls-port", Integer.toString(TestServer.freePort()), "tls-cert-file", certs.server.certFile().toString(),
                "tls-key-file", encrypted.toString(), "tls-key-file-pass", "wrong", "tls-auth-clients", "no", "tls-provider", provider))
                .isInstanceOf(CairnException.class).hasMessageContaining("tls-key-file");
        server = startTls("tls-key-file", encrypted.toString(), "tls-key-file-pass", "s3cret", "tls-provider", provider);
        assertThat(ping(certs.clientContext(certs.client))).isEqualTo("+PONG");
        // A key of another certificate is found even when encrypted.
        Path other = certs.encryptedKey(certs.client, "s3cret");
        assertThat(startFailure("tls-port", Integer.toString(TestServer.freePort()), "tls-cert-file", certs.server.certFile().toString(),
                "tls-key-file", other.toString(), "tls-key-file-pass", "s3cret", "tls-auth-clients", "no", "tls-provider", provider))
                .isInstanceOf(CairnException.class).hasMessageStartingWith("tls-key-file: " + other);
    }

    @Test
    void aCaDirectoryTrustsEachCertificateInIt() throws IOException {
        Path cas = Files.createDirectories(dir.resolve("cas"));
        Files.copy(certs.ca.certFile(), cas.resolve("ca.pem"));
        server = startTls("tls-ca-cert-file", "", "tls-ca-cert-dir", cas.toString());
        assertThat(ping(certs.clientContext(certs.client))).isEqualTo("+PONG");
        assertThat(ping(certs.clientContext(certs.stranger))).startsWith("refused");
    }
}
