package dev.fluxext.examples.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.cli.Certificates;
import dev.fluxext.tls.TlsContext;
import dev.fluxext.tls.TlsFailures;
import dev.fluxext.tls.TlsKeys;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.netty.BackPressureStatus;
import org.apache.storm.utils.ReflectionUtils;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe against a worker's real TLS server: Storm's Netty behind {@link TlsContext} in this JVM, configured as a
 * worker of a topology is (the topology's CA in the truststore, a certificate it issued for 127.0.0.1), and against
 * a plaintext Storm server, which must let the probe in. Each refusal is also counted by the server's
 * {@link TlsFailures} under the reason the probe provokes.
 */
class TlsProbeTest {

    private static final String PASSWORD = "probe-test-password-2718";

    @TempDir
    static Path dir;
    static Path passwordFile;
    static Path anotherHostsKeystore;
    static TlsContext tlsWorker;
    static int tlsPort;
    static IContext plainWorker;
    static int plainPort;

    @BeforeAll
    static void serve() throws Exception {
        Instant now = Instant.now();
        Certificates.Validity validity = new Certificates.Validity(now.minus(Duration.ofHours(1)),
                now.plus(Duration.ofDays(1)));
        KeyPair caKeys = Certificates.newKeyPair();
        X509Certificate ca = Certificates.ca(caKeys, "topology CA", validity);
        Path keystore = issue(ca, caKeys, "worker.p12", "127.0.0.1", validity);
        anotherHostsKeystore = issue(ca, caKeys, "host-b.p12", "127.0.0.2", validity);
        Path truststore = dir.resolve("ca.p12");
        Certificates.writeTrustStore(truststore, PASSWORD.toCharArray(), ca);
        passwordFile = Files.writeString(dir.resolve("tls.pass"), PASSWORD + "\n");

        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(TlsKeys.KEYSTORE, keystore.toString());
        conf.put(TlsKeys.TRUSTSTORE, truststore.toString());
        conf.put(TlsKeys.CLIENT_KEYSTORE, keystore.toString());
        conf.put(TlsKeys.CLIENT_TRUSTSTORE, truststore.toString());
        conf.put(TlsKeys.PASSWORD_FILE, passwordFile.toString());
        TlsFailures.reset();
        tlsWorker = new TlsContext();
        tlsWorker.prepare(conf, null);
        tlsPort = freePort();
        tlsWorker.bind("probe-test", tlsPort, batch -> { }, TlsProbeTest::status);

        plainWorker = ReflectionUtils.newInstance(TlsContext.DEFAULT_DELEGATE);
        plainWorker.prepare(new HashMap<>(Utils.readDefaultConfig()), null);
        plainPort = freePort();
        plainWorker.bind("probe-test-plain", plainPort, batch -> { }, TlsProbeTest::status);
    }

    @AfterAll
    static void stop() {
        if (tlsWorker != null) {
            tlsWorker.term();
        }
        if (plainWorker != null) {
            plainWorker.term();
        }
    }

    /** What a worker sends each new connection (Storm's worker sends its back-pressure status). */
    private static Object status() {
        return new BackPressureStatus("probe-test-worker", new ArrayList<>(), new ArrayList<>());
    }

    private static Path issue(X509Certificate ca, KeyPair caKeys, String file, String host,
                              Certificates.Validity validity) throws Exception {
        KeyPair keys = Certificates.newKeyPair();
        X509Certificate certificate = Certificates.issue(ca, caKeys.getPrivate(), keys.getPublic(), "worker on " + host,
                List.of(host), validity, Certificates.WORKER_PURPOSES);
        Path path = dir.resolve(file);
        Certificates.writeKeyStore(path, PASSWORD.toCharArray(), "worker", keys.getPrivate(), certificate, ca);
        return path;
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** The probe's exit code and its one line. */
    private record Run(int exit, String line) {
    }

    private static Run probe(String... args) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int exit = TlsProbe.run(args, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return new Run(exit, bytes.toString(StandardCharsets.UTF_8).strip());
    }

    /** Probes the TLS worker and asserts it refused, and counted the refusal as {@code reason} (and nothing else). */
    private static void refusedAndCounted(TlsFailures.Reason reason, String... args) throws Exception {
        Map<TlsFailures.Reason, Long> before = TlsFailures.incoming();
        Run run = probe(args);
        assertEquals(0, run.exit(), run.line());
        assertTrue(run.line().startsWith("probe " + args[args.length > 2 && args[0].equals("--from") ? 3 : 1]
                + " 127.0.0.1:" + tlsPort + " refused ("), run.line());
        Instant end = Instant.now().plusSeconds(5);
        while (TlsFailures.incoming().getOrDefault(reason, 0L) <= before.getOrDefault(reason, 0L)
                && Instant.now().isBefore(end)) {
            Thread.sleep(50);
        }
        Map<TlsFailures.Reason, Long> after = TlsFailures.incoming();
        assertEquals(before.getOrDefault(reason, 0L) + 1, after.getOrDefault(reason, 0L),
                "counted as " + reason + ": " + before + " -> " + after + "; " + run.line());
        assertEquals(before.values().stream().mapToLong(Long::longValue).sum() + 1,
                after.values().stream().mapToLong(Long::longValue).sum(), "once, under no other reason: " + after);
    }

    @Test
    void aPlaintextPeerIsRefusedAsNotTls() throws Exception {
        refusedAndCounted(TlsFailures.Reason.NOT_TLS, "127.0.0.1:" + tlsPort, "plaintext");
    }

    @Test
    void aTlsClientWithoutACertificateIsRefusedAsCertificateLess() throws Exception {
        refusedAndCounted(TlsFailures.Reason.NO_CERTIFICATE, "127.0.0.1:" + tlsPort, "no-cert");
    }

    @Test
    void aClientThatReallySendsAnotherCasCertificateIsRefusedAsUntrusted() throws Exception {
        refusedAndCounted(TlsFailures.Reason.UNTRUSTED, "--from", "127.0.0.3", "127.0.0.1:" + tlsPort, "other-ca");
    }

    /**
     * Storm 2.8.3 does not bind a certificate to its host (docs/tls.md, "What it protects and what not"): the
     * topology CA's certificate for 127.0.0.2, shown from 127.0.0.3, gets in. When that changes, this test says so.
     */
    @Test
    void aCertificateTheTopologyCaIssuedForAnotherHostGetsIn() {
        Run run = probe("--from", "127.0.0.3", "127.0.0.1:" + tlsPort, "wrong-host", anotherHostsKeystore.toString(),
                passwordFile.toString());
        assertEquals(1, run.exit(), run.line());
        assertTrue(run.line().matches("probe wrong-host 127\\.0\\.0\\.1:\\d+ accepted \\(handshake TLSv1\\.3 \\S+ "
                + "completed, the peer sent \\d+ bytes and kept the connection open\\)"), run.line());
    }

    @Test
    void aPlaintextWorkerLetsThePlaintextProbeIn() {
        Run run = probe("127.0.0.1:" + plainPort, "plaintext");
        assertEquals(1, run.exit(), run.line());
        assertTrue(run.line().contains("accepted (connected in plaintext, the peer sent"), run.line());
    }

    @Test
    void aPortNobodyListensOnIsAnErrorNotARefusal() throws Exception {
        Run run = probe("127.0.0.1:" + freePort(), "no-cert");
        assertEquals(2, run.exit(), run.line());
        assertTrue(run.line().contains("error (cannot connect"), run.line());
        Run usage = probe("127.0.0.1:" + tlsPort, "wrong-host");
        assertEquals(2, usage.exit(), usage.line());
        assertTrue(usage.line().contains("wrong-host needs KEYSTORE PASSWORD_FILE"), usage.line());
    }

    /** As the multi-host test runs it: a JVM of its own with this classpath, the answer in its exit code. */
    @Test
    void itRunsAsAChildJvm() throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), TlsProbe.class.getName(), "127.0.0.1:" + tlsPort,
                "plaintext").redirectErrorStream(true).start();
        assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the probe ends");
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, child.exitValue(), output);
        assertTrue(output.lines().anyMatch(l -> l.startsWith("probe plaintext 127.0.0.1:" + tlsPort + " refused (")),
                output);
    }
}
