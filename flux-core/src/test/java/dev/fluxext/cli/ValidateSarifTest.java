package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.fluxext.diag.Code;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.run.process.ExitCodes;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code flux validate --format sarif}: a SARIF 2.1.0 log, checked against OASIS's schema
 * ({@code src/test/resources/dev/fluxext/cli/sarif/}, its source in SOURCE.md there), one result per problem.
 */
class ValidateSarifTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path tmp;

    private static JsonSchema sarifSchema() throws Exception {
        try (InputStream in = ValidateSarifTest.class.getResourceAsStream("sarif/sarif-schema-2.1.0.json")) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4).getSchema(MAPPER.readTree(in));
        }
    }

    private CliRun validate(String yaml, String... more) throws Exception {
        Path file = Files.writeString(tmp.resolve("t.yaml"), yaml);
        String[] args = new String[more.length + 4];
        args[0] = "validate";
        args[1] = "--format";
        args[2] = "sarif";
        System.arraycopy(more, 0, args, 3, more.length);
        args[args.length - 1] = file.toString();
        return CliRun.with(FluxLoader::load, Map.of(), args);
    }

    @Test
    void everyProblemIsOneResultWithItsCodeAndRegionAndTheLogFitsTheSchema() throws Exception {
        String yaml = """
                spouts:
                  - {id: s, className: org.apache.storm.testing.TestWordSpout, paralelism: 2, numTasks: many}
                  - {id: s, className: org.apache.storm.testing.TestWordSpout}
                bolts:
                  - {id: audit, className: org.apache.storm.testing.TestWordCounter}
                """;
        CliRun run = validate(yaml);
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode(), run.err());
        assertEquals("", run.err().replaceAll("(?m)^flux: .*: \\d+ errors?\n", ""), "problems only on stdout");
        JsonNode log = MAPPER.readTree(run.out());

        Set<ValidationMessage> problems = sarifSchema().validate(log);
        assertTrue(problems.isEmpty(), problems.toString());

        assertEquals("2.1.0", log.get("version").asText());
        JsonNode results = log.get("runs").get(0).get("results");
        assertEquals(4, results.size(), results.toString());
        assertEquals("FX201", results.get(0).get("ruleId").asText());
        assertEquals("error", results.get(0).get("level").asText());
        assertEquals("unknown key 'paralelism' in spout 's'; did you mean 'parallelism'?",
            results.get(0).get("message").get("text").asText());
        JsonNode location = results.get(0).get("locations").get(0).get("physicalLocation");
        assertEquals(tmp.resolve("t.yaml").toUri().toString(), location.get("artifactLocation").get("uri").asText());
        assertEquals("{\"startLine\":2,\"startColumn\":64,\"endLine\":2,\"endColumn\":74}",
            location.get("region").toString());

        assertEquals("unicodeCodePoints", log.get("runs").get(0).get("columnKind").asText());
        JsonNode fix = results.get(0).get("fixes").get(0).get("artifactChanges").get(0);
        assertEquals(location.get("artifactLocation"), fix.get("artifactLocation"));
        assertEquals(location.get("region"), fix.get("replacements").get(0).get("deletedRegion"));
        assertEquals("parallelism", fix.get("replacements").get(0).get("insertedContent").get("text").asText());
        assertTrue(results.get(1).path("fixes").isMissingNode(), "no fix where nothing is suggested: " + results.get(1));

        assertEquals("FX202", results.get(1).get("ruleId").asText());
        assertEquals("FX301", results.get(2).get("ruleId").asText());
        JsonNode related = results.get(2).get("relatedLocations").get(0);
        assertEquals("first declared here", related.get("message").get("text").asText());
        assertEquals(2, related.get("physicalLocation").get("region").get("startLine").asInt());
        assertEquals("FX305", results.get(3).get("ruleId").asText());
        assertEquals("warning", results.get(3).get("level").asText());

        JsonNode rules = log.get("runs").get(0).get("tool").get("driver").get("rules");
        assertEquals(Code.values().length, rules.size());
        for (JsonNode result : results) {
            JsonNode rule = rules.get(result.get("ruleIndex").asInt());
            assertEquals(result.get("ruleId").asText(), rule.get("id").asText());
        }
        JsonNode unknownKey = rules.get(Code.UNKNOWN_KEY.ordinal());
        assertEquals("UnknownKey", unknownKey.get("name").asText());
        assertEquals(Code.UNKNOWN_KEY.summary(), unknownKey.get("shortDescription").get("text").asText());
        assertEquals(Code.UNKNOWN_KEY.fix(), unknownKey.get("help").get("text").asText());
    }

    @Test
    void aValidFileHasNoResults() throws Exception {
        CliRun ok = validate("spouts:\n  - {id: s, className: org.apache.storm.testing.TestWordSpout}\n");
        assertEquals(ExitCodes.OK, ok.exitCode(), ok.err());
        JsonNode log = MAPPER.readTree(ok.out());
        assertEquals(0, log.get("runs").get(0).get("results").size());
        assertTrue(sarifSchema().validate(log).isEmpty());
    }

    @Test
    void aCommandLineProblemHasNoLocationButNamesTheArgument() throws Exception {
        CliRun run = validate("spouts:\n  - {id: s, className: org.apache.storm.testing.TestWordSpout}\n",
            "-c", "topology.workers=two");
        JsonNode log = MAPPER.readTree(run.out());
        assertTrue(sarifSchema().validate(log).isEmpty(), log.toString());
        JsonNode result = log.get("runs").get(0).get("results").get(0);
        assertFalse(result.has("locations"), result.toString());
        assertTrue(result.get("message").get("text").asText().startsWith("-c topology.workers: "), result.toString());
    }

    @Test
    void theSchemaCheckFailsALogThatBreaksIt() throws Exception {
        CliRun run = validate("spouts:\n  - {id: s, className: org.apache.storm.testing.TestWordSpout, x: 1}\n");
        ObjectNode log = (ObjectNode) MAPPER.readTree(run.out());
        ObjectNode region = (ObjectNode) log.get("runs").get(0).get("results").get(0).get("locations").get(0)
            .get("physicalLocation").get("region");
        region.put("startLine", 0);
        assertFalse(sarifSchema().validate(log).isEmpty(), "a line 0 passed the schema");
        log.remove("version");
        assertFalse(sarifSchema().validate(log).isEmpty(), "a log without a version passed the schema");
    }
}
