package dev.fluxext.run.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.compression.metrics.BatchSnapshot;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import dev.fluxext.tls.TlsFailures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The {@code --summary-json} document: {@code {"topology", "uptimeSecs", "components": {"<id>": {"type",
 * "emitted", "transferred", "acked", "failed", "executed"}}}} (a spout whose tuples Storm sampled also has
 * {@code "completeLatencyMs"}, their mean, and {@code "latencySamples"}: {@link CompleteLatency}), plus {@code "compression": {"codec",
 * "tuplesCompressed", "tuplesRaw", "bytesIn", "bytesOut", "rejected"}} on every component when the topology uses
 * flux-compression ({@link CompressionFigures}; flux-compression's JVM-wide counters, which in a local run cover
 * every worker), and {@code "batchCompression": {"<connection>": {"batches", "skipped", "messages",
 * "bytesBefore", "bytesAfter", "ratio", "rejected"}}} when the transport compresses bundles (connections named {@code -> host:port}
 * for what was sent there, {@code -> :port} for rejections by the worker listening there), and {@code "tls": {"engine",
 * "negotiated": ["TLSv1.3 TLS_AES_128_GCM_SHA256"], "refused": {"<REASON>": n}, "refusedTotal", "failed":
 * {"<REASON>": n}, "failedTotal"}} when the workers use TLS: the figures the summary's TLS line prints
 * ({@link TlsFailures}: incoming connections refused, outgoing ones failed, by reason; this JVM's, which in a local run
 * are every worker's).
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

    /** The {@code "tls"} figures: see the class comment. */
    public static Map<String, Object> tls() {
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("engine", TlsFailures.engine());
        figures.put("negotiated", List.copyOf(new TreeSet<>(TlsFailures.negotiated())));
        figures.put("refused", byReason(TlsFailures.incoming()));
        figures.put("refusedTotal", TlsFailures.counted(true));
        figures.put("failed", byReason(TlsFailures.outgoing()));
        figures.put("failedTotal", TlsFailures.counted(false));
        return figures;
    }

    private static Map<String, Long> byReason(Map<TlsFailures.Reason, Long> counts) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (TlsFailures.Reason reason : TlsFailures.Reason.values()) {
            long n = counts.getOrDefault(reason, 0L);
            if (n > 0) {
                out.put(reason.name(), n);
            }
        }
        return out;
    }

    public static void write(Path file, Map<String, Object> document) {
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
