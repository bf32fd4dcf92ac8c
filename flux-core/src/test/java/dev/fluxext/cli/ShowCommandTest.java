package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.model.Position;
import dev.fluxext.load.LoadResult;
import dev.fluxext.run.process.ExitCodes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShowCommandTest {

    @Test
    void textIsAReadableSummary() {
        CliRun run = CliRun.of("show", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("topology words\n"), run.out());
        assertTrue(run.out().contains("spout words: org.apache.storm.testing.TestWordSpout, parallelism 2"), run.out());
        assertTrue(run.out().contains("input  words [default] fields [\"word\"]"), run.out());
    }

    @Test
    void jsonIsOneDocumentOnStdoutWithTheOverridesApplied() throws Exception {
        CliRun run = CliRun.of("show", "--format", "json", "-c", "topology.workers=3", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertEquals("words", json.get("name").asText());
        assertEquals(3, json.get("config").get("topology.workers").asInt());
        JsonNode count = json.get("components").get(1);
        assertEquals("count", count.get("id").asText());
        assertEquals("bolt", count.get("type").asText());
        assertEquals("org.apache.storm.testing.TestWordCounter", count.get("className").asText());
        assertEquals("fields", count.get("inputs").get(0).get("grouping").asText());
        assertEquals("", run.err());
    }

    @Test
    void anInvalidTopologyPrintsNoDocument() {
        CliRun run = CliRun.of("show", "--format", "json", "broken.yaml");
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode());
        assertEquals("", run.out());
        assertTrue(run.err().contains("broken.yaml:12:11: stream from unknown component 'nope'"), run.err());
    }

    @Test
    void anUnknownFormatIsAUsageError() {
        CliRun run = CliRun.of("show", "--format", "yaml", "words.yaml");
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("yaml"), run.err());
    }

    @Test
    void aLoaderInternalErrorExitsThreeAndShowsItsStackTraceWhenVerbose() {
        IllegalStateException bug = new IllegalStateException("bug");
        LoadResult result = new LoadResult(List.of(Diagnostic.error(Code.INTERNAL, Position.ofFile("t.yaml"),
            "internal error: " + bug + " (run with --verbose for the stack trace)")), Optional.empty(), Optional.of(bug));
        CliRun quiet = CliRun.with(options -> result, Map.of(), "show", "t.yaml");
        assertEquals(ExitCodes.FAILURE, quiet.exitCode());
        assertEquals("t.yaml:1:1: internal error: java.lang.IllegalStateException: bug "
            + "(run with --verbose for the stack trace)\n", quiet.err());
        CliRun verbose = CliRun.with(options -> result, Map.of(), "show", "-v", "t.yaml");
        assertTrue(verbose.err().contains("\tat dev.fluxext.cli.ShowCommandTest"), verbose.err());
    }
}
