package dev.fluxext.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.storm.FreePorts;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.apache.storm.Constants;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.messaging.netty.BackPressureStatus;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two workers' transports in one JVM over loopback, with Storm's own Netty TLS behind {@link TlsContext}: on this
 * module's Storm (2.8.3, whose Netty checks host names by default) and, through storm-lines, on 2.6.4 and 2.7.1.
 * Peers that must be kept out are kept out and counted by reason, in the server worker's gauges too, and the server
 * keeps serving the right peer. The engine is the one {@value #ENGINE_PROPERTY} names ({@code auto} by default:
 * OpenSSL, which storm-shaded-deps bundles); the build runs this class a second time in a JVM of its own with
 * {@code jdk}, as Flink runs its SSL tests for both engines.
 */
class TlsContextTest {

    static final String ENGINE_PROPERTY = "fluxext.test.tls.engine";
    static final String ENGINE = System.getProperty(ENGINE_PROPERTY, "auto");

    @TempDir
    static Path dir;
    static TestCertificates.Authority ca;
    static Path keystore;
    static Path truststore;
    static Path passwordFile;
    static TlsContext server;
    /** The server worker's metrics. */
    static final StormMetricRegistry metrics = new StormMetricRegistry();
    static int port;
    static final List<TaskMessage> received = new CopyOnWriteArrayList<>();
    /** What the peers that must be kept out sent (a raw Storm frame's payload, each refused worker's): none arrives. */
    static final List<byte[]> refusedPayloads = new CopyOnWriteArrayList<>(List.of(new byte[] {1, 2, 3, 4}));

