package dev.fluxext.differential;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.ComponentObject;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.SpoutSpec;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.StreamInfo;

/**
 * Two built topologies (Storm's Flux's and fluxext's) and their configs, compared part by part: which components,
 * then per component its parallelism, tasks and config ({@code json_conf}), inputs with their groupings (a custom
 * grouping's object field by field), declared streams and the object itself field by field; then worker hooks and the
 * topology config. Each difference names where it is, and both sides.
 */
final class Comparison {

    /** One difference; {@code part} is what kind of thing differs, for the named differences to recognise. */
    record Diff(Part part, String where, String flux, String fluxext) {
        @Override
        public String toString() {
            return part + " " + where + ": Flux " + flux + " | fluxext " + fluxext;
        }
    }

    enum Part { COMPONENT_ONLY_IN_FLUX, COMPONENT_ONLY_IN_FLUXEXT, PARALLELISM, COMPONENT_CONFIG, INPUT, STREAM, OBJECT,
        WORKER_HOOKS, TOPOLOGY_CONFIG, OTHER, UNREADABLE }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ClassLoader loader;
    private final List<Diff> diffs = new ArrayList<>();

    private Comparison(ClassLoader loader) {
        this.loader = loader;
    }

    static List<Diff> of(StormTopology flux, Map<String, Object> fluxConfig, StormTopology fluxext,
                         Map<String, Object> fluxextConfig, ClassLoader loader) {
        Comparison c = new Comparison(loader);
        c.components(flux.get_spouts(), fluxext.get_spouts(), "spout");
        c.components(flux.get_bolts(), fluxext.get_bolts(), "bolt");
        c.leaves(Part.WORKER_HOOKS, "workerHooks", c.hooks(flux), c.hooks(fluxext));
        c.leaves(Part.TOPOLOGY_CONFIG, "config", Flattened.of(fluxConfig), Flattened.of(fluxextConfig));
        // What neither Flux nor fluxext sets today, compared whole so that a change on one side shows.
        c.same(Part.OTHER, "state_spouts", flux.get_state_spouts(), fluxext.get_state_spouts());
        c.same(Part.OTHER, "dependency_jars", flux.get_dependency_jars(), fluxext.get_dependency_jars());
        c.same(Part.OTHER, "dependency_artifacts", flux.get_dependency_artifacts(),
                fluxext.get_dependency_artifacts());
        c.same(Part.OTHER, "shared_memory", flux.get_shared_memory(), fluxext.get_shared_memory());
        c.same(Part.OTHER, "component_to_shared_memory", flux.get_component_to_shared_memory(),
                fluxext.get_component_to_shared_memory());
        c.same(Part.OTHER, "storm_version", flux.get_storm_version(), fluxext.get_storm_version());
        c.same(Part.OTHER, "jdk_version", flux.get_jdk_version(), fluxext.get_jdk_version());
        return c.diffs;
    }

    private <T> void components(Map<String, T> flux, Map<String, T> fluxext, String kind) {
        Map<String, T> a = flux == null ? Map.of() : flux;
        Map<String, T> b = fluxext == null ? Map.of() : fluxext;
        Set<String> ids = new TreeSet<>(a.keySet());
        ids.addAll(b.keySet());
        for (String id : ids) {
            String where = kind + " '" + id + "'";
            if (!b.containsKey(id)) {
                diffs.add(new Diff(Part.COMPONENT_ONLY_IN_FLUX, where, "has it", "has not"));
            } else if (!a.containsKey(id)) {
                diffs.add(new Diff(Part.COMPONENT_ONLY_IN_FLUXEXT, where, "has not",
                        "has it, inputs " + common(b.get(id)).get_inputs().keySet()));
            } else {
                component(where, a.get(id), b.get(id));
            }
        }
    }

    private void component(String where, Object flux, Object fluxext) {
        ComponentCommon a = common(flux);
        ComponentCommon b = common(fluxext);
        same(Part.PARALLELISM, where + " parallelism", a.get_parallelism_hint(), b.get_parallelism_hint());
        leaves(Part.COMPONENT_CONFIG, where + " config", jsonConf(a), jsonConf(b));
        leaves(Part.INPUT, where + " inputs", inputs(a), inputs(b));
        leaves(Part.STREAM, where + " streams", streams(a), streams(b));
        leaves(Part.OBJECT, where + " object", object(flux), object(fluxext));
    }

