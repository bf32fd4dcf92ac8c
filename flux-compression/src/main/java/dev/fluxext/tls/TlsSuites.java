package dev.fluxext.tls;

import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import org.apache.storm.shade.io.netty.handler.ssl.OpenSsl;

/**
 * The protocols worker TLS may speak and the cipher suites an engine offers for them, so that a setting a worker
 * would fail on, or should not use, is refused before anything runs. Storm passes {@code ssl.protocols} to Netty as
 * one protocol name; its default suites are TLS 1.3's.
 */
public final class TlsSuites {

    /** What workers may speak: TLS 1.3 (Storm's default) and 1.2, as Kafka's {@code ssl.enabled.protocols}. */
    public static final List<String> PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");
    /** Protocol names the engines know but that are broken or deprecated (RFC 8996: TLS 1.0 and 1.1). */
    public static final Set<String> OUTDATED = Set.of("TLSv1", "TLSv1.1", "SSLv3", "SSLv2", "SSLv2Hello");
    /** The suites Storm's workers use when {@code storm.messaging.netty.tls.ciphers} is not set: TLS 1.3 only. */
    public static final List<String> STORM_DEFAULT = List.of("TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256",
            "TLS_AES_128_GCM_SHA256");

    /** The engine a worker would use and the suites it offers for one protocol (IANA names, as Java gives them). */
    public record Offer(String engine, List<String> suites) {
    }

    private TlsSuites() {
    }

    /**
     * What the engine {@code setting} ({@code auto}, {@code openssl}, {@code jdk}) picks on this machine offers for
     * {@code protocol}; empty when {@code openssl} is asked for and this machine has none. For {@code jdk}, Netty's
     * OpenSSL is not looked at: looking makes Netty decide for this JVM, and a local run's workers run in it. Looking
     * also fixes the shaded Netty's host name setting for this JVM, so it is set first as a worker sets it
     * ({@link TlsKeys#noHostNameCheckInThisJvm}): a local run's workers would otherwise fail every handshake.
     */
    public static Optional<Offer> offered(String setting, String protocol) {
        Stream<String> suites;
        String engine;
        if (!"jdk".equals(setting)) {
            TlsKeys.noHostNameCheckInThisJvm();
        }
        if (!"jdk".equals(setting) && OpenSsl.isAvailable()) {
            engine = TlsEngine.OPENSSL.description();
            // Netty 4.1 (Storm 2.6, 2.7) lists null for OpenSSL suites that have no Java name.
            suites = OpenSsl.availableJavaCipherSuites().stream().filter(s -> s != null && s.startsWith("TLS_"));
        } else if ("openssl".equals(setting)) {
            return Optional.empty();
        } else {
            engine = TlsEngine.JDK.description();
            try {
                suites = Arrays.stream(SSLContext.getDefault().getDefaultSSLParameters().getCipherSuites());
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("this JVM has no default TLS context", e);
            }
        }
        return Optional.of(new Offer(engine, suites.filter(s -> forProtocol(s, protocol)).distinct().toList()));
    }

    /**
     * Whether a suite is one of {@code protocol}'s: TLS 1.3's are named without a key exchange ({@code TLS_AES_...});
     * TLS 1.2 takes the others, except pre-shared-key suites (Storm configures no keys for them) and signalling values.
     */
    static boolean forProtocol(String suite, String protocol) {
        boolean tls13 = !suite.contains("_WITH_");
        if (suite.endsWith("_SCSV") || suite.contains("_PSK_")) {
            return false;
        }
        return "TLSv1.3".equals(protocol) == tls13;
    }
}
