package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.build.LoadedTopology;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CompressionFiguresTest {

    private static LoadedTopology load(String resource) {
        return FluxLoader.load(new LoadOptions(resource, true, Optional.empty(), false, Map.of(), Map.of()))
                .topology().orElseThrow();
    }

    @Test
    void everyComponentGetsFiguresWhenTheTopologyCompresses() {
        LoadedTopology topology = load("build/compression-some.yaml");
        Map<String, CompressionSnapshot> counted = Map.of(
                "words", new CompressionSnapshot("zstd", 10, 2, 9000, 3000, 0, 500),
                CompressionMetrics.NO_COMPONENT, new CompressionSnapshot("none", 0, 0, 0, 0, 0, 0));

        Map<String, CompressionSnapshot> figures = CompressionFigures.of(topology, counted);

        assertEquals(List.of("words", "count"), List.copyOf(figures.keySet()), "idle counters left out: " + figures);
        assertEquals(counted.get("words"), figures.get("words"));
        // The sink sent nothing: zeros, with the codec its config gives it (the default, none).
        assertEquals(new CompressionSnapshot("none", 0, 0, 0, 0, 0, 0), figures.get("count"));

        Map<String, Object> document = SummaryJson.document(topology.name(), 10,
                ComponentStats.of(topology.topology(), null), figures);
        Map<?, ?> components = (Map<?, ?>) document.get("components");
        for (String id : List.of("words", "count")) {
            Map<?, ?> compression = (Map<?, ?>) ((Map<?, ?>) components.get(id)).get("compression");
            assertTrue(compression != null && compression.keySet().equals(java.util.Set.of("codec", "tuplesCompressed",
                    "tuplesRaw", "bytesIn", "bytesOut", "rejected")), id + ": " + document);
        }
    }

    @Test
    void aTopologyWithoutCompressionHasNoFigures() {
        LoadedTopology topology = load("build/diamond.yaml");
        Map<String, CompressionSnapshot> figures = CompressionFigures.of(topology, Map.of());
        assertTrue(figures.isEmpty(), figures::toString);
        Map<?, ?> components = (Map<?, ?>) SummaryJson.document(topology.name(), 1,
                ComponentStats.of(topology.topology(), null), figures).get("components");
        components.values().forEach(c -> assertNull(((Map<?, ?>) c).get("compression")));
    }
}
