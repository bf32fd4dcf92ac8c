package dev.fluxext.run.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.metrics.BatchSnapshot;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import dev.fluxext.describe.TopologyView;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CompressionFiguresTest {

    private static TopologyView load(String resource) {
        return TopologyView.of(FluxLoader.load(new LoadOptions(resource, true, Optional.empty(), false, Map.of(),
                Map.of())).topology().orElseThrow());
    }

    @Test
    void everyComponentGetsFiguresWhenTheTopologyCompresses() {
        TopologyView topology = load("build/compression-some.yaml");
        Map<String, CompressionSnapshot> counted = Map.of(
                "words", new CompressionSnapshot("zstd", 10, 2, 9000, 3000, 0, 500),
                CompressionMetrics.NO_COMPONENT, new CompressionSnapshot("none", 0, 0, 0, 0, 0, 0));

        Map<String, CompressionSnapshot> figures = CompressionFigures.of(topology, counted);

        assertEquals(List.of("words", "count"), List.copyOf(figures.keySet()), "idle counters left out: " + figures);
        assertEquals(counted.get("words"), figures.get("words"));
        // The sink sent nothing: zeros, with the codec its config gives it (the default, none).
        assertEquals(new CompressionSnapshot("none", 0, 0, 0, 0, 0, 0), figures.get("count"));

        Map<String, Object> document = SummaryJson.document(topology.name(), 10,
                ComponentStats.none(topology), figures, Map.of());
        Map<?, ?> components = (Map<?, ?>) document.get("components");
        for (String id : List.of("words", "count")) {
            Map<?, ?> compression = (Map<?, ?>) ((Map<?, ?>) components.get(id)).get("compression");
            assertTrue(compression != null && compression.keySet().equals(java.util.Set.of("codec", "tuplesCompressed",
                    "tuplesRaw", "bytesIn", "bytesOut", "rejected")), id + ": " + document);
        }
    }

    @Test
    void aTopologyWithoutCompressionHasNoFigures() {
        TopologyView topology = load("build/diamond.yaml");
        Map<String, CompressionSnapshot> figures = CompressionFigures.of(topology, Map.of());
        assertTrue(figures.isEmpty(), figures::toString);
        Map<?, ?> components = (Map<?, ?>) SummaryJson.document(topology.name(), 1,
                ComponentStats.none(topology), figures, Map.of()).get("components");
        components.values().forEach(c -> assertNull(((Map<?, ?>) c).get("compression")));
    }

    @Test
    void batchFiguresPerConnectionInTheSummaryAndTotalsInTheProgressLine() {
        TopologyView topology = load("build/diamond.yaml");
        Map<String, BatchSnapshot> batches = Map.of("-> localhost:6701", new BatchSnapshot(10, 400, 80_000, 16_000, 0, 0, 3),
                "-> :6700", new BatchSnapshot(0, 0, 0, 0, 2, 0, 0));
        Map<?, ?> json = (Map<?, ?>) SummaryJson.document(topology.name(), 1,
                ComponentStats.none(topology), Map.of(), batches).get("batchCompression");
        Map<?, ?> sent = (Map<?, ?>) json.get("-> localhost:6701");
        assertEquals(80_000L, sent.get("bytesBefore"));
        assertEquals(16_000L, sent.get("bytesAfter"));
        assertEquals(0.2, sent.get("ratio"));
        assertEquals(3L, sent.get("skipped"));
        assertEquals(2L, ((Map<?, ?>) json.get("-> :6700")).get("rejected"));
        assertEquals(" | batches 80000 -> 16000 bytes (0.20), 10 batches, 2 rejected",
                CompressionFigures.progress(Map.of(), batches));
        assertEquals("", CompressionFigures.progress(Map.of(), Map.of()), "nothing counted, nothing shown");
    }

    @Test
    void tuplesThatOnlyPassedThroughUncompressedGetNoProgressLine() {
        CompressionSnapshot passedThrough = new CompressionSnapshot("none", 0, 500, 40_000, 40_000, 0, 0);
        assertEquals("", CompressionFigures.progress(Map.of("split", passedThrough), Map.of()));
        CompressionSnapshot someCompressed = new CompressionSnapshot("zstd", 1, 499, 40_000, 38_000, 0, 0);
        assertEquals(" | tuples 40000 -> 38000 bytes (0.95), 0 rejected",
                CompressionFigures.progress(Map.of("split", someCompressed), Map.of()));
    }
}
