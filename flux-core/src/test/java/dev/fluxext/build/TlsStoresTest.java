package dev.fluxext.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.build.TlsStores.Role;
import dev.fluxext.build.TlsStores.StoreProblem;
import dev.fluxext.cli.Certificates;
import dev.fluxext.cli.Certificates.Validity;
import dev.fluxext.diag.Severity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stores made here, in the test, each with one thing wrong; TlsStores must name that thing and nothing else. */
class TlsStoresTest {

    private static final char[] PASSWORD = "correct horse".toCharArray();
    private static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");
    private static final Validity YEAR = new Validity(NOW.minus(Duration.ofDays(1)), NOW.plus(Duration.ofDays(365)));

    @TempDir
    static Path dir;

    private static KeyPair caKeys;
    private static X509Certificate ca;
    private static Path truststore;

    @BeforeAll
    static void makeCa() throws Exception {
        caKeys = Certificates.newKeyPair();
        ca = Certificates.ca(caKeys, "test CA", new Validity(NOW.minus(Duration.ofDays(10)),
            NOW.plus(Duration.ofDays(3650))));
        truststore = dir.resolve("ca.p12");
        Certificates.writeTrustStore(truststore, PASSWORD, ca);
    }

    private static Path worker(String name, Validity validity, List<KeyPurposeId> purposes) throws Exception {
        KeyPair keys = Certificates.newKeyPair();
        X509Certificate cert = Certificates.issue(ca, caKeys.getPrivate(), keys.getPublic(), "worker", List.of(
            "localhost"), validity, purposes);
        Path file = dir.resolve(name);
        Certificates.writeKeyStore(file, PASSWORD, "worker", keys.getPrivate(), cert, ca);
        return file;
    }

    private static Path worker(String name) throws Exception {
        return worker(name, YEAR, Certificates.WORKER_PURPOSES);
    }

    /** The single problem found, asserting there is exactly one. */
    private static StoreProblem only(List<StoreProblem> problems) {
        assertEquals(1, problems.size(), problems.toString());
        return problems.get(0);
    }

    @Test
    void storesThatChainFindNoProblem() throws Exception {
        assertEquals(List.of(), TlsStores.check(worker("good.p12"), PASSWORD, truststore, NOW));
    }

    @Test
    void aMissingKeystoreIsNamed() {
        StoreProblem p = only(TlsStores.check(dir.resolve("nowhere.p12"), PASSWORD, truststore, NOW));
        assertEquals(Role.KEYSTORE, p.role());
        assertTrue(p.isError());
        assertTrue(p.message().contains("nowhere.p12") && p.message().contains("does not exist"), p.message());
        assertTrue(p.fix().contains("flux tls init"), p.fix());
    }

    @Test
    void aDirectoryIsNotAStore() throws Exception {
        Path directory = Files.createDirectories(dir.resolve("adir.p12"));
        StoreProblem p = only(TlsStores.check(worker("forDir.p12"), PASSWORD, directory, NOW));
        assertEquals(Role.TRUSTSTORE, p.role());
        assertTrue(p.message().contains("not a regular file"), p.message());
    }

    @Test
    void aWrongPasswordIsSaidForEachStore() throws Exception {
        List<StoreProblem> problems = TlsStores.check(worker("pw.p12"), "wrong".toCharArray(), truststore, NOW);
        assertEquals(List.of(Role.KEYSTORE, Role.TRUSTSTORE), problems.stream().map(StoreProblem::role).toList(),
            problems.toString());
        problems.forEach(p -> assertTrue(p.message().startsWith("the password does not open"), p.message()));
    }

    @Test
    void noPasswordIsAProblemNotAnException() throws Exception {
        StoreProblem p = only(TlsStores.check(worker("nopw.p12"), null, null, NOW));
        assertTrue(p.message().startsWith("no password to open keystore"), p.message());
    }

    @Test
    void aPkcs12FileNamedJksIsWarnedAboutWithStormsRule() throws Exception {
        Path p12 = worker("named.p12");
        Path jks = Files.copy(p12, dir.resolve("named.jks"));
        StoreProblem p = only(TlsStores.check(jks, PASSWORD, truststore, NOW));
        assertEquals(Severity.WARNING, p.severity());
        assertTrue(p.message().contains("PKCS12 file") && p.message().contains("as JKS"), p.message());
        assertTrue(p.fix().contains("rename named.jks to end in .p12"), p.fix());
        assertEquals("PKCS12", TlsStores.stormStoreType(Path.of("a/b.P12")));
        assertEquals("PKCS12", TlsStores.stormStoreType(Path.of("b.pfx")));
        assertEquals("JKS", TlsStores.stormStoreType(Path.of("b.keystore")));
    }

