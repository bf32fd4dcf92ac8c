package dev.fluxext.cli;

import dev.fluxext.build.TlsStores;
import dev.fluxext.build.TlsStores.StoreProblem;
import dev.fluxext.cli.Certificates.Validity;
import dev.fluxext.run.process.ExitCodes;
import dev.fluxext.tls.TlsKeys;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code flux tls init DIR}: a per-topology CA and the workers' stores in one command, as Elasticsearch's certutil
 * makes a cluster's. Every file is written readable by its owner only; nothing existing is replaced without
 * {@code --force}. The CA's key goes into a store of its own, in a directory of its own ({@code DIR/ca/} or
 * {@code --ca-dir}) with a password of its own, so that nothing a worker host gets opens it, and {@code --ca} can
 * issue more later. With
 * {@code --workers}, each host gets a directory of exactly what it needs, to be copied to one path on every host, so
 * that one topology file (one keystore path) serves every host.
 */
@Command(name = "init", mixinStandardHelpOptions = true,
    header = "Make a CA and the workers' key stores for TLS between a topology's workers.",
    description = {"Writes, in DIR:",
        "  ca.p12      the truststore: the CA's certificate only",
        "  worker.p12  the keystore: a worker key with its certificate and the CA's (without --workers)",
        "  tls.pass    the stores' password (random, unless --password-file)",
        "  ca/         the CA's private key (ca-key.p12) and its own password (ca.pass), to issue more with",
        "              --ca; keep it off the worker hosts (--ca-dir puts it elsewhere)",
        "  HOST/       with --workers, one per host: its own worker.p12 (naming HOST), ca.p12 and tls.pass;",
        "              copy it to HOST's --install-dir",
        "DIR is made readable by you only (0700), each file too (0600). Prints the transport.tls block to paste."})
final class TlsInitCommand implements Callable<Integer> {

    static final String TRUSTSTORE = "ca.p12";
    static final String KEYSTORE = "worker.p12";
    static final String PASSWORD = "tls.pass";
    static final String CA_KEY = "ca-key.p12";
    static final String CA_PASSWORD = "ca.pass";
    static final String CA_DIR = "ca";
    private static final String CA_ALIAS = "ca";

    /** Host names and IP addresses (v4 and v6): also safe inside a file name once ':' is replaced. */
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|[0-9A-Fa-f:.]+");
    private static final Set<PosixFilePermission> OWNER_ONLY_DIR = PosixFilePermissions.fromString("rwx------");

    @ParentCommand
    TlsCommand parent;

    @Parameters(index = "0", paramLabel = "DIR", description = "The directory to write to (made if missing).")
    Path dir;

    @Option(names = "--workers", split = ",", paramLabel = "HOST",
        description = "One directory per worker host, DIR/HOST/, with worker.p12 naming that host (a DNS name or an "
            + "IP address), ca.p12 and tls.pass. Without it: worker.p12 in DIR for this machine (localhost, "
            + "127.0.0.1, ::1, its host name).")
    List<String> workers = List.of();

    @Option(names = "--install-dir", paramLabel = "PATH",
        description = "With --workers: the absolute path on every worker host that DIR/HOST/ is copied to; the "
            + "printed block names its files (default: /etc/fluxext/tls).")
    Path installDir;

    static final Path DEFAULT_INSTALL_DIR = Path.of("/etc/fluxext/tls");

    @Option(names = "--days", paramLabel = "N", defaultValue = "365",
        description = "How long the worker certificates are valid (default: ${DEFAULT-VALUE} days).")
    int days;

    @Option(names = "--ca-days", paramLabel = "N", defaultValue = "3650",
        description = "How long a new CA is valid (default: ${DEFAULT-VALUE} days).")
    int caDays;

    @Option(names = "--ca", paramLabel = "CA_KEY_P12",
        description = "Issue from this existing CA (the ca-key.p12 an earlier init wrote, or its directory) instead "
            + "of making a new one.")
    Path caKeyStore;

    @Option(names = "--ca-password-file", paramLabel = "FILE",
        description = "The password of --ca's store (default: ca.pass in the same directory).")
    Path caPasswordFile;

    @Option(names = "--ca-dir", paramLabel = "CA_DIR",
        description = "Where a new CA's key and password go (default: DIR/ca); never the workers' directory.")
    Path caDir;

