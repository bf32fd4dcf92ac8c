package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Storm-style entry point ({@code storm jar app.jar dev.fluxext.cli.Flux ...}) with Flux's option names. */
class FluxMainTest {

    @TempDir
    Path tmp;

    private static CliRun flux(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CliContext context = new CliContext(TestTopologies::load, Map.of("HOME", "/h"), Path.of("").toAbsolutePath(),
            new PrintWriter(out, true), new PrintWriter(err, true));
        int code = FluxCli.commandLine(new Flux(context), context).execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }

    @Test
    void helpShowsPlaceholderSyntaxLiterally() {
        String help = flux("--help").out();
        assertTrue(help.contains("${key}") && help.contains("${ENV-NAME}") && !help.contains("null"), help);
    }

    @Test
    void dryRunWithNoDetailPrintsOnlyWhatWasBuilt() {
        CliRun run = flux("--dry-run", "--no-detail", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(run.out().contains("built (1 spout, 2 bolts); not submitted"), run.out());
        assertTrue(!run.out().contains("spout words: org.apache.storm.testing.TestWordSpout"), run.out());
    }

    @Test
    void dryRunPrintsTheBannerAndTheTopology() {
        CliRun run = flux("--dry-run", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("fluxext 0.1.0-SNAPSHOT"), run.out());
        assertTrue(run.out().contains("spout words: org.apache.storm.testing.TestWordSpout"), run.out());
        assertTrue(run.out().contains("not submitted"), run.out());
    }

    @Test
    void fluxsOptionNamesReachTheLoader() throws Exception {
        Path props = Files.writeString(tmp.resolve("p.properties"), "a=b\n");
        CliRun run = flux("--dry-run", "--no-splash", "--filter", props.toString(), "--env-filter", "--resource",
            "-c", "topology.workers=4", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertFalse(run.out().contains("fluxext 0.1.0"), run.out());
        assertEquals(props, TestTopologies.lastOptions.filter().orElseThrow());
        assertTrue(TestTopologies.lastOptions.envFilter());
        assertTrue(TestTopologies.lastOptions.resource());
        assertEquals(Map.of("topology.workers", 4), TestTopologies.lastOptions.configOverrides());
    }

    @Test
    void noDetailSkipsTheSummaryAndRemoteNeedsAJar() {
        CliRun run = flux("--no-detail", "--no-splash", "--remote", "words.yaml");
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertEquals("", run.out());
        assertTrue(run.err().contains("pass it with --jar FILE"), run.err());
    }

    @Test
    void invalidTopologiesAndBadOptionsExitAsDocumented() {
        assertEquals(ExitCodes.INVALID_TOPOLOGY, flux("--dry-run", "broken.yaml").exitCode());
        assertEquals(ExitCodes.USAGE, flux("--local", "--remote", "words.yaml").exitCode());
        assertEquals(ExitCodes.USAGE, flux("--dry-run").exitCode());
        CliRun help = flux("--help");
        for (String option : List.of("--local", "--remote", "--dry-run", "--filter", "--env-filter", "--inactive",
                "--no-splash", "--no-detail", "--resource")) {
            assertTrue(help.out().contains(option), option + " missing:\n" + help.out());
        }
    }
}
