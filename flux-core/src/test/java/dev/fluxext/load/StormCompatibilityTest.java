package dev.fluxext.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.Fixtures;
import dev.fluxext.build.LoadedTopology;
import dev.fluxext.build.SystemTopology;
import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.storm.Config;
import org.apache.storm.daemon.StormCommon;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files Storm's Flux builds and Storm accepts are accepted here too, built the same way (docs/flux-compatibility.md,
 * "Differences from Storm's Flux"): keys without a value, streams from the components Storm adds, bolts no stream
 * goes to. And one run reports every missing class, each with why it is missing.
 */
class StormCompatibilityTest {

    private static final String DIR = Fixtures.DIR + "compat/";

    @TempDir
    Path tmp;

    private static LoadResult load(String file) {
        return FluxLoader.load(LoadOptions.of(DIR + file));
    }

    private static List<String> messages(LoadResult result) {
        return result.diagnostics().stream().map(d -> d.format().replace(DIR, "")).toList();
    }

    /** Nimbus's check of a submitted topology: Storm's system topology of it, with Storm's defaults. */
    private static StormTopology asNimbusValidatesIt(LoadedTopology loaded) throws Exception {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.putAll(loaded.config());
        return StormCommon.systemTopology(conf, loaded.topology());
    }

    @Test
    void keysWithoutAValueInAnIncludedClasspathResourcePassThroughAsNull() {
        LoadResult result = load("null-values.yaml");
        assertEquals(List.of("compat/lib-defaults.yaml:4:3: warning: 'topology.debug' has no value: Storm gets null "
                + "for it, in place of its default"), result.diagnostics().stream()
                .map(d -> d.format().replace(DIR, "").replace(Fixtures.DIR, "")).toList());
        assertEquals(Code.STORM_CONFIG_NULL, result.diagnostics().get(0).code());
        Map<String, Object> config = result.topology().orElseThrow().config();
        // As Storm's Flux: the key is there, with null (not left out, not a text).
        assertTrue(config.containsKey("mylib.endpoint") && config.containsKey(Config.TOPOLOGY_DEBUG), config::toString);
        assertNull(config.get("mylib.endpoint"));
        assertNull(config.get(Config.TOPOLOGY_DEBUG));
        assertEquals(3, config.get("mylib.retries"));
        assertEquals(1, config.get(Config.TOPOLOGY_WORKERS));
    }

    @Test
    void aNullStormRefusesIsStillAnError() throws IOException {
        // topology.message.timeout.secs is @NotNull: StormSubmitter's config validation rejects the topology.
        Path file = Files.writeString(tmp.resolve("t.yaml"), Files.readString(Path.of(DIR, "null-values.yaml"))
                .replace("  topology.workers: 1\n", "  topology.message.timeout.secs:   # default\n"));
        LoadResult result = FluxLoader.load(LoadOptions.of(file.toString()));
        assertTrue(result.topology().isEmpty());
        assertEquals(List.of("t.yaml:6:33: topology.message.timeout.secs must have a value (a positive integer)"),
                result.diagnostics().stream().filter(Diagnostic::isError)
                        .map(d -> d.format().replace(tmp + "/", "")).toList());
    }

    @Test
    void streamsFromStormsSystemComponentBuildAndPassNimbusValidation() throws Exception {
        LoadResult result = load("tick-stream.yaml");
        assertEquals(List.of(), messages(result));
        LoadedTopology loaded = result.topology().orElseThrow();
        assertTrue(loaded.topology().get_bolts().get("ticker").get_common().get_inputs()
                .containsKey(new GlobalStreamId("__system", "__tick")));
        StormTopology asRun = asNimbusValidatesIt(loaded); // throws InvalidTopologyException if Nimbus would refuse
        assertTrue(asRun.get_bolts().containsKey("__system"));
    }

    @Test
    void theSystemComponentsAreStormsOwnForTheTopologysConfig() throws IOException {
        // Derived from Storm's system topology: __eventlogger exists only when event loggers are configured.
        assertEquals(Set.of("__acker", "__system"), SystemTopology.componentIds(Map.of()));
        assertEquals(Set.of("__acker", "__eventlogger", "__system"),
                SystemTopology.componentIds(Map.of(Config.TOPOLOGY_EVENTLOGGER_EXECUTORS, 1)));

        String yaml = Files.readString(Path.of(DIR, "tick-stream.yaml"))
                .replace("from: __system, to: ticker, grouping: {type: ALL, streamId: __tick}",
                        "from: __eventlogger, to: ticker, grouping: {type: SHUFFLE, streamId: __metrics}")
                .replace("streams:", "streams:\n  - {from: __system, to: ticker, grouping: {type: SHUFFLE, "
                        + "streamId: __tock}}");
        Path file = Files.writeString(tmp.resolve("t.yaml"), yaml);
        assertEquals(List.of("t.yaml:14:12: stream from unknown spout or bolt '__eventlogger' (Storm adds __acker, "
                        + "__system to this topology)"),
                FluxLoader.load(LoadOptions.of(file.toString())).diagnostics().stream()
                        .map(d -> d.format().replace(tmp + "/", "")).toList());
        Path withLoggers = Files.writeString(tmp.resolve("t.yaml"), "config: {topology.eventlogger.executors: 1}\n"
                + yaml);
        assertEquals(List.of("t.yaml:13:70: '__system' declares no stream '__tock' (it declares: __flush, __metrics, "
                        + "__metrics_tick, __system, __tick)"),
                FluxLoader.load(LoadOptions.of(withLoggers.toString())).diagnostics().stream()
                        .map(d -> d.format().replace(tmp + "/", "")).toList());
    }

