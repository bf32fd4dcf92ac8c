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

    /** A CA made here: its key and certificate. */
    private record Authority(KeyPair keys, X509Certificate certificate) {

        static Authority named(String name) {
            KeyPair keys = Certificates.newKeyPair();
            return new Authority(keys, Certificates.ca(keys, name, validity()));
        }

        /** A worker keystore ({@code file}) with a certificate this CA issued. */
        void issue(Path file, String commonName) throws Exception {
            KeyPair worker = Certificates.newKeyPair();
            X509Certificate certificate = Certificates.issue(this.certificate, keys.getPrivate(), worker.getPublic(),
                    commonName, List.of(), validity(), Certificates.WORKER_PURPOSES);
            Certificates.writeKeyStore(file, PASSWORD.toCharArray(), "worker", worker.getPrivate(), certificate,
                    this.certificate);
        }

        /** Far enough from expiry that validate does not warn (30 days). */
        private static Certificates.Validity validity() {
            Instant now = Instant.now();
            return new Certificates.Validity(now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(90)));
        }
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
        overTls(dir);
        return topology(dir, name, "");
    }

    /**
     * The events over TLS where each worker connects with a certificate of another CA ({@code clientKeystore}),
     * trusting both CAs itself ({@code clientTruststore}), so the stores check clean but every server refuses it.
     */
    static Path eventsWithForeignClients(Path dir) throws Exception {
        Authority ca = overTls(dir);
        Authority other = Authority.named("another CA");
        Path certs = dir.resolve("certs");
        other.issue(certs.resolve("foreign.p12"), "intruder");
        Certificates.writeTrustStore(certs.resolve("both.p12"), PASSWORD.toCharArray(), ca.certificate(),
                other.certificate());
        return topology(dir, "events-batch-compressed", "    clientKeystore: certs/foreign.p12\n"
                + "    clientTruststore: certs/both.p12\n");
    }

    /**
     * {@code dir}/certs with what {@code flux tls init} writes for workers (worker.p12, ca.p12, tls.pass): the
     * {@code tls.dir} of topologies/kafka-records.yaml. The certs directory.
     */
    public static Path stores(Path dir) throws Exception {
        overTls(dir);
        return dir.resolve("certs");
    }

    private static Authority overTls(Path dir) throws Exception {
        Path certs = Files.createDirectories(dir.resolve("certs"));
        Authority ca = Authority.named("examples test CA");
        ca.issue(certs.resolve("worker.p12"), "worker");
        Certificates.writeTrustStore(certs.resolve("ca.p12"), PASSWORD.toCharArray(), ca.certificate());
        // Owner-only, as flux tls init writes it: validate warns about a password file others can read.
        Files.setPosixFilePermissions(Files.writeString(certs.resolve("tls.pass"), PASSWORD + "\n"),
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        return ca;
    }

    private static Path topology(Path dir, String name, String moreKeys) throws Exception {
        String yaml = Files.readString(Path.of("topologies", name + ".yaml"), StandardCharsets.UTF_8)
                .replace("transport:\n  type: netty\n", "transport:\n  type: netty\n  tls:\n    keystore: "
                        + "certs/worker.p12\n    truststore: certs/ca.p12\n    password: {file: "
                        + dir.resolve("certs/tls.pass") + "}\n" + moreKeys);
        if (!yaml.contains("  tls:")) {
            throw new IllegalStateException(name + " has no 'transport:\\n  type: netty' to extend");
        }
        return Files.writeString(dir.resolve(name + "-tls.yaml"), yaml);
    }
}
