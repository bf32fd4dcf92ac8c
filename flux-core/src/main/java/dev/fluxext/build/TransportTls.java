package dev.fluxext.build;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.model.Located;
import dev.fluxext.model.TlsDef;
import dev.fluxext.tls.TlsContext;
import dev.fluxext.tls.TlsKeys;
import dev.fluxext.transport.TransportOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code tls:} block of the transport: puts {@link TlsContext} between the batch transport (if any) and Storm's
 * Netty transport, with only non-secret keys in the topology config (store paths, the password's source), and checks
 * here what a worker would otherwise fail on: relative or missing store paths, and stores that do not open with the
 * password (when the password can be read here: a remote cluster's workers may have a variable this host has not).
 */
final class TransportTls {

    private TransportTls() {
    }

    /** @param transport the transport class set so far; the new one is put in {@code conf} */
    static void apply(TlsDef tls, Located<String> transport, Map<String, Object> conf, Diagnostics diagnostics) {
        if (!TransportOptions.NETTY_CONTEXT.equals(transport.value())) {
            diagnostics.error(Code.CONFLICTING_KEYS, transport.span(), "transport tls configures Storm's Netty TLS: "
                    + "it needs type: netty, not " + transport.value());
            return;
        }
        Map<String, Located<String>> stores = new LinkedHashMap<>();
        stores.put(TlsKeys.KEYSTORE, tls.keystore());
        stores.put(TlsKeys.TRUSTSTORE, tls.truststore());
        stores.put(TlsKeys.CLIENT_KEYSTORE, tls.clientKeystore().orElse(tls.keystore()));
        stores.put(TlsKeys.CLIENT_TRUSTSTORE, tls.clientTruststore().orElse(tls.truststore()));
        boolean usable = true;
        for (Located<String> path : Map.of("keystore", tls.keystore(), "truststore", tls.truststore()).values()) {
            usable &= pathUsable(path, diagnostics);
        }
        usable &= tls.clientKeystore().map(p -> pathUsable(p, diagnostics)).orElse(true);
        usable &= tls.clientTruststore().map(p -> pathUsable(p, diagnostics)).orElse(true);
        Optional<String> password = readablePassword(tls.password(), diagnostics);
        if (usable && password.isPresent()) {
            stores.values().stream().distinct().forEach(path -> opens(path, tls.password(), password.get(),
                    diagnostics));
        }
        stores.forEach((key, path) -> conf.put(key, path.value()));
        conf.put(tls.password().source() == TlsDef.Password.Source.ENV ? TlsKeys.PASSWORD_ENV : TlsKeys.PASSWORD_FILE,
                tls.password().name().value());
        conf.put(TlsKeys.ENABLE, true);
        conf.put(TlsKeys.PROTOCOLS, tls.protocol().value());
        tls.ciphers().ifPresent(c -> conf.put(TlsKeys.CIPHERS, c.value()));
        conf.put(TlsKeys.ENGINE, tls.engine().value());
        conf.put(TlsKeys.DELEGATE, transport.value());
        conf.put(TransportOptions.TRANSPORT_KEY, TlsContext.class.getName());
    }

    /** Absolute and readable here; a relative path would reach Storm's store watcher, which fails on it. */
    private static boolean pathUsable(Located<String> path, Diagnostics diagnostics) {
        Path file = Path.of(path.value());
        if (!file.isAbsolute()) {
            diagnostics.error(Code.TLS_STORE, path.span(), "'" + path.value() + "' is a relative path: each worker "
                    + "opens the store on its own host, where it has no base (Storm's store watcher fails on it); "
                    + "give the absolute path (with --local, of this host: " + file.toAbsolutePath() + ")");
            return false;
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            diagnostics.error(Code.TLS_STORE, path.span(), path.value() + " is not a readable file here; with "
                    + "--local the workers read it on this host, on a cluster on each worker host (make the stores "
                    + "with 'flux tls init DIR')");
            return false;
        }
        return true;
    }

    /** The password, if this host can read it; a source this host lacks is a warning (a cluster's workers may have it). */
    private static Optional<String> readablePassword(TlsDef.Password password, Diagnostics diagnostics) {
        String key = password.source() == TlsDef.Password.Source.ENV ? TlsKeys.PASSWORD_ENV : TlsKeys.PASSWORD_FILE;
        if (password.source() == TlsDef.Password.Source.ENV && System.getenv(password.name().value()) == null) {
            diagnostics.warning(Code.TLS_STORE, password.name().span(), "the environment variable "
                    + password.name().value() + " is not set here, so the stores were not opened; each worker reads "
                    + "it from its environment (with --local: this one, so set it before submitting)");
            return Optional.empty();
        }
        try {
            return Optional.of(TlsKeys.password(Map.of(key, password.name().value()), System.getenv()));
        } catch (IllegalArgumentException e) {
            diagnostics.error(Code.TLS_STORE, password.name().span(), e.getMessage());
            return Optional.empty();
        }
    }

    private static void opens(Located<String> path, TlsDef.Password source, String password, Diagnostics diagnostics) {
        String from = (source.source() == TlsDef.Password.Source.ENV ? "the environment variable " : "the file ")
                + source.name().value();
        try {
            KeyStore.getInstance(Path.of(path.value()).toFile(), password.toCharArray());
        } catch (IOException e) {
            boolean wrongPassword = e.getCause() instanceof java.security.UnrecoverableKeyException
                    || String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("password");
            diagnostics.error(Code.TLS_STORE, path.span(), path.value() + (wrongPassword
                    ? " does not open with the password from " + from + " (wrong password?)"
                    : " cannot be read as a keystore: " + e.getMessage()));
        } catch (GeneralSecurityException e) {
            diagnostics.error(Code.TLS_STORE, path.span(), path.value() + " is not a PKCS12 or JKS store ("
                    + e.getMessage() + "); Storm reads only these");
        }
    }
}
