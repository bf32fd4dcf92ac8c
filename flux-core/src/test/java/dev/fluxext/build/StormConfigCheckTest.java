package dev.fluxext.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

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
}
