package dev.fluxext.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.security.cert.CertificateExpiredException;
import java.util.Map;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The reasons read from what Storm's Netty handlers log (messages as Storm 2.8.3 with BoringSSL writes them). */
class TlsFailuresTest {

    @Test
    void sortsStormsLoggedFailuresByReason() {
        assertEquals(TlsFailures.Reason.EXPIRED, TlsFailures.classify(withCause(new SSLHandshakeException(
                "General OpenSslEngine problem"), new CertificateExpiredException("NotAfter: Fri Nov 27 01:14:34 UTC "
                + "2026")), "Exception thrown while decoding messages in channel [id: 0x4d92d0b6]; exception: "));
        assertEquals(TlsFailures.Reason.NO_CERTIFICATE, TlsFailures.classify(null, "Connection to localhost/127.0.0.1:1"
                + " failed: error:1000045c:SSL routines:OPENSSL_internal:TLSV1_ALERT_CERTIFICATE_REQUIRED"));
        assertEquals(TlsFailures.Reason.UNTRUSTED, TlsFailures.classify(new SSLHandshakeException(
                "PKIX path building failed: unable to find valid certification path to requested target"), "x"));
        assertEquals(TlsFailures.Reason.NOT_TLS, TlsFailures.classify(null,
                "DecoderException: NotSslRecordException: not an SSL/TLS record: 0001"));
        assertEquals(TlsFailures.Reason.HOST_NAME_CHECK, TlsFailures.classify(null, "Connection to x failed: "
                + "javax.net.ssl.SSLHandshakeException: Hostname or IP address is undefined"));
        assertNull(TlsFailures.classify(new java.net.ConnectException("Connection refused"), "Connection to x failed"),
                "not a TLS failure");
    }

    @Test
    void countsWhatStormsHandlersLog() {
        TlsFailures.watch();
        TlsFailures.reset();
        LoggerFactory.getLogger(TlsFailures.SERVER_LOGGER).error("server errors in handling the request from {}",
                "/127.0.0.1:4711", new SSLHandshakeException("PKIX path validation failed: unknown_ca"));
        LoggerFactory.getLogger(TlsFailures.CLIENT_LOGGER).info("Connection to {} failed: {}", "localhost:1",
                "error:1000045c:SSL routines:OPENSSL_internal:TLSV1_ALERT_CERTIFICATE_REQUIRED");
        LoggerFactory.getLogger("some.other.Logger").error("x", new SSLHandshakeException("PKIX"));
        // Logged on the test's thread, not a Netty server thread: both count as outgoing.
        assertEquals(Map.of(TlsFailures.Reason.UNTRUSTED, 1L, TlsFailures.Reason.NO_CERTIFICATE, 1L),
                TlsFailures.outgoing());
        assertEquals("TLS: 2 outgoing connections failed (1 peer sent no certificate from a trusted CA, 1 certificate not trusted "
                + "(another CA))", TlsFailures.describe());
    }

    @Test
    void notesEachNegotiatedSuiteFromNettysHandshakeLine() {
        TlsFailures.watch();
        TlsFailures.reset();
        // Netty formats the line itself before handing it to SLF4J.
        LoggerFactory.getLogger(TlsFailures.HANDSHAKE_LOGGER).debug("[id: 0x1, L:/127.0.0.1:1 - R:/127.0.0.1:2] "
                + "HANDSHAKEN: protocol:TLSv1.3 cipher suite:TLS_AES_256_GCM_SHA384");
        LoggerFactory.getLogger(TlsFailures.HANDSHAKE_LOGGER).debug("[id: 0x2] HANDSHAKEN: protocol:TLSv1.3 cipher "
                + "suite:TLS_AES_256_GCM_SHA384");
        LoggerFactory.getLogger(TlsFailures.HANDSHAKE_LOGGER).debug("[id: 0x3] some other line");
        assertEquals(java.util.Set.of("TLSv1.3 TLS_AES_256_GCM_SHA384"), TlsFailures.negotiated());
    }

    private static Throwable withCause(Throwable t, Throwable cause) {
        t.initCause(cause);
        return t;
    }
}
