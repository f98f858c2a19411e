package io.cairn.server.net;

import io.cairn.common.CairnException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Checks that {@code tls-key-file} holds the private key of {@code tls-cert-file}'s certificate,
 * by signing a random challenge with the one and verifying it with the other. Neither provider
 * checks this when its context is built (the JDK's would fail each handshake instead), so the
 * start does. A key this class cannot read (a format other than PKCS#8 PEM, an algorithm without
 * a signature here) is left to the provider, which has read it already. Stateless.
 */
final class TlsKeyPair {
    private static final Pattern PEM = Pattern.compile(
            "-----BEGIN (ENCRYPTED )?PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END (ENCRYPTED )?PRIVATE KEY-----");

    private TlsKeyPair() {
    }

    static void check(Path certFile, Path keyFile, String password) {
        X509Certificate cert;
        try (InputStream in = Files.newInputStream(certFile)) {
            cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        } catch (IOException | GeneralSecurityException | ClassCastException e) {
            return; // the provider read it; nothing to compare with
        }
        PublicKey pub = cert.getPublicKey();
        String signing = switch (pub.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "Ed25519", "EdDSA" -> "Ed25519";
            default -> null;
        };
        PrivateKey key = signing == null ? null : read(keyFile, password, pub.getAlgorithm());
        if (key == null) {
            return;
        }
        try {
            byte[] challenge = new byte[32];
            new SecureRandom().nextBytes(challenge);
            Signature s = Signature.getInstance(signing);
            s.initSign(key);
            s.update(challenge);
            byte[] signature = s.sign();
            Signature v = Signature.getInstance(signing);
            v.initVerify(pub);
            v.update(challenge);
            if (v.verify(signature)) {
                return;
            }
        } catch (GeneralSecurityException e) {
            // an EC key on another curve, an RSA key of another modulus...: not the pair
        }
        throw new CairnException("tls-key-file: " + keyFile + " (expected: the private key of the certificate in tls-cert-file "
                + certFile + "; it is another key)");
    }

    /** The key, or null when it is not PKCS#8 PEM this class reads. */
    private static PrivateKey read(Path keyFile, String password, String algorithm) {
        try {
            Matcher m = PEM.matcher(Files.readString(keyFile, StandardCharsets.US_ASCII));
            if (!m.find()) {
                return null;
            }
            byte[] der = Base64.getMimeDecoder().decode(m.group(2));
            PKCS8EncodedKeySpec spec;
            if (m.group(1) != null) {
                if (password.isEmpty()) {
                    return null;
                }
                EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(der);
                String pbe = info.getAlgName();
                if (pbe.equals("PBES2") || pbe.equals("1.2.840.113549.1.5.13")) {
                    pbe = info.getAlgParameters().toString(); // e.g. PBEWithHmacSHA256AndAES_256
                }
                SecretKeyFactory f = SecretKeyFactory.getInstance(pbe);
                Cipher c = Cipher.getInstance(pbe);
                c.init(Cipher.DECRYPT_MODE, f.generateSecret(new PBEKeySpec(password.toCharArray())), info.getAlgParameters());
                spec = info.getKeySpec(c);
            } else {
                spec = new PKCS8EncodedKeySpec(der);
            }
            return KeyFactory.getInstance(algorithm.equals("EdDSA") ? "Ed25519" : algorithm).generatePrivate(spec);
        } catch (IOException | GeneralSecurityException | IllegalArgumentException e) {
            return null;
        }
    }
}
