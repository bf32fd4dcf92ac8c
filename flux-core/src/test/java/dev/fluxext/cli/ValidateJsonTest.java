package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.run.process.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code flux validate --format json}: one document on stdout for tools and CI, the same problems as the text. */
class ValidateJsonTest {

    @TempDir
    Path tmp;

    private CliRun validate(String yaml, String... format) throws Exception {
        Path file = Files.writeString(tmp.resolve("t.yaml"), yaml);
        String[] args = new String[format.length + 2];
        args[0] = "validate";
        System.arraycopy(format, 0, args, 1, format.length);
        args[args.length - 1] = file.toString();
        return CliRun.with(FluxLoader::load, Map.of(), args);
    }

    @Test
    void diagnosticsAreDataWithCodeSpanAndRelatedLocations() throws Exception {
        String yaml = """
                spouts:
                  - {id: s, className: org.apache.storm.testing.TestWordSpout, paralelism: 2, numTasks: many}
                  - {id: s, className: org.apache.storm.testing.TestWordSpout}
                """;
        CliRun run = validate(yaml, "--format", "json");
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode(), run.err());
        JsonNode doc = new ObjectMapper().readTree(run.out());
        assertEquals(tmp.resolve("t.yaml").toString(), doc.get("file").asText());
        assertEquals(false, doc.get("valid").asBoolean());
        assertEquals(3, doc.get("errors").asInt());
        JsonNode d = doc.get("diagnostics");
        assertEquals(3, d.size(), d.toString());

        assertEquals("FX201", d.get(0).get("code").asText());
        assertEquals("error", d.get(0).get("severity").asText());
        assertEquals("unknown key 'paralelism' in spout 's'; did you mean 'parallelism'?", d.get(0).get("message")
                .asText());
        assertEquals(2, d.get(0).get("start").get("line").asInt());
        assertEquals(64, d.get(0).get("start").get("column").asInt());
        assertEquals(2, d.get(0).get("end").get("line").asInt());
        assertEquals(64 + "paralelism".length(), d.get(0).get("end").get("column").asInt());

        assertEquals("FX202", d.get(1).get("code").asText());
        assertEquals(2, d.get(1).get("start").get("line").asInt(), "the second error on the same line");
        assertEquals(89, d.get(1).get("start").get("column").asInt());
        assertEquals(89 + "many".length(), d.get(1).get("end").get("column").asInt());

