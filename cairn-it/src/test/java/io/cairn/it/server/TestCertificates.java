package io.cairn.it.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Certificates made when a test runs, never kept in the tree: a CA, a server certificate for
 * 127.0.0.1 and localhost, and a client certificate, all signed by the CA, plus a client
 * certificate signed by another CA that the server does not trust. EC P-256 keys (quick to make),
 * written as PEM (certificates X.509, keys PKCS#8) into a directory the test owns, so the JUnit
 * temporary directory removes them. Valid for a day.
 */
final class TestCertificates {
    private static final AtomicLong SERIAL = new AtomicLong(System.currentTimeMillis());

    /** One key pair and its certificate, with the files they were written to. */
    record Identity(KeyPair keys, X509Certificate certificate, Path certFile, Path keyFile) {
    }

    final Path dir;
    final Identity ca;
    final Identity server;
    final Identity client;
    /** Signed by a CA the server does not trust. */
    final Identity stranger;

    private TestCertificates(Path dir, Identity ca, Identity server, Identity client, Identity stranger) {
        this.dir = dir;
        this.ca = ca;
        this.server = server;
        this.client = client;
        this.stranger = stranger;
    }

    static TestCertificates create(Path dir) {
        try {
            Files.createDirectories(dir);
            Identity ca = selfSignedCa(dir, "ca", "Cairn Test CA");
            Identity otherCa = selfSignedCa(dir, "other-ca", "Another Test CA");
            Identity server = signed(dir, "server", "Cairn test server", ca, true);
            Identity client = signed(dir, "client", "Cairn test client", ca, false);
            Identity stranger = signed(dir, "stranger", "Stranger client", otherCa, false);
            return new TestCertificates(dir, ca, server, client, stranger);
        } catch (GeneralSecurityException | org.bouncycastle.operator.OperatorCreationException e) {
            throw new IllegalStateException("cannot make test certificates", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The server's settings for these files: cert, key and CA, as {@code name, value} pairs. */
    String[] serverSettings() {
        return new String[] {"tls-cert-file", server.certFile().toString(), "tls-key-file", server.keyFile().toString(),
                "tls-ca-cert-file", ca.certFile().toString()};
    }

    /** A client context trusting the CA and showing {@code identity}'s certificate, or none when null. */
    SSLContext clientContext(Identity identity) {
        try {
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(identity == null ? null : alwaysShowing(identity), trustManagers().getTrustManagers(), null);
            return ctx;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    KeyManagerFactory keyManagers(Identity identity) throws GeneralSecurityException, IOException {
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry("me", identity.keys().getPrivate(), new char[0], new X509Certificate[] {identity.certificate()});
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, new char[0]);
        return kmf;
    }

    /**
     * Key managers that always show {@code identity}'s certificate. The JDK's own send none whose
     * issuer the server did not name, so a stranger's certificate would never reach the server.
     */
    KeyManager[] alwaysShowing(Identity identity) throws GeneralSecurityException, IOException {
        X509ExtendedKeyManager base = (X509ExtendedKeyManager) keyManagers(identity).getKeyManagers()[0];
        return new KeyManager[] {new X509ExtendedKeyManager() {
            @Override
            public String[] getClientAliases(String keyType, Principal[] issuers) {
                return new String[] {"me"};
            }

            @Override
            public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
                return "me";
            }

            @Override
            public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
                return "me";
            }

            @Override
            public String[] getServerAliases(String keyType, Principal[] issuers) {
                return null;
            }

            @Override
            public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
                return null;
            }

            @Override
            public X509Certificate[] getCertificateChain(String alias) {
                return base.getCertificateChain(alias);
            }

            @Override
            public PrivateKey getPrivateKey(String alias) {
                return base.getPrivateKey(alias);
            }
        }};
    }

    TrustManagerFactory trustManagers() throws GeneralSecurityException, IOException {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", ca.certificate());
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        return tmf;
    }

    /** {@code identity}'s key written again as encrypted PKCS#8 PEM (PBES2: HMAC-SHA256, AES-256) under {@code password}. */
    Path encryptedKey(Identity identity, String password) {
        try {
            String pbe = "PBEWithHmacSHA256AndAES_256";
            byte[] salt = new byte[16];
            byte[] iv = new byte[16];
            java.security.SecureRandom random = new java.security.SecureRandom();
            random.nextBytes(salt);
            random.nextBytes(iv);
            javax.crypto.SecretKey key = javax.crypto.SecretKeyFactory.getInstance(pbe)
                    .generateSecret(new javax.crypto.spec.PBEKeySpec(password.toCharArray()));
            javax.crypto.Cipher cipher = javax.crypto.Cipher.getInstance(pbe);
            cipher.init(javax.crypto.Cipher.ENCRYPT_MODE, key,
                    new javax.crypto.spec.PBEParameterSpec(salt, 10_000, new javax.crypto.spec.IvParameterSpec(iv)));
            byte[] sealed = cipher.doFinal(identity.keys().getPrivate().getEncoded());
            // Under the name PBES2, which EncryptedPrivateKeyInfo can encode (it cannot the cipher's own name).
            java.security.AlgorithmParameters pbes2 = java.security.AlgorithmParameters.getInstance("PBES2");
            pbes2.init(cipher.getParameters().getEncoded());
            byte[] der = new javax.crypto.EncryptedPrivateKeyInfo(pbes2, sealed).getEncoded();
            Path file = dir.resolve(identity.keyFile().getFileName() + ".enc");
            Files.writeString(file, pem("ENCRYPTED PRIVATE KEY", der), StandardCharsets.US_ASCII);
            return file;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static KeyPair ecKeys() throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair();
    }

    private static Identity selfSignedCa(Path dir, String file, String cn)
            throws GeneralSecurityException, IOException, org.bouncycastle.operator.OperatorCreationException {
        KeyPair keys = ecKeys();
        X500Name name = new X500Name("CN=" + cn);
        X509v3CertificateBuilder b = builder(name, name, keys);
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
        b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        return write(dir, file, keys, sign(b, keys));
    }

    private static Identity signed(Path dir, String file, String cn, Identity issuer, boolean server)
            throws GeneralSecurityException, IOException, org.bouncycastle.operator.OperatorCreationException {
        KeyPair keys = ecKeys();
        X500Name issuerName = new X500Name(issuer.certificate().getSubjectX500Principal().getName());
        X509v3CertificateBuilder b = builder(issuerName, new X500Name("CN=" + cn), keys);
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyAgreement));
        b.addExtension(Extension.extendedKeyUsage, false,
                new ExtendedKeyUsage(server ? KeyPurposeId.id_kp_serverAuth : KeyPurposeId.id_kp_clientAuth));
        if (server) {
            b.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                    new GeneralName(GeneralName.iPAddress, "127.0.0.1"), new GeneralName(GeneralName.dNSName, "localhost")}));
        }
        return write(dir, file, keys, sign(b, issuer.keys()));
    }

    private static X509v3CertificateBuilder builder(X500Name issuer, X500Name subject, KeyPair keys) {
        Instant now = Instant.now();
        return new JcaX509v3CertificateBuilder(issuer, BigInteger.valueOf(SERIAL.incrementAndGet()),
                Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(Duration.ofDays(1))), subject, keys.getPublic());
    }

    private static X509Certificate sign(X509v3CertificateBuilder b, KeyPair issuer)
            throws GeneralSecurityException, org.bouncycastle.operator.OperatorCreationException {
        return new JcaX509CertificateConverter().getCertificate(
                b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuer.getPrivate())));
    }

    private static Identity write(Path dir, String file, KeyPair keys, X509Certificate cert)
            throws IOException, GeneralSecurityException {
        Path certFile = dir.resolve(file + ".crt");
        Path keyFile = dir.resolve(file + ".key");
        Files.writeString(certFile, pem("CERTIFICATE", cert.getEncoded()), StandardCharsets.US_ASCII);
        Files.writeString(keyFile, pem("PRIVATE KEY", keys.getPrivate().getEncoded()), StandardCharsets.US_ASCII);
        return new Identity(keys, cert, certFile, keyFile);
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
