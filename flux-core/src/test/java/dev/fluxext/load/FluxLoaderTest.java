package dev.fluxext.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.build.LoadedTopology;
import dev.fluxext.Fixtures;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.model.TopologyDef;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.storm.generated.StormTopology;
import org.junit.jupiter.api.Test;

class FluxLoaderTest {

    private static final String F = Fixtures.DIR + "load/";

    private static List<String> messages(LoadResult result) {
        return result.diagnostics().stream().map(Diagnostic::format).toList();
    }

    private static LoadOptions options(String file, Map<String, Object> overrides) {
        return new LoadOptions(F + file, false, Optional.empty(), false, Map.of(), overrides);
    }

    @Test
    void aValidFileBuildsAndOverridesApplyLast() {
        LoadResult result = FluxLoader.load(options("buildable.yaml", Map.of("topology.workers", 5, "x.y", "z")));
        assertEquals(List.of(), messages(result));
        LoadedTopology topology = result.topology().orElseThrow();
        assertEquals("buildable", topology.name());
        assertEquals(2, topology.topology().get_spouts().get("words").get_common().get_parallelism_hint());
        assertEquals(3, topology.topology().get_bolts().get("count").get_common().get_parallelism_hint());
        assertEquals(5, topology.config().get("topology.workers"), "-c wins over the YAML");
        assertEquals("z", topology.config().get("x.y"));
        assertFalse(result.internalError().isPresent());
    }

