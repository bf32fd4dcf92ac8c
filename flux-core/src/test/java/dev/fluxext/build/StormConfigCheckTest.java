package dev.fluxext.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.diag.Diagnostic;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StormConfigCheckTest {

    @Test
    void validValuesPass() {
        assertEquals(Optional.empty(), StormConfigCheck.problem("topology.workers", 2));
        assertEquals(Optional.empty(), StormConfigCheck.problem("topology.debug", true));
        assertEquals(Optional.empty(), StormConfigCheck.problem("topology.message.timeout.secs", 30L));
        assertEquals(Optional.empty(), StormConfigCheck.problem("topology.component.cpu.pcore.percent", 12.5));
    }

    @Test
    void invalidValuesAreExplainedWithTheKey() {
        assertEquals(Optional.of("topology.workers must be a positive integer, not 'two'"),
                StormConfigCheck.problem("topology.workers", "two"));
        assertEquals(Optional.of("topology.workers must be a positive integer, not -1"),
                StormConfigCheck.problem("topology.workers", -1));
        assertEquals(Optional.of("topology.debug must be a boolean (true or false), not 'yes'"),
                StormConfigCheck.problem("topology.debug", "yes"));
        assertEquals(Optional.of("topology.max.spout.pending must be a positive integer, not 2.5"),
                StormConfigCheck.problem("topology.max.spout.pending", 2.5));
        assertEquals(Optional.of("topology.kryo.register must be a list of class names or {class: serializer} maps, "
                + "not 5"), StormConfigCheck.problem("topology.kryo.register", 5));
    }

    @Test
    void classValuedKeysMustNameAnImplementation() {
        assertEquals(Optional.of("storm.network.topography.plugin must be a class name implementing "
                + "org.apache.storm.networktopography.DNSToSwitchMapping, not 'java.lang.String'"),
                StormConfigCheck.problem("storm.network.topography.plugin", "java.lang.String"));
        assertEquals(Optional.empty(), StormConfigCheck.problem("storm.network.topography.plugin",
                "org.apache.storm.networktopography.DefaultRackDNSToSwitchMapping"));
    }

    @Test
    void unknownKeysPassThrough() {
        assertFalse(StormConfigCheck.isStormKey("my.own.key"));
        assertEquals(Optional.empty(), StormConfigCheck.problem("my.own.key", List.of("anything")));
    }

    @Test
    void knowsWhichKeysStormDropsPerComponent() {
        assertTrue(StormConfigCheck.ignoredPerComponent("topology.workers"));
        assertTrue(StormConfigCheck.ignoredPerComponent("topology.tuple.serializer"));
        assertFalse(StormConfigCheck.ignoredPerComponent("topology.max.spout.pending"));
        assertFalse(StormConfigCheck.ignoredPerComponent("topology.tick.tuple.freq.secs"));
        assertFalse(StormConfigCheck.ignoredPerComponent("topology.debug"));
        assertFalse(StormConfigCheck.ignoredPerComponent("fluxext.compression.codec"));
    }

    @Test
    void stormLookingKeysStormDoesNotKnowGetTheNearestKnownKey() {
        assertEquals(Optional.of("'topology.acker.executor' is not a Storm 2.8 config key, so Storm ignores it; "
                + "did you mean 'topology.acker.executors'?"), StormConfigCheck.unknownKeyWarning("topology.acker.executor"));
        assertEquals(Optional.of("'topology.workrs' is not a Storm 2.8 config key, so Storm ignores it; "
                + "did you mean 'topology.workers'?"), StormConfigCheck.unknownKeyWarning("topology.workrs"));
        // Daemon keys (storm-server's DaemonConfig) and Storm 3's compression keys are known.
        assertEquals(Optional.empty(), StormConfigCheck.unknownKeyWarning("supervisor.slots.ports"));
        assertEquals(Optional.empty(), StormConfigCheck.unknownKeyWarning("topology.tuple.compression.threshold"));
        assertEquals(Optional.empty(), StormConfigCheck.unknownKeyWarning("my.own.key"));
        assertTrue(StormConfigCheck.unknownKeyWarning("nimbus.zzzzzzzzzzzzzzzzzzzzzzzzz").orElseThrow()
                .endsWith("check the spelling"));
    }

    @Test
    void theWarningIsPositionedAtTheFileKeyAndNamesTheDashCOption(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("t.yaml"), """
                name: t
                config:
                  topology.workers: 1
                  topology.acker.executor: 0
                spouts:
                  - id: s
                    className: org.apache.storm.testing.TestWordSpout
                bolts:
                  - id: b
                    className: org.apache.storm.testing.TestWordCounter
                streams:
                  - from: s
                    to: b
                    grouping: {type: SHUFFLE}
                """);
        LoadResult result = FluxLoader.load(new LoadOptions(file.toString(), false, Optional.empty(), false, Map.of(),
                Map.of("topology.workrs", 3)));
        List<String> messages = result.diagnostics().stream().map(Diagnostic::format).toList();
        assertTrue(result.topology().isPresent(), messages.toString());
        assertTrue(messages.contains(file + ":4:3: warning: 'topology.acker.executor' is not a Storm 2.8 config key, "
                + "so Storm ignores it; did you mean 'topology.acker.executors'?"), messages.toString());
        assertTrue(messages.stream().anyMatch(m -> m.startsWith("-c topology.workrs") && m.contains("warning: ")
                && m.endsWith("did you mean 'topology.workers'?")), messages.toString());
    }
}
