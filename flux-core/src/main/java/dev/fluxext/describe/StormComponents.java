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
import org.apache.storm.Config;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.ComponentObject;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;

/**
 * A built topology's components as Storm's topology object holds them, read through its public Thrift getters:
 * parallelism, json_conf (what the file's config, getComponentConfiguration() and TopologyBuilder put there),
 * groupings as Storm encodes them, declared outputs. Never deserializes a component or grouping (that would run user
 * code) and never reflects into Storm's classes: a component held as a serialized Java object has no class name here
 * unless the file names it.
 */
final class StormComponents {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** json_conf key of a resource load → its YAML name, in the order {@code show} lists them. */
    private static final String[][] LOAD_KEYS = {
        {Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB, "onHeapMemoryLoad"},
        {Config.TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB, "offHeapMemoryLoad"},
        {Config.TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT, "cpuLoad"}};

    private StormComponents() {
    }

    /** The ids of {@code topology}'s components: spouts, then bolts, each by id. */
    static List<String> ids(StormTopology topology) {
        List<String> ids = new ArrayList<>(new TreeMap<>(topology.get_spouts()).keySet());
        ids.addAll(new TreeMap<>(topology.get_bolts()).keySet());
        return ids;
    }

    /**
     * Component {@code id} of {@code topology} as Storm holds it: parallelism, tasks, loads and config from its
     * json_conf, inputs with their groupings as Storm encodes them, declared outputs.
     *
     * @param className     its class when the caller knows it (from the file); else what Storm's object tells
     * @param declaredInputs (source id, stream id) → the class of its custom grouping (Storm holds it serialized),
     *                       for the streams the file declares into this component, in the file's order: inputs are
     *                       listed in that order, then the others Storm holds (by source and stream)
     */
    static Component component(StormTopology topology, String id, Optional<String> className, Origin origin,
                               Set<String> addedConfig, Map<List<String>, Optional<String>> declaredInputs) {
        boolean spout = topology.get_spouts().containsKey(id);
        ComponentObject object = spout ? topology.get_spouts().get(id).get_spout_object()
                : topology.get_bolts().get(id).get_bolt_object();
        ComponentCommon common = common(topology, id).orElseThrow();
        Map<String, Object> config = config(common);
        Optional<Integer> numTasks = config.get(Config.TOPOLOGY_TASKS) instanceof Number n
                ? Optional.of(n.intValue()) : Optional.empty();
        List<String> order = declaredInputs.keySet().stream().map(k -> k.get(0) + "\0" + k.get(1)).toList();
        List<Input> inputs = inputs(common).stream()
                .map(i -> i.customClass().isPresent() ? i : new Input(i.from(), i.stream(), i.grouping(), i.fields(),
                        declaredInputs.getOrDefault(List.of(i.from(), i.stream()), Optional.empty())))
                .sorted(Comparator.comparingInt((Input i) -> {
                    int at = order.indexOf(i.from() + "\0" + i.stream());
                    return at < 0 ? order.size() : at;
                })).toList();
        return new Component(id, spout ? Type.SPOUT : Type.BOLT, className.or(() -> className(object)),
                common.is_set_parallelism_hint() ? common.get_parallelism_hint() : 1, numTasks, loads(config),
                config, inputs, Optional.of(outputs(common)), origin, addedConfig);
    }

    /** The resource loads TopologyBuilder wrote into a json_conf, under the names the YAML gives them. */
    private static Map<String, Double> loads(Map<String, Object> config) {
        Map<String, Double> loads = new LinkedHashMap<>();
        for (String[] key : LOAD_KEYS) {
            if (config.get(key[0]) instanceof Number n) {
                loads.put(key[1], n.doubleValue());
            }
        }
        return loads;
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

    /** Named as Storm's Thrift union names it: a GLOBAL grouping is {@code fields} with no fields, as Storm holds it. */
    private static Input input(GlobalStreamId from, Grouping grouping) {
        Optional<String> customClass = grouping.is_set_custom_object()
                ? Optional.of(grouping.get_custom_object().get_full_class_name()) : Optional.empty();
        return new Input(from.get_componentId(), from.get_streamId(), grouping.getSetField().getFieldName(),
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
