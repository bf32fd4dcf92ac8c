package dev.fluxext.tls;

import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Certificates made for a test, in a directory of its own: a CA, stores signed by it (valid or expired), and a
 * second CA whose certificates the first one's truststore does not accept. P-256 keys, PKCS12 stores.
 */
public final class TestCertificates {

    public static final String PASSWORD = "test-store-secret-4711";
    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime());

    /** A CA: its key and self-signed certificate. */
    public record Authority(KeyPair keys, X509Certificate certificate) {
    }

    private final Path dir;

    public TestCertificates(Path dir) {
        this.dir = dir;
    }

    public Authority authority(String name) throws Exception {
        KeyPair keys = keyPair();
        X500Name subject = new X500Name("CN=" + name);
        Instant now = Instant.now();
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject, serial(),
                Date.from(now.minus(Duration.ofDays(1))), Date.from(now.plus(Duration.ofDays(30))), subject,
                keys.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(0));
        builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        return new Authority(keys, sign(builder, keys.getPrivate()));
    }

    /** A PKCS12 truststore holding the CA's certificate. */
    public Path truststore(String file, Authority ca) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setCertificateEntry("ca", ca.certificate());
        return write(store, file);
    }

    /** A PKCS12 keystore with a worker key and its certificate signed by {@code ca}, valid from/to as given. */
    public Path keystore(String file, Authority ca, Instant notBefore, Instant notAfter) throws Exception {
        KeyPair keys = keyPair();
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                new X500Name(ca.certificate().getSubjectX500Principal().getName()), serial(), Date.from(notBefore),
                Date.from(notAfter), new X500Name("CN=worker"), keys.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        builder.addExtension(Extension.keyUsage, true,
                new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
        X509Certificate certificate = sign(builder, ca.keys().getPrivate());
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("worker", keys.getPrivate(), PASSWORD.toCharArray(),
                new Certificate[] {certificate, ca.certificate()});
        return write(store, file);
    }

    public Path keystore(String file, Authority ca) throws Exception {
        Instant now = Instant.now();
        return keystore(file, ca, now.minus(Duration.ofHours(1)), now.plus(Duration.ofDays(7)));
    }

    private Path write(KeyStore store, String file) throws Exception {
        Path path = dir.resolve(file);
        try (OutputStream out = Files.newOutputStream(path)) {
            store.store(out, PASSWORD.toCharArray());
        }
        return path;
    }

    private static KeyPair keyPair() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    private static BigInteger serial() {
        return BigInteger.valueOf(SERIAL.incrementAndGet());
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey key) throws Exception {
        return new JcaX509CertificateConverter().getCertificate(builder.build(
                new JcaContentSignerBuilder("SHA256withECDSA").build(key)));
    }
}
