package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.TopologyFiles;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.run.process.ExitCodes;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Everything the CLI prints about a topology (its name, config values) shows a value substituted from the
 * environment as its placeholder, as show does, unless --show-secrets asks for it: submit --dry-run, the
 * Storm-style Flux main, graph, the lines of a remote submission (those of a local run: LocalRunLinesTest).
 */
class MaskedOutputTest {

    private static final String SECRET = TopologyFiles.SECRET;
    private static final String HOST = "nimbus-secret.example";
    private static final Map<String, String> ENV = Map.of("TOKEN", SECRET, "HOST", HOST);

    private static final String TOPOLOGY = """
            name: ${ENV-TOKEN}
            config:
              db.password: ${ENV-TOKEN}
              nimbus.seeds: ["${ENV-HOST}"]
            """ + TopologyFiles.WORDS_TO_COUNT;

    @TempDir
    Path dir;

    private String file() throws IOException {
        return TopologyFiles.write(dir, "t.yaml", TOPOLOGY).toString();
    }

    /**
     * Apache Metron's enrichment topology (public) reads {@code enrichment.simple.hbase.table=enrichment} from its
     * {@code --filter} file and names classes of its package {@code org.apache.metron.enrichment}: a message about a
     * class prints the class as written, not with the property's placeholder inside it.
     */
    @Test
    void anOrdinaryFilterValueIsNotMaskedInsideAClassName() throws IOException {
        Path props = dir.resolve("enrichment.properties");
        Files.writeString(props, "enrichment.simple.hbase.table=enrichment\nenrichment.simple.hbase.cf=t\n"
                + "kafka.zk=node1:2181\n");
        Path file = TopologyFiles.write(dir, "remote.yaml", """
                name: "enrichment"
                components:
                  - id: "simpleHBaseEnrichmentConfig"
                    className: "org.apache.metron.enrichment.configuration.Enrichment"
                    constructorArgs:
                      - "${enrichment.simple.hbase.table}"
                      - "${enrichment.simple.hbase.cf}"
                """ + TopologyFiles.WORDS_TO_COUNT);
        CliRun run = run("validate", "--static", "--filter", props.toString(), file.toString());
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode(), run.err());
        assertTrue(run.err().contains("org.apache.metron.enrichment.configuration.Enrichment"), run.err());
        assertFalse(run.err().contains("${enrichment.simple.hbase.table}."), run.err());
    }

    @Test
    void aFilterPropertyNamedLikeASecretOrMarkedOneIsMaskedInShow() throws IOException {
        Path props = dir.resolve("db.properties");
        Files.writeString(props, "db.password=hunter2hunter2\ndb.table=customers-2024\ndb.host=db1.example\n");
        Path file = TopologyFiles.write(dir, "db.yaml", """
                name: db
                config:
                  db.password: ${db.password}
                  db.table: ${db.table}
                  db.host: ${db.host}
                """ + TopologyFiles.WORDS_TO_COUNT);
        CliRun shown = run("show", "--filter", props.toString(), "--secret", "db.table", file.toString());
        assertEquals(ExitCodes.OK, shown.exitCode(), shown.err());
        assertTrue(shown.out().contains("${db.password}") && shown.out().contains("${db.table}"), shown.out());
        assertFalse(shown.out().contains("hunter2hunter2") || shown.out().contains("customers-2024"), shown.out());
        assertTrue(shown.out().contains("db1.example"), "an ordinary value is shown: " + shown.out());
    }

    private static CliRun run(String... args) {
        return CliRun.with(FluxLoader::load, ENV, args);
    }

    private static CliRun flux(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CliContext context = new CliContext(FluxLoader::load, ENV, Path.of("").toAbsolutePath(),
            new PrintWriter(out, true), new PrintWriter(err, true));
        int code = FluxCli.commandLine(new Flux(context), context).execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }

    private static void assertMasked(CliRun run) {
        String all = run.out() + run.err();
        assertFalse(all.contains(SECRET) || all.contains(HOST), all);
    }

    private static String[] with(String first, String[] rest) {
        List<String> args = new ArrayList<>(List.of(first));
        args.addAll(List.of(rest));
        return args.toArray(String[]::new);
    }

    @Test
    void submitDryRunMasksTheNameAndConfigValuesUnlessAsked() throws IOException {
        CliRun local = run("submit", "--local", "--dry-run", "--env-filter", file());
        assertEquals(ExitCodes.OK, local.exitCode(), local.err());
        assertMasked(local);
        assertTrue(local.out().contains("db.password: ${ENV-TOKEN}"), local.out());
        assertTrue(local.out().contains("flux: dry run: topology '${ENV-TOKEN}' built"), local.out());

        CliRun remote = run("submit", "--remote", "--dry-run", "--jar", emptyJar().toString(), "--env-filter", file());
        assertEquals(ExitCodes.OK, remote.exitCode(), remote.err());
        assertMasked(remote);
        assertTrue(remote.out().contains("to Nimbus at ${ENV-HOST}:6627"), remote.out());

        CliRun shown = run("submit", "--remote", "--dry-run", "--show-secrets", "--jar", emptyJar().toString(),
            "--env-filter", file());
        assertEquals(ExitCodes.OK, shown.exitCode(), shown.err());
        assertTrue(shown.out().contains("db.password: " + SECRET), shown.out());
        assertTrue(shown.out().contains("flux: dry run: topology '" + SECRET + "' built"), shown.out());
        assertTrue(shown.out().contains("to Nimbus at " + HOST + ":6627"), shown.out());
    }

    @Test
    void fluxDryRunAndTheDetailBeforeSubmittingAreMaskedUnlessAsked() throws IOException {
        CliRun dry = flux("--dry-run", "--env-filter", file());
        assertEquals(ExitCodes.OK, dry.exitCode(), dry.err());
        assertMasked(dry);
        assertTrue(dry.out().contains("db.password: ${ENV-TOKEN}"), dry.out());
        assertTrue(dry.out().contains("topology '${ENV-TOKEN}' built"), dry.out());

        // --remote without a jar fails after printing the detail: what a real submission prints first.
        CliRun remote = flux("--remote", "--env-filter", file());
        assertEquals(ExitCodes.USAGE, remote.exitCode(), remote.err());
        assertMasked(remote);
        assertTrue(remote.out().contains("db.password: ${ENV-TOKEN}"), remote.out());

        CliRun shown = flux("--dry-run", "--show-secrets", "--env-filter", file());
        assertTrue(shown.out().contains("db.password: " + SECRET), shown.out());
        assertTrue(shown.out().contains("topology '" + SECRET + "' built"), shown.out());
    }

    @Test
    void graphMasksTheNameUnlessAsked() throws IOException {
        for (String format : List.of("dot", "mermaid")) {
            CliRun masked = run("graph", "--format", format, "--env-filter", file());
            assertEquals(ExitCodes.OK, masked.exitCode(), masked.err());
            assertMasked(masked);
        }
        CliRun dot = run("graph", "--env-filter", file());
        assertTrue(dot.out().contains("${ENV-TOKEN}"), dot.out());
        CliRun shown = run("graph", "--show-secrets", "--env-filter", file());
        assertTrue(shown.out().contains(SECRET), shown.out());
    }

    @Test
    void aRemoteSubmissionNamesTheTopologyByItsPlaceholderUnlessAsked() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String[] args = {"--remote", "--nimbus", "localhost:" + closedPort, "--jar", emptyJar().toString(),
            "-c", "storm.nimbus.retry.times=0", "-c", "storm.nimbus.retry.interval.millis=10", "--env-filter", file()};
        CliRun masked = run(with("submit", args));
        assertEquals(ExitCodes.FAILURE, masked.exitCode(), masked.err());
        assertMasked(masked);
        assertTrue(masked.out().contains("flux: submitting topology '${ENV-TOKEN}' to Nimbus at localhost:"),
            masked.out());
        CliRun shown = run(with("submit", with("--show-secrets", args)));
        assertTrue(shown.out().contains("flux: submitting topology '" + SECRET + "'"), shown.out());
    }

    private Path emptyJar() throws IOException {
        Path jar = dir.resolve("app.jar");
        if (!Files.exists(jar)) {
            try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
                j.flush();
            }
        }
        return jar;
    }
}