    @Option(names = "--password-file", paramLabel = "FILE",
        description = "Protect the new stores with this password (e.g. the tls.pass the running workers use, to "
            + "add a host) instead of a new random one.")
    Path passwordFile;

    @Option(names = "--force", description = "Replace files that exist already.")
    boolean force;

    @Override
    public Integer call() throws IOException {
        CliContext context = parent.context();
        if (days < 1 || caDays < 1) {
            throw new CliException(ExitCodes.USAGE, "flux tls init: --days and --ca-days must be at least 1");
        }
        Set<String> seen = new HashSet<>();
        for (String host : workers) {
            if (!HOST.matcher(host).matches()) {
                throw new CliException(ExitCodes.USAGE, "flux tls init: --workers '" + host + "' is not a host name "
                    + "or IP address");
            }
            if (!seen.add(hostDirectory(host))) {
                throw new CliException(ExitCodes.USAGE, "flux tls init: --workers names " + host + " twice");
            }
        }
        if (installDir != null && workers.isEmpty()) {
            throw new CliException(ExitCodes.USAGE, "flux tls init: --install-dir goes with --workers (without it, "
                + "the block names DIR's own files)");
        }
        Path install = installDir == null ? DEFAULT_INSTALL_DIR : installDir.normalize();
        if (!install.isAbsolute()) {
            // Each worker opens the path on its own host, from whatever directory it was started in.
            throw new CliException(ExitCodes.USAGE, "flux tls init: --install-dir " + installDir + " must be an "
                + "absolute path, e.g. /etc/fluxext/tls");
        }
        if (caDir != null && caKeyStore != null) {
            throw new CliException(ExitCodes.USAGE, "flux tls init: --ca-dir is where a new CA goes; with --ca, the CA "
                + "stays where it is");
        }
        Path target = context.workingDir().resolve(dir).toAbsolutePath().normalize();
        Path caTarget = caDir == null ? target.resolve(CA_DIR) : context.workingDir().resolve(caDir).toAbsolutePath()
            .normalize();
        if (caKeyStore == null && (caTarget.equals(target) || workers.stream().map(h -> target.resolve(
                hostDirectory(h))).anyMatch(caTarget::startsWith))) {
            throw new CliException(ExitCodes.USAGE, "flux tls init: --ca-dir " + caTarget + " is where workers' "
                + "files go; give the CA a directory of its own (the default is DIR/" + CA_DIR + ")");
        }
        Map<String, List<String>> keystores = keystores();
        List<String> names = new ArrayList<>(List.of(TRUSTSTORE, PASSWORD));
        names.addAll(keystores.keySet());
        for (String host : workers) {
            names.add(hostDirectory(host) + "/" + TRUSTSTORE);
            names.add(hostDirectory(host) + "/" + PASSWORD);
        }
        List<Path> paths = new ArrayList<>(names.stream().map(target::resolve).toList());
        if (caKeyStore == null) {
            paths.add(caTarget.resolve(CA_KEY));
            paths.add(caTarget.resolve(CA_PASSWORD));
        }
        List<Path> existing = paths.stream().filter(Files::exists).toList();
        if (!existing.isEmpty() && !force) {
            throw new CliException(ExitCodes.FAILURE, "flux tls init: " + String.join(", ", existing.stream()
                .map(Path::toString).toList()) + (existing.size() == 1 ? " exists" : " exist") + " already; pass "
                + "--force to replace " + (existing.size() == 1 ? "it" : "them") + " (workers that use the old "
                + "files then need the new ones), or choose another DIR");
        }

        char[] password = passwordFile == null ? randomPassword() : readPassword(context.workingDir()
            .resolve(passwordFile), "--password-file");
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Issuer issuer = caKeyStore == null ? newCa(target, caTarget, now) : existingCa(context);
        Instant notAfter = now.plus(Duration.ofDays(days));
        List<String> notes = new ArrayList<>();
        if (notAfter.isAfter(issuer.cert().getNotAfter().toInstant())) {
            notAfter = issuer.cert().getNotAfter().toInstant();
            notes.add("the worker certificates end with the CA's, on " + notAfter);
        }
        Validity validity = new Validity(now.minus(Duration.ofHours(1)), notAfter); // an hour for clocks apart

        boolean posix = makeDirectory(target, notes);
        for (String host : workers) {
            makeDirectory(target.resolve(hostDirectory(host)), notes);
        }
        Certificates.writeTrustStore(target.resolve(TRUSTSTORE), password, issuer.cert());
        Map<String, X509Certificate> issued = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> store : keystores.entrySet()) {
            KeyPair keys = Certificates.newKeyPair();
            String commonName = "fluxext worker " + store.getValue().get(0);
            X509Certificate cert = Certificates.issue(issuer.cert(), issuer.key(), keys.getPublic(), commonName,
                store.getValue(), validity, Certificates.WORKER_PURPOSES);
            Certificates.writeKeyStore(target.resolve(store.getKey()), password, "worker", keys.getPrivate(), cert,
                issuer.cert());
            issued.put(store.getKey(), cert);
        }
        byte[] passwordBytes = new String(password).getBytes(StandardCharsets.UTF_8);
        Certificates.writePrivately(target.resolve(PASSWORD), passwordBytes);
        for (String host : workers) {
            Path hostDir = target.resolve(hostDirectory(host));
            Certificates.writeTrustStore(hostDir.resolve(TRUSTSTORE), password, issuer.cert());
            Certificates.writePrivately(hostDir.resolve(PASSWORD), passwordBytes);
        }
        if (caKeyStore == null) {
            // Its own password, never the workers': whoever holds a worker's files cannot open it.
            makeDirectory(caTarget, notes);
            char[] caPassword = randomPassword();
            Certificates.writeKeyStore(issuer.keyStore(), caPassword, CA_ALIAS, issuer.key(), issuer.cert());
            Certificates.writePrivately(caTarget.resolve(CA_PASSWORD), new String(caPassword)
                .getBytes(StandardCharsets.UTF_8));
        }
        // What validate will say about them: nothing, unless something above is wrong.
        for (String keystore : issued.keySet()) {
            Path store = target.resolve(keystore);
            List<StoreProblem> problems = TlsStores.check(store, password, store.resolveSibling(TRUSTSTORE), now);
            if (problems.stream().anyMatch(StoreProblem::isError)) {
                throw new CliException(ExitCodes.FAILURE, "flux tls init: the stores written do not check: "
                    + problems);
            }
        }
        if (!posix) {
            notes.add("this file system has no POSIX permissions: make DIR readable by the workers' user only");
        }
        print(context.out(), target, install, issued, issuer, notes);
        return ExitCodes.OK;
    }

    /** Keystore path relative to DIR → the host names its certificate carries (the first is its name). */
    private Map<String, List<String>> keystores() {
        Map<String, List<String>> stores = new LinkedHashMap<>();
        if (workers.isEmpty()) {
            stores.put(KEYSTORE, Certificates.localHosts());
        }
        for (String host : workers) {
            stores.put(hostDirectory(host) + "/" + KEYSTORE, List.of(host));
        }
        return stores;
    }

    /** DIR's subdirectory for a host: its name in lower case (names are case-blind), an IPv6 address's ':' as '_'. */
    static String hostDirectory(String host) {
        return host.toLowerCase(Locale.ROOT).replace(':', '_');
    }

    private record Issuer(X509Certificate cert, PrivateKey key, Path keyStore, boolean made) {
    }

    private Issuer newCa(Path target, Path caTarget, Instant now) {
        KeyPair keys = Certificates.newKeyPair();
        String name = "fluxext worker CA " + (target.getFileName() == null ? "" : target.getFileName() + " ") + now;
        X509Certificate cert = Certificates.ca(keys, name, new Validity(now.minus(Duration.ofHours(1)),
            now.plus(Duration.ofDays(caDays))));
        return new Issuer(cert, keys.getPrivate(), caTarget.resolve(CA_KEY), true);
    }

    private Issuer existingCa(CliContext context) {
        Path workingDir = context.workingDir();
        Path given = workingDir.resolve(caKeyStore).toAbsolutePath().normalize();
        Path store = Files.isDirectory(given) ? given.resolve(CA_KEY) : given;
        Path passFile;
        if (caPasswordFile != null) {
            passFile = workingDir.resolve(caPasswordFile);
        } else if (!Files.exists(store.resolveSibling(CA_PASSWORD)) && Files.exists(store.resolveSibling(PASSWORD))) {
            // The layout before the CA had its own password: still read, with the way out.
            passFile = store.resolveSibling(PASSWORD);
            context.err().println(oldLayoutWarning(store, passFile));
            context.err().flush();
        } else {
            passFile = store.resolveSibling(CA_PASSWORD);
        }
        char[] password = readPassword(passFile, caPasswordFile != null ? "--ca-password-file"
            : "--ca's password (" + passFile.getFileName() + " beside it; --ca-password-file names another)");
        try (InputStream in = Files.newInputStream(store)) {
            KeyStore keyStore = KeyStore.getInstance("PKCS12");
            keyStore.load(in, password);
            for (String alias : Collections.list(keyStore.aliases())) {
                if (keyStore.isKeyEntry(alias) && keyStore.getCertificate(alias) instanceof X509Certificate cert
                    && cert.getBasicConstraints() >= 0) {
                    return new Issuer(cert, (PrivateKey) keyStore.getKey(alias, password), store, false);
                }
            }
            throw new CliException(ExitCodes.FAILURE, "flux tls init: --ca " + store + " holds no CA key; give the "
                + CA_KEY + " that an earlier 'flux tls init' wrote");
        } catch (IOException | GeneralSecurityException e) {
            throw new CliException(ExitCodes.FAILURE, "flux tls init: --ca " + store + " could not be opened with the "
                + "password in " + passFile + ": " + e.getMessage(), e);
        }
    }

    /**
     * What to do with a CA key that opens with the workers' password: a directory of its own, and a new password of
     * its own (keytool changes a PKCS12 store's key password with it).
     */
    static String oldLayoutWarning(Path store, Path workersPassword) {
        Path caDirectory = store.resolveSibling(CA_DIR);
        return "flux tls init: warning: " + store + " opens with the workers' password (" + workersPassword + "), as "
            + "init wrote it before the CA got a password of its own: anyone with a worker's " + PASSWORD + " can "
            + "mint certificates every worker accepts once they get this file. Move it off the worker hosts, into a "
            + "directory of its own with a new password:\n"
            + "  mkdir -m 700 " + caDirectory + " && mv " + store + " " + caDirectory + "/\n"
            + "  (umask 077; head -c 24 /dev/urandom | base64 | tr '+/' '-_' > " + caDirectory.resolve(CA_PASSWORD)
            + ")\n"
            + "  keytool -storepasswd -keystore " + caDirectory.resolve(CA_KEY) + " -storepass:file "
            + workersPassword + " -new:file " + caDirectory.resolve(CA_PASSWORD) + "\n"
            + "then give --ca " + caDirectory.resolve(CA_KEY);
    }

    /** A password file read as the workers read theirs ({@link TlsKeys#firstLine}). */
    private static char[] readPassword(Path file, String what) {
        try {
            String text = TlsKeys.firstLine(Files.readString(file, StandardCharsets.UTF_8));
            if (text.isEmpty()) {
                throw new CliException(ExitCodes.FAILURE, "flux tls init: " + what + " " + file + " is empty");
            }
            return text.toCharArray();
        } catch (IOException e) {
            throw new CliException(ExitCodes.FAILURE, "flux tls init: " + what + " " + file + " cannot be read: "
                + e.getMessage(), e);
        }
    }

    /** 192 random bits, as 32 URL-safe characters: nothing for a shell or YAML to misread. */
    private static char[] randomPassword() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes).toCharArray();
    }

    /** Makes DIR owner-only if it is new; says so if an existing one is open to others. False without POSIX. */
    private static boolean makeDirectory(Path target, List<String> notes) throws IOException {
        boolean posix = target.getFileSystem().supportedFileAttributeViews().contains("posix");
        if (!Files.isDirectory(target)) {
            Files.createDirectories(target.getParent());
            try {
                if (posix) {
                    Files.createDirectory(target, PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIR));
                    // The umask may have taken bits away from the attribute; set exactly what is meant.
                    Files.setPosixFilePermissions(target, OWNER_ONLY_DIR);
                } else {
                    Files.createDirectory(target);
                }
            } catch (FileAlreadyExistsException e) {
                throw new CliException(ExitCodes.FAILURE, "flux tls init: " + target + " exists and is not a "
                    + "directory");
            }
        } else if (posix) {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(target);
            if (!OWNER_ONLY_DIR.containsAll(permissions)) {
                notes.add(target + " is open to others (" + PosixFilePermissions.toString(permissions) + "); the files "
                    + "in it are readable by you only, but consider chmod 700 " + target);
            }
        }
        return posix;
    }

    private void print(PrintWriter out, Path target, Path install, Map<String, X509Certificate> issued,
                       Issuer issuer, List<String> notes) {
        out.printf("flux: wrote to %s (each file readable by you only):%n", target);
        out.printf("  %-22s the truststore: the CA certificate %s%n", TRUSTSTORE,
            issuer.cert().getSubjectX500Principal().getName());
        out.printf("  %-22s   SHA-256 %s%n", "", Certificates.sha256Fingerprint(issuer.cert()));
        issued.forEach((file, cert) -> {
            out.printf("  %-22s a keystore: a worker key and certificate for %s, valid until %s%n", file,
                String.join(", ", hosts(cert)), cert.getNotAfter().toInstant());
            out.printf("  %-22s   SHA-256 %s%n", "", Certificates.sha256Fingerprint(cert));
        });
        out.printf("  %-22s the stores' password%n", PASSWORD);
        for (String host : workers) {
            out.printf("  %-22s %s's files: its %s, and %s and %s as above%n", hostDirectory(host) + "/", host,
                KEYSTORE, TRUSTSTORE, PASSWORD);
        }
        if (issuer.made()) {
            Path caDirectory = issuer.keyStore().getParent();
            String shown = caDirectory.startsWith(target) ? target.relativize(caDirectory) + "/" : caDirectory + "/";
            out.printf("  %-22s the CA's private key (%s) and its own password (%s): keep them off the worker%n",
                shown, CA_KEY, CA_PASSWORD);
            out.printf("  %-22s hosts; they issue more (--ca)%n", "");
        } else {
            out.printf("  (issued by the CA in %s)%n", issuer.keyStore());
        }
        notes.forEach(note -> out.println("note: " + note));
        out.println();
        out.println("Paste into the topology file:");
        out.println();
        Path files = workers.isEmpty() ? target : install;
        out.println("transport:");
        out.println("  tls:");
        out.println("    keystore: " + yaml(files.resolve(KEYSTORE)));
        out.println("    truststore: " + yaml(files.resolve(TRUSTSTORE)));
        out.println("    password: {file: " + yaml(files.resolve(PASSWORD)) + "}");
        out.println();
        if (workers.isEmpty()) {
            out.println("For --local, that is all. For a cluster, each worker host needs " + KEYSTORE + ", "
                + TRUSTSTORE + " and " + PASSWORD + " at these paths (never the CA's directory), readable by the "
                + "user that runs the workers only; better, one keystore per host: flux tls init DIR --workers "
                + "host1,host2");
        } else {
            out.println("Then put each host's files at " + install + " on it, readable by the user that runs the "
                + "workers only (e.g. scp -rp, as that user):");
            for (String host : workers) {
                out.println("copy " + target.resolve(hostDirectory(host)) + "/ to " + remote(host) + ":" + install
                    + "/");
            }
        }
        Path caStore = issuer.keyStore();
        out.println("More worker stores from the same CA, with the same password: flux tls init NEWDIR --ca " + caStore
            + " --password-file " + target.resolve(PASSWORD) + " --workers HOST"
            + (install.equals(DEFAULT_INSTALL_DIR) ? "" : " --install-dir " + install)
            + " (docs/tls.md: issuing, rotation)");
        out.flush();
    }

    /** A host as scp and rsync take it before ":PATH": an IPv6 address in brackets. */
    private static String remote(String host) {
        return host.contains(":") ? "[" + host + "]" : host;
    }

    private static List<String> hosts(X509Certificate cert) {
        try {
            return cert.getSubjectAlternativeNames() == null ? List.of() : cert.getSubjectAlternativeNames().stream()
                .map(name -> String.valueOf(name.get(1))).toList();
        } catch (java.security.cert.CertificateParsingException e) {
            return List.of();
        }
    }

    /** A path as a YAML plain scalar when it can be one, else single-quoted. */
    static String yaml(Path path) {
        String text = path.toString();
        return text.matches("[A-Za-z0-9_./-]+") ? text : "'" + text.replace("'", "''") + "'";
    }
}
