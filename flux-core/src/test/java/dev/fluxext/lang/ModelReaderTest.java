package dev.fluxext.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.Fixtures;
import dev.fluxext.model.ComponentDef;
import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import dev.fluxext.model.*;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelReaderTest {

    private static final String F = Fixtures.DIR + "model/";

    @Test
    void aCompleteTopologyBecomesTheModel() {
        Fixtures.Analysis a = Fixtures.analyze("load/word-count.yaml");
        assertEquals(List.of(), a.messages());
        TopologyDef t = a.topology();
        String file = Fixtures.DIR + "load/word-count.yaml";
        assertEquals("word-count", t.name().orElseThrow().value());
        assertEquals(Map.of("topology.workers", 2, "topology.debug", false), t.config().toPlain());
        assertEquals(new Position(file, 4, 3), t.config().get("topology.workers").orElseThrow().keyPosition());
        assertEquals(List.of("fields", "words"), t.components().stream().map(ObjectDef::idOrEmpty).toList());
        ObjectDef words = t.components().get(1);
        assertEquals("add", words.configMethods().get(0).name().value());
        assertEquals(List.of(new Value.Scalar("hello", new Span(new Position(file, 15, 16), 15, 21))), words.configMethods().get(0).args());

        ComponentDef spout = t.spouts().get(0);
        assertEquals("sentences", spout.id());
        assertEquals(2, spout.parallelism().value());
        assertEquals(Map.of("topology.max.spout.pending", 100), spout.config().toPlain());

        ComponentDef split = t.bolts().get(0);
        assertEquals(new Span(new Position(file, 24, 16), 24, 56), split.object().className().span());
        assertEquals(6, split.numTasks().orElseThrow().value());
        assertEquals(12.5, split.cpuLoad().orElseThrow().value(), "fractional cpuLoad");
        assertEquals(256.0, split.offHeapMemoryLoad().orElseThrow().value(), "offHeapMemoryLoad alone");
        assertTrue(split.onHeapMemoryLoad().isEmpty());
        assertEquals(new Value.Ref("fields", new Span(new Position(file, 30, 14), 30, 20)), split.object().constructorArgs().get(0));
        assertEquals(List.of("fields", "words"), ((Value.RefList) split.object().constructorArgs().get(1)).refs()
                .stream().map(Value.Ref::id).toList());
        assertEquals("splitter", split.object().properties().get(0).value().toPlain());
        assertEquals(Map.of("my.custom.key", List.of(1, 2)), split.config().toPlain());
        assertEquals(Map.of("fluxext.compression.codec", "lz4"), split.compression().settings());

        ComponentDef count = t.bolts().get(1);
        assertEquals("create", count.object().factory().orElseThrow().value());
        assertEquals(List.of(1), count.object().factoryArgs().stream().map(Value::toPlain).toList());
        assertEquals(1, count.parallelism().value(), "parallelism defaults to 1");

        StreamDef first = t.streams().get(0);
        assertEquals("sentences to split", first.name().orElseThrow());
        assertEquals(GroupingDef.Type.LOCAL_OR_SHUFFLE, first.grouping().type().value(), "any case");
        assertEquals("default", first.grouping().streamId().value());
        StreamDef second = t.streams().get(1);
        assertEquals(List.of("word"), second.grouping().fields().orElseThrow().value());
        assertEquals("words", second.grouping().streamId().value());

        assertEquals("org.apache.storm.testing.TestWordSpout", t.workerHooks().get(0).className().value());
        assertEquals(Map.of("fluxext.compression.codec", "zstd", "fluxext.compression.zstd.level", 5),
                t.compression().settings());
        TransportDef transport = t.transport().orElseThrow();
        assertEquals("org.apache.storm.messaging.netty.Context", transport.contextClass().value());
        assertEquals(Map.of("storm.messaging.netty.buffer_size", 1048576), transport.settings().toPlain());
    }

    @Test
    void unknownKeysSuggestTheNearestKnownKey() {
        assertEquals(List.of(
                F + "unknown-keys.yaml:2:1: unknown key 'nmae' at the top level; did you mean 'name'?",
                F + "unknown-keys.yaml:6:5: unknown key 'paralelism' in spout 'words'; did you mean 'parallelism'?",
                F + "unknown-keys.yaml:10:5: unknown key 'confg' in bolt 'count'; did you mean 'config'?",
                F + "unknown-keys.yaml:15:13: unknown grouping type 'SHUFLE'; did you mean 'SHUFFLE'? (one of ALL, "
                        + "CUSTOM, DIRECT, FIELDS, GLOBAL, LOCAL_OR_SHUFFLE, NONE, SHUFFLE)",
                F + "unknown-keys.yaml:16:7: unknown key 'stream' in grouping of stream words -> count; did you "
                        + "mean 'streamId'?"),
                Fixtures.messages("model/unknown-keys.yaml"));
    }

    @Test
    void fieldsForArgsSuggestsArgsAndStreamsWithoutANameAreNamedByTheirEnds() {
        assertEquals(List.of(
                F + "grouping-habits.yaml:13:7: unknown key 'fields' in grouping of stream words -> count; did you "
                        + "mean 'args'? (here 'args' holds the grouping fields)",
                F + "grouping-habits.yaml:12:7: FIELDS grouping needs 'args': the list of field names to group by",
                F + "grouping-habits.yaml:17:22: unknown grouping type 'SHUFLE'; did you mean 'SHUFFLE'? (one of "
                        + "ALL, CUSTOM, DIRECT, FIELDS, GLOBAL, LOCAL_OR_SHUFFLE, NONE, SHUFFLE)",
                F + "grouping-habits.yaml:18:5: missing 'to' in stream #3 (from words)"),
                Fixtures.messages("model/grouping-habits.yaml"));
    }

    @Test
    void wrongTypesAreErrorsAtTheValue() {
        assertEquals(List.of(
                F + "types.yaml:1:7: 'name' must be a non-empty string, not a list",
                F + "types.yaml:2:9: 'config' must be a map, not a whole number",
                F + "types.yaml:9:8: 'bolts' must be a list, not a map",
                F + "types.yaml:6:18: 'parallelism' of spout 'words' must be a whole number, not 'two'",
                F + "types.yaml:7:15: 'numTasks' of spout 'words' must be a whole number up to 2147483647, not "
                        + "3000000000",
                F + "types.yaml:8:14: 'cpuLoad' of spout 'words' must be a number, not 'lots'"),
                Fixtures.messages("model/types.yaml"));
    }

    @Test
    void missingRequiredKeysAreErrorsAtTheOwningElement() {
        assertEquals(List.of(
                F + "missing.yaml:3:5: missing 'id' in component",
                F + "missing.yaml:5:5: missing 'className' in spout 's'",
                F + "missing.yaml:7:5: missing 'id' in bolt",
                F + "missing.yaml:9:5: missing 'to' in stream #1 (from s)",
                F + "missing.yaml:9:5: missing 'grouping' in stream #1 (from s)",
                F + "missing.yaml:12:15: missing 'type' in grouping of stream s -> s"),
                Fixtures.messages("model/missing.yaml"));
    }

    @Test
    void objectDefinitionShapesAreChecked() {
        assertEquals(List.of(
                F + "objects.yaml:10:9: property of component 'c1' needs exactly one of 'value' and 'ref', not "
                        + "both: give the value, or the id of a component",
                F + "objects.yaml:13:9: missing 'name' in property of component 'c1'",
                F + "objects.yaml:24:5: 'constructorArgs' cannot be combined with 'factory' in component 'c2': a "
                        + "factory takes "
                        + "'factoryArgs' instead",
                F + "objects.yaml:27:5: 'factoryArgs' without 'factory' in component 'c3': name the static factory "
                        + "method"),
                Fixtures.messages("model/objects.yaml").stream().filter(m -> !m.contains("reference")).toList());
    }

    @Test
    void compressionBlocksAndStorm3KeysBecomeValidatedSettings() {
        Fixtures.Analysis a = Fixtures.analyze("model/compression.yaml");
        assertEquals(List.of(), a.messages());
        TopologyDef t = a.topology();
        assertEquals(Map.of("fluxext.compression.codec", "zstd", "fluxext.compression.threshold", 512,
                "fluxext.compression.zstd.level", 7), t.compression().settings(), "Storm 3 keys translated");
        assertTrue(t.config().isEmpty(), "Storm 3 keys leave the config that goes to Storm");
        assertEquals(Map.of("fluxext.compression.codec", "lz4", "fluxext.compression.lz4.level", 9),
                t.spouts().get(0).compression().settings());
        ComponentDef b = t.bolts().get(0);
        assertEquals(Map.of("fluxext.compression.zstd.level", 12, "fluxext.compression.threshold", 2048),
                b.compression().settings(), "the compression block wins over Storm 3 keys");
        assertEquals(Map.of("other.key", "kept"), b.config().toPlain());
        assertEquals(Map.of("fluxext.compression.codec", "zstd", "fluxext.compression.threshold", 2048,
                "fluxext.compression.zstd.level", 12), b.compression().over(t.compression()).settings());
    }

    /** The two mistakes of a first compression block: children not indented, a codec's option one level too high. */
    @Test
    void outdentedChildrenAndACodecOptionOneLevelTooHighGetTheirFix() {
        assertEquals(List.of(
                F + "outdented-compression.yaml:2:13: 'compression' is empty: the keys below it (from line 3) are not "
                        + "indented under it; indent them by two spaces",
                F + "outdented-compression.yaml:3:1: unknown key 'codec' at the top level; is it meant to be under "
                        + "'compression' (line 2)? Indent it by two spaces",
                F + "outdented-compression.yaml:4:1: unknown key 'threshold' at the top level; is it meant to be under "
                        + "'compression' (line 2)? Indent it by two spaces",
                F + "outdented-compression.yaml:9:7: unknown key 'level' in the compression of spout 's' (known: codec, "
                        + "threshold, maxDecompressedBytes, zstd, lz4, gzip, snappy); 'level' goes one level down, under the "
                        + "block it is for: "
                        + "zstd: {level: 5} or lz4: {level: 5} or gzip: {level: 5}"),
                Fixtures.messages("model/outdented-compression.yaml"));
    }

    @Test
    void compressionProblemsAreErrorsAtTheValue() {
        assertEquals(List.of(
                F + "compression-errors.yaml:3:10: 'codec' must be one of none, zstd, lz4, snappy, gzip, not "
                        + "'brotli'",
                F + "compression-errors.yaml:4:3: unknown key 'treshold' in the compression of topology; did you "
                        + "mean 'threshold'? (known: codec, threshold, maxDecompressedBytes, zstd, lz4, gzip, snappy)",
                F + "compression-errors.yaml:6:12: 'zstd.level' must be from -131072 to 22, not 99",
                F + "compression-errors.yaml:7:5: unknown key 'windowlog' in the compression of topology; did you "
                        + "mean 'windowLog'? (known: level, windowLog)",
                F + "compression-errors.yaml:8:10: 'snappy' must be a map of settings, not empty (write {})",
                F + "compression-errors.yaml:13:42: 'topology.tuple.compression.enable' must be true or false, not "
                        + "'maybe' (in config of spout 's')",
                F + "compression-errors.yaml:14:45: 'topology.tuple.compression.threshold' must be at least 1 "
                        + "byte, not 0 (in config of spout 's')",
                F + "compression-errors.yaml:16:29: 'maxDecompressedBytes' must be a whole number of bytes, from 1 "
                        + "to 2147483639 bytes, not 'big'",
                F + "compression-errors.yaml:17:13: 'gzip' must be a map of settings, not a whole number"),
                Fixtures.messages("model/compression-errors.yaml"));
    }

    @Test
    void transportTakesAClassOrNettyAndNettyKeysByYamlName() {
        Fixtures.Analysis a = Fixtures.analyze("model/transport.yaml");
        assertEquals(List.of(
                F + "transport.yaml:5:3: unknown key 'bufersize' in transport; did you mean 'bufferSize'?",
                F + "transport.yaml:4:3: warning: 'bufferSize' is a Netty setting and has no effect with transport "
                        + "type 'com.example.MyContext'"), a.messages());
        TransportDef transport = a.topology().transport().orElseThrow();
        assertEquals(new Located<>("com.example.MyContext", new Span(new Position(F + "transport.yaml", 3, 9), 3, 30)),
                transport.contextClass());
    }

    @Test
    void aTransportTypeThatIsNeitherNettyNorAClassNameIsAnError() {
        assertEquals(List.of(F + "transport-short.yaml:3:9: must be netty or a fully qualified class name implementing "
                + "org.apache.storm.messaging.IContext, not 'zeromq'"), Fixtures.messages("model/transport-short.yaml"));
    }

    @Test
    void keysWithNothingAfterThemAreErrorsAsInTheSchema() {
        assertEquals(List.of(
                F + "empty-sections.yaml:2:8: 'config' must be a map, not null",
                F + "empty-sections.yaml:3:12: 'components' must be a list, not null",
                F + "empty-sections.yaml:8:7: 'bolts' must be a list, not null",
                F + "empty-sections.yaml:9:9: 'streams' must be a list, not null",
                F + "empty-sections.yaml:7:12: 'config' of spout 's' must be a map, not null"),
                Fixtures.messages("model/empty-sections.yaml"));
    }

    @Test
    void anEmptyStreamNameAsInStormsExamplesIsNoName() {
        Fixtures.Analysis a = Fixtures.analyze("model/stream-name-empty.yaml");
        assertEquals(List.of(), a.messages());
        assertTrue(a.topology().streams().get(0).name().isEmpty());
    }

    @Test
    void twoErrorsOnOneLineAreBothReported() {
        String file = F + "two-on-one-line.yaml";
        assertEquals(List.of(
                file + ":2:64: unknown key 'paralelism' in spout 's'; did you mean 'parallelism'?",
                file + ":2:89: 'numTasks' of spout 's' must be a whole number, not 'many'"),
                Fixtures.messages("model/two-on-one-line.yaml"));
    }

    @Test
    void ownCompressionKeysInAComponentConfigAreHonouredOverTheTopologyBlock() {
        Fixtures.Analysis a = Fixtures.analyze("model/config-compression-override.yaml");
        assertEquals(List.of(F + "config-compression-override.yaml:7:7: unknown compression key "
                + "'fluxext.compression.treshold' in config of spout 's'; did you mean 'fluxext.compression.threshold'?"),
                a.messages());
        ComponentDef spout = a.topology().spouts().get(0);
        assertEquals(Map.of("fluxext.compression.codec", "lz4"), spout.compression().settings());
        assertEquals(Map.of("topology.max.spout.pending", 10), spout.config().toPlain());
        assertEquals(Map.of("fluxext.compression.codec", "zstd"), a.topology().compression().settings());
    }

    @Test
    void theZstdWindowLogGapIsReportedAtTheValueUnderTheKeyAsWritten() {
        assertEquals(List.of(
                F + "window-log.yaml:5:16: 'zstd.windowLog' must be 0 (let the level choose) or from 10 to 27, not 5",
                F + "window-log.yaml:10:44: 'fluxext.compression.zstd.window.log' must be 0 (let the level choose) "
                        + "or from 10 to 27, not 3 (in config of spout 's')",
                F + "window-log.yaml:11:37: 'storm.compression.zstd.level' must be from -131072 to 22, not 40 (in "
                        + "config of spout 's')"),
                Fixtures.messages("model/window-log.yaml"));
    }

    @Test
    void anOwnCompressionKeySetInBothConfigAndTheBlockIsAnErrorPointingAtBoth() {
        Fixtures.Analysis a = Fixtures.analyze("model/compression-set-twice.yaml");
        assertEquals(List.of(F + "compression-set-twice.yaml:6:7: 'fluxext.compression.codec' is set both here and in "
                + "the 'compression:' block of spout 's': keep one of them"), a.messages());
    }

    @Test
    void theWindowLogGapOfTheTransportsCompressionIsReportedAtItsValueToo() {
        assertEquals(List.of(F + "transport-window-log.yaml:6:18: 'zstd.windowLog' must be 0 (let the level choose) or "
                + "from 10 to 27, not 5"), Fixtures.messages("model/transport-window-log.yaml"));
    }
}
