package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.load.LoadOptions;
import dev.fluxext.run.process.ExitCodes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Top-level behaviour, common topology options and validate, run in-process. */
class FluxCliTest {

    @TempDir
    Path tmp;

    @Test
    void noCommandIsAUsageError() {
        CliRun run = CliRun.of();
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("Usage: flux"), run.err());
    }

    @Test
    void unknownCommandIsAUsageError() {
        CliRun run = CliRun.of("deploy", "words.yaml");
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("deploy"), run.err());
        assertTrue(run.err().endsWith("Try 'flux --help' for more information.\n"), run.err());
        assertTrue(!run.err().contains("Usage:"), run.err());
    }

    @Test
    void aUsageErrorIsTheMistakeAndAHintNotTheWholeHelpPage() {
        CliRun run = CliRun.of("validate", "--no-such-option", "words.yaml");
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().startsWith("Unknown option: '--no-such-option'"), run.err());
        assertTrue(run.err().endsWith("Try 'flux validate --help' for more information.\n"), run.err());
        assertTrue(!run.err().contains("Usage:"), run.err());
    }

    @Test
    void helpListsTheCommandsAndExitCodes() {
        CliRun run = CliRun.of("--help");
        assertEquals(ExitCodes.OK, run.exitCode());
        for (String command : List.of("submit", "validate", "show", "graph", "tls", "version")) {
            assertTrue(run.out().contains(command), command + " missing from\n" + run.out());
        }
        assertTrue(run.out().contains("Exit codes:"), run.out());
        assertTrue(run.out().matches("(?s).*\\n  4 +missing external tool.*"), run.out());
    }

    @Test
    void aLineThatNamesNoSingleCommandStillKnowsThemAll() {
        // A line naming a command gets only that command's model (a faster start); help and mistakes need all.
        CliRun help = CliRun.of("help", "graph");
        assertEquals(ExitCodes.OK, help.exitCode(), help.err());
        assertTrue(help.out().startsWith("Usage: flux graph"), help.out());
        CliRun misspelt = CliRun.of("valdate", "words.yaml");
        assertEquals(ExitCodes.USAGE, misspelt.exitCode());
        assertTrue(misspelt.err().contains("Did you mean: flux validate?"), misspelt.err());
        CliRun none = CliRun.of();
        assertEquals(ExitCodes.USAGE, none.exitCode());
        assertTrue(none.err().contains("submit") && none.err().contains("graph"), none.err());
    }

    @Test
    void everySubcommandsHelpListsExitCodesAndCommonOptions() {
        for (String command : List.of("submit", "validate", "show", "graph")) {
            CliRun run = CliRun.of(command, "--help");
            assertEquals(ExitCodes.OK, run.exitCode(), command);
            assertTrue(run.out().contains("Exit codes:"), run.out());
            for (String option : List.of("--filter", "--env-filter", "--resource", "-c, --config", "--verbose")) {
                assertTrue(run.out().contains(option), command + " help lacks " + option + ":\n" + run.out());
            }
        }
    }

    @Test
    void helpShowsPlaceholderSyntaxLiterally() {
        for (String command : List.of("submit", "validate", "show", "graph")) {
            String help = CliRun.of(command, "--help").out();
            assertTrue(help.contains("${key}") && help.contains("${ENV-NAME}"), command + ":\n" + help);
            assertTrue(!help.contains("null placeholders"), command + ":\n" + help);
        }
    }

    @Test
    void versionNamesFluxextStormAndJava() {
        CliRun run = CliRun.of("version");
        assertEquals(ExitCodes.OK, run.exitCode());
        assertTrue(run.out().contains("fluxext 0.1.0-SNAPSHOT"), run.out());
        assertTrue(run.out().contains("Storm 2.8.3"), run.out());
        assertTrue(run.out().contains("Java 17"), run.out());
        assertEquals(run.out(), CliRun.of("--version").out());
    }

    @Test
    void validateAcceptsAValidTopology() {
        CliRun run = CliRun.of("validate", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertEquals("words.yaml: topology 'words' is valid (1 spout, 2 bolts)\n" + ValidateCommand.RAN_CODE + "\n",
            run.out());
        assertEquals("", run.err());
    }

    @Test
    void validateReportsEveryDiagnosticOnePerLineAndExitsOne() {
        CliRun run = CliRun.of("validate", "topologies/broken.yaml");
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode());
        assertEquals("", run.out());
        assertEquals("""
            topologies/broken.yaml:3:5: unknown key 'spout'; did you mean 'spouts'?
            topologies/broken.yaml:9:3: warning: bolt 'lonely' receives no stream
            topologies/broken.yaml:12:11: stream from unknown component 'nope'
            flux: topologies/broken.yaml: 2 errors
            """, run.err());
    }

    @Test
    void anUnreadableFileIsReportedWithoutAStackTrace() {
        CliRun run = CliRun.of("validate", "missing.yaml");
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode());
        assertTrue(run.err().startsWith("missing.yaml:1:1: cannot read the file"), run.err());
        assertFalse(run.err().contains("Exception"), run.err());
    }

    @Test
    void configOverridesAreParsedLikeStormsCommandLine() {
        CliRun run = CliRun.of("validate", "words.yaml", "-c", "topology.workers=3",
            "-c", "nimbus.seeds=[\"a\",\"b\"]", "--config", "topology.debug=true", "-c", "app.name=hello world",
            "-c", "app.ratio=0.5");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertEquals(Map.of("topology.workers", 3, "nimbus.seeds", List.of("a", "b"), "topology.debug", true,
            "app.name", "hello world", "app.ratio", 0.5), TestTopologies.lastOptions.configOverrides());
    }

    @Test
    void malformedConfigOverridesAreUsageErrors() {
        CliRun noEquals = CliRun.of("validate", "words.yaml", "-c", "topology.workers");
        assertEquals(ExitCodes.USAGE, noEquals.exitCode());
        assertTrue(noEquals.err().startsWith("flux: -c topology.workers: a config override is KEY=VALUE, e.g. "
            + "-c topology.workers=2"), noEquals.err());
        assertTrue(!noEquals.err().contains("option option"), noEquals.err());
        CliRun empty = CliRun.of("validate", "words.yaml", "-c", "topology.workers=");
        assertEquals(ExitCodes.USAGE, empty.exitCode());
        assertTrue(empty.err().contains("-c topology.workers=: the value is empty"), empty.err());
    }

    @Test
    void filterEnvFilterAndResourceReachTheLoader() throws Exception {
        Path props = java.nio.file.Files.writeString(tmp.resolve("dev.properties"), "x=1\n");
        CliRun run = CliRun.with(TestTopologies::load, Map.of("HOME", "/home/me"),
            "validate", "--filter", props.toString(), "--env-filter", "--resource", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        LoadOptions options = TestTopologies.lastOptions;
        assertEquals(props, options.filter().orElseThrow());
        assertTrue(options.envFilter());
        assertTrue(options.resource());
        assertEquals(Map.of("HOME", "/home/me"), options.environment());
    }

    @Test
    void aMissingFilterFileIsAUsageError() {
        CliRun run = CliRun.of("validate", "--filter", tmp.resolve("nope.properties").toString(), "words.yaml");
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertEquals("flux: --filter properties file '" + tmp.resolve("nope.properties") + "' not found\n", run.err());
    }

    @Test
    void internalErrorsExitThreeWithAStackTraceOnlyWhenVerbose() {
        CliRun quiet = CliRun.with(options -> { throw new IllegalStateException("boom"); }, Map.of(),
            "validate", "words.yaml");
        assertEquals(ExitCodes.FAILURE, quiet.exitCode());
        assertEquals("flux: internal error: java.lang.IllegalStateException: boom "
            + "(run with --verbose for the stack trace)\n", quiet.err());
        CliRun verbose = CliRun.with(options -> { throw new IllegalStateException("boom"); }, Map.of(),
            "validate", "--verbose", "words.yaml");
        assertEquals(ExitCodes.FAILURE, verbose.exitCode());
        assertTrue(verbose.err().contains("\tat dev.fluxext.cli."), verbose.err());
    }
}
