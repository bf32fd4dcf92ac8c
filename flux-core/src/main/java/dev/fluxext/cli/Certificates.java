package dev.fluxext.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Makes the keys and certificates of worker TLS: a CA, and worker certificates it signs. EC P-256 keys (a mutual
 * TLS 1.3 handshake with them takes about 1.7 ms of CPU with BoringSSL), SHA-256 ECDSA signatures. BouncyCastle
 * writes the certificates; the JDK makes the keys.
 */
public final class Certificates {

    /** A worker is the TLS server of its inbound connections and the TLS client of its outbound ones. */
    public static final List<KeyPurposeId> WORKER_PURPOSES = List.of(KeyPurposeId.id_kp_serverAuth,
        KeyPurposeId.id_kp_clientAuth);

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
    private static final String SIGNATURE = "SHA256withECDSA";

    private Certificates() {
    }

    /** The validity of a certificate: from {@code notBefore} until {@code notAfter}. */
    public record Validity(Instant notBefore, Instant notAfter) {
    }

    /** A new EC P-256 key pair. */
    public static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no EC P-256 keys", e); // every Java 17 has them
        }
    }

    /** A self-signed CA certificate that may sign end-entity certificates only (path length 0). */
    public static X509Certificate ca(KeyPair keys, String commonName, Validity validity) {
        X500Name name = name(commonName);
        try {
            JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
            X509v3CertificateBuilder builder = builder(name, name, keys.getPublic(), validity)
                .addExtension(Extension.basicConstraints, true, new BasicConstraints(0))
                .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                .addExtension(Extension.subjectKeyIdentifier, false, utils.createSubjectKeyIdentifier(keys.getPublic()));
            return sign(builder, keys.getPrivate());
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("could not make the CA certificate: " + e.getMessage(), e);
        }
    }

    /**
     * A certificate for {@code subjectKey} signed by the CA, for the given purposes, naming {@code hosts} (host names
     * or IP addresses) as subject alternative names.
     */
    public static X509Certificate issue(X509Certificate caCert, PrivateKey caKey, PublicKey subjectKey,
                                        String commonName, List<String> hosts, Validity validity,
                                        List<KeyPurposeId> purposes) {
        try {
            JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
            X509v3CertificateBuilder builder = builder(X500Name.getInstance(caCert.getSubjectX500Principal()
                    .getEncoded()), name(commonName), subjectKey, validity)
                .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
                .addExtension(Extension.subjectKeyIdentifier, false, utils.createSubjectKeyIdentifier(subjectKey))
                .addExtension(Extension.authorityKeyIdentifier, false, utils.createAuthorityKeyIdentifier(caCert));
            if (!purposes.isEmpty()) {
                builder.addExtension(Extension.extendedKeyUsage, false,
                    new ExtendedKeyUsage(purposes.toArray(KeyPurposeId[]::new)));
            }
            if (!hosts.isEmpty()) {
                builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(
                    hosts.stream().map(Certificates::generalName).toArray(GeneralName[]::new)));
            }
            return sign(builder, caKey);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("could not issue the certificate for " + commonName + ": "
                + e.getMessage(), e);
        }
    }

    /**
     * Writes a PKCS12 store holding one private key (alias {@code alias}) with its chain, the key protected by the
     * store's password as Storm opens both with one password. The file is made readable by its owner only.
     */
    public static void writeKeyStore(Path file, char[] password, String alias, PrivateKey key,
                                     X509Certificate... chain) throws IOException {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(alias, key, password, chain);
            write(store, file, password);
        } catch (GeneralSecurityException e) {
            throw new IOException("could not write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Writes a PKCS12 store of trusted certificates only (no key), readable by its owner only. */
    public static void writeTrustStore(Path file, char[] password, X509Certificate... trusted) throws IOException {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            for (int i = 0; i < trusted.length; i++) {
                store.setCertificateEntry(i == 0 ? "ca" : "ca-" + i, trusted[i]);
            }
            write(store, file, password);
        } catch (GeneralSecurityException e) {
            throw new IOException("could not write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@code content} to {@code file} through a file created readable and writable by its owner only (0600 on
     * POSIX file systems), then moved into place, so that the secret is never readable by others, not even briefly.
     */
    public static void writePrivately(Path file, byte[] content) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        Path temp = posix
            ? Files.createTempFile(dir, ".flux-tls-", ".tmp", PosixFilePermissions.asFileAttribute(OWNER_ONLY))
            : Files.createTempFile(dir, ".flux-tls-", ".tmp");
        try {
            Files.write(temp, content);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static void write(KeyStore store, Path file, char[] password) throws IOException,
            GeneralSecurityException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        store.store(bytes, password);
        writePrivately(file, bytes.toByteArray());
    }

    /** The SHA-256 fingerprint as pinning configurations write it: upper-case hex pairs joined by colons. */
    public static String sha256Fingerprint(X509Certificate cert) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(cert.getEncoded());
            List<String> pairs = new ArrayList<>();
            for (byte b : digest) {
                pairs.add(HexFormat.of().withUpperCase().toHexDigits(b));
            }
            return String.join(":", pairs);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e); // SHA-256 and an encodable certificate are always there
        }
    }

    /** The names a certificate for this machine carries: localhost, the loopback addresses and the host's name. */
    static List<String> localHosts() {
        List<String> hosts = new ArrayList<>(List.of("localhost", "127.0.0.1", "::1"));
        try {
            String name = InetAddress.getLocalHost().getHostName().toLowerCase(Locale.ROOT);
            if (!hosts.contains(name)) {
                hosts.add(name);
            }
        } catch (IOException e) {
            // A host without a resolvable name: the loopback names still serve --local.
        }
        return hosts;
    }

    private static GeneralName generalName(String host) {
        boolean ip = host.matches("[0-9.]+") || host.contains(":");
        return new GeneralName(ip ? GeneralName.iPAddress : GeneralName.dNSName, host);
    }

    private static X500Name name(String commonName) {
        return new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.CN, commonName).build();
    }

    private static X509v3CertificateBuilder builder(X500Name issuer, X500Name subject, PublicKey key,
                                                    Validity validity) {
        // 159 random bits: positive, at most 20 octets, and unguessable (CA/Browser Forum asks for 64 bits at least).
        BigInteger serial = new BigInteger(159, RANDOM).setBit(158);
        return new JcaX509v3CertificateBuilder(issuer, serial, Date.from(validity.notBefore()),
            Date.from(validity.notAfter()), subject, key);
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey key)
            throws GeneralSecurityException {
        try {
            return new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder(SIGNATURE).build(key)));
        } catch (OperatorCreationException e) {
            throw new GeneralSecurityException(e.getMessage(), e);
        }
    }
}
