package dev.fluxext.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.compression.config.CompressionSettings;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import dev.fluxext.compression.storm.CompressingListDelegateSerializer;
import dev.fluxext.build.LoadedTopology;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.StormTopology;

/**
 * The compression figures a local run's summary shows. When the topology uses flux-compression, every spout and bolt
 * gets figures, zeros and its configured codec when it sent nothing between workers (a sink, or a single worker), so
 * a missing component never looks like a missing feature; counters under other names (Storm's own components, whose
 * serializers carry no component id) follow only when they counted something.
 */
final class CompressionFigures {

    private static final ObjectMapper JSON = new ObjectMapper();

    private CompressionFigures() {
    }

    /** Component id → figures, components in {@link ComponentOrder}; {@code counted} unchanged without compression. */
    static Map<String, CompressionSnapshot> of(LoadedTopology topology, Map<String, CompressionSnapshot> counted) {
        if (!CompressingListDelegateSerializer.class.getName()
                .equals(topology.config().get(Config.TOPOLOGY_TUPLE_SERIALIZER))) {
            return counted;
        }
        Map<String, CompressionSnapshot> figures = new LinkedHashMap<>();
        for (String id : ComponentOrder.of(topology.topology())) {
            CompressionSnapshot c = counted.get(id);
            String codec = c == null || c.codec().isEmpty() ? codec(topology, id) : c.codec();
            figures.put(id, c == null ? new CompressionSnapshot(codec, 0, 0, 0, 0, 0, 0)
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

    /** The codec the component's executors use: its json_conf over the topology config, as a worker merges them. */
    private static String codec(LoadedTopology topology, String id) {
        StormTopology t = topology.topology();
        ComponentCommon common = t.get_spouts().containsKey(id) ? t.get_spouts().get(id).get_common()
                : t.get_bolts().get(id).get_common();
        Map<String, Object> conf = new HashMap<>(topology.config());
        if (common.is_set_json_conf()) {
            try {
                conf.putAll(JSON.readValue(common.get_json_conf(), Map.class));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("json_conf of '" + id + "' is not JSON", e); // TopologyBuilder wrote it
            }
        }
        return CompressionSettings.fromConf(conf).codec();
    }
}
