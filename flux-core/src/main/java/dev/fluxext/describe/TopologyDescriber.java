package dev.fluxext.describe;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fluxext.build.LoadedTopology;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.ComponentObject;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;

/**
 * The topology exactly as it will be submitted, read back from the built {@link StormTopology} (not from the YAML):
 * the {@code show --format json} document and a readable summary. Components are listed spouts first, then bolts in
 * flow order; map keys are sorted, so the output is stable.
 */
public final class TopologyDescriber {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    private TopologyDescriber() {
    }

    /** One component as Storm holds it. */
    private record Component(String id, String type, ComponentObject object, ComponentCommon common) {
    }

    /**
     * {@code {"name", "config", "components": [{"id", "type", "className", "parallelism", "config", "inputs",
     * "outputs"}]}}; {@code className} is null for shell components, which have no Java class.
     */
    public static ObjectNode toJson(LoadedTopology loaded) {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("name", loaded.name());
        doc.set("config", JSON.valueToTree(new TreeMap<>(loaded.config())));
        ArrayNode components = doc.putArray("components");
        for (Component c : components(loaded.topology())) {
            ObjectNode node = components.addObject();
            node.put("id", c.id());
            node.put("type", c.type());
            node.put("className", ComponentClass.of(c.object()).orElse(null));
            node.put("parallelism", c.common().is_set_parallelism_hint() ? c.common().get_parallelism_hint() : 1);
            node.set("config", componentConf(c.common()));
            ArrayNode inputs = node.putArray("inputs");
            for (Map.Entry<GlobalStreamId, Grouping> input : sortedInputs(c.common())) {
                inputs.add(input(input.getKey(), input.getValue()));
            }
            ObjectNode outputs = node.putObject("outputs");
            new TreeMap<>(c.common().get_streams()).forEach((stream, info) -> {
                ArrayNode fields = outputs.putArray(stream);
                info.get_output_fields().forEach(fields::add);
            });
        }
        return doc;
    }

    /** {@link #toJson} as indented text. */
    public static String toJsonText(LoadedTopology loaded) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(toJson(loaded));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree of plain nodes always serializes
        }
    }

    /** What a person wants to see at a glance: components, parallelism, inputs, outputs and config. */
    public static String summary(LoadedTopology loaded) {
        StringBuilder out = new StringBuilder();
        out.append("topology ").append(loaded.name()).append('\n');
        appendConfig(out, "  ", new TreeMap<>(loaded.config()));
        for (Component c : components(loaded.topology())) {
            ComponentCommon common = c.common();
            out.append('\n').append(c.type()).append(' ').append(c.id()).append(": ")
                    .append(ComponentClass.of(c.object()).orElse("(shell component)"))
                    .append(", parallelism ").append(common.is_set_parallelism_hint() ? common.get_parallelism_hint() : 1)
                    .append('\n');
            for (Map.Entry<GlobalStreamId, Grouping> input : sortedInputs(common)) {
                JsonNode in = input(input.getKey(), input.getValue());
                out.append("  input  ").append(in.get("from").asText()).append(" [").append(in.get("stream").asText())
                        .append("] ").append(in.get("grouping").asText());
                if (in.has("fields")) { // as JSON, so that a field name with a comma or space reads unambiguously
                    out.append(' ').append(in.get("fields")).append(in.get("fields").isEmpty() ? " (global)" : "");
                }
                if (in.has("customClass")) {
                    out.append(' ').append(in.get("customClass").asText());
                }
                out.append('\n');
            }
            new TreeMap<>(common.get_streams()).forEach((stream, info) -> out.append("  output ").append(stream)
                    .append(' ').append(info.get_output_fields()).append('\n'));
            Map<String, Object> conf = JSON.convertValue(componentConf(common), Map.class);
            appendConfig(out, "  ", new TreeMap<>(conf));
        }
        return out.toString();
    }

    private static void appendConfig(StringBuilder out, String indent, Map<String, Object> config) {
        if (config.isEmpty()) {
            return;
        }
        out.append(indent).append("config\n");
        config.forEach((k, v) -> out.append(indent).append("  ").append(k).append(": ").append(v).append('\n'));
    }

    /**
     * Spouts by id, then bolts in flow order: a bolt comes after every component it reads from (ties by id);
     * bolts in a cycle follow, by id.
     */
    private static List<Component> components(StormTopology topology) {
        List<Component> ordered = new ArrayList<>();
        new TreeMap<>(topology.get_spouts()).forEach((id, s) ->
                ordered.add(new Component(id, "spout", s.get_spout_object(), s.get_common())));
        Set<String> placed = new HashSet<>(topology.get_spouts().keySet());
        TreeMap<String, Bolt> waiting = new TreeMap<>(topology.get_bolts());
        while (!waiting.isEmpty()) {
            Optional<String> next = waiting.entrySet().stream()
                    .filter(e -> e.getValue().get_common().get_inputs().keySet().stream()
                            .map(GlobalStreamId::get_componentId)
                            .allMatch(from -> placed.contains(from) || from.equals(e.getKey())
                                    || !topology.get_bolts().containsKey(from) && !topology.get_spouts().containsKey(from)))
                    .map(Map.Entry::getKey).findFirst();
            String id = next.orElse(waiting.firstKey()); // a cycle: break it at the smallest id
            Bolt bolt = waiting.remove(id);
            placed.add(id);
            ordered.add(new Component(id, "bolt", bolt.get_bolt_object(), bolt.get_common()));
        }
        return ordered;
    }

    private static List<Map.Entry<GlobalStreamId, Grouping>> sortedInputs(ComponentCommon common) {
        return common.get_inputs().entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<GlobalStreamId, Grouping> e) -> e.getKey().get_componentId())
                        .thenComparing(e -> e.getKey().get_streamId()))
                .toList();
    }

    private static ObjectNode input(GlobalStreamId from, Grouping grouping) {
        ObjectNode node = JSON.createObjectNode();
        node.put("from", from.get_componentId());
        node.put("stream", from.get_streamId());
        // Thrift's name for the grouping: GLOBAL is "fields" with no fields, as Storm encodes it.
        node.put("grouping", grouping.getSetField().getFieldName());
        if (grouping.is_set_fields()) {
            ArrayNode fields = node.putArray("fields");
            grouping.get_fields().forEach(fields::add);
        }
        ComponentClass.ofGrouping(grouping).ifPresent(c -> node.put("customClass", c));
        return node;
    }

    private static JsonNode componentConf(ComponentCommon common) {
        if (!common.is_set_json_conf()) {
            return JSON.createObjectNode();
        }
        try {
            JsonNode conf = JSON.readTree(common.get_json_conf());
            return conf != null && conf.isObject() ? sorted((ObjectNode) conf) : JSON.createObjectNode();
        } catch (JsonProcessingException e) {
            return JSON.createObjectNode().put("(unreadable json_conf)", common.get_json_conf());
        }
    }

    private static ObjectNode sorted(ObjectNode node) {
        ObjectNode out = JSON.createObjectNode();
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        names.stream().sorted().forEach(n -> out.set(n, node.get(n)));
        return out;
    }
}