    @Test
    void aJksKeystoreNamedJksChecksClean() throws Exception {
        KeyStore p12 = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(worker("to-jks.p12"))) {
            p12.load(in, PASSWORD);
        }
        KeyStore jks = KeyStore.getInstance("JKS");
        jks.load(null, null);
        jks.setKeyEntry("worker", p12.getKey("worker", PASSWORD), PASSWORD, p12.getCertificateChain("worker"));
        Path file = dir.resolve("worker.jks");
        try (var out = Files.newOutputStream(file)) {
            jks.store(out, PASSWORD);
        }
        assertEquals(List.of(), TlsStores.check(file, PASSWORD, truststore, NOW));
        // Named .p12, Storm would open it as PKCS12: Java reads it still, with the warning.
        Path misnamed = Files.copy(file, dir.resolve("jks-inside.p12"));
        StoreProblem p = only(TlsStores.check(misnamed, PASSWORD, truststore, NOW));
        assertTrue(p.message().contains("is a JKS file") && p.fix().contains("end in .jks"), p.toString());
    }

    @Test
    void aPemFileIsRefusedWithTheConversion() throws Exception {
        Path pem = Files.writeString(dir.resolve("worker.pem"), "-----BEGIN CERTIFICATE-----\nMIIB\n");
        StoreProblem p = only(TlsStores.check(pem, PASSWORD, null, NOW));
        assertTrue(p.message().contains("is a PEM file"), p.message());
        assertTrue(p.fix().contains("openssl pkcs12 -export"), p.fix());
    }

    @Test
    void aKeystoreWithoutAPrivateKeyIsNamed() {
        // The truststore given as keystore: a common mix-up.
        StoreProblem p = only(TlsStores.check(truststore, PASSWORD, truststore, NOW));
        assertEquals(Role.KEYSTORE, p.role());
        assertTrue(p.message().contains("holds no private key"), p.message());
    }

    @Test
    void expiredNotYetValidAndSoonExpiringCertificates() throws Exception {
        Path expired = worker("expired.p12", new Validity(NOW.minus(Duration.ofDays(400)),
            NOW.minus(Duration.ofDays(35))), Certificates.WORKER_PURPOSES);
        StoreProblem p = only(TlsStores.check(expired, PASSWORD, truststore, NOW));
        assertTrue(p.isError() && p.message().contains("expired on"), p.toString());

        Path future = worker("future.p12", new Validity(NOW.plus(Duration.ofDays(2)), NOW.plus(Duration.ofDays(300))),
            Certificates.WORKER_PURPOSES);
        p = only(TlsStores.check(future, PASSWORD, truststore, NOW));
        assertTrue(p.isError() && p.message().contains("is not valid before"), p.toString());

        Path soon = worker("soon.p12", new Validity(NOW.minus(Duration.ofDays(300)), NOW.plus(Duration.ofDays(10))),
            Certificates.WORKER_PURPOSES);
        p = only(TlsStores.check(soon, PASSWORD, truststore, NOW));
        assertEquals(Severity.WARNING, p.severity());
        assertTrue(p.message().contains("expires on") && p.message().contains("in 10 days"), p.message());
    }

    @Test
    void aKeyFromAnotherCaDoesNotChain() throws Exception {
        KeyPair otherKeys = Certificates.newKeyPair();
        X509Certificate other = Certificates.ca(otherKeys, "other CA", YEAR);
        Path otherTrust = dir.resolve("other-ca.p12");
        Certificates.writeTrustStore(otherTrust, PASSWORD, other);
        StoreProblem p = only(TlsStores.check(worker("mine.p12"), PASSWORD, otherTrust, NOW));
        assertEquals(Role.TRUSTSTORE, p.role());
        assertTrue(p.message().contains("does not chain to a certificate in truststore"), p.message());
    }

    @Test
    void anExpiredCaIsNamedAsTheCa() throws Exception {
        // The worker certificate outlives its CA. Java's trust manager does not check a trust anchor's dates, so
        // handshakes go on: a warning, naming the CA.
        Instant later = NOW.plus(Duration.ofDays(3660));
        Path longLived = worker("outlives.p12", new Validity(NOW, NOW.plus(Duration.ofDays(4000))),
            Certificates.WORKER_PURPOSES);
        StoreProblem p = only(TlsStores.check(longLived, PASSWORD, truststore, later));
        assertEquals(Severity.WARNING, p.severity());
        assertTrue(p.message().contains("the CA certificate CN=test CA in truststore") && p.message()
            .contains("has expired"), p.message());
    }

    @Test
    void anEmptyTruststoreTrustsNoPeer() throws Exception {
        Path empty = dir.resolve("empty.p12");
        Certificates.writeTrustStore(empty, PASSWORD);
        StoreProblem p = only(TlsStores.check(worker("forEmpty.p12"), PASSWORD, empty, NOW));
        assertEquals(Role.TRUSTSTORE, p.role());
        assertTrue(p.message().contains("holds no certificate"), p.message());
    }

    @Test
    void aServerOnlyCertificateCannotBeAClient() throws Exception {
        Path serverOnly = worker("server-only.p12", YEAR, List.of(KeyPurposeId.id_kp_serverAuth));
        StoreProblem p = only(TlsStores.check(serverOnly, PASSWORD, truststore, NOW));
        assertTrue(p.message().contains("lacks extended key usage clientAuth"), p.message());
    }

    @Test
    void stormLinesBefore264HaveNoWorkerTls() {
        assertTrue(TlsStores.stormLine("Nimbus at n:6627", "2.6.3").orElseThrow().message()
            .contains("Nimbus at n:6627 runs Storm 2.6.3, which has no TLS between workers"));
        assertTrue(TlsStores.stormLine("this cluster", "2.5.0").isPresent());
        assertTrue(TlsStores.stormLine("this cluster", "1.2.4").isPresent());
        for (String supported : List.of("2.6.4", "2.6.5-SNAPSHOT", "2.7.0", "2.7.1", "2.8.3", "3.0.0")) {
            assertEquals(Optional.empty(), TlsStores.stormLine("this cluster", supported), supported);
        }
        assertEquals(Optional.empty(), TlsStores.stormLine("this cluster", "unknown"));
        assertEquals(Role.CLUSTER, TlsStores.stormLine("x", "2.6.0").orElseThrow().role());
    }
}
