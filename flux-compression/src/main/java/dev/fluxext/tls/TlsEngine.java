package dev.fluxext.tls;

import org.apache.storm.shade.io.netty.handler.ssl.OpenSsl;

/**
 * The TLS engine of Storm's shaded Netty in this JVM. Netty uses OpenSSL (storm-shaded-deps bundles BoringSSL) when
 * it loads, else the JDK's; {@code openssl} makes Storm refuse to start without it, {@code jdk} hides it from Netty,
 * which works only before Netty first looks for it in this JVM (true in a cluster's worker; in a local run, not
 * after an earlier TLS topology in the same JVM).
 */
enum TlsEngine {
    OPENSSL, JDK;

    static TlsEngine choose(Object setting) {
        if ("jdk".equals(setting) && System.getProperty(TlsKeys.NO_OPENSSL_PROPERTY) == null) {
            System.setProperty(TlsKeys.NO_OPENSSL_PROPERTY, "true");
        }
        return current();
    }

    /** The engine Netty uses in this JVM (looking makes Netty decide, once). */
    static TlsEngine current() {
        return OpenSsl.isAvailable() ? OPENSSL : JDK;
    }

    String description() {
        return this == OPENSSL ? "OpenSSL (" + OpenSsl.versionString() + ")" : "JDK";
    }
}
