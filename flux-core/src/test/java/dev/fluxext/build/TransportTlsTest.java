package dev.fluxext.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.batch.BatchCompressionContext;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.storm.FrameGuardContext;
import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import dev.fluxext.tls.TlsContext;
import dev.fluxext.tls.TlsKeys;
import dev.fluxext.tls.TlsSuites;
import dev.fluxext.cli.Certificates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code transport: {tls: ...}} block: where it sits in the transport chain, what the topology config holds (no
 * password), and what is refused at validate/submit instead of at the worker.
 */
class TransportTlsTest {

    private static final String PASSWORD = "tls-test-password-0815";

    @TempDir
    Path dir;
    Path passwordFile;

    @BeforeEach
    void stores() throws Exception {
        Instant now = Instant.now();
        Certificates.Validity days = new Certificates.Validity(now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(90)));
        KeyPair caKeys = Certificates.newKeyPair();
        X509Certificate ca = Certificates.ca(caKeys, "topology CA", days);
        KeyPair keys = Certificates.newKeyPair();
        X509Certificate worker = Certificates.issue(ca, caKeys.getPrivate(), keys.getPublic(), "worker", List.of(),
                days, Certificates.WORKER_PURPOSES);
        Certificates.writeKeyStore(dir.resolve("worker.p12"), PASSWORD.toCharArray(), "worker", keys.getPrivate(),
                worker, ca);
        Certificates.writeTrustStore(dir.resolve("ca.p12"), PASSWORD.toCharArray(), ca);
        passwordFile = Files.writeString(dir.resolve("tls.pass"), PASSWORD + "\n");
    }

    private String yaml(String tls, String more) {
        return """
                name: tls
                spouts:
                  - id: s
                    className: org.apache.storm.testing.TestWordSpout
                transport:
                  type: netty
                """ + more + "  tls:\n" + tls.indent(4);
    }

    private String tls(String password) {
        return "keystore: " + dir.resolve("worker.p12") + "\ntruststore: " + dir.resolve("ca.p12") + "\npassword: "
                + password + "\n";
    }

    private LoadResult load(String yaml) throws Exception {
        Path file = Files.writeString(dir.resolve("t.yaml"), yaml);
        return FluxLoader.load(new LoadOptions(file.toString(), false, Optional.empty(), false, Map.of(), Map.of()));
    }

    private static List<String> errors(LoadResult result) {
        return result.diagnostics().stream().filter(Diagnostic::isError).map(Diagnostic::format).toList();
    }

    @Test
    void tlsSitsNextToNettyUnderBatchCompressionAndTheGuardWithoutThePassword() throws Exception {
        LoadResult result = load(yaml(tls("{file: " + passwordFile + "}"), "  compression: {codec: lz4}\n"));
        assertEquals(List.of(), errors(result));
        Map<String, Object> conf = result.topology().orElseThrow().config();
        // Storm -> guard -> batch compression -> TLS -> Netty.
        assertEquals(FrameGuardContext.class.getName(), conf.get("storm.messaging.transport"));
        assertEquals(BatchCompressionContext.class.getName(), conf.get(FrameGuardContext.DELEGATE_KEY));
        assertEquals(TlsContext.class.getName(), conf.get(BatchCompressionOptions.DELEGATE_KEY));
        assertEquals("org.apache.storm.messaging.netty.Context", conf.get(TlsKeys.DELEGATE));
        assertEquals(dir.resolve("worker.p12").toString(), conf.get(TlsKeys.CLIENT_KEYSTORE));
        assertEquals(passwordFile.toString(), conf.get(TlsKeys.PASSWORD_FILE));
        assertEquals("TLSv1.3", conf.get(TlsKeys.PROTOCOLS));
        assertFalse(conf.toString().contains(PASSWORD), "no password in the topology config: " + conf);
        TlsKeys.PASSWORD_OF.values().forEach(key -> assertFalse(conf.containsKey(key), key));
    }

    @Test
    void plainNettyWithTlsOnlyIsStillGuarded() throws Exception {
        Map<String, Object> conf = load(yaml(tls("{env: FLUXEXT_TLS_TEST_UNSET}"), "")).topology().orElseThrow()
                .config();
        assertEquals(FrameGuardContext.class.getName(), conf.get("storm.messaging.transport"));
        assertEquals(TlsContext.class.getName(), conf.get(FrameGuardContext.DELEGATE_KEY));
        assertEquals("FLUXEXT_TLS_TEST_UNSET", conf.get(TlsKeys.PASSWORD_ENV));
    }

    @Test
    void aPasswordWrittenInTheFileIsAnErrorThatSaysWhatToWrite() throws Exception {
        assertEquals(List.of("t.yaml:10:15: 'password' of transport tls must be a map, not a string: never the "
                + "password itself (it would go into the topology config, which Storm logs and its UI shows); write "
                + "password: {env: VARIABLE} or password: {file: /absolute/path}"), errors(load(yaml(tls(PASSWORD),
                ""))).stream().map(m -> m.replace(dir + "/", "")).toList());
    }

    @Test
    void aWrongPasswordFailsHereAtTheStoresKeys() throws Exception {
        Path wrong = Files.writeString(dir.resolve("wrong.pass"), "not-it\n");
        List<String> errors = errors(load(yaml(tls("{file: " + wrong + "}"), "")));
        assertEquals(2, errors.size(), errors::toString);
        assertTrue(errors.get(0).startsWith(dir.resolve("t.yaml") + ":8:15: ") && errors.get(0).contains("password"),
                errors::toString);
        assertTrue(errors.get(1).startsWith(dir.resolve("t.yaml") + ":9:17: ") && errors.get(1).contains("password"),
                errors::toString);
        assertFalse(String.join("\n", errors).contains("not-it"), "the password itself is never printed");
    }

    @Test
    void aRelativeStorePathIsResolvedAgainstTheTopologyFilesDirectory() throws Exception {
        LoadResult result = load(yaml("keystore: worker.p12\ntruststore: ./ca.p12\npassword: {file: " + passwordFile
                + "}\n", ""));
        assertEquals(List.of(), errors(result));
        Map<String, Object> conf = result.topology().orElseThrow().config();
        assertEquals(dir.resolve("worker.p12").toAbsolutePath().toString(), conf.get(TlsKeys.KEYSTORE));
        assertEquals(dir.resolve("ca.p12").toAbsolutePath().toString(), conf.get(TlsKeys.CLIENT_TRUSTSTORE));
    }

    @Test
    void aStoreThatIsNotHereIsAWarningAtItsKeyAndThePresentKeystoreIsStillChecked() throws Exception {
        LoadResult result = load(yaml("keystore: nowhere/worker.p12\ntruststore: ca.p12\npassword: {file: "
                + passwordFile + "}\n", ""));
        assertEquals(List.of(), errors(result));
        Diagnostic notHere = result.diagnostics().stream().filter(d -> d.code() == Code.TLS_NOT_HERE).findFirst()
                .orElseThrow();
        assertEquals(8, notHere.position().line());
        assertEquals(dir.resolve("nowhere/worker.p12") + " does not exist on this machine: not checked here; each "
                + "worker checks the TLS files at start, on its own host", notHere.message());
        assertEquals(1, notHere.related().size());

        // Here but wrong stays an error, even when the other store is not here.
        Path wrong = Files.writeString(dir.resolve("wrong.pass"), "not-it\n");
        List<String> errors = errors(load(yaml("keystore: " + dir.resolve("worker.p12") + "\ntruststore: "
                + "/nowhere/ca.p12\npassword: {file: " + wrong + "}\n", "")));
        assertEquals(1, errors.size(), errors::toString);
        assertTrue(errors.get(0).contains(":8:15: ") && errors.get(0).contains("password"), errors::toString);
    }

    @Test
    void storesAndPasswordFileThatAreAllElsewhereAreOneWarning() throws Exception {
        LoadResult result = load(yaml("keystore: /etc/fluxext-absent/worker.p12\ntruststore: "
                + "/etc/fluxext-absent/ca.p12\npassword: {file: /etc/fluxext-absent/tls.pass}\n", ""));
        assertEquals(List.of(), errors(result));
        assertTrue(result.topology().isPresent());
        List<Diagnostic> tls = result.diagnostics().stream().filter(d -> d.code() == Code.TLS_NOT_HERE
                || d.code() == Code.TLS_STORE).toList();
        assertEquals(1, tls.size(), tls::toString);
        assertEquals("the TLS stores and password file are not on this machine: each worker checks them at start",
                tls.get(0).message());
        assertEquals(List.of("/etc/fluxext-absent/worker.p12 does not exist on this machine",
                "/etc/fluxext-absent/ca.p12 does not exist on this machine",
                "/etc/fluxext-absent/tls.pass does not exist on this machine"),
                tls.get(0).related().stream().map(r -> r.message()).toList());
    }

    @Test
    void tlsNeedsNetty() throws Exception {
        List<String> errors = errors(load(yaml(tls("{file: " + passwordFile + "}"), "").replace("type: netty",
                "type: org.apache.storm.messaging.local.Context")));
        assertTrue(errors.stream().anyMatch(e -> e.contains("it needs type: netty")), errors::toString);
    }

    @Test
    void stormsPasswordKeysWrittenInConfigAreWarnedAbout() throws Exception {
        LoadResult result = load("config:\n  storm.messaging.netty.tls.keystore.password: " + PASSWORD + "\n"
                + yaml(tls("{file: " + passwordFile + "}"), ""));
        List<String> warnings = result.diagnostics().stream().filter(d -> !d.isError()).map(Diagnostic::format)
                .toList();
        assertTrue(warnings.stream().anyMatch(w -> w.contains(":2:3: ") && w.contains("storm.messaging.netty.tls."
                + "keystore.password puts the password into the topology config")), warnings::toString);
        assertFalse(String.join("\n", warnings).contains(PASSWORD), "the warning does not repeat it");
    }

    /** Older protocols are an error at their value, with the fix; 1.2 and 1.3 pass. */
    @Test
    void onlyTls12And13AreAccepted() throws Exception {
        String block = tls("{file: " + passwordFile + "}");
        for (String old : List.of("TLSv1", "TLSv1.1", "SSLv3")) {
            List<String> errors = errors(load(yaml(block + "protocols: " + old + "\n", ""))).stream()
                    .map(m -> m.replace(dir + "/", "")).toList();
            assertEquals(List.of("t.yaml:11:16: transport tls protocols: " + old + " is outdated and weak (TLS 1.0 "
                    + "and 1.1 are deprecated by RFC 8996, SSL is broken); write protocols: TLSv1.3 (the default) or "
                    + "TLSv1.2 (one name)"), errors);
        }
        assertTrue(errors(load(yaml(block + "protocols: TLSv1.2,TLSv1.3\n", ""))).get(0).contains(
                "'TLSv1.2,TLSv1.3' is not a protocol workers can speak"));
        assertEquals(List.of(), errors(load(yaml(block + "protocols: TLSv1.3\n", ""))));
        LoadResult tls12 = load(yaml(block + "protocols: TLSv1.2\nciphers: [TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256]\n",
                ""));
        assertEquals(List.of(), errors(tls12));
        assertEquals("TLSv1.2", tls12.topology().orElseThrow().config().get(TlsKeys.PROTOCOLS));
    }

    /**
     * Each suite is checked against the engine that will run it, for the protocol: an unknown one, or one of the other
     * protocol, is an error at the ciphers' line listing what the engine offers; TLS 1.2 needs suites of its own, as
     * Storm's default ones are TLS 1.3's.
     */
    @Test
    void cipherSuitesAreCheckedAgainstTheEngineForTheProtocol() throws Exception {
        String block = tls("{file: " + passwordFile + "}");
        for (String engine : List.of("auto", "jdk")) {
            String with = block + "engine: " + engine + "\n";
            List<String> errors = errors(load(yaml(with + "ciphers: [TLS_AES_128_GCM_SHA256, TLS_FAKE_WITH_NOTHING]\n",
                    ""))).stream().map(m -> m.replace(dir + "/", "")).toList();
            assertEquals(1, errors.size(), errors::toString);
            String offered = String.join(", ", TlsSuites.offered(engine, "TLSv1.3").orElseThrow().suites());
            assertTrue(offered.contains("TLS_AES_128_GCM_SHA256") && !offered.contains("_WITH_"), offered);
            assertTrue(errors.get(0).startsWith("t.yaml:12:14: transport tls ciphers: TLS_FAKE_WITH_NOTHING is not a "
                    + "suite workers can use with TLSv1.3; the " + (engine.equals("jdk") ? "JDK" : "OpenSSL (")),
                    errors.get(0));
            assertTrue(errors.get(0).endsWith(" engine offers for TLSv1.3: " + offered), errors.get(0));

            List<String> mixed = errors(load(yaml(with + "protocols: TLSv1.2\nciphers: [TLS_AES_128_GCM_SHA256]\n",
                    "")));
            assertTrue(mixed.size() == 1 && mixed.get(0).contains("TLS_AES_128_GCM_SHA256 is not a suite workers "
                    + "can use with TLSv1.2") && mixed.get(0).contains("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"),
                    mixed::toString);
            List<String> noSuites = errors(load(yaml(with + "protocols: TLSv1.2\n", ""))).stream()
                    .map(m -> m.replace(dir + "/", "")).toList();
            assertTrue(noSuites.size() == 1 && noSuites.get(0).startsWith("t.yaml:12:16: transport tls protocols: "
                    + "TLSv1.2 with Storm's default cipher suites"), noSuites::toString);
        }
    }

    /** The engine is a choice in any case, and the worker gets it as the language spells it (it compares "jdk"). */
    @Test
    void theEngineSettingReachesTheWorkersConfig() throws Exception {
        for (String[] written : List.of(new String[] {"jdk", "jdk"}, new String[] {"OpenSSL", "openssl"},
                new String[] {"auto", "auto"})) {
            LoadResult result = load(yaml(tls("{file: " + passwordFile + "}") + "engine: " + written[0] + "\n", ""));
            assertEquals(List.of(), errors(result));
            assertEquals(written[1], result.topology().orElseThrow().config().get(TlsKeys.ENGINE));
        }
    }

    /** A password file other users can read is a warning at its line (the password opens the worker's key). */
    @Test
    void aPasswordFileReadableByOthersIsAWarning() throws Exception {
        Files.setPosixFilePermissions(passwordFile, java.nio.file.attribute.PosixFilePermissions.fromString(
                "rw-r--r--"));
        LoadResult open = load(yaml(tls("{file: " + passwordFile + "}"), ""));
        assertEquals(List.of(), errors(open));
        List<String> warnings = open.diagnostics().stream().filter(d -> !d.isError()).map(Diagnostic::format)
                .map(m -> m.replace(dir + "/", "")).toList();
        assertEquals(List.of("t.yaml:10:22: warning: the TLS password file tls.pass is readable by other users "
                + "(rw-r--r--): make it readable by the user that runs the workers only (chmod 600 tls.pass)"),
                warnings);

        Files.setPosixFilePermissions(passwordFile, java.nio.file.attribute.PosixFilePermissions.fromString(
                "rw-------"));
        LoadResult owner = load(yaml(tls("{file: " + passwordFile + "}"), ""));
        assertEquals(List.of(), owner.diagnostics().stream().map(Diagnostic::format).toList());
    }
}