        assertEquals("FX301", d.get(2).get("code").asText());
        assertEquals(3, d.get(2).get("start").get("line").asInt());
        JsonNode related = d.get(2).get("related").get(0);
        assertEquals("first declared here", related.get("message").asText());
        assertEquals(2, related.get("start").get("line").asInt());
        assertEquals(10, related.get("start").get("column").asInt());
        assertEquals(2, related.get("end").get("line").asInt());
        assertEquals(11, related.get("end").get("column").asInt(), "the end of the first id, 's'");
    }

    /**
     * Each "did you mean" is also data: the replacement and the text it replaces (the diagnostic's span, or the whole
     * entry for a key that goes one level down); a diagnostic with no suggestion has no "suggestions" field.
     */
    @Test
    void suggestionsAreDataWithTheTextTheyReplace() throws Exception {
        String yaml = """
                config:
                  topology.workrs: 2
                compression: {codec: zstd, level: 5}
                spouts:
                  - {id: s, className: org.apache.storm.testing.TestWordSpot, paralelism: 2}
                bolts:
                  - {id: count, className: org.apache.storm.testing.TestWordCounter}
                streams:
                  - {from: s, to: cuont, grouping: {type: shufle}}
                  - {from: s, to: zzzzzzz, grouping: {type: SHUFFLE}}
                """;
        CliRun run = validate(yaml, "--format", "json", "--static");
        JsonNode d = new ObjectMapper().readTree(run.out()).get("diagnostics");
        Map<String, String> byMessage = new java.util.LinkedHashMap<>();
        for (JsonNode each : d) {
            JsonNode s = each.get("suggestions");
            byMessage.put(each.get("message").asText(), s == null ? "-" : s.get(0).get("replacement").asText() + " "
                    + s.get(0).get("start").get("line").asInt() + ":" + s.get(0).get("start").get("column").asInt()
                    + "-" + s.get(0).get("end").get("line").asInt() + ":" + s.get(0).get("end").get("column").asInt()
                    + (s.size() > 1 ? " +" + (s.size() - 1) : ""));
        }
        java.util.function.Function<String, String> of = start -> byMessage.entrySet().stream()
                .filter(e -> e.getKey().startsWith(start)).map(Map.Entry::getValue).findFirst().orElse("none");
        assertEquals("topology.workers 2:3-2:18", of.apply("'topology.workrs'"), byMessage.toString());
        // The whole entry "level: 5" replaced by "zstd: {level: 5}"; lz4 and gzip are the other two choices.
        assertEquals("zstd: {level: 5} 3:28-3:36 +2", of.apply("unknown key 'level'"), byMessage.toString());
        assertEquals("org.apache.storm.testing.TestWordSpout 5:24-5:61", of.apply("class "), byMessage.toString());
        assertEquals("parallelism 5:63-5:73", of.apply("unknown key 'paralelism'"), byMessage.toString());
        assertEquals("count 9:19-9:24", of.apply("stream to unknown bolt 'cuont'"), byMessage.toString());
        assertEquals("SHUFFLE 9:43-9:49", of.apply("unknown grouping type"), byMessage.toString());
        assertEquals("-", of.apply("stream to unknown bolt 'zzzzzzz'"), byMessage.toString());
        // The text form is unchanged: the suggestion is in the message as before.
        CliRun text = validate(yaml, "--static");
        assertTrue(text.err().contains("did you mean 'parallelism'?"), text.err());
    }

    @Test
    void aValidFileIsValidWithNoDiagnosticsAndTheHumanFormatIsUnchanged() throws Exception {
        String yaml = """
                spouts:
                  - id: s
                    className: org.apache.storm.testing.TestWordSpout
                """;
        CliRun json = validate(yaml, "--format", "json");
        assertEquals(ExitCodes.OK, json.exitCode(), json.err());
        JsonNode doc = new ObjectMapper().readTree(json.out());
        assertTrue(doc.get("valid").asBoolean());
        assertEquals(0, doc.get("diagnostics").size());

        CliRun human = validate(yaml + "    nmae: x\n");
        assertEquals(ExitCodes.INVALID_TOPOLOGY, human.exitCode());
        assertEquals(tmp.resolve("t.yaml") + ":4:5: unknown key 'nmae' in spout 's'\n"
                + "flux: " + tmp.resolve("t.yaml") + ": 1 error\n", human.err());
    }

    @Test
    void showSourcePrintsTheLineAndUnderlinesEachSpan() throws Exception {
        String yaml = """
                spouts:
                  - {id: s, className: org.apache.storm.testing.TestWordSpout, paralelism: 2, numTasks: many}
                """;
        CliRun run = validate(yaml, "--show-source");
        String line = "      - {id: s, className: org.apache.storm.testing.TestWordSpout, paralelism: 2, numTasks: many}\n";
        assertEquals(tmp.resolve("t.yaml") + ":2:64: unknown key 'paralelism' in spout 's'; did you mean 'parallelism'?\n"
                + line + "    " + " ".repeat(63) + "^" + "~".repeat(9) + "\n"
                + tmp.resolve("t.yaml") + ":2:89: 'numTasks' of spout 's' must be a whole number, not 'many'\n"
                + line + "    " + " ".repeat(88) + "^" + "~".repeat(3) + "\n"
                + "flux: " + tmp.resolve("t.yaml") + ": 2 errors\n", run.err());
    }

    @Test
    void jsonEndsWhereTheTextEndsOnItsOwnLineOrALaterOne() throws Exception {
        String yaml = """
                spouts:
                  - id: s
                    className: "org.apache.storm.testing.TestWordSpot"
                bolts:
                  - id: b
                    className: org.apache.storm.testing.TestWordCounter
                    numTasks: >
                      many
                      tasks

                streams:
                  - {from: s, to: b, grouping: {type: SHUFFLE}}
                """;
        CliRun run = validate(yaml, "--format", "json");
        JsonNode d = new ObjectMapper().readTree(run.out()).get("diagnostics");
        assertEquals(2, d.size(), d.toString());
        assertEquals("FX401", d.get(0).get("code").asText(), "the quoted class name, quotes included");
        assertEquals("{\"line\":3,\"column\":16}", d.get(0).get("start").toString());
        assertEquals("{\"line\":3,\"column\":55}", d.get(0).get("end").toString());
        assertEquals("FX202", d.get(1).get("code").asText(), "the folded scalar, without the blank line after it");
        assertEquals("{\"line\":7,\"column\":15}", d.get(1).get("start").toString());
        assertEquals("{\"line\":9,\"column\":12}", d.get(1).get("end").toString());
    }

    @Test
    void showSourceUnderlinesASpanOverSeveralLinesToTheEndOfItsFirst() throws Exception {
        String yaml = """
                spouts:
                  - id: s
                    parallelism: 2
                """;
        CliRun run = validate(yaml, "--show-source");
        assertEquals(tmp.resolve("t.yaml") + ":2:5: missing 'className' in spout 's'\n"
                + "      - id: s\n"
                + "        ^~~~~\n"
                + "flux: " + tmp.resolve("t.yaml") + ": 1 error\n", run.err());
    }
}
