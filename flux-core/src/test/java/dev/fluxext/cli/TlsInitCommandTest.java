package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.build.TlsStores;
import dev.fluxext.run.process.ExitCodes;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code flux tls init}: what it writes opens with the password it writes, chains, is private, and checks clean. */
class TlsInitCommandTest {

    @TempDir
    Path tmp;

    private static final Pattern YAML_BLOCK = Pattern.compile(
        "transport:\n  tls:\n    keystore: (\\S+)\n    truststore: (\\S+)\n    password: \\{file: (\\S+)}\n");

    private static KeyStore open(Path file, char[] password) throws Exception {
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            return store;
        }
    }

    private static char[] password(Path dir) throws Exception {
        return password(dir, "tls.pass");
    }

    private static char[] password(Path dir, String file) throws Exception {
        return Files.readString(dir.resolve(file)).toCharArray();
    }

    private static boolean opens(Path store, char[] password) {
        try {
            open(store, password);
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /**
     * The CA key's password opens the CA's store and nothing else, is in no other file, and is not the workers'; the
     * workers' password does not open the CA's store. With and without --workers, and with --ca-dir.
     */
    @Test
    void nothingTheWorkersGetOpensTheCaKey() throws Exception {
        Path plain = tmp.resolve("plain");
        Path cluster = tmp.resolve("cluster");
        Path apart = tmp.resolve("apart");
        assertEquals(ExitCodes.OK, CliRun.of("tls", "init", plain.toString()).exitCode());
        assertEquals(ExitCodes.OK, CliRun.of("tls", "init", cluster.toString(), "--workers", "h1,h2").exitCode());
        CliRun elsewhere = CliRun.of("tls", "init", apart.toString(), "--ca-dir", tmp.resolve("vault").toString());
        assertEquals(ExitCodes.OK, elsewhere.exitCode(), elsewhere.err());
        assertFalse(Files.exists(apart.resolve("ca")), "--ca-dir replaces DIR/ca");
        for (Path[] dirs : List.of(new Path[] {plain, plain.resolve("ca")}, new Path[] {cluster, cluster.resolve("ca")},
                new Path[] {apart, tmp.resolve("vault")})) {
            Path workers = dirs[0];
            Path caDir = dirs[1];
            char[] caPassword = password(caDir, "ca.pass");
            char[] workersPassword = password(workers);
            assertTrue(caPassword.length >= 32, "a random CA password");
            assertNotEquals(new String(caPassword), new String(workersPassword));
            assertTrue(opens(caDir.resolve("ca-key.p12"), caPassword));
            assertFalse(opens(caDir.resolve("ca-key.p12"), workersPassword), "the workers' password opens the CA key");
            List<Path> files;
            try (var walk = Files.walk(workers)) {
                files = walk.filter(Files::isRegularFile).filter(f -> !f.startsWith(caDir)).toList();
            }
            assertTrue(files.size() >= 3, files.toString());
            for (Path file : files) {
                assertFalse(opens(file, caPassword), file + " opens with the CA key's password");
                assertFalse(Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1)
                    .contains(new String(caPassword)), file + " holds the CA key's password");
                if (file.getFileName().toString().endsWith(".p12")) {
                    assertTrue(opens(file, workersPassword), file + " opens with tls.pass");
                }
            }
        }
        CliRun inside = CliRun.of("tls", "init", tmp.resolve("in").toString(), "--workers", "h1", "--ca-dir",
            tmp.resolve("in/h1/ca").toString());
        assertEquals(ExitCodes.USAGE, inside.exitCode());
        assertTrue(inside.err().contains("give the CA a directory of its own"), inside.err());
    }

    /**
     * A CA key in the old layout (beside tls.pass, with its password) still issues, with a warning whose commands,
     * run as printed, put it in the new layout; {@code --ca} then reads ca.pass, without a warning.
     */
    @Test
    void anOldLayoutCaKeyStillIssuesAndTheWarningSaysHowToMoveIt() throws Exception {
        Path old = tmp.resolve("old");
        assertEquals(ExitCodes.OK, CliRun.of("tls", "init", old.toString()).exitCode());
        // What init wrote before: ca-key.p12 beside tls.pass, with its password.
        KeyStore ca = open(old.resolve("ca/ca-key.p12"), password(old.resolve("ca"), "ca.pass"));
        Certificates.writeKeyStore(old.resolve("ca-key.p12"), password(old), "ca",
            (java.security.PrivateKey) ca.getKey("ca", password(old.resolve("ca"), "ca.pass")),
            (X509Certificate) ca.getCertificate("ca"));
        Files.walk(old.resolve("ca")).sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());

        CliRun run = CliRun.of("tls", "init", tmp.resolve("more").toString(), "--ca", old.resolve("ca-key.p12")
            .toString(), "--password-file", old.resolve("tls.pass").toString(), "--workers", "h3");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(run.err().contains(old.resolve("ca-key.p12") + " opens with the workers' password ("
            + old.resolve("tls.pass") + ")"), run.err());
        assertEquals(List.of(), TlsStores.check(tmp.resolve("more/h3/worker.p12"), password(old),
            old.resolve("ca.p12"), Instant.now()));

        // The warning's commands, as printed.
        List<String> commands = run.err().lines().filter(l -> l.startsWith("  ")).map(String::strip).toList();
        assertEquals(3, commands.size(), run.err());
        Process shell = new ProcessBuilder("bash", "-euc", String.join("\n", commands).replace("keytool ",
            Path.of(System.getProperty("java.home"), "bin", "keytool") + " ")).redirectErrorStream(true).start();
        String shellOut = new String(shell.getInputStream().readAllBytes());
        assertEquals(0, shell.waitFor(), shellOut);
        assertFalse(Files.exists(old.resolve("ca-key.p12")));
        assertFalse(opens(old.resolve("ca/ca-key.p12"), password(old)));

        CliRun moved = CliRun.of("tls", "init", tmp.resolve("moved").toString(), "--ca", old.resolve("ca")
            .toString(), "--password-file", old.resolve("tls.pass").toString(), "--workers", "h4");
        assertEquals(ExitCodes.OK, moved.exitCode(), moved.err());
        assertFalse(moved.err().contains("warning"), moved.err());
        assertEquals(List.of(), TlsStores.check(tmp.resolve("moved/h4/worker.p12"), password(old),
            old.resolve("ca.p12"), Instant.now()));
    }

    /** --password-file is read as the workers read {file:}: the first line, spaces kept. */
    @Test
    void aPasswordFileIsReadAsTheWorkersReadIt() throws Exception {
        Path file = Files.writeString(tmp.resolve("spaced.pass"), "  two words \nsecond line\n");
        Path dir = tmp.resolve("spaced");
        CliRun run = CliRun.of("tls", "init", dir.toString(), "--password-file", file.toString());
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        String workers = dev.fluxext.tls.TlsKeys.password(java.util.Map.of(dev.fluxext.tls.TlsKeys.PASSWORD_FILE,
            file.toString()), java.util.Map.of());
        assertEquals("  two words ", workers);
        assertTrue(opens(dir.resolve("worker.p12"), workers.toCharArray()));
        assertTrue(opens(dir.resolve("ca.p12"), workers.toCharArray()));
    }

    @Test
    void makesPrivateStoresThatChainAndCheckClean() throws Exception {
        Path dir = tmp.resolve("certs");
        CliRun run = CliRun.of("tls", "init", dir.toString());
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());

        // The printed block names the files written, and the password file opens the stores.
        Matcher block = YAML_BLOCK.matcher(run.out());
        assertTrue(block.find(), run.out());
        assertEquals(dir.resolve("worker.p12").toString(), block.group(1));
        assertEquals(dir.resolve("ca.p12").toString(), block.group(2));
        assertEquals(dir.resolve("tls.pass").toString(), block.group(3));
        char[] password = password(dir);
        assertTrue(password.length >= 32, "a password of " + password.length + " characters");

        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("ca"))));
        for (String file : List.of("ca.p12", "worker.p12", "tls.pass", "ca/ca-key.p12", "ca/ca.pass")) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(file))),
                file);
        }

        // The truststore holds the CA's certificate and nothing else.
        KeyStore trust = open(dir.resolve("ca.p12"), password);
        List<String> aliases = Collections.list(trust.aliases());
        assertEquals(1, aliases.size(), aliases.toString());
        assertTrue(trust.isCertificateEntry(aliases.get(0)));
        X509Certificate ca = (X509Certificate) trust.getCertificate(aliases.get(0));
        assertTrue(ca.getBasicConstraints() >= 0, "a CA certificate");

        // The keystore: one key whose certificate the CA signed, for this machine's names.
        KeyStore keys = open(dir.resolve("worker.p12"), password);
        assertEquals(List.of("worker"), Collections.list(keys.aliases()));
        X509Certificate worker = (X509Certificate) keys.getCertificate("worker");
        worker.verify(ca.getPublicKey());
        assertEquals(ca, keys.getCertificateChain("worker")[1]);
        assertTrue(worker.getSubjectAlternativeNames().stream().anyMatch(n -> n.get(1).equals("localhost")));
        assertTrue(worker.getExtendedKeyUsage().containsAll(List.of("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2")));

        // The CA's own key is kept apart, with its own password, not in either store the workers get.
        KeyStore caKey = open(dir.resolve("ca/ca-key.p12"), password(dir.resolve("ca"), "ca.pass"));
        assertTrue(caKey.isKeyEntry("ca"));
        assertFalse(keys.isKeyEntry("ca"));
        assertFalse(Files.exists(dir.resolve("ca-key.p12")), "no CA key beside the workers' files");
        assertTrue(run.out().contains("\n  ca/                    the CA's private key (ca-key.p12) and its own "
            + "password (ca.pass)"), run.out());

        assertEquals(List.of(), TlsStores.check(dir.resolve("worker.p12"), password, dir.resolve("ca.p12"),
            Instant.now()));
        assertEquals(List.of(), TlsStores.check(dir.resolve("worker.p12"), password, dir.resolve("ca.p12"),
            Instant.now().plus(java.time.Duration.ofDays(330))), "no expiry warning for 330 days");
    }

    @Test
    void oneDirectoryPerWorkerHostHoldsWhatThatHostNeeds() throws Exception {
        Path dir = tmp.resolve("cluster");
        CliRun run = CliRun.of("tls", "init", dir.toString(), "--workers", "node-1.example.org,10.0.0.7");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertFalse(Files.exists(dir.resolve("worker.p12")), "no keystore outside the hosts' directories");
        char[] password = password(dir);
        X509Certificate ca = (X509Certificate) open(dir.resolve("ca.p12"), password).getCertificate("ca");
        for (String host : List.of("node-1.example.org", "10.0.0.7")) {
            Path hostDir = dir.resolve(host);
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(hostDir)));
            try (var files = Files.list(hostDir)) {
                assertEquals(List.of("ca.p12", "tls.pass", "worker.p12"),
                    files.map(f -> f.getFileName().toString()).sorted().toList());
            }
            for (String file : List.of("ca.p12", "worker.p12", "tls.pass")) {
                assertEquals("rw-------", PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(hostDir.resolve(file))), host + "/" + file);
            }
            assertArrayEquals(password, password(hostDir));
            X509Certificate cert = (X509Certificate) open(hostDir.resolve("worker.p12"), password)
                .getCertificate("worker");
            assertEquals(List.of(host), cert.getSubjectAlternativeNames().stream().map(n -> n.get(1)).toList());
            cert.verify(ca.getPublicKey());
            assertEquals(ca, open(hostDir.resolve("ca.p12"), password).getCertificate("ca"));
            assertEquals(List.of(), TlsStores.check(hostDir.resolve("worker.p12"), password,
                hostDir.resolve("ca.p12"), Instant.now()));
        }

        // The block names the files where each host will have them; then one copy line per host.
        Matcher block = YAML_BLOCK.matcher(run.out());
        assertTrue(block.find(), run.out());
        assertEquals("/etc/fluxext/tls/worker.p12", block.group(1));
        assertEquals("/etc/fluxext/tls/ca.p12", block.group(2));
        assertEquals("/etc/fluxext/tls/tls.pass", block.group(3));
        assertTrue(run.out().contains("\ncopy " + dir.resolve("node-1.example.org") + "/ to node-1.example.org:"
            + "/etc/fluxext/tls/\n"), run.out());
        assertTrue(run.out().contains("\ncopy " + dir.resolve("10.0.0.7") + "/ to 10.0.0.7:/etc/fluxext/tls/\n"),
            run.out());
    }

    @Test
    void theInstallDirIsWhatTheBlockNames() throws Exception {
        Path dir = tmp.resolve("elsewhere");
        CliRun run = CliRun.of("tls", "init", dir.toString(), "--workers", "h1,fe80::1", "--install-dir",
            "/opt/tls");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        Matcher block = YAML_BLOCK.matcher(run.out());
        assertTrue(block.find(), run.out());
        assertEquals(List.of("/opt/tls/worker.p12", "/opt/tls/ca.p12", "/opt/tls/tls.pass"),
            List.of(block.group(1), block.group(2), block.group(3)));
        assertTrue(run.out().contains("\ncopy " + dir.resolve("h1") + "/ to h1:/opt/tls/\n"), run.out());
        assertTrue(run.out().contains("\ncopy " + dir.resolve("fe80__1") + "/ to [fe80::1]:/opt/tls/\n"),
            run.out());
        assertTrue(Files.isRegularFile(dir.resolve("fe80__1").resolve("worker.p12")));

        CliRun relative = CliRun.of("tls", "init", tmp.resolve("r").toString(), "--workers", "h1", "--install-dir",
            "tls");
        assertEquals(ExitCodes.USAGE, relative.exitCode());
        assertTrue(relative.err().contains("must be an absolute path"), relative.err());
        CliRun alone = CliRun.of("tls", "init", tmp.resolve("a").toString(), "--install-dir", "/opt/tls");
        assertEquals(ExitCodes.USAGE, alone.exitCode());
        assertTrue(alone.err().contains("--install-dir goes with --workers"), alone.err());
    }

    @Test
    void refusesToReplaceFilesWithoutForce() throws Exception {
        Path dir = tmp.resolve("again");
        assertEquals(ExitCodes.OK, CliRun.of("tls", "init", dir.toString()).exitCode());
        byte[] before = Files.readAllBytes(dir.resolve("worker.p12"));
        char[] password = password(dir);

        CliRun refused = CliRun.of("tls", "init", dir.toString());
        assertEquals(ExitCodes.FAILURE, refused.exitCode());
        assertTrue(refused.err().contains("exist already; pass --force"), refused.err());
        assertArrayEquals(before, Files.readAllBytes(dir.resolve("worker.p12")));
        assertArrayEquals(password, password(dir));

        assertEquals(ExitCodes.OK, CliRun.of("tls", "init", dir.toString(), "--force").exitCode());
        assertFalse(java.util.Arrays.equals(before, Files.readAllBytes(dir.resolve("worker.p12"))));
        assertNotEquals(new String(password), new String(password(dir)));
    }

    @Test
    void issuesMoreFromAnExistingCaWithTheSamePassword() throws Exception {
        Path first = tmp.resolve("first");
        assertEquals(ExitCodes.OK, CliRun.of("tls", "init", first.toString(), "--workers", "node-1,node-2")
            .exitCode());
        Path more = tmp.resolve("more");
        CliRun run = CliRun.of("tls", "init", more.toString(), "--ca", first.resolve("ca/ca-key.p12").toString(),
            "--password-file", first.resolve("tls.pass").toString(), "--workers", "node-3");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertFalse(Files.exists(more.resolve("ca")), "the CA key stays where it was");
        assertFalse(run.err().contains("warning"), run.err());
        assertArrayEquals(password(first), password(more));
        // The new host's store is trusted by the first truststore: the running workers accept it unchanged.
        assertEquals(List.of(), TlsStores.check(more.resolve("node-3/worker.p12"), password(first),
            first.resolve("node-1/ca.p12"), Instant.now()));
        assertArrayEquals(password(first), password(more.resolve("node-3")));
        assertArrayEquals(Files.readAllBytes(first.resolve("node-1/tls.pass")),
            Files.readAllBytes(more.resolve("node-3/tls.pass")));
        assertTrue(run.out().contains("\ncopy " + more.resolve("node-3") + "/ to node-3:/etc/fluxext/tls/\n"),
            run.out());
    }

    @Test
    void aBadOrRepeatedHostIsAUsageError() {
        CliRun twice = CliRun.of("tls", "init", tmp.resolve("y").toString(), "--workers", "h1,H1");
        assertEquals(ExitCodes.USAGE, twice.exitCode());
        assertTrue(twice.err().contains("names H1 twice"), twice.err());

        CliRun run = CliRun.of("tls", "init", tmp.resolve("x").toString(), "--workers", "a host");
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("'a host' is not a host name"), run.err());
        assertFalse(Files.exists(tmp.resolve("x")));
    }

    /** validate of a topology with the printed block says, in one line, what it checked of the stores. */
    @Test
    void validateSaysWhatItCheckedOfTheStores() throws Exception {
        Path dir = tmp.resolve("checked");
        CliRun init = CliRun.of("tls", "init", dir.toString());
        assertEquals(ExitCodes.OK, init.exitCode(), init.err());
        Matcher block = YAML_BLOCK.matcher(init.out());
        assertTrue(block.find(), init.out());
        Path topology = Files.writeString(tmp.resolve("t.yaml"), """
            name: tls-checked
            spouts:
              - id: s
                className: org.apache.storm.testing.TestWordSpout
            transport:
              type: netty
            """ + block.group().lines().skip(1).map(l -> l + "\n").reduce("", String::concat));
        CliRun validate = CliRun.with(dev.fluxext.load.FluxLoader::load, java.util.Map.of(), "validate",
            topology.toString());
        assertEquals(ExitCodes.OK, validate.exitCode(), validate.err());
        X509Certificate worker = (X509Certificate) open(dir.resolve("worker.p12"), password(dir)).getCertificate(
            "worker");
        String line = validate.out().lines().filter(l -> l.startsWith("TLS checked: ")).findFirst().orElseThrow(
            () -> new AssertionError(validate.out()));
        assertTrue(line.matches("TLS checked: engine (OpenSSL \\(BoringSSL\\)|JDK), TLSv1\\.3; keystore .*"), line);
        assertTrue(line.endsWith("; keystore " + dir.resolve("worker.p12") + ": " + worker.getSubjectX500Principal()
            .getName() + " until " + worker.getNotAfter().toInstant() + ", chains to truststore "
            + dir.resolve("ca.p12")), line);
        assertFalse(validate.out().contains(new String(password(dir))), "no password");
    }

    /** flux tls --help lists init with its whole summary, not a line cut at "in DIR:". */
    @Test
    void tlsHelpShowsInitsSummary() {
        CliRun help = CliRun.of("tls", "--help");
        assertEquals(ExitCodes.OK, help.exitCode(), help.err());
        assertTrue(help.out().replaceAll("\\s+", " ").contains(" init Make a CA and the workers' key stores for "
            + "TLS between a topology's workers."), help.out());
    }
}
