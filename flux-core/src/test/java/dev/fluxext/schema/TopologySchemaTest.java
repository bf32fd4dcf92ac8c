package dev.fluxext.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.schema.TopologySchema.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** The bundled schema's verdicts, in the words users see. */
class TopologySchemaTest {

    private static List<Problem> check(String yaml) {
        JsonNode document = new ObjectMapper().valueToTree(new Yaml().load(yaml));
        return TopologySchema.validate(document);
    }

    private static void assertProblems(String yaml, Problem... expected) {
        assertEquals(List.of(expected), check(yaml));
    }

    private static final String SPOUT = """
            spouts:
              - id: s
                className: com.example.S
            """;

    @Test
    void aValidTopologyHasNoProblems() {
        assertProblems(SPOUT + """
                bolts:
                  - id: b
                    className: com.example.B
                    parallelism: 3
                    numTasks: 6
                    cpuLoad: 12.5
                    config: {topology.tick.tuple.freq.secs: 5, my.own.key: [1, 2]}
                    compression: {codec: zstd, zstd: {level: -5, windowLog: 20}}
                streams:
                  - {from: s, to: b, grouping: {type: fields, args: [word]}}
                  - {from: s, to: b, grouping: {type: Local_Or_Shuffle, streamId: errors}}
                config:
                  topology.workers: 2
                  topology.debug: yes
                compression: {codec: gzip, gzip: {level: 9}, threshold: 100}
                transport: {type: netty, bufferSize: 1048576}
                """);
    }

    @Test
    void placeholdersAreAcceptedForTypedValues() {
        assertProblems(SPOUT + """
                    parallelism: ${spout.parallelism}
                    compression: {codec: "${codec}", threshold: "${threshold[0]}"}
                config:
                  topology.workers: ${ENV-WORKERS}
                """);
    }

    @Test
    void unknownKeySuggestsTheClosestAndListsAllowed() {
        List<Problem> problems = check(SPOUT + "    paralelism: 2\n");
        assertEquals(1, problems.size());
        assertEquals("/spouts/0/paralelism", problems.get(0).pointer());
        assertEquals(true, problems.get(0).message().startsWith(
                "unknown key 'paralelism' (did you mean 'parallelism'?); allowed: id, className,"), problems.toString());
    }

    @Test
    void aMisspeltRequiredKeyIsOneProblem() {
        assertProblems(SPOUT + """
                streams:
                  - {from: s, too: s, grouping: {type: ALL}}
                """,
                new Problem("/streams/0/too", "unknown key 'too' (did you mean 'to'?); allowed: name, from, to, grouping"));
    }

    @Test
    void numbersAndRanges() {
        assertProblems(SPOUT + """
                    parallelism: 0
                    numTasks: x
                    cpuLoad: -1
                    compression: {zstd: {level: 99}, threshold: 1.5}
                config:
                  topology.workers: zero
                """,
                new Problem("/spouts/0/parallelism", "must be at least 1, not 0"),
                new Problem("/spouts/0/numTasks", "must be a whole number or a ${...} placeholder, not 'x'"),
                new Problem("/spouts/0/cpuLoad", "must be at least 0, not -1"),
                new Problem("/spouts/0/compression/zstd/level", "must be at most 22, not 99"),
                new Problem("/spouts/0/compression/threshold",
                        "must be a whole number or a ${...} placeholder, not 1.5"),
                new Problem("/config/topology.workers",
                        "must be a whole number or a ${...} placeholder, not 'zero'"));
    }

    @Test
    void enumsCollapseToOneMessage() {
        assertProblems(SPOUT + """
                    compression: {codec: zip}
                streams:
                  - {from: s, to: s, grouping: {type: shufle}}
                """,
                new Problem("/spouts/0/compression/codec", "must be one of none, zstd, lz4, snappy, gzip, not 'zip'"),
                new Problem("/streams/0/grouping/type",
                        "must be one of SHUFFLE, FIELDS, ALL, GLOBAL, LOCAL_OR_SHUFFLE, NONE, DIRECT, CUSTOM, not 'shufle'"));
    }

    @Test
    void requiredKeysAndGroupingRules() {
        assertProblems("""
                spouts:
                  - id: s
                bolts:
                  - id: b
                    className: com.example.B
                    properties:
                      - name: x
                      - {name: y, value: 1, ref: z}
                streams:
                  - {from: s, to: b, grouping: {type: FIELDS}}
                  - {from: s, to: b, grouping: {type: SHUFFLE, args: [a]}}
                  - {from: s, grouping: {type: CUSTOM}}
                """,
                new Problem("/spouts/0", "missing required key 'className'"),
                new Problem("/bolts/0/properties/0", "needs exactly one of 'value' or 'ref': give the value, or the id of a component"),
                new Problem("/bolts/0/properties/1", "needs exactly one of 'value' or 'ref': give the value, or the id of a component"),
                new Problem("/streams/0/grouping", "missing required key 'args'"),
                new Problem("/streams/1/grouping/args", "'args' is only used by FIELDS grouping"),
                new Problem("/streams/2", "missing required key 'to'"),
                new Problem("/streams/2/grouping", "missing required key 'customClass'"));
    }

    @Test
    void topologySourceExcludesSpouts() {
        assertProblems(SPOUT + "topologySource: {className: com.example.T}\n",
                new Problem("/spouts", "'spouts' cannot be combined with 'topologySource': remove one of them"));
    }

    @Test
    void transportTypeIsNettyOrAClassName() {
        assertProblems("transport: {type: nety, bufferSize: -1}\n",
                new Problem("/transport/type", "must be netty or a fully qualified class name implementing "
                        + "org.apache.storm.messaging.IContext, not 'nety'"),
                new Problem("/transport/bufferSize", "must be greater than 0, not -1"));
    }

    @Test
    void customConfigKeysPassButStormKeysAreTyped() {
        assertProblems("""
                config:
                  my.custom: {any: thing}
                  topology.debug: maybe
                  topology.users: [a, 3]
                """,
                new Problem("/config/topology.debug", "must be true, false or a ${...} placeholder, not 'maybe'"),
                new Problem("/config/topology.users/1", "must be text, not 3"));
    }
}
