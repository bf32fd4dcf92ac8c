package dev.fluxext.build;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.diag.Related;
import dev.fluxext.diag.Severity;
import dev.fluxext.model.ConfigMap;
import dev.fluxext.model.Located;
import dev.fluxext.model.Position;
import dev.fluxext.model.TlsDef;
import dev.fluxext.tls.TlsContext;
import dev.fluxext.tls.TlsKeys;
import dev.fluxext.tls.TlsSuites;
import dev.fluxext.transport.TransportOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The {@code tls:} block of the transport: puts {@link TlsContext} between the batch transport (if any) and Storm's
 * Netty transport, with only non-secret keys in the topology config (store paths, the password's source), and checks
 * here what a worker would otherwise fail on ({@link TlsStores}: a wrong password, an expired key, a chain the
 * truststore does not accept). What is not on this machine (a cluster's per-host stores, a variable only the workers'
 * environment has) is one warning, {@link Code#TLS_NOT_HERE}, whose related places name each missing thing: the
 * workers check them at start, and {@code submit --local}, whose workers run here, makes it an error. A relative store
 * path is made absolute against the topology file's directory.
 */
public final class TransportTls {

    /** What a store or password file that is not here is called (the worker's own check says the same). */
    static final String DOES_NOT_EXIST = " does not exist on this machine";
    /** What flux prints for a Storm TLS password given in the config: a secret, shown as this. */
    public static final String HIDDEN = "<hidden: a TLS password>";

    private TransportTls() {
    }

    /**
     * Storm's TLS password keys written in {@code config:} go into the topology config, which Storm logs and its UI
     * shows: Storm accepts them, so a warning.
     */
    static void warnAboutWrittenPasswords(ConfigMap config, Diagnostics diagnostics) {
        TlsKeys.PASSWORD_OF.values().stream().sorted().forEach(key -> config.get(key).ifPresent(e -> {
            hide(e.value().toPlain(), diagnostics);
            diagnostics.warning(Code.TLS_STORE, e.keySpan(), writtenPasswordWarning(key));
        }));
    }

    /** The same for a {@code -c} value: warned about as in the file, and never printed by show or --dry-run. */
    public static void warnAboutPasswordOverride(String key, Object value, Diagnostics diagnostics) {
        if (TlsKeys.PASSWORD_OF.containsValue(key)) {
            hide(value, diagnostics);
            diagnostics.warning(Code.TLS_STORE, Position.ofArgument("-c " + key), writtenPasswordWarning(key));
        }
    }

    private static void hide(Object value, Diagnostics diagnostics) {
        if (value != null) {
            diagnostics.redactions().add(String.valueOf(value), HIDDEN, true);
        }
    }

    private static String writtenPasswordWarning(String key) {
        return key + " puts the password into the topology config, which Storm logs and its UI shows: use "
                + "transport: {tls: {password: {env: NAME}}} (or {file: PATH}), which each worker reads itself";
    }

    /** @param transport the transport class set so far; the new one is put in {@code conf} */
    static void apply(TlsDef tls, Located<String> transport, Map<String, Object> conf, Diagnostics diagnostics) {
        if (!TransportOptions.NETTY_CONTEXT.equals(transport.value())) {
            diagnostics.error(Code.CONFLICTING_KEYS, transport.span(), "transport tls configures Storm's Netty TLS: "
                    + "it needs type: netty, not " + transport.value());
            return;
        }
        checkProtocolAndCiphers(tls, diagnostics);
        Optional<Located<String>> keystore = absolute(tls.keystore(), diagnostics);
        Optional<Located<String>> truststore = absolute(tls.truststore(), diagnostics);
        Optional<Located<String>> clientKeystore = tls.clientKeystore().map(p -> absolute(p, diagnostics))
                .orElse(keystore);
        Optional<Located<String>> clientTruststore = tls.clientTruststore().map(p -> absolute(p, diagnostics))
                .orElse(truststore);
        if (keystore.isEmpty() || truststore.isEmpty() || clientKeystore.isEmpty() || clientTruststore.isEmpty()) {
            return;
        }
        List<Related> notHere = new ArrayList<>();
        Stream.of(keystore, truststore, clientKeystore, clientTruststore).map(Optional::get).distinct()
                .filter(store -> !Files.exists(Path.of(store.value())))
                .forEach(store -> notHere.add(new Related(store.span(), store.value() + DOES_NOT_EXIST)));
        int absentStores = notHere.size();
        Optional<String> password = readablePassword(tls.password(), notHere, diagnostics);
        if (!notHere.isEmpty()) {
            boolean allAbsent = absentStores == Stream.of(keystore, truststore, clientKeystore, clientTruststore).distinct()
                    .count() && notHere.size() > absentStores;
            diagnostics.add(new Diagnostic(Code.TLS_NOT_HERE, Severity.WARNING, notHere.get(0).span(),
                    notHereMessage(notHere, allAbsent, tls.password()), notHere));
        }
        password.ifPresent(pw -> {
            check(keystore.get(), truststore.get(), pw, diagnostics);
            if (!clientKeystore.equals(keystore) || !clientTruststore.equals(truststore)) {
                check(clientKeystore.get(), clientTruststore.get(), pw, diagnostics);
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
     * The protocol: TLS 1.3 or 1.2 only; the cipher suites (Storm's TLS 1.3 three when none are given): each one the
     * engine that will run them offers for that protocol, as a worker would otherwise fail at start or at every
     * handshake. The engine is this machine's choice for the {@code engine} setting; a cluster's hosts choose alike
     * when they run the same Storm on the same platform.
     */
    private static void checkProtocolAndCiphers(TlsDef tls, Diagnostics diagnostics) {
        Located<String> protocol = tls.protocol();
        if (!TlsSuites.PROTOCOLS.contains(protocol.value())) {
            String what = TlsSuites.OUTDATED.contains(protocol.value())
                    ? protocol.value() + " is outdated and weak (TLS 1.0 and 1.1 are deprecated by RFC 8996, SSL is broken)"
                    : "'" + protocol.value() + "' is not a protocol workers can speak";
            diagnostics.error(Code.TLS_SETTING, protocol.span(), "transport tls protocols: " + what + "; write "
                    + "protocols: TLSv1.3 (the default) or TLSv1.2 (one name)");
            return;
        }
        Optional<TlsSuites.Offer> offer = TlsSuites.offered(tls.engine().value(), protocol.value());
        if (offer.isEmpty()) {
            diagnostics.warning(Code.TLS_SETTING, tls.engine().span(), "transport tls engine: openssl, and this "
                    + "machine's Storm has no OpenSSL for Netty: the cipher suites are not checked here, and a worker "
                    + "on a host like this one does not start");
            return;
        }
        List<String> offered = offer.get().suites();
        String offers = "the " + offer.get().engine() + " engine offers for " + protocol.value() + ": " + String.join(
                ", ", offered);
        if (tls.ciphers().isEmpty()) {
            if (TlsSuites.STORM_DEFAULT.stream().noneMatch(offered::contains)) {
                diagnostics.error(Code.TLS_SETTING, protocol.span(), "transport tls protocols: " + protocol.value()
                        + " with Storm's default cipher suites (" + String.join(", ", TlsSuites.STORM_DEFAULT)
                        + ", TLS 1.3 only) cannot connect: give ciphers: for it (" + offers + "), or use TLSv1.3");
            }
            return;
        }
        Located<List<String>> ciphers = tls.ciphers().get();
        List<String> unknown = ciphers.value().stream().filter(c -> !offered.contains(c)).toList();
        if (!unknown.isEmpty()) {
            diagnostics.error(Code.TLS_SETTING, ciphers.span(), "transport tls ciphers: " + String.join(", ", unknown)
                    + (unknown.size() == 1 ? " is not a suite " : " are not suites ") + "workers can use with "
                    + protocol.value() + "; " + offers);
        }
    }

    /**
     * What {@code validate} checked of the stores, one line, when it opened them here: the engine and protocol the
     * suites were checked for, and each worker certificate's subject and expiry. Empty when the stores or the
     * password are not on this machine (then nothing was opened).
     */
    public static Optional<String> checkedLine(Map<String, Object> conf) {
        if (!TlsKeys.configured(conf) || conf.get(TlsKeys.KEYSTORE) == null || conf.get(TlsKeys.TRUSTSTORE) == null) {
            return Optional.empty();
        }
        Path keystore = Path.of(conf.get(TlsKeys.KEYSTORE).toString());
        Path truststore = Path.of(conf.get(TlsKeys.TRUSTSTORE).toString());
        if (!Files.exists(keystore) || !Files.exists(truststore)) {
            return Optional.empty();
        }
        String password;
        try {
            password = TlsKeys.password(conf, System.getenv());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        List<String> certificates = TlsStores.keyCertificates(keystore, password.toCharArray()).stream()
                .map(c -> c.getSubjectX500Principal().getName() + " until " + c.getNotAfter().toInstant()).toList();
        if (certificates.isEmpty()) {
            return Optional.empty();
        }
        String protocol = String.valueOf(conf.getOrDefault(TlsKeys.PROTOCOLS, "TLSv1.3"));
        String engine = TlsSuites.offered(String.valueOf(conf.getOrDefault(TlsKeys.ENGINE, "auto")), protocol)
                .map(TlsSuites.Offer::engine).orElse("OpenSSL (not on this machine)");
        return Optional.of("TLS checked: engine " + engine + ", " + protocol + "; keystore " + keystore + ": "
                + String.join(", ", certificates) + ", chains to truststore " + truststore);
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

    /**
     * The warning for what is not here: one line. When nothing is here, the usual case of a submitting machine that
     * holds none of the workers' files, it says just that.
     */
    private static String notHereMessage(List<Related> notHere, boolean allAbsent, TlsDef.Password password) {
        boolean env = password.source() == TlsDef.Password.Source.ENV;
        if (allAbsent) {
            return env ? "the TLS stores are not on this machine, nor the environment variable "
                    + password.name().value() + ": each worker checks them at start"
                    : "the TLS stores and password file are not on this machine: each worker checks them at start";
        }
        if (notHere.size() == 1 && env && notHere.get(0).span().equals(password.name().span())) {
            return "the environment variable " + password.name().value() + " is not set here, so the stores were not "
                    + "opened; each worker reads it from its environment (with --local: this one, so set it before "
                    + "submitting)";
        }
        return String.join(", ", notHere.stream().map(Related::message).toList()) + ": not checked here; each "
                + "worker checks the TLS files at start, on its own host";
    }

    /**
     * {@link TlsStores}'s findings, each at the key of the store it concerns; only for a keystore that is here (a
     * truststore that is not is left out of the check).
     */
    private static void check(Located<String> keystore, Located<String> truststore, String password,
                              Diagnostics diagnostics) {
        if (!Files.exists(Path.of(keystore.value()))) {
            return;
        }
        Path trust = Path.of(truststore.value());
        for (TlsStores.StoreProblem problem : TlsStores.check(Path.of(keystore.value()), password.toCharArray(),
                Files.exists(trust) ? trust : null, Instant.now())) {
            Located<String> at = problem.role() == TlsStores.Role.TRUSTSTORE ? truststore : keystore;
            String message = problem.message() + (problem.fix().isEmpty() ? "" : ": " + problem.fix());
            if (problem.isError()) {
                diagnostics.error(Code.TLS_STORE, at.span(), message);
            } else {
                diagnostics.warning(Code.TLS_STORE, at.span(), message);
            }
        }
    }

    /**
     * The password, if this host can read it; a source this host lacks goes to {@code notHere} (a cluster's workers
     * may have it), one that is here and wrong is an error.
     */
    private static Optional<String> readablePassword(TlsDef.Password password, List<Related> notHere,
                                                     Diagnostics diagnostics) {
        String key = password.source() == TlsDef.Password.Source.ENV ? TlsKeys.PASSWORD_ENV : TlsKeys.PASSWORD_FILE;
        String name = password.name().value();
        if (password.source() == TlsDef.Password.Source.ENV && System.getenv(name) == null) {
            notHere.add(new Related(password.name().span(), "the environment variable " + name + " is not set"));
            return Optional.empty();
        }
        if (password.source() == TlsDef.Password.Source.FILE && Path.of(name).isAbsolute()
                && !Files.exists(Path.of(name))) {
            notHere.add(new Related(password.name().span(), name + DOES_NOT_EXIST));
            return Optional.empty();
        }
        try {
            Map<String, Object> source = Map.of(key, password.name().value());
            String read = TlsKeys.password(source, System.getenv());
            TlsKeys.passwordFileOpenToOthers(source).ifPresent(problem -> diagnostics.warning(Code.TLS_STORE,
                    password.name().span(), problem));
            return Optional.of(read);
        } catch (IllegalArgumentException e) {
            diagnostics.error(Code.TLS_STORE, password.name().span(), e.getMessage());
            return Optional.empty();
        }
    }
}