    private static ComponentCommon common(Object component) {
        return component instanceof SpoutSpec s ? s.get_common() : ((Bolt) component).get_common();
    }

    private Map<String, String> object(Object component) {
        ComponentObject object = component instanceof SpoutSpec s ? s.get_spout_object()
                : ((Bolt) component).get_bolt_object();
        return switch (object.getSetField()) {
            case SERIALIZED_JAVA -> Flattened.ofSerialized(object.get_serialized_java(), loader);
            case SHELL -> Flattened.of(Map.of("shell", object.get_shell().toString()));
            case JAVA_OBJECT -> Flattened.of(Map.of("java_object", object.get_java_object().toString()));
        };
    }

    private static Map<String, String> jsonConf(ComponentCommon common) {
        if (!common.is_set_json_conf()) {
            return Map.of();
        }
        try {
            return Flattened.of(JSON.readValue(common.get_json_conf(), Map.class));
        } catch (JsonProcessingException e) {
            return Map.of("", "not JSON: " + common.get_json_conf());
        }
    }

    private Map<String, String> inputs(ComponentCommon common) {
        Map<String, String> all = new TreeMap<>();
        for (Map.Entry<GlobalStreamId, Grouping> input : common.get_inputs().entrySet()) {
            Grouping grouping = input.getValue();
            String from = "{" + input.getKey().get_componentId() + ":" + input.getKey().get_streamId() + "}{"
                    + grouping.getSetField().getFieldName() + "}";
            if (grouping.getSetField() == Grouping._Fields.CUSTOM_SERIALIZED) {
                Flattened.ofSerialized(grouping.get_custom_serialized(), loader).forEach((k, v) -> all.put(from + k, v));
            } else {
                all.put(from, String.valueOf(grouping.getFieldValue()));
            }
        }
        return all;
    }

    private static Map<String, String> streams(ComponentCommon common) {
        Map<String, Object> byId = new TreeMap<>();
        for (Map.Entry<String, StreamInfo> stream : common.get_streams().entrySet()) {
            byId.put(stream.getKey(), Map.of("fields", stream.getValue().get_output_fields(), "direct",
                    stream.getValue().is_direct()));
        }
        return Flattened.of(byId);
    }

    private Map<String, String> hooks(StormTopology topology) {
        Map<String, String> all = new LinkedHashMap<>();
        List<ByteBuffer> hooks = topology.get_worker_hooks() == null ? List.of() : topology.get_worker_hooks();
        all.put("", "list of " + hooks.size());
        for (int i = 0; i < hooks.size(); i++) {
            ByteBuffer buffer = hooks.get(i).duplicate();
            byte[] bytes = new byte[buffer.remaining()];
            buffer.get(bytes);
            int index = i;
            Flattened.ofSerialized(bytes, loader).forEach((k, v) -> all.put("[" + index + "]" + k, v));
        }
        return all;
    }

    private void leaves(Part part, String where, Map<String, String> flux, Map<String, String> fluxext) {
        Set<String> paths = new TreeSet<>(flux.keySet());
        paths.addAll(fluxext.keySet());
        for (String path : paths) {
            String a = flux.getOrDefault(path, "(absent)");
            String b = fluxext.getOrDefault(path, "(absent)");
            if (a.startsWith("unreadable") || b.startsWith("unreadable")) {
                // Equal bytes are not a field-by-field comparison: the corpus's classpath lacks a class.
                diffs.add(new Diff(Part.UNREADABLE, where + (path.isEmpty() ? "" : " " + path), a, b));
            } else if (!a.equals(b)) {
                diffs.add(new Diff(part, where + (path.isEmpty() ? "" : " " + path), a, b));
            }
        }
    }

    private void same(Part part, String where, Object flux, Object fluxext) {
        if (!String.valueOf(flux).equals(String.valueOf(fluxext))) {
            diffs.add(new Diff(part, where, String.valueOf(flux), String.valueOf(fluxext)));
        }
    }
}
