package dev.fluxext.examples;

import dev.fluxext.cli.Certificates;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** An example topology with worker TLS, and stores made for the test (no key made elsewhere is committed). */
public final class TlsFixture {

    public static final String PASSWORD = "examples-tls-test-password-6174";

    private TlsFixture() {
    }

    /** The batch-compressed events over TLS: see {@link #overTls}. */
    static Path eventsOverTls(Path dir) throws Exception {
        return overTls(dir, "events-batch-compressed");
    }

    /**
     * {@code dir}/certs with a CA, a worker keystore and the password file, and {@code dir}/NAME-tls.yaml: the example
     * {@code topologies/NAME.yaml} with a {@code tls:} block in its transport (store paths relative to the file).
     */
    public static Path overTls(Path dir, String name) throws Exception {
        Path certs = Files.createDirectories(dir.resolve("certs"));
        Instant now = Instant.now();
        Certificates.Validity days = new Certificates.Validity(now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(30)));
        KeyPair caKeys = Certificates.newKeyPair();
        X509Certificate ca = Certificates.ca(caKeys, "examples test CA", days);
        KeyPair keys = Certificates.newKeyPair();
        X509Certificate worker = Certificates.issue(ca, caKeys.getPrivate(), keys.getPublic(), "worker", List.of(),
                days, Certificates.WORKER_PURPOSES);
        Certificates.writeKeyStore(certs.resolve("worker.p12"), PASSWORD.toCharArray(), "worker", keys.getPrivate(),
                worker, ca);
        Certificates.writeTrustStore(certs.resolve("ca.p12"), PASSWORD.toCharArray(), ca);
        Path password = Files.writeString(certs.resolve("tls.pass"), PASSWORD + "\n");
        String yaml = Files.readString(Path.of("topologies", name + ".yaml"), StandardCharsets.UTF_8)
                .replace("transport:\n  type: netty\n", "transport:\n  type: netty\n  tls:\n    keystore: "
                        + "certs/worker.p12\n    truststore: certs/ca.p12\n    password: {file: " + password + "}\n");
        if (!yaml.contains("  tls:")) {
            throw new IllegalStateException(name + " has no 'transport:\\n  type: netty' to extend");
        }
        return Files.writeString(dir.resolve(name + "-tls.yaml"), yaml);
    }
}
