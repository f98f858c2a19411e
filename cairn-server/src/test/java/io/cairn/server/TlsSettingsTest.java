package io.cairn.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TlsSettingsTest {
    private static ServerConfig.Builder withCert() {
        return new ServerConfig.Builder().set("tls-cert-file", "s.crt").set("tls-key-file", "s.key");
    }

    @Test
    void theDefaultsAreRedisesWithTlsOff() {
        ServerConfig c = new ServerConfig.Builder().build();
        assertThat(c.tls()).isEqualTo(TlsSettings.OFF);
        assertThat(c.tls().enabled()).isFalse();
        assertThat(c.get(ServerConfig.Key.TLS_PORT)).isEqualTo("0");
        assertThat(c.get(ServerConfig.Key.TLS_AUTH_CLIENTS)).isEqualTo("yes");
        assertThat(c.get(ServerConfig.Key.TLS_PROTOCOLS)).isEmpty();
        assertThat(c.get(ServerConfig.Key.HTTP_TLS)).isEqualTo("no");
        assertThat(c.tls().protocolList()).containsExactly("TLSv1.2", "TLSv1.3");
    }

    @Test
    void settingsReadBackAsGiven() {
        ServerConfig c = withCert().set("tls-port", "6380").set("tls-auth-clients", "OPTIONAL").set("tls-ca-cert-dir", "cas")
                .set("tls-protocols", "tlsv1.3").set("tls-ciphers", "A:B").set("tls-ciphersuites", "TLS_AES_128_GCM_SHA256")
                .set("tls-provider", "jdk").build();
        assertThat(c.tls().port()).isEqualTo(6380);
        assertThat(c.tls().authClients()).isEqualTo(TlsSettings.ClientAuth.OPTIONAL);
        assertThat(c.tls().protocolList()).containsExactly("TLSv1.3");
        assertThat(c.get(ServerConfig.Key.TLS_PROTOCOLS)).isEqualTo("tlsv1.3");
        assertThat(c.tls().cipherList()).containsExactly("A", "B");
        assertThat(c.tls().ciphersuiteList()).containsExactly("TLS_AES_128_GCM_SHA256");
        assertThat(c.get(ServerConfig.Key.TLS_AUTH_CLIENTS)).isEqualTo("optional");
        assertThat(c.get(ServerConfig.Key.TLS_PROVIDER)).isEqualTo("jdk");
    }

    @Test
    void badValuesAreRefusedWithTheRule() {
        assertThatThrownBy(() -> new ServerConfig.Builder().set("tls-auth-clients", "maybe"))
                .hasMessage("tls-auth-clients: maybe (expected: yes, no or optional)");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("tls-protocols", "TLSv1.2 SSLv3").build())
                .hasMessageStartingWith("tls-protocols: TLSv1.2 SSLv3 (expected: TLSv1.2 and/or TLSv1.3");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("tls-port", "6380").build())
                .hasMessageStartingWith("tls-cert-file: (empty)");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("tls-port", "6380").set("tls-cert-file", "s.crt").build())
                .hasMessageStartingWith("tls-key-file: (empty)");
        assertThatThrownBy(() -> withCert().set("tls-port", "6380").build())
                .hasMessageStartingWith("tls-auth-clients: yes (expected: tls-ca-cert-file or tls-ca-cert-dir");
        assertThatThrownBy(() -> withCert().set("tls-auth-clients", "no").set("port", "6380").set("tls-port", "6380").build())
                .hasMessage("tls-port: 6380 (expected: another port than port and http-port)");
        assertThatThrownBy(() -> withCert().set("tls-auth-clients", "no").set("http-port", "8080").set("tls-port", "8080").build())
                .hasMessage("tls-port: 8080 (expected: another port than port and http-port)");
        assertThatThrownBy(() -> withCert().set("tls-auth-clients", "no").set("http-tls", "yes").build())
                .hasMessage("http-tls: yes (expected: no while http-port is 0)");
    }

    @Test
    void httpTlsAloneNeedsACertificateButNoTlsPort() {
        ServerConfig c = withCert().set("tls-auth-clients", "no").set("http-port", "8080").set("http-tls", "yes").build();
        assertThat(c.tls().enabled()).isTrue();
        assertThat(c.tls().port()).isZero();
        assertThatThrownBy(() -> new ServerConfig.Builder().set("http-port", "8080").set("http-tls", "yes").build())
                .hasMessage("tls-cert-file: (empty) (expected: a certificate file, PEM, when http-tls is set)");
    }
}
