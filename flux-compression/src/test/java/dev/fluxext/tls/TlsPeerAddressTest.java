package dev.fluxext.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.storm.FreePorts;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Provider;
import java.security.Security;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.ManagerFactoryParameters;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.TrustManagerFactorySpi;
import javax.net.ssl.X509ExtendedTrustManager;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.messaging.netty.BackPressureStatus;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Why a worker's certificate cannot be bound to its host inside Storm's TLS (docs/tls.md, "What it protects, and what
 * not"). The one place Storm 2.8.3 lets a JVM choose the trust manager is the algorithm its
 * {@code ReloadableX509TrustManager} asks {@link TrustManagerFactory} for (the JVM-wide default). This test plugs a
 * trust manager in there and looks at what it is told during a real handshake between two workers' transports: the
 * TLS engine, at either end, does not know the peer's address (Storm builds the engines with
 * {@code SslContext.newHandler(alloc)}, no host, no port). If Storm ever passes them, this test fails, and a host check
 * becomes possible.
 */
class TlsPeerAddressTest {

    static final String ALGORITHM = "FluxextTestPeerAddressSpy";
    static final String ALGORITHM_PROPERTY = "ssl.TrustManagerFactory.algorithm";
    /** What each trust check saw: "client|server host port". */
    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    @TempDir
    Path dir;

    @Test
    @SuppressWarnings("deprecation")
    void theTrustManagerIsNotToldThePeersAddressAtEitherEnd() throws Exception {
        TestCertificates certificates = new TestCertificates(dir);
        TestCertificates.Authority ca = certificates.authority("topology CA");
        Path keystore = certificates.keystore("worker.p12", ca);
        Path truststore = certificates.truststore("ca.p12", ca);
        Path passwordFile = Files.writeString(dir.resolve("tls.pass"), TestCertificates.PASSWORD + "\n");
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        for (String key : TlsKeys.STORE_PATHS) {
            conf.put(key, (key.contains("trust") ? truststore : keystore).toString());
        }
        conf.put(TlsKeys.PASSWORD_FILE, passwordFile.toString());
        conf.put(TlsKeys.ENGINE, TlsContextTest.ENGINE);

        Provider spy = new Provider("FluxextTestSpy", "1", "a trust manager that notes what it is told") { };
        spy.put("TrustManagerFactory." + ALGORITHM, SpyFactory.class.getName());
        String before = Security.getProperty(ALGORITHM_PROPERTY) == null ? "PKIX"
                : Security.getProperty(ALGORITHM_PROPERTY);
        Security.addProvider(spy);
        TlsContext server = new TlsContext();
        TlsContext client = new TlsContext();
        SEEN.clear();
        try {
            // Storm's trust managers are made when its server binds and its client connects: both see the spy.
            Security.setProperty(ALGORITHM_PROPERTY, ALGORITHM);
            List<TaskMessage> received = new CopyOnWriteArrayList<>();
            int port = FreePorts.consecutive(1);
            server.prepare(conf, null);
            server.bind("peer-address-test", port, received::addAll,
                    () -> new BackPressureStatus("peer-address-test", new ArrayList<>(), new ArrayList<>()));
            client.prepare(conf);
            IConnection connection = client.connect("peer-address-test", "127.0.0.1", port, new AtomicBoolean[8]);
            byte[] payload = "hello".getBytes(StandardCharsets.UTF_8);
            assertTrue(TlsContextTest.waitFor(Duration.ofSeconds(30), () -> {
                connection.send(List.of(new TaskMessage(1, payload)).iterator());
                return !received.isEmpty();
            }), "the workers connect through the spy: " + SEEN + " " + TlsFailures.describe());
        } finally {
            Security.setProperty(ALGORITHM_PROPERTY, before);
            Security.removeProvider(spy.getName());
            client.term();
            server.term();
        }
        assertTrue(SEEN.stream().anyMatch(s -> s.startsWith("client ")), "the server checked the client: " + SEEN);
        assertTrue(SEEN.stream().anyMatch(s -> s.startsWith("server ")), "the client checked the server: " + SEEN);
        // The connection is 127.0.0.1 to 127.0.0.1:port, and Storm's client knows whom it dialed; the engines do not.
        SEEN.forEach(seen -> assertEquals(seen.substring(0, 7) + "null -1", seen, "what the engine knew: " + seen));
    }

    /** Storm's trust manager asks for this by the default algorithm's name: PKIX's decisions, with notes. */
    public static final class SpyFactory extends TrustManagerFactorySpi {
        private final TrustManagerFactory pkix;

        public SpyFactory() throws Exception {
            pkix = TrustManagerFactory.getInstance("PKIX");
        }

        @Override
        protected void engineInit(KeyStore store) throws java.security.KeyStoreException {
            pkix.init(store);
        }

        @Override
        protected void engineInit(ManagerFactoryParameters parameters) throws
                java.security.InvalidAlgorithmParameterException {
            pkix.init(parameters);
        }

        @Override
        protected TrustManager[] engineGetTrustManagers() {
            return new TrustManager[] {new Spy((X509ExtendedTrustManager) pkix.getTrustManagers()[0])};
        }
    }

    private static final class Spy extends X509ExtendedTrustManager {
        private final X509ExtendedTrustManager pkix;

        Spy(X509ExtendedTrustManager pkix) {
            this.pkix = pkix;
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            SEEN.add("client " + engine.getPeerHost() + " " + engine.getPeerPort());
            pkix.checkClientTrusted(chain, authType, engine);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            SEEN.add("server " + engine.getPeerHost() + " " + engine.getPeerPort());
            pkix.checkServerTrusted(chain, authType, engine);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            throw new CertificateException("Storm's Netty uses engines, not sockets");
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            throw new CertificateException("Storm's Netty uses engines, not sockets");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("Storm's Netty passes the engine");
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("Storm's Netty passes the engine");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return pkix.getAcceptedIssuers();
        }
    }
}
