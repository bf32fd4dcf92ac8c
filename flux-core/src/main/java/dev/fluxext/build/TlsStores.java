package dev.fluxext.build;

import dev.fluxext.diag.Severity;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.UnrecoverableKeyException;
import java.security.cert.CertPathValidator;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertPathValidatorException.BasicReason;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.CertificateParsingException;
import java.security.cert.PKIXCertPathValidatorResult;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks the key and trust stores of worker TLS before anything runs, as Storm's workers will open them
 * ({@code ReloadableX509KeyManager} and {@code ReloadableX509TrustManager}, the same on 2.6.4, 2.7.x and 2.8.x), so
 * that a store that would stop every worker-to-worker handshake is found at {@code validate} instead.
 *
 * <p>API (stable; the build stage turns each problem into a diagnostic at the YAML key it names):
 * <ul>
 *   <li>{@link #check(Path, char[], Path, Instant)}: the keystore (and optionally the truststore) opened with one
 *       password, as the {@code transport.tls} block has one; {@link #check(Path, char[], Path, char[], Instant)}
 *       when the two passwords differ. A null truststore checks the keystore alone. Problems come back as values,
 *       never as exceptions; an empty list means Storm will open both stores and the key chains to the truststore.
 *   <li>{@link #stormLine(String, String)}: a refusal when the cluster's Storm has no worker TLS (before 2.6.4).
 *   <li>{@link #stormStoreType(Path)}: the store type Storm picks for a keystore path.
 * </ul>
 * Each {@link StoreProblem} says which {@link Role} it concerns (so the caller can point at the right key), whether it
 * is an error or a warning (a certificate that expires soon), what is wrong, and what to do about it.
 */
public final class TlsStores {

    /** A certificate that expires within this is warned about: rotation takes a new store on every worker host. */
    public static final Duration EXPIRY_WARNING = Duration.ofDays(30);

    /** Which part of the TLS setup a problem concerns. */
    public enum Role {
        KEYSTORE("keystore"),
        TRUSTSTORE("truststore"),
        /** The cluster's Storm version, not a store. */
        CLUSTER("cluster");

        private final String yamlKey;

        Role(String yamlKey) {
            this.yamlKey = yamlKey;
        }

        /** The key of the {@code transport.tls} block this role is given by (for CLUSTER: none, "cluster"). */
        public String yamlKey() {
            return yamlKey;
        }
    }

    /** One problem: {@code message} says what is wrong and names the store's file, {@code fix} what to do. */
    public record StoreProblem(Severity severity, Role role, String message, String fix) {

        public boolean isError() {
            return severity == Severity.ERROR;
        }

        @Override
        public String toString() {
            return severity.name().toLowerCase(Locale.ROOT) + ": " + message + "; " + fix;
        }
    }

    private static final int JKS_MAGIC = 0xFEEDFEED;
    private static final int JCEKS_MAGIC = 0xCECECECE;
    private static final Pattern VERSION = Pattern.compile("^(\\d+)\\.(\\d+)(?:\\.(\\d+))?(?:[.-].*)?$");

    private TlsStores() {
    }

    /** Checks both stores opened with one password (the {@code transport.tls} block's). */
    public static List<StoreProblem> check(Path keystore, char[] password, Path truststore, Instant now) {
        return check(keystore, password, truststore, password, now);
    }

    /**
     * Checks a keystore and, when {@code truststore} is not null, a truststore and the key's chain against it, at
     * time {@code now}. Nothing is thrown for a bad store: every finding is a {@link StoreProblem}.
     */
    public static List<StoreProblem> check(Path keystore, char[] keystorePassword, Path truststore,
                                           char[] truststorePassword, Instant now) {
        List<StoreProblem> problems = new ArrayList<>();
        Optional<KeyStore> keys = open(Role.KEYSTORE, keystore, stormStoreType(keystore), keystorePassword,
            problems);
        List<X509Certificate[]> chains = keys.map(ks -> keyChains(ks, keystore, keystorePassword, now, problems))
            .orElse(List.of());
        if (truststore == null) {
            return List.copyOf(problems);
        }
        Optional<KeyStore> trust = open(Role.TRUSTSTORE, truststore, KeyStore.getDefaultType().toUpperCase(Locale.ROOT),
            truststorePassword, problems);
        trust.map(ts -> trustAnchors(ts, truststore, problems)).filter(anchors -> !anchors.isEmpty())
            .ifPresent(anchors -> chains.forEach(chain -> checkChain(chain, keystore, truststore, anchors, now,
                problems)));
        return List.copyOf(problems);
    }

    /**
     * The store type Storm's worker uses for a keystore at {@code path}: PKCS12 for names ending in .p12, .pkcs12
     * or .pfx, JKS for everything else ({@code SecurityUtils.inferKeyStoreTypeFromPath}, JKS as its fallback). Storm
     * opens the truststore with the JVM's default type instead (PKCS12 on Java 9 and later).
     */
    public static String stormStoreType(Path path) {
        String name = path.getFileName() == null ? "" : path.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".p12") || name.endsWith(".pkcs12") || name.endsWith(".pfx") ? "PKCS12" : "JKS";
    }

    /**
     * The certificates of the keystore's keys, what a worker shows its peers (opened as Storm opens it); empty when it
     * does not open. For saying what was checked: {@link #check} says what is wrong.
     */
    public static List<X509Certificate> keyCertificates(Path keystore, char[] password) {
        try (InputStream in = Files.newInputStream(keystore)) {
            KeyStore store = KeyStore.getInstance(stormStoreType(keystore));
            store.load(in, password);
            List<X509Certificate> certificates = new ArrayList<>();
            for (String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias) && store.getCertificate(alias) instanceof X509Certificate cert) {
                    certificates.add(cert);
                }
            }
            return certificates;
        } catch (IOException | GeneralSecurityException e) {
            return List.of();
        }
    }

    /**
     * A refusal when Storm {@code version}, run by {@code what} (e.g. "Nimbus at host:6627"), has no worker TLS:
     * it came with STORM-4070 in 2.6.4 and 2.7.0. Empty for those and later, and when the text is not a version.
     */
    public static Optional<StoreProblem> stormLine(String what, String version) {
        Matcher m = version == null ? null : VERSION.matcher(version.strip());
        if (m == null || !m.matches()) {
            return Optional.empty();
        }
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        int patch = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
        boolean hasTls = major > 2 || major == 2 && (minor > 6 || minor == 6 && patch >= 4);
        return hasTls ? Optional.empty() : Optional.of(new StoreProblem(Severity.ERROR, Role.CLUSTER,
            what + " runs Storm " + version + ", which has no TLS between workers (it came in Storm 2.6.4 and 2.7.0)",
            "upgrade the cluster to Storm 2.6.4 or newer, or remove transport.tls"));
    }

    /** The store opened as Storm opens it, or empty with the reason added to {@code problems}. */
    private static Optional<KeyStore> open(Role role, Path path, String type, char[] password,
                                           List<StoreProblem> problems) {
        String what = role.yamlKey() + " " + path;
        if (password == null) {
            problems.add(error(role, "no password to open " + what + " with",
                "give transport.tls.password as {env: NAME} or {file: PATH}"));
            return Optional.empty();
        }
        if (!Files.exists(path)) {
            problems.add(error(role, what + " does not exist" + (path.isAbsolute() ? "" : " (a relative path)"),
                "give the path of an existing PKCS12 (.p12) or JKS file; `flux tls init DIR` makes one"));
            return Optional.empty();
        }
        if (!Files.isRegularFile(path)) {
            problems.add(error(role, what + " is not a regular file", "give the path of a PKCS12 (.p12) or JKS file"));
            return Optional.empty();
        }
        if (!Files.isReadable(path)) {
            problems.add(error(role, what + " cannot be read by this user",
                "make it readable by the user that runs the workers (and no one else: chmod 600)"));
            return Optional.empty();
        }
        String format;
        try {
            format = format(path);
        } catch (IOException e) {
            problems.add(error(role, what + " cannot be read: " + e.getMessage(), "check the file"));
            return Optional.empty();
        }
        if (format.equals("PEM") || format.equals("JCEKS") || format.equals("unknown")) {
            String found = format.equals("unknown") ? "is not a key store Storm can read" : "is a " + format + " file";
            problems.add(error(role, what + " " + found + "; Storm reads PKCS12 and JKS stores only",
                format.equals("PEM")
                    ? "convert it: openssl pkcs12 -export -in cert.pem -inkey key.pem -out worker.p12 (or make new "
                        + "stores with `flux tls init DIR`)"
                    : "convert it: keytool -importkeystore -srckeystore FILE -destkeystore FILE.p12 "
                        + "-deststoretype PKCS12"));
            return Optional.empty();
        }
        KeyStore store;
        try (InputStream in = Files.newInputStream(path)) {
            store = KeyStore.getInstance(type);
            store.load(in, password);
        } catch (IOException e) {
            if (isWrongPassword(e)) {
                problems.add(error(role, "the password does not open " + what,
                    "give the store's password (transport.tls.password), or make new stores with `flux tls init`"));
            } else {
                problems.add(error(role, what + " could not be opened as " + type + " (it is " + format + "): "
                    + e.getMessage(), typeFix(role, format, path)));
            }
            return Optional.empty();
        } catch (GeneralSecurityException e) {
            problems.add(error(role, what + " could not be opened as " + type + ": " + e.getMessage(),
                typeFix(role, format, path)));
            return Optional.empty();
        }
        if (role == Role.KEYSTORE && !format.equals(type)) {
            // Java reads either format under either type while keystore.type.compat is true (the default).
            problems.add(new StoreProblem(Severity.WARNING, role, what + " is a " + format + " file, but Storm "
                + "opens a keystore named so as " + type + " (PKCS12 for .p12, .pkcs12, .pfx; JKS otherwise); it "
                + "works only while the workers' Java has keystore.type.compat=true", typeFix(role, format, path)));
        }
        return Optional.of(store);
    }

    private static String typeFix(Role role, String format, Path path) {
        if (role == Role.TRUSTSTORE) {
            return "Storm opens the truststore as the JVM's default type (" + KeyStore.getDefaultType()
                + "): use a PKCS12 file";
        }
        return format.equals("PKCS12") ? "rename " + path.getFileName() + " to end in .p12"
            : "rename " + path.getFileName() + " to end in .jks, or convert it to PKCS12 and name it .p12";
    }

    /** PKCS12, JKS, JCEKS, PEM or unknown, from the file's first bytes. */
    private static String format(Path path) throws IOException {
        byte[] head = new byte[16];
        int n;
        try (InputStream in = Files.newInputStream(path)) {
            n = in.readNBytes(head, 0, head.length);
        }
        if (n >= 4) {
            int magic = ((head[0] & 0xff) << 24) | ((head[1] & 0xff) << 16) | ((head[2] & 0xff) << 8) | (head[3] & 0xff);
            if (magic == JKS_MAGIC) {
                return "JKS";
            }
            if (magic == JCEKS_MAGIC) {
                return "JCEKS";
            }
        }
        if (n >= 2 && head[0] == 0x30) { // a DER SEQUENCE: PKCS12's PFX
            return "PKCS12";
        }
        if (n >= 5 && new String(head, 0, n, java.nio.charset.StandardCharsets.US_ASCII).startsWith("-----")) {
            return "PEM";
        }
        return "unknown";
    }

    /** Java reports a wrong store password as an IOException caused by an UnrecoverableKeyException. */
    private static boolean isWrongPassword(IOException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UnrecoverableKeyException) {
                return true;
            }
        }
        String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return message.contains("password") || message.contains("mac invalid");
    }

    /** The certificate chains of the keystore's private keys, checking each key and its certificate. */
    private static List<X509Certificate[]> keyChains(KeyStore store, Path path, char[] password, Instant now,
                                                     List<StoreProblem> problems) {
        String what = "keystore " + path;
        List<X509Certificate[]> chains = new ArrayList<>();
        try {
            for (String alias : Collections.list(store.aliases())) {
                if (!store.isKeyEntry(alias)) {
                    continue;
                }
                Certificate[] chain = store.getCertificateChain(alias);
                if (chain == null || chain.length == 0) {
                    continue; // a secret key, not a private key
                }
                try {
                    store.getKey(alias, password);
                } catch (UnrecoverableKeyException e) {
                    problems.add(error(Role.KEYSTORE, "the key '" + alias + "' in " + what
                            + " has another password than the store; Storm opens both with the same one",
                        "set the key's password to the store's (keytool -keypasswd -alias " + alias + ")"));
                    continue;
                }
                X509Certificate[] x509 = Arrays.stream(chain).filter(X509Certificate.class::isInstance)
                    .map(X509Certificate.class::cast).toArray(X509Certificate[]::new);
                if (x509.length != chain.length) {
                    problems.add(error(Role.KEYSTORE, "the key '" + alias + "' in " + what
                        + " has a certificate that is not X.509", "issue an X.509 certificate for it"));
                    continue;
                }
                checkLeaf(x509[0], alias, what, now, problems);
                chains.add(x509);
            }
        } catch (GeneralSecurityException e) {
            problems.add(error(Role.KEYSTORE, what + " could not be read: " + e.getMessage(), "check the file"));
            return chains;
        }
        if (chains.isEmpty() && problems.stream().noneMatch(p -> p.role() == Role.KEYSTORE && p.isError())) {
            problems.add(error(Role.KEYSTORE, what + " holds no private key with a certificate; a worker needs its "
                + "own key to take part in mutual TLS", "give a store with the worker's key and certificate chain "
                + "(`flux tls init DIR` makes worker.p12); the CA certificates go in the truststore"));
        }
        return chains;
    }

    private static void checkLeaf(X509Certificate cert, String alias, String what, Instant now,
                                  List<StoreProblem> problems) {
        String subject = "the certificate of key '" + alias + "' in " + what + " (" + cert.getSubjectX500Principal()
            .getName() + ")";
        Instant notBefore = cert.getNotBefore().toInstant();
        Instant notAfter = cert.getNotAfter().toInstant();
        if (now.isAfter(notAfter)) {
            problems.add(error(Role.KEYSTORE, subject + " expired on " + notAfter,
                "issue a new certificate (`flux tls init --ca DIR/ca/ca-key.p12 ...`) and replace the keystore; "
                    + "Storm reloads a changed store"));
        } else if (now.isBefore(notBefore)) {
            problems.add(error(Role.KEYSTORE, subject + " is not valid before " + notBefore,
                "check the clock of the host that issued it, or wait until then"));
        } else if (now.plus(EXPIRY_WARNING).isAfter(notAfter)) {
            problems.add(new StoreProblem(Severity.WARNING, Role.KEYSTORE, subject + " expires on " + notAfter
                + ", in " + Duration.between(now, notAfter).toDays() + " days",
                "issue a new certificate and replace the keystore before then; Storm reloads a changed store"));
        }
        boolean[] usage = cert.getKeyUsage();
        if (usage != null && !usage[0]) {
            problems.add(error(Role.KEYSTORE, subject + " does not allow digital signatures (key usage), which TLS "
                + "1.3 needs", "issue the certificate with key usage digitalSignature"));
        }
        try {
            List<String> extended = cert.getExtendedKeyUsage();
            if (extended != null && !extended.contains("2.5.29.37.0")) {
                List<String> missing = new ArrayList<>();
                if (!extended.contains("1.3.6.1.5.5.7.3.1")) {
                    missing.add("serverAuth");
                }
                if (!extended.contains("1.3.6.1.5.5.7.3.2")) {
                    missing.add("clientAuth");
                }
                if (!missing.isEmpty()) {
                    problems.add(error(Role.KEYSTORE, subject + " lacks extended key usage " + String.join(" and ",
                        missing) + "; every worker is both a TLS server and a TLS client", "issue the certificate "
                        + "with extended key usage serverAuth and clientAuth (or none)"));
                }
            }
        } catch (CertificateParsingException e) {
            problems.add(error(Role.KEYSTORE, subject + " has an unreadable extended key usage", "issue it again"));
        }
    }

    /** The certificates the truststore trusts (as Java's trust manager reads it), with a problem if there are none. */
    private static Set<TrustAnchor> trustAnchors(KeyStore store, Path path, List<StoreProblem> problems) {
        Set<TrustAnchor> anchors = new HashSet<>();
        boolean privateKey = false;
        try {
            for (String alias : Collections.list(store.aliases())) {
                Certificate cert = store.isCertificateEntry(alias) ? store.getCertificate(alias)
                    : store.isKeyEntry(alias) ? store.getCertificate(alias) : null;
                privateKey |= store.isKeyEntry(alias) && cert != null;
                if (cert instanceof X509Certificate x509) {
                    anchors.add(new TrustAnchor(x509, null));
                }
            }
        } catch (KeyStoreException e) {
            problems.add(error(Role.TRUSTSTORE, "truststore " + path + " could not be read: " + e.getMessage(),
                "check the file"));
            return anchors;
        }
        if (anchors.isEmpty()) {
            problems.add(error(Role.TRUSTSTORE, "truststore " + path + " holds no certificate, so no peer can be "
                + "trusted", "give a store with the CA certificate that issued the workers' certificates "
                + "(`flux tls init DIR` makes ca.p12)"));
        } else if (privateKey) {
            problems.add(new StoreProblem(Severity.WARNING, Role.TRUSTSTORE, "truststore " + path
                + " holds a private key; a truststore needs certificates only, and every worker host gets a copy",
                "use a truststore with the CA certificate alone (as `flux tls init` writes ca.p12)"));
        }
        return anchors;
    }

    /** Whether the key's chain leads to one of the truststore's certificates at {@code now}, as a peer checks it. */
    private static void checkChain(X509Certificate[] chain, Path keystore, Path truststore, Set<TrustAnchor> anchors,
                                   Instant now, List<StoreProblem> problems) {
        Set<X509Certificate> trusted = new HashSet<>();
        anchors.forEach(a -> trusted.add(a.getTrustedCert()));
        // A peer sends its whole chain; the part from the first trusted certificate on is not checked further.
        List<X509Certificate> path = new ArrayList<>();
        for (X509Certificate cert : chain) {
            if (trusted.contains(cert)) {
                break;
            }
            path.add(cert);
        }
        if (path.isEmpty()) {
            return; // the worker's certificate itself is trusted
        }
        String what = "the certificate of " + chain[0].getSubjectX500Principal().getName() + " in keystore "
            + keystore;
        try {
            PKIXParameters parameters = new PKIXParameters(anchors);
            parameters.setRevocationEnabled(false);
            parameters.setDate(Date.from(now));
            PKIXCertPathValidatorResult result = (PKIXCertPathValidatorResult) CertPathValidator.getInstance("PKIX")
                .validate(CertificateFactory.getInstance("X.509").generateCertPath(path), parameters);
            X509Certificate anchor = result.getTrustAnchor().getTrustedCert();
            if (anchor != null && now.isAfter(anchor.getNotAfter().toInstant())) {
                // Java's trust manager does not check an anchor's dates, so handshakes still succeed.
                problems.add(new StoreProblem(Severity.WARNING, Role.TRUSTSTORE, "the CA certificate "
                    + anchor.getSubjectX500Principal().getName() + " in truststore " + truststore + " has expired on "
                    + anchor.getNotAfter().toInstant() + "; Java still trusts it, other TLS tools do not",
                    "make a new CA (`flux tls init`) and move the workers to it: see docs/tls.md, rotation"));
            }
        } catch (CertPathValidatorException e) {
            if (e.getIndex() == 0 && (e.getReason() == BasicReason.EXPIRED || e.getReason() == BasicReason.NOT_YET_VALID)) {
                return; // said by checkLeaf already
            }
            String reason = e.getReason() == BasicReason.EXPIRED ? "a CA certificate in its chain has expired"
                : e.getReason() == BasicReason.NOT_YET_VALID ? "a CA certificate in its chain is not yet valid"
                : "it does not chain to a certificate in truststore " + truststore + " (" + e.getMessage() + ")";
            problems.add(error(Role.TRUSTSTORE, what + " would be refused by every peer: " + reason,
                "put the CA that issued the workers' certificates into the truststore, or issue the worker "
                    + "certificates from the truststore's CA (`flux tls init --ca`)"));
        } catch (GeneralSecurityException e) {
            problems.add(error(Role.TRUSTSTORE, what + " could not be checked against truststore " + truststore
                + ": " + e.getMessage(), "check both stores"));
        }
    }

    private static StoreProblem error(Role role, String message, String fix) {
        return new StoreProblem(Severity.ERROR, role, message, fix);
    }
}
