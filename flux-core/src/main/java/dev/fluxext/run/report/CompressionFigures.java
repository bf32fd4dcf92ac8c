package dev.fluxext.run.report;

import dev.fluxext.compression.config.CompressionSettings;
import dev.fluxext.compression.metrics.BatchSnapshot;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import dev.fluxext.compression.storm.CompressingListDelegateSerializer;
import dev.fluxext.describe.TopologyView;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.storm.Config;

/**
 * The compression figures a local run's summary shows. When the topology uses flux-compression, every spout and bolt
 * gets figures, zeros and its configured codec when it sent nothing between workers (a sink, or a single worker), so
 * a missing component never looks like a missing feature; counters under other names (Storm's own components, whose
 * serializers carry no component id) follow only when they counted something.
 */
public final class CompressionFigures {

    private CompressionFigures() {
    }

    /** Component id → figures, components in the view's flow order; {@code counted} unchanged without compression. */
    public static Map<String, CompressionSnapshot> of(TopologyView view, Map<String, CompressionSnapshot> counted) {
        if (!CompressingListDelegateSerializer.class.getName()
                .equals(view.config().get(Config.TOPOLOGY_TUPLE_SERIALIZER))) {
            return counted;
        }
        Map<String, CompressionSnapshot> figures = new LinkedHashMap<>();
        for (TopologyView.Component component : view.components()) {
            CompressionSnapshot c = counted.get(component.id());
            String codec = c == null || c.codec().isEmpty() ? codec(view, component) : c.codec();
            figures.put(component.id(), c == null ? new CompressionSnapshot(codec, 0, 0, 0, 0, 0, 0)
                    : new CompressionSnapshot(codec, c.tuplesCompressed(), c.tuplesRaw(), c.bytesIn(), c.bytesOut(),
                    c.rejected(), c.nanos()));
        }
        counted.forEach((id, c) -> {
            if (!figures.containsKey(id) && c.tuplesCompressed() + c.tuplesRaw() + c.rejected() > 0) {
                figures.put(id, c);
            }
        });
        return figures;
    }

    /**
     * The progress report's compression part: per-tuple and batch totals across components and connections, each
     * after {@code " | "} ({@link Progress} puts each on a line of its own), empty while nothing was compressed or
     * rejected: tuples that only passed through the serializer uncompressed (codec none, or all under the threshold)
     * say nothing worth a line.
     */
    public static String progress(Map<String, CompressionSnapshot> tuples, Map<String, BatchSnapshot> batches) {
        StringBuilder out = new StringBuilder();
        long in = tuples.values().stream().mapToLong(CompressionSnapshot::bytesIn).sum();
        long tupleOut = tuples.values().stream().mapToLong(CompressionSnapshot::bytesOut).sum();
        long tuplesCompressed = tuples.values().stream().mapToLong(CompressionSnapshot::tuplesCompressed).sum();
        long tuplesRejected = tuples.values().stream().mapToLong(CompressionSnapshot::rejected).sum();
        if (in > 0 && (tuplesCompressed > 0 || tuplesRejected > 0)) {
            out.append(String.format(" | tuples %d -> %d bytes (%.2f), %d rejected", in, tupleOut,
                    (double) tupleOut / in, tuples.values().stream().mapToLong(CompressionSnapshot::rejected).sum()));
        }
        long before = batches.values().stream().mapToLong(BatchSnapshot::bytesBefore).sum();
        long after = batches.values().stream().mapToLong(BatchSnapshot::bytesAfter).sum();
        long rejected = batches.values().stream().mapToLong(BatchSnapshot::rejected).sum();
        if (before > 0 || rejected > 0) {
            out.append(String.format(" | batches %d -> %d bytes (%.2f), %d batches, %d rejected", before, after,
                    before == 0 ? 1.0 : (double) after / before,
                    batches.values().stream().mapToLong(BatchSnapshot::batches).sum(), rejected));
        }
        return out.toString();
    }

    /** The codec the component's executors use: its config over the topology config, as a worker merges them. */
    private static String codec(TopologyView view, TopologyView.Component component) {
        Map<String, Object> conf = new HashMap<>(view.config());
        conf.putAll(component.config());
        return CompressionSettings.fromConf(conf).codec();
    }
}
