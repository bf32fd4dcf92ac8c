package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.run.process.ExitCodes;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The commands over real YAML files through the whole loading pipeline. */
class RealYamlTest {


    static String file(String name) {
        try {
            return Path.of(RealYamlTest.class.getResource(name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static CliRun run(String... args) {
        return CliRun.with(FluxLoader::load, Map.of(), args);
    }

    @Test
    void validateAcceptsAValidFile() {
        CliRun run = run("validate", file("words.yaml"));
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(run.out().endsWith("words.yaml: topology 'yaml-words' is valid (1 spout, 2 bolts)\n"
            + ValidateCommand.RAN_CODE + "\n"), run.out());
    }

    @Test
    void validateReportsEveryProblemWithItsPosition() {
        String broken = file("broken.yaml");
        CliRun run = run("validate", broken);
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode());
        assertTrue(run.err().contains(broken + ":5:5: "), run.err());
        assertTrue(run.err().contains("paralelism"), run.err());
        assertTrue(run.err().contains(broken + ":10:11: "), run.err());
        assertTrue(run.err().contains("wrods"), run.err());
        assertTrue(run.err().endsWith("flux: " + broken + ": " + (run.err().split("\n").length - 1) + " errors\n"),
            run.err());
        assertFalse(run.err().contains("\tat "), run.err());
    }

    @Test
    void aBadConfigOverrideIsReportedAsTheArgumentAndExitsOne() {
        CliRun run = run("validate", "-c", "topology.workers=two", file("words.yaml"));
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode());
        assertTrue(run.err().startsWith("-c topology.workers: must be a positive integer, not 'two'\n"), run.err());
    }

    @Test
    void showJsonListsTheFileWithTheConfigAsSubmitted() throws Exception {
        CliRun run = run("show", "--format", "json", "-c", "topology.workers=3", file("words.yaml"));
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertEquals("yaml-words", json.get("name").asText());
        assertEquals(3, json.get("config").get("topology.workers").asInt());
        JsonNode total = json.get("components").get(2);
        assertEquals("total", total.get("id").asText());
        // GLOBAL as Storm holds it: fields, with none.
        assertEquals("fields", total.get("inputs").get(0).get("grouping").asText());
        assertEquals(0, total.get("inputs").get(0).get("fields").size());
        assertEquals("count", total.get("inputs").get(0).get("from").asText());
    }

    @Test
    void graphMermaidDrawsTheFile() {
        CliRun run = run("graph", "--format", "mermaid", file("words.yaml"));
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(run.out().contains("n0 -->|\"fields(word)\"| n1"), run.out());
        assertTrue(run.out().contains("n1 -->|\"global\"| n2"), run.out());
    }
}
