package dev.fluxext.build;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.model.ConfigMap;
import dev.fluxext.model.Located;
import dev.fluxext.model.TlsDef;
import dev.fluxext.tls.TlsContext;
import dev.fluxext.tls.TlsKeys;
import dev.fluxext.transport.TransportOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code tls:} block of the transport: puts {@link TlsContext} between the batch transport (if any) and Storm's
 * Netty transport, with only non-secret keys in the topology config (store paths, the password's source), and checks
 * here what a worker would otherwise fail on ({@link TlsStores}: missing stores, a wrong password, an expired key,
 * a chain the truststore does not accept), when the password can be read here (a remote cluster's workers may have a
 * variable this host has not). A relative store path is made absolute against the topology file's directory.
 */
final class TransportTls {

    private TransportTls() {
    }

    /**
     * Storm's TLS password keys written in {@code config:} go into the topology config, which Storm logs and its UI
     * shows: Storm accepts them, so a warning.
     */
    static void warnAboutWrittenPasswords(ConfigMap config, Diagnostics diagnostics) {
        TlsKeys.PASSWORD_OF.values().stream().sorted().forEach(key -> config.get(key).ifPresent(e ->
                diagnostics.warning(Code.TLS_STORE, e.keySpan(), key + " puts the password into the topology config, "
                        + "which Storm logs and its UI shows: use transport: {tls: {password: {env: NAME}}} (or "
                        + "{file: PATH}), which each worker reads itself")));
    }

    /** @param transport the transport class set so far; the new one is put in {@code conf} */
    static void apply(TlsDef tls, Located<String> transport, Map<String, Object> conf, Diagnostics diagnostics) {
        if (!TransportOptions.NETTY_CONTEXT.equals(transport.value())) {
            diagnostics.error(Code.CONFLICTING_KEYS, transport.span(), "transport tls configures Storm's Netty TLS: "
                    + "it needs type: netty, not " + transport.value());
            return;
        }
        Optional<Located<String>> keystore = absolute(tls.keystore(), diagnostics);
        Optional<Located<String>> truststore = absolute(tls.truststore(), diagnostics);
        Optional<Located<String>> clientKeystore = tls.clientKeystore().map(p -> absolute(p, diagnostics))
                .orElse(keystore);
        Optional<Located<String>> clientTruststore = tls.clientTruststore().map(p -> absolute(p, diagnostics))
                .orElse(truststore);
        if (keystore.isEmpty() || truststore.isEmpty() || clientKeystore.isEmpty() || clientTruststore.isEmpty()) {
            return;
        }
        readablePassword(tls.password(), diagnostics).ifPresent(password -> {
            check(keystore.get(), truststore.get(), password, diagnostics);
            if (!clientKeystore.equals(keystore) || !clientTruststore.equals(truststore)) {
                check(clientKeystore.get(), clientTruststore.get(), password, diagnostics);
            }
        });
        Map<String, Located<String>> stores = new LinkedHashMap<>();
        stores.put(TlsKeys.KEYSTORE, keystore.get());
        stores.put(TlsKeys.TRUSTSTORE, truststore.get());
        stores.put(TlsKeys.CLIENT_KEYSTORE, clientKeystore.get());
        stores.put(TlsKeys.CLIENT_TRUSTSTORE, clientTruststore.get());
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

    /**
     * The path made absolute against the directory of the file it is written in (a worker would get a relative path
     * to Storm's store watcher, which fails on it); refused when that file is not on disk (a classpath resource).
     */
    private static Optional<Located<String>> absolute(Located<String> path, Diagnostics diagnostics) {
        Path file = Path.of(path.value());
        if (file.isAbsolute()) {
            return Optional.of(path);
        }
        Path written = Path.of(path.span().start().file());
        if (!Files.isRegularFile(written)) {
            diagnostics.error(Code.TLS_STORE, path.span(), "'" + path.value() + "' is a relative path, and "
                    + written + " is no file on disk to resolve it against: give the absolute path (each worker "
                    + "opens the store on its own host)");
            return Optional.empty();
        }
        Path base = written.toAbsolutePath().getParent();
        return Optional.of(new Located<>(base.resolve(file).normalize().toString(), path.span()));
    }

    /** {@link TlsStores}'s findings, each at the key of the store it concerns. */
    private static void check(Located<String> keystore, Located<String> truststore, String password,
                              Diagnostics diagnostics) {
        for (TlsStores.StoreProblem problem : TlsStores.check(Path.of(keystore.value()), password.toCharArray(),
                Path.of(truststore.value()), Instant.now())) {
            Located<String> at = problem.role() == TlsStores.Role.TRUSTSTORE ? truststore : keystore;
            String message = problem.message() + (problem.fix().isEmpty() ? "" : ": " + problem.fix());
            if (problem.isError()) {
                diagnostics.error(Code.TLS_STORE, at.span(), message);
            } else {
                diagnostics.warning(Code.TLS_STORE, at.span(), message);
            }
        }
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
}
