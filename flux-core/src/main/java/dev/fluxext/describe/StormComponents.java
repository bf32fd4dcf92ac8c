package dev.fluxext.describe;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.describe.TopologyView.Component;
import dev.fluxext.describe.TopologyView.Input;
import dev.fluxext.describe.TopologyView.Origin;
import dev.fluxext.describe.TopologyView.Type;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.storm.Config;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.ComponentObject;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;

/**
 * What Storm's topology object tells through its public Thrift getters, for what the model cannot know: declared
 * outputs, components Storm adds, and the components a {@code topologySource} returns. Never deserializes a
 * component or grouping (that would run user code) and never reflects into Storm's classes: a component held as a
 * serialized Java object has no class name here.
 */
final class StormComponents {

    private static final ObjectMapper JSON = new ObjectMapper();

    private StormComponents() {
    }

    /** Every component of {@code topology} but those in {@code except}, by id (spouts first), from {@code origin}. */
    static List<Component> all(StormTopology topology, Set<String> except, Origin origin) {
        List<Component> components = new ArrayList<>();
        new TreeMap<>(topology.get_spouts()).forEach((id, spout) -> {
            if (!except.contains(id)) {
                components.add(component(id, Type.SPOUT, spout.get_spout_object(), spout.get_common(), origin));
            }
        });
        new TreeMap<>(topology.get_bolts()).forEach((id, bolt) -> {
            if (!except.contains(id)) {
                components.add(component(id, Type.BOLT, bolt.get_bolt_object(), bolt.get_common(), origin));
            }
        });
        return components;
    }

    /** The inputs Storm's topology gives component {@code id} beyond {@code declared} (same source and stream). */
    static List<Input> addedInputs(StormTopology topology, String id, List<Input> declared) {
        Set<List<String>> known = declared.stream().map(i -> List.of(i.from(), i.stream()))
                .collect(Collectors.toSet());
        return common(topology, id).map(c -> inputs(c).stream()
                .filter(i -> !known.contains(List.of(i.from(), i.stream()))).toList()).orElse(List.of());
    }

    /** Stream id → fields, as the component declared them; empty if the topology has no such component. */
    static Optional<Map<String, List<String>>> outputs(StormTopology topology, String id) {
        return common(topology, id).map(StormComponents::outputs);
    }

    private static Component component(String id, Type type, ComponentObject object, ComponentCommon common,
                                       Origin origin) {
        Map<String, Object> config = config(common);
        Optional<Integer> numTasks = config.get(Config.TOPOLOGY_TASKS) instanceof Number n
                ? Optional.of(n.intValue()) : Optional.empty();
        return new Component(id, type, className(object), common.is_set_parallelism_hint()
                ? common.get_parallelism_hint() : 1, numTasks, Map.of(), config, inputs(common),
                Optional.of(outputs(common)), origin);
    }

    private static Optional<ComponentCommon> common(StormTopology topology, String id) {
        if (topology.get_spouts().containsKey(id)) {
            return Optional.of(topology.get_spouts().get(id).get_common());
        }
        return Optional.ofNullable(topology.get_bolts().get(id)).map(b -> b.get_common());
    }

    /** Only a Java object given by class name tells its class without deserializing it. */
    private static Optional<String> className(ComponentObject object) {
        return object.is_set_java_object() ? Optional.of(object.get_java_object().get_full_class_name())
                : Optional.empty();
    }

    private static List<Input> inputs(ComponentCommon common) {
        return common.get_inputs().entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<GlobalStreamId, Grouping> e) -> e.getKey().get_componentId())
                        .thenComparing(e -> e.getKey().get_streamId()))
                .map(e -> input(e.getKey(), e.getValue())).toList();
    }

    private static Input input(GlobalStreamId from, Grouping grouping) {
        String type = switch (grouping.getSetField()) {
            // Storm encodes GLOBAL as FIELDS with no fields.
            case FIELDS -> grouping.get_fields().isEmpty() ? "global" : "fields";
            case CUSTOM_SERIALIZED, CUSTOM_OBJECT -> "custom";
            default -> grouping.getSetField().getFieldName();
        };
        Optional<String> customClass = grouping.is_set_custom_object()
                ? Optional.of(grouping.get_custom_object().get_full_class_name()) : Optional.empty();
        return new Input(from.get_componentId(), from.get_streamId(), type,
                grouping.is_set_fields() ? grouping.get_fields() : List.of(), customClass);
    }

    private static Map<String, List<String>> outputs(ComponentCommon common) {
        Map<String, List<String>> outputs = new LinkedHashMap<>();
        new TreeMap<>(common.get_streams()).forEach((stream, info) -> outputs.put(stream, info.get_output_fields()));
        return outputs;
    }

    /** The component's json_conf: JSON text that TopologyBuilder wrote. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> config(ComponentCommon common) {
        if (!common.is_set_json_conf()) {
            return Map.of();
        }
        try {
            Object conf = JSON.readValue(common.get_json_conf(), Object.class);
            return conf instanceof Map<?, ?> map ? new TreeMap<>((Map<String, Object>) map) : Map.of();
        } catch (JsonProcessingException e) {
            return Map.of("(unreadable json_conf)", common.get_json_conf());
        }
    }
}
