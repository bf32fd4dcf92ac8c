package dev.fluxext.model;

import java.util.List;
import java.util.Optional;

/**
 * The {@code transport: {tls: ...}} block: worker-to-worker mutual TLS with Storm's Netty TLS.
 *
 * @param keystore         the worker's key and certificate chain, as written (the build refuses relative paths)
 * @param truststore       the CAs a peer's certificate must chain to
 * @param clientKeystore   the key a worker shows when it connects; the keystore when absent
 * @param clientTruststore the CAs a worker accepts from the workers it connects to; the truststore when absent
 * @param password         where each worker reads the stores' password: never the password itself
 * @param protocol         the TLS protocol ({@code TLSv1.3} by default, Storm's)
 * @param ciphers          the cipher suites; Storm's three TLS 1.3 suites when absent
 * @param engine           {@code auto}, {@code openssl} or {@code jdk}
 */
public record TlsDef(Located<String> keystore, Located<String> truststore, Optional<Located<String>> clientKeystore,
                     Optional<Located<String>> clientTruststore, Password password, Located<String> protocol,
                     Optional<Located<List<String>>> ciphers, Located<String> engine, Span span) {

    /** A password source: the worker's environment variable ({@code env}) or a file on its host ({@code file}). */
    public record Password(Source source, Located<String> name, Span span) {
        public enum Source { ENV, FILE }
    }
}