    @BeforeAll
    @SuppressWarnings("deprecation")
    static void serve() throws Exception {
        TestCertificates certificates = new TestCertificates(dir);
        ca = certificates.authority("topology CA");
        keystore = certificates.keystore("worker.p12", ca);
        truststore = certificates.truststore("ca.p12", ca);
        passwordFile = Files.writeString(dir.resolve("tls.pass"), TestCertificates.PASSWORD + "\n");
        TlsFailures.reset();
        server = new TlsContext();
        Map<String, Object> conf = conf(keystore, truststore);
        server.prepare(conf, metrics);
        assertFalse(conf.containsValue(TestCertificates.PASSWORD), "the worker's conf is untouched");
        port = FreePorts.consecutive(1);
        server.bind("tls-test", port, received::addAll,
                () -> new BackPressureStatus("tls-test-worker", new java.util.ArrayList<>(), new java.util.ArrayList<>()));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.term();
        }
    }

    static Map<String, Object> conf(Path keys, Path trust) {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(TlsKeys.KEYSTORE, keys.toString());
        conf.put(TlsKeys.TRUSTSTORE, trust.toString());
        conf.put(TlsKeys.CLIENT_KEYSTORE, keys.toString());
        conf.put(TlsKeys.CLIENT_TRUSTSTORE, trust.toString());
        conf.put(TlsKeys.PASSWORD_FILE, passwordFile.toString());
        conf.put(TlsKeys.ENGINE, ENGINE);
        return conf;
    }

    /** Sends from a worker with these stores; whether the server received it within {@code wait}. */
    static boolean sendsThrough(Path keys, Path trust, Duration wait) throws Exception {
        return sendsThrough(keys, trust, wait, false);
    }

    /** As above; {@code refused}: a peer that must be kept out, whose payload must never reach the task. */
    @SuppressWarnings("deprecation")
    static boolean sendsThrough(Path keys, Path trust, Duration wait, boolean refused) throws Exception {
        TlsContext client = new TlsContext();
        client.prepare(conf(keys, trust));
        try {
            IConnection connection = client.connect("tls-test", "localhost", port, new AtomicBoolean[8]);
            byte[] payload = ("hello " + System.nanoTime()).getBytes(StandardCharsets.UTF_8);
            if (refused) {
                refusedPayloads.add(payload);
            }
            return waitFor(wait, () -> {
                connection.send(List.of(new TaskMessage(1, payload)).iterator());
                return received.stream().anyMatch(m -> java.util.Arrays.equals(m.message(), payload));
            });
        } finally {
            client.term();
        }
    }

    static boolean waitFor(Duration wait, BooleanSupplier done) throws InterruptedException {
        Instant end = Instant.now().plus(wait);
        while (Instant.now().isBefore(end)) {
            if (done.getAsBoolean()) {
                return true;
            }
            Thread.sleep(200);
        }
        return done.getAsBoolean();
    }

    static void keptOutAndCounted(TlsFailures.Reason reason, Runnable attempt) throws Exception {
        long before = TlsFailures.incoming().getOrDefault(reason, 0L);
        String gauge = TlsGauges.REFUSED + TlsGauges.name(reason);
        long gaugeBefore = gauge(gauge);
        long totalBefore = gauge(TlsGauges.REFUSED + TlsGauges.TOTAL);
        attempt.run();
        assertTrue(waitFor(Duration.ofSeconds(20), () -> TlsFailures.incoming().getOrDefault(reason, 0L) > before),
                "refused as " + reason + ": " + TlsFailures.describe());
        assertTrue(gauge(gauge) > gaugeBefore, gauge + " rises: " + TlsFailures.describe());
        assertTrue(gauge(TlsGauges.REFUSED + TlsGauges.TOTAL) > totalBefore, "the total rises");
        Thread.sleep(1000); // a message let through would have reached the task by now
        assertNoRefusedPayloadArrived();
    }

    /** The receiving task saw nothing a refused peer sent: refusals proven by what arrives, not only by counters. */
    static void assertNoRefusedPayloadArrived() {
        List<String> leaked = received.stream().filter(m -> refusedPayloads.stream().anyMatch(p -> java.util.Arrays
                .equals(p, m.message()))).map(m -> "task " + m.task() + ": " + new String(m.message(),
                StandardCharsets.UTF_8)).toList();
        assertEquals(List.of(), leaked, "messages of refused peers reached the receiving task");
    }

    /** A worker-level gauge of the server's registry, as a metrics reporter reads it. */
    static long gauge(String name) {
        var gauge = metrics.getTaskGauges((int) Constants.SYSTEM_TASK_ID).get(name);
        assertTrue(gauge != null, name + " is registered: " + metrics.getTaskGauges((int) Constants.SYSTEM_TASK_ID).keySet());
        return ((Number) gauge.getValue()).longValue();
    }

    @Test
    void workersOfTheTopologyExchangeMessages() throws Exception {
        assertTrue(sendsThrough(keystore, truststore, Duration.ofSeconds(30)), "no message arrived over TLS; "
                + TlsFailures.describe());
        assertFalse(TlsFailures.outgoing().containsKey(TlsFailures.Reason.HOST_NAME_CHECK), TlsFailures.describe());
        assertTrue(TlsFailures.negotiated().stream().anyMatch(s -> s.matches("TLSv1\\.3 TLS_[A-Z0-9_]+")),
                "the negotiated protocol and suite are noted: " + TlsFailures.negotiated());
    }

    @Test
    void theWorkerHasAGaugePerReasonAndDirectionFromTheStart() {
        assertEquals(TlsGauges.gauges().keySet(), metrics.getTaskGauges((int) Constants.SYSTEM_TASK_ID).keySet()
                .stream().filter(name -> name.startsWith("fluxext.tls.")).collect(java.util.stream.Collectors.toSet()));
    }

    @Test
    void theEngineIsTheOneConfigured() {
        assertTrue(TlsFailures.engine().startsWith("jdk".equals(ENGINE) ? "JDK" : "OpenSSL"),
                ENGINE + " gave " + TlsFailures.engine());
    }

    @Test
    void aWorkerWithACertificateFromAnotherCaIsKeptOut() throws Exception {
        TestCertificates certificates = new TestCertificates(dir);
        TestCertificates.Authority other = certificates.authority("another CA");
        // It trusts the server (ca.p12) but holds a certificate the server's truststore does not accept. The server
        // names the CAs it accepts, so Storm's key manager offers none: the server sees no certificate.
        Path foreign = certificates.keystore("foreign.p12", other);
        keptOutAndCounted(TlsFailures.Reason.NO_CERTIFICATE, () -> assertFalse(sends(foreign, truststore)));
        assertTrue(sendsThrough(keystore, truststore, Duration.ofSeconds(30)), "the right peer still gets in");
    }

    @Test
    void aWorkerWithAnExpiredCertificateIsKeptOut() throws Exception {
        Instant now = Instant.now();
        Path expired = new TestCertificates(dir).keystore("expired.p12", ca, now.minus(Duration.ofDays(10)),
                now.minus(Duration.ofDays(1)));
        keptOutAndCounted(TlsFailures.Reason.EXPIRED, () -> assertFalse(sends(expired, truststore)));
    }

    @Test
    void aTlsClientWithoutACertificateIsKeptOut() throws Exception {
        keptOutAndCounted(TlsFailures.Reason.NO_CERTIFICATE, () -> {
            try {
                KeyStore trust = KeyStore.getInstance("PKCS12");
                try (var in = Files.newInputStream(truststore)) {
                    trust.load(in, TestCertificates.PASSWORD.toCharArray());
                }
                TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(trust);
                SSLContext context = SSLContext.getInstance("TLSv1.3");
                context.init(null, tmf.getTrustManagers(), null);
                try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("localhost", port)) {
                    socket.setSoTimeout(10_000);
                    socket.startHandshake();
                    socket.getOutputStream().write(new byte[] {0, 1, 0, 0, 0, 4, 1, 2, 3, 4});
                    socket.getOutputStream().flush();
                    assertEquals(-1, socket.getInputStream().read(), "the server closes the connection");
                }
            } catch (java.net.SocketTimeoutException e) {
                throw new AssertionError("the server kept the connection open for 10 s", e);
            } catch (java.io.IOException expected) {
                // the server's alert: the handshake or the first read fails
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void aPlaintextPeerIsKeptOut() throws Exception {
        keptOutAndCounted(TlsFailures.Reason.NOT_TLS, () -> {
            try (Socket socket = new Socket("localhost", port)) {
                OutputStream out = socket.getOutputStream();
                // A Storm message frame as a plaintext worker would send it: task 1, 4 bytes.
                out.write(new byte[] {0, 1, 0, 0, 0, 4, 1, 2, 3, 4});
                out.flush();
                socket.setSoTimeout(10_000);
                assertEquals(-1, socket.getInputStream().read(), "the server closes the connection");
            } catch (java.net.SocketTimeoutException e) {
                throw new AssertionError("the server kept the connection open for 10 s", e);
            } catch (java.io.IOException expected) {
                // reset by the server
            }
        });
        assertTrue(sendsThrough(keystore, truststore, Duration.ofSeconds(30)), "the server still serves its peers");
    }

    /**
     * Anyone who can reach a worker's port could fill its log: Storm logs each refused connection with a stack trace
     * of about 30 lines. 1,000 refused from one address write one line (RefusalLines: per address, at most one a
     * minute), and every one of them is counted.
     */
    @Test
    void aThousandRefusedConnectionsFromOneAddressWriteOneLogLineAndAreAllCounted() throws Exception {
        String address = "127.0.0.77"; // a loopback address no other test uses: its first refusal here is logged
        List<org.apache.logging.log4j.core.LogEvent> logged = new CopyOnWriteArrayList<>();
        var context = (org.apache.logging.log4j.core.LoggerContext) org.apache.logging.log4j.LogManager.getContext(false);
        var capture = new org.apache.logging.log4j.core.appender.AbstractAppender("flood-capture", null, null, true,
                org.apache.logging.log4j.core.config.Property.EMPTY_ARRAY) {
            @Override
            public void append(org.apache.logging.log4j.core.LogEvent event) {
                logged.add(event.toImmutable());
            }
        };
        capture.start();
        var root = context.getConfiguration().getRootLogger();
        root.addAppender(capture, org.apache.logging.log4j.Level.INFO, null);
        context.updateLoggers();
        long before = TlsFailures.incoming().getOrDefault(TlsFailures.Reason.NOT_TLS, 0L);
        try {
            for (int i = 0; i < 1000; i++) {
                try (Socket socket = new Socket("localhost", port, java.net.InetAddress.getByName(address), 0)) {
                    socket.getOutputStream().write(new byte[] {0, 1, 0, 0, 0, 4, 1, 2, 3, 4});
                } catch (java.io.IOException reset) {
                    // the server may reset a connection it refused before this one closes it
                }
            }
            assertTrue(waitFor(Duration.ofSeconds(60),
                    () -> TlsFailures.incoming().getOrDefault(TlsFailures.Reason.NOT_TLS, 0L) >= before + 1000),
                    "every refusal counted: " + TlsFailures.describe());
            assertNoRefusedPayloadArrived();
            Thread.sleep(500); // a last event still on its way to the log
        } finally {
            root.removeAppender(capture.getName());
            context.updateLoggers();
        }
        List<String> lines = logged.stream().map(e -> e.getLoggerName() + " " + e.getLevel() + " "
                + e.getMessage().getFormattedMessage()).toList();
        assertEquals(1, lines.stream().filter(l -> l.contains("refused a connection from " + address)).count(),
                "one line for the address: " + lines);
        assertTrue(lines.stream().noneMatch(l -> l.startsWith(TlsFailures.SERVER_LOGGER)
                || l.startsWith(TlsFailures.DECODER_LOGGER)), "none of Storm's stack traces: " + lines);
        assertTrue(lines.size() <= 5, "the log grew by at most 5 lines for 1,000 refused connections: " + lines);
    }

    @Test
    void thePasswordComesFromTheWorkersEnvironmentOrFileOnly() {
        Map<String, Object> conf = conf(keystore, truststore);
        conf.remove(TlsKeys.PASSWORD_FILE);
        conf.put(TlsKeys.PASSWORD_ENV, "FLUXEXT_TEST_SURELY_UNSET_PASSWORD");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TlsKeys.password(conf, Map.of()));
        assertTrue(e.getMessage().contains("FLUXEXT_TEST_SURELY_UNSET_PASSWORD"), e.getMessage());
        assertEquals("s3cret", TlsKeys.password(conf, Map.of("FLUXEXT_TEST_SURELY_UNSET_PASSWORD", "s3cret")));
        Map<String, Object> forStorm = TlsKeys.forStorm(conf, "s3cret");
        TlsKeys.PASSWORD_OF.values().forEach(key -> assertEquals("s3cret", forStorm.get(key), key));
        assertFalse(conf.containsValue("s3cret"), "the topology config itself never holds it");
    }

    @Test
    void aRelativeStorePathIsRefusedNamingTheKeyNotANullPointerException() {
        Map<String, Object> conf = conf(keystore, truststore);
        conf.put(TlsKeys.TRUSTSTORE, "certs/ca.p12");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new TlsContext().prepare(conf,
                null));
        assertTrue(e.getMessage().contains(TlsKeys.TRUSTSTORE) && e.getMessage().contains("relative"), e.getMessage());
    }

    private static boolean sends(Path keys, Path trust) {
        try {
            return sendsThrough(keys, trust, Duration.ofSeconds(5), true);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** A worker whose password file other users can read says so in its log, once, at start; an owner-only one not. */
    @Test
    @SuppressWarnings("deprecation")
    void aPasswordFileReadableByOthersIsAWarningInTheWorkerLog() throws Exception {
        Path open = Files.writeString(dir.resolve("open.pass"), TestCertificates.PASSWORD + "\n");
        for (String permissions : List.of("rw-r--r--", "rw-------")) {
            Files.setPosixFilePermissions(open, java.nio.file.attribute.PosixFilePermissions.fromString(permissions));
            Map<String, Object> conf = conf(keystore, truststore);
            conf.put(TlsKeys.PASSWORD_FILE, open.toString());
            List<String> lines = logged(() -> {
                TlsContext worker = new TlsContext();
                worker.prepare(conf);
                worker.term();
            });
            List<String> warnings = lines.stream().filter(l -> l.contains("is readable by other users")).toList();
            if (permissions.equals("rw-------")) {
                assertEquals(List.of(), warnings);
            } else {
                assertEquals(List.of("WARN worker TLS: the TLS password file " + open + " is readable by other users "
                        + "(rw-r--r--): make it readable by the user that runs the workers only (chmod 600 " + open
                        + ")"), warnings);
            }
        }
    }

    /** What the log got (level and message, a line each) while {@code action} ran. */
    static List<String> logged(Runnable action) {
        List<String> lines = new CopyOnWriteArrayList<>();
        var context = (org.apache.logging.log4j.core.LoggerContext) org.apache.logging.log4j.LogManager.getContext(false);
        var capture = new org.apache.logging.log4j.core.appender.AbstractAppender("capture", null, null, true,
                org.apache.logging.log4j.core.config.Property.EMPTY_ARRAY) {
            @Override
            public void append(org.apache.logging.log4j.core.LogEvent event) {
                lines.add(event.getLevel() + " " + event.getMessage().getFormattedMessage());
            }
        };
        capture.start();
        var root = context.getConfiguration().getRootLogger();
        root.addAppender(capture, org.apache.logging.log4j.Level.INFO, null);
        context.updateLoggers();
        try {
            action.run();
        } finally {
            root.removeAppender(capture.getName());
            context.updateLoggers();
        }
        return lines;
    }
}
