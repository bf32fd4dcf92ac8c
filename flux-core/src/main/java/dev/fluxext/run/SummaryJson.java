package dev.fluxext.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.compression.metrics.BatchSnapshot;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code --summary-json} document: {@code {"topology", "uptimeSecs", "components": {"<id>": {"type",
 * "emitted", "transferred", "acked", "failed", "executed"}}}} (a spout whose tuples Storm sampled also has
 * {@code "completeLatencyMs"}, their mean, and {@code "latencySamples"}: {@link CompleteLatency}), plus {@code "compression": {"codec",
 * "tuplesCompressed", "tuplesRaw", "bytesIn", "bytesOut", "rejected"}} on every component when the topology uses
 * flux-compression ({@link CompressionFigures}; flux-compression's JVM-wide counters, which in a local run cover
 * every worker), and {@code "batchCompression": {"<connection>": {"batches", "skipped", "messages",
 * "bytesBefore", "bytesAfter", "ratio", "rejected"}}} when the transport compresses bundles (connections named {@code -> host:port}
 * for what was sent there, {@code -> :port} for rejections by the worker listening there).
 */
public final class SummaryJson {

    private SummaryJson() {
    }

    public static Map<String, Object> document(String topology, long uptimeSecs, Map<String, ComponentStats> components,
                                        Map<String, CompressionSnapshot> compression,
                                        Map<String, BatchSnapshot> batches) {
        Map<String, Object> byId = new LinkedHashMap<>();
        components.values().forEach(s -> {
            Map<String, Object> component = new LinkedHashMap<>();
            component.put("type", s.type());
            component.put("emitted", s.emitted());
            component.put("transferred", s.transferred());
            component.put("acked", s.acked());
            component.put("failed", s.failed());
            component.put("executed", s.executed());
            if (s.latency().samples() > 0) {
                component.put("completeLatencyMs", Math.round(s.latency().meanMs() * 100) / 100.0);
                component.put("latencySamples", s.latency().samples());
            }
            CompressionSnapshot c = compression.get(s.id());
            if (c != null) {
                Map<String, Object> figures = new LinkedHashMap<>();
                figures.put("codec", c.codec());
                figures.put("tuplesCompressed", c.tuplesCompressed());
                figures.put("tuplesRaw", c.tuplesRaw());
                figures.put("bytesIn", c.bytesIn());
                figures.put("bytesOut", c.bytesOut());
                figures.put("rejected", c.rejected());
                component.put("compression", figures);
            }
            byId.put(s.id(), component);
        });
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("topology", topology);
        document.put("uptimeSecs", uptimeSecs);
        document.put("components", byId);
        if (!batches.isEmpty()) {
            Map<String, Object> connections = new LinkedHashMap<>();
            batches.forEach((connection, b) -> {
                Map<String, Object> figures = new LinkedHashMap<>();
                figures.put("batches", b.batches());
                figures.put("skipped", b.skipped());
                figures.put("messages", b.messages());
                figures.put("bytesBefore", b.bytesBefore());
                figures.put("bytesAfter", b.bytesAfter());
                figures.put("ratio", Math.round(b.ratio() * 1000) / 1000.0);
                figures.put("rejected", b.rejected());
                connections.put(connection, figures);
            });
            document.put("batchCompression", connections);
        }
        return document;
    }

    static void write(Path file, Map<String, Object> document) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(file.toFile(), document);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