    @Test
    void withoutANameTheTopologyIsNamedAfterTheFileAsTheReferenceSays() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("flux-name");
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("my-words.topology.yaml"), """
                spouts:
                  - {id: s, className: org.apache.storm.testing.TestWordSpout}
                """);
        try {
            LoadResult result = FluxLoader.load(LoadOptions.of(file.toString()));
            assertEquals(List.of(), messages(result));
            assertEquals("my-words.topology", result.topology().orElseThrow().name(), "only the extension goes");
            String reference = java.nio.file.Files.readString(java.nio.file.Path.of("../docs/yaml-reference.md"));
            assertTrue(reference.contains("| `name` | string | the file's base name: `word-count` for "
                    + "`topologies/word-count.yaml` |"), "docs/yaml-reference.md documents the default name");
        } finally {
            java.nio.file.Files.delete(file);
            java.nio.file.Files.delete(dir);
        }
    }

    @Test
    void overridesOfStormKeysAreCheckedWithStormsValidators() {
        LoadResult result = FluxLoader.load(options("buildable.yaml",
                Map.of("topology.workers", "two", "topology.debug", true, "my.own.key", "anything")));
        assertEquals(List.of("-c topology.workers: must be a positive integer, not 'two'"), messages(result));
        assertFalse(result.topology().isPresent());
    }

    @Test
    void transportKeysAreRefusedOnTheCommandLine() {
        for (String key : List.of("fluxext.transport.compression.codec", "storm.messaging.transport")) {
            LoadResult result = FluxLoader.load(options("buildable.yaml", Map.of(key, "lz4")));
            assertEquals(List.of("-c " + key + ": the transport is configured in the topology file (its 'transport:' "
                    + "block, compression included), not with -c"), messages(result), key);
            assertFalse(result.topology().isPresent(), key);
        }
    }

    @Test
    void compressionKeysAreRefusedOnTheCommandLine() {
        for (String key : List.of("fluxext.compression.codec", "fluxext.compression.no.such.option",
                "topology.tuple.compression.enable", "storm.compression.zstd.level", "fluxext.component.id")) {
            LoadResult result = FluxLoader.load(options("buildable.yaml", Map.of(key, "zstd")));
            assertEquals(List.of("-c " + key + ": compression is configured in the topology file (a 'compression:' "
                    + "block, or Storm 3 keys in 'config:'), not with -c"), messages(result), key);
            assertFalse(result.topology().isPresent(), key);
        }
    }

    @Test
    void theModelHandedToTheBuilderIsCompleteAndChecked() {
        AtomicReference<TopologyDef> seen = new AtomicReference<>();
        LoadResult result = FluxLoader.load(options("buildable.yaml", Map.of()), (def, o, d) -> {
            seen.set(def);
            return Optional.of(new LoadedTopology("n", def, new StormTopology(), Map.of("k", 1)));
        });
        assertEquals(List.of(), messages(result));
        assertEquals(Map.of("fluxext.compression.codec", "zstd"), seen.get().bolts().get(0).compression().settings());
        assertTrue(seen.get().bolts().get(0).config().isEmpty(), "Storm 3 key moved out of config");
    }

    @Test
    void buildingIsSkippedAfterErrorsInEarlierStages() {
        LoadResult result = FluxLoader.load(options("with-errors.yaml", Map.of()), (def, o, d) -> {
            throw new AssertionError("must not build");
        });
        assertEquals(List.of(F + "with-errors.yaml:5:18: 'parallelism' of spout 'words' must be at least 1, not 0"),
                messages(result));
        assertTrue(result.topology().isEmpty());
    }

    @Test
    void configValuesAndTransportAreCheckedEvenWhenBuildingIsSkipped() {
        LoadResult result = FluxLoader.load(options("structural-and-config-errors.yaml", Map.of()), (def, o, d) -> {
            throw new AssertionError("must not build");
        });
        List<String> lines = messages(result).stream().map(m -> m.substring(0, m.indexOf(": "))).toList();
        String file = F + "structural-and-config-errors.yaml";
        assertTrue(lines.containsAll(List.of(file + ":3:21", file + ":5:9", file + ":10:35", file + ":12:11")),
                String.join("\n", messages(result)));
    }

    @Test
    void aRejectedTransportTypeIsNotAlsoAClassNotFound() {
        String file = Fixtures.DIR + "model/transport-short.yaml";
        assertEquals(List.of(file + ":3:9: must be netty or a fully qualified class name implementing "
                + "org.apache.storm.messaging.IContext, not 'zeromq'"),
                messages(FluxLoader.load(LoadOptions.of(file))));
    }

    @Test
    void anUnbuildableModelsValueProblemsAreEachReportedOnceAtTheirOwnPosition() {
        // A spout without className: not built, so config values and the transport are checked without building.
        // A rejected tag or a placeholder without a value is reported by the stage that found it, and the value is
        // not judged again; a value wrong on its own (after its tag) is its own problem.
        LoadResult result = FluxLoader.load(options("unbuildable-with-value-errors.yaml", Map.of()), (def, o, d) -> {
            throw new AssertionError("must not build");
        });
        String file = F + "unbuildable-with-value-errors.yaml:";
        assertEquals(List.of(
                file + "3:21: topology.workers must be a positive integer, not 'two'",
                file + "4:19: tag 'tag:yaml.org,2002:java.lang.Boolean' is not allowed: topology files use plain YAML "
                        + "values only (remove the tag)",
                file + "5:31: '${pending}' has no value: give a properties file with --filter that defines 'pending'",
                file + "8:15: transport bufferSize: storm.messaging.netty.buffer_size must be a positive integer, not -3",
                file + "9:14: tag '!foo' is not allowed: topology files use plain YAML values only (remove the tag)",
                file + "10:14: '${waitMs}' has no value: give a properties file with --filter that defines 'waitMs'",
                file + "11:45: 'maxBatchBytes' (8192) exceeds 'maxDecompressedBytes' (4096): receivers would reject "
                        + "full bundles",
                file + "13:5: missing 'className' in spout 'words'",
                file + "14:42: topology.max.spout.pending must be a positive integer, not -5",
                file + "14:62: topology.debug must be a boolean (true or false), not 3"),
                messages(result).stream().sorted(FluxLoaderTest::byPosition).toList());
        Diagnostic conflict = result.diagnostics().stream().filter(d -> d.position().line() == 11).findFirst()
                .orElseThrow();
        assertEquals("also involved here", conflict.related().get(0).message());
        assertEquals(List.of(11, 73), List.of(conflict.related().get(0).position().line(),
                conflict.related().get(0).position().column()));
    }

    /** "FILE:LINE:COL: ..." by line, then column (the stages report in their own order). */
    private static int byPosition(String a, String b) {
        java.util.Comparator<String> order = java.util.Comparator.comparingInt((String m) -> part(m, 1))
                .thenComparingInt(m -> part(m, 2));
        return order.compare(a, b);
    }

    private static int part(String message, int index) {
        return Integer.parseInt(message.substring(F.length()).split(":")[index]);
    }

    @Test
    void unexpectedExceptionsBecomeOneInternalErrorWithTheCauseKept() {
        IllegalStateException bug = new IllegalStateException("boom");
        LoadResult result = FluxLoader.load(options("buildable.yaml", Map.of()), (def, o, d) -> {
            throw bug;
        });
        assertEquals(List.of(F + "buildable.yaml:1:1: internal error: java.lang.IllegalStateException: boom (run with "
                + "--verbose for the stack trace)"), messages(result));
        assertEquals(bug, result.internalError().orElseThrow());
        assertTrue(result.topology().isEmpty());
    }

    @Test
    void aMissingFileIsOneError() {
        LoadResult result = FluxLoader.load(options("nope.yaml", Map.of()));
        assertEquals(List.of(F + "nope.yaml:1:1: file '" + F + "nope.yaml' not found"), messages(result));
    }

    @Test
    void aClasspathResourceLoads() {
        LoadResult result = FluxLoader.load(new LoadOptions("load/buildable.yaml", true, Optional.empty(), false,
                Map.of(), Map.of()));
        assertEquals(List.of(), messages(result));
        assertEquals("buildable", result.topology().orElseThrow().name());
    }

    @Test
    void afterRecoverableErrorsBuildingStillRunsSoOneRunReportsEverything() {
        LoadResult result = FluxLoader.load(options("recoverable.yaml", Map.of()));
        assertEquals(List.of(
                F + "recoverable.yaml:4:16: class org.apache.storm.testing.TestWordSpot not found; did you mean "
                        + "org.apache.storm.testing.TestWordSpout?",
                F + "recoverable.yaml:5:5: unknown key 'paralelism' in spout 'words'; did you mean 'parallelism'?",
                F + "recoverable.yaml:9:14: 'cpuLoad' of bolt 'count' must be a number, not 'lots'"), messages(result));
        assertTrue(result.topology().isEmpty());
    }

    @Test
    void aDeviceOrDirectoryIsRefusedWithoutReadingIt() {
        LoadResult device = FluxLoader.load(new LoadOptions("/dev/zero", false, Optional.empty(), false, Map.of(),
                Map.of()));
        assertEquals(List.of("/dev/zero:1:1: file '/dev/zero' is not a regular file (a FIFO, device or socket, which "
                + "may never end); give a regular file"), messages(device));
        LoadResult directory = FluxLoader.load(new LoadOptions(F, false, Optional.empty(), false, Map.of(), Map.of()));
        assertEquals(List.of(F + ":1:1: file '" + F.substring(0, F.length() - 1) + "' is a directory; give a file"),
                messages(directory));
    }

    @Test
    void hostileFilesAreRejectedQuicklyWithOneCleanErrorEach() {
        String read = Fixtures.DIR + "read/";
        for (String file : List.of("alias-bomb.yaml", "alias-doubling.yaml", "recursive-alias.yaml", "deep.yaml")) {
            LoadResult result = FluxLoader.load(new LoadOptions(read + file, false, Optional.empty(), false,
                    Map.of(), Map.of()), (def, o, d) -> {
                        throw new AssertionError("must not build " + file);
                    });
            assertEquals(1, result.diagnostics().size(), messages(result)::toString);
            assertTrue(messages(result).get(0).startsWith(read + file + ":"), messages(result)::toString);
        }
        // Once each: the tagged config values are not also reported as having no value (what the loader used to
        // hide by dropping a later error at the position of an earlier one).
        LoadResult tags = FluxLoader.load(new LoadOptions(read + "global-tag.yaml", false, Optional.empty(), false,
                Map.of(), Map.of()));
        assertEquals(List.of(
                read + "global-tag.yaml:1:1: the topology has no spouts: declare 'spouts' (and 'bolts' and "
                        + "'streams'), or a 'topologySource'",
                read + "global-tag.yaml:3:9: tag 'tag:yaml.org,2002:java.lang.Runtime' is not allowed: topology files "
                        + "use plain YAML values only (remove the tag)",
                read + "global-tag.yaml:4:10: tag '!foo' is not allowed: topology files use plain YAML values only "
                        + "(remove the tag)"), messages(tags));
        assertTrue(tags.topology().isEmpty());
    }
}