    @Test
    void aStreamFromABoltLeftOutIsAnError() throws IOException {
        Path file = Files.writeString(tmp.resolve("t.yaml"), """
                spouts:
                  - {id: words, className: org.apache.storm.testing.TestWordSpout}
                bolts:
                  - {id: count, className: org.apache.storm.testing.TestWordCounter}
                  - {id: lonely, className: org.apache.storm.testing.TestGlobalCount}
                streams:
                  - {from: lonely, to: count, grouping: {type: SHUFFLE}}
                """);
        assertEquals(List.of(
                "t.yaml:5:5: warning: no stream goes to bolt 'lonely': it is left out of the topology, as Storm's Flux "
                        + "leaves it out",
                "t.yaml:7:12: stream from bolt 'lonely', which no stream goes to: it is left out of the topology (as "
                        + "Storm's Flux leaves it out, and Nimbus rejects a stream from it); give it a stream, e.g. "
                        + "from '__system' with streamId '__tick' for a bolt that works from tick tuples"),
                FluxLoader.load(LoadOptions.of(file.toString())).diagnostics().stream()
                        .map(d -> d.format().replace(tmp + "/", "")).sorted().toList());
    }

    @Test
    void sevenMissingClassesAreReportedInOneRunAfterAStructuralError() {
        LoadResult result = load("seven-missing.yaml");
        assertTrue(result.topology().isEmpty());
        List<String> missing = result.diagnostics().stream()
                .filter(d -> d.code() == Code.CLASS || d.code() == Code.MISSING_JAR)
                .map(d -> d.format().replace(DIR, "")).toList();
        assertEquals(List.of(
                "seven-missing.yaml:5:16: class org.apache.storm.kafka.spout.KafkaSpoutConfig not found: no class of "
                        + "package org.apache.storm.kafka.spout is on the classpath; it is in Storm's connector "
                        + "storm-kafka-client: add org.apache.storm:storm-kafka-client:2.8.3 with its dependencies "
                        + "(--jar, --classpath, or your topology jar)",
                "seven-missing.yaml:8:16: class org.apache.storm.kafka.spout.KafkaSpout not found: no class of "
                        + "package org.apache.storm.kafka.spout is on the classpath; it is in Storm's connector "
                        + "storm-kafka-client: add org.apache.storm:storm-kafka-client:2.8.3 with its dependencies "
                        + "(--jar, --classpath, or your topology jar)",
                "seven-missing.yaml:10:16: class org.apache.storm.testing.TestWordSpot not found; did you mean "
                        + "org.apache.storm.testing.TestWordSpout?",
                "seven-missing.yaml:13:16: class org.apache.storm.hbase.bolt.HBaseBolt not found: no class of package "
                        + "org.apache.storm.hbase.bolt is on the classpath; it was in Storm's connector storm-hbase, "
                        + "which Storm 2.8.3 no longer ships: its last release is org.apache.storm:storm-hbase:2.5.0",
                "seven-missing.yaml:15:16: class org.apache.storm.hdfs.bolt.HdfsBolt not found: no class of package "
                        + "org.apache.storm.hdfs.bolt is on the classpath; it is in Storm's connector storm-hdfs: add "
                        + "org.apache.storm:storm-hdfs:2.8.3 with its dependencies (--jar, --classpath, or your "
                        + "topology jar)",
                "seven-missing.yaml:17:16: class com.example.MyBolt not found: no class of package com.example is on "
                        + "the classpath; is its jar missing? Give it with --jar FILE (or --classpath), or put the class "
                        + "in your topology jar",
                "seven-missing.yaml:23:79: class com.example.MyGrouping not found: no class of package com.example is "
                        + "on the classpath; is its jar missing? Give it with --jar FILE (or --classpath), or put the "
                        + "class in your topology jar",
                "seven-missing.yaml:26:16: class org.apache.storm.testing.NoSuchHook not found"), missing);
        assertTrue(result.diagnostics().stream().anyMatch(d -> d.code() == Code.UNKNOWN_REFERENCE
                && d.message().startsWith("stream from unknown spout or bolt 'sentences'")), messages(result)::toString);
    }

    @Test
    void aClassOfTheRightKindIsCheckedAfterAStructuralErrorToo() throws IOException {
        Path file = Files.writeString(tmp.resolve("t.yaml"), """
                spouts:
                  - {id: words, className: org.apache.storm.testing.TestWordCounter}
                bolts:
                  - {id: count, className: org.apache.storm.testing.TestWordCounter}
                streams:
                  - {from: wrods, to: count, grouping: {type: SHUFFLE}}
                """);
        assertEquals(List.of(
                "t.yaml:2:28: org.apache.storm.testing.TestWordCounter is not a spout: it does not implement "
                        + "org.apache.storm.topology.IRichSpout",
                "t.yaml:6:12: stream from unknown spout or bolt 'wrods'; did you mean 'words'?"),
                FluxLoader.load(LoadOptions.of(file.toString())).diagnostics().stream()
                        .map(d -> d.format().replace(tmp + "/", "")).sorted().toList());
        assertFalse(FluxLoader.load(LoadOptions.of(file.toString())).topology().isPresent());
    }
}
