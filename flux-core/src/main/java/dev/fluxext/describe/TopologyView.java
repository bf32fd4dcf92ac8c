package dev.fluxext.describe;

import dev.fluxext.build.LoadedTopology;
import dev.fluxext.model.ComponentDef;
import dev.fluxext.model.GroupingDef;
import dev.fluxext.model.Located;
import dev.fluxext.model.StreamDef;
import dev.fluxext.model.TopologyDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.storm.generated.StormTopology;

/**
 * What {@code show}, {@code graph} and a local run's progress and summary say about a topology, made from the model
 * (never by reading user objects back out of Storm's): its components in {@link FlowOrder}, each with its class,
 * parallelism, config and inputs. Only what the model cannot know comes from Storm's topology object, through its
 * public Thrift getters ({@link StormComponents}): the output streams the components declared, the components
 * and streams Storm adds itself (for stateful bolts, {@code $checkpointspout} and the {@code $checkpoint} streams),
 * and every component of a {@code topologySource} file, which has no model of its components.
 *
 * @param source how the components are known when not from the file, e.g. {@code "topologySource
 *               com.example.Topologies.wordCount"}; empty for a file with spouts and bolts
 */
public record TopologyView(String name, Map<String, Object> config, List<Component> components,
                           Optional<String> source) {

    public enum Type { SPOUT, BOLT }

    /** Where a component's facts come from. */
    public enum Origin {
        /** Declared in the file: everything but its outputs from the model. */
        FILE,
        /** Added by Storm's TopologyBuilder; known from Storm's topology object. */
        STORM,
        /** Made by a {@code topologySource}; known from Storm's topology object. */
        SOURCE
    }

    /**
     * One spout or bolt.
     *
     * @param className its class; empty when only Storm's topology object knows the component and holds it as a
     *                  serialized Java object (flux does not deserialize user objects) or a shell command
     * @param numTasks  its {@code numTasks}, when set
     * @param loads     the resource loads it sets ({@code onHeapMemoryLoad}, {@code offHeapMemoryLoad},
     *                  {@code cpuLoad}), in that order
     * @param config    its config as its executors get it: its {@code config:} and its effective compression
     *                  settings (for a component only Storm knows, its {@code json_conf})
     * @param outputs   stream id → fields, as its {@code declareOutputFields} declared them; empty when the
     *                  topology was not built (nothing of the user's ran)
     */
    public record Component(String id, Type type, Optional<String> className, int parallelism,
                            Optional<Integer> numTasks, Map<String, Double> loads, Map<String, Object> config,
                            List<Input> inputs, Optional<Map<String, List<String>>> outputs, Origin origin) {

        public Component {
            loads = unmodifiable(loads);
            config = unmodifiable(config);
            inputs = List.copyOf(inputs);
            outputs = outputs.map(TopologyView::unmodifiable);
        }

        public boolean isSpout() {
            return type == Type.SPOUT;
        }
    }

    /**
     * A stream into a bolt.
     *
     * @param grouping    as the YAML names it, in lower case: {@code shuffle}, {@code fields}, {@code global},
     *                    {@code all}, {@code none}, {@code direct}, {@code local_or_shuffle}, {@code custom}
     * @param fields      the fields of a {@code fields} grouping, else empty
     * @param customClass the class of a {@code custom} grouping, when known
     */
    public record Input(String from, String stream, String grouping, List<String> fields,
                        Optional<String> customClass) {

        public Input {
            fields = List.copyOf(fields);
        }
    }

    public TopologyView {
        config = unmodifiable(config);
        components = List.copyOf(components);
    }

    /**
     * A built topology (for {@code show} and a run): the model's components with the outputs they declared, and
     * whatever else Storm's topology object holds.
     */
    public static TopologyView of(LoadedTopology loaded) {
        TopologyDef model = loaded.model();
        StormTopology built = loaded.topology();
        if (model.topologySource().isPresent()) {
            return new TopologyView(loaded.name(), loaded.config(),
                    FlowOrder.sort(StormComponents.all(built, Set.of(), Origin.SOURCE)), source(model));
        }
        List<Component> components = new ArrayList<>();
        List<Component> fromStorm = StormComponents.all(built, ids(model), Origin.STORM);
        for (Component c : fromModel(model)) {
            // Streams Storm added (the checkpoint streams of stateful bolts) are Storm's to tell.
            List<Input> inputs = new ArrayList<>(c.inputs());
            inputs.addAll(StormComponents.addedInputs(built, c.id(), c.inputs()));
            components.add(new Component(c.id(), c.type(), c.className(), c.parallelism(), c.numTasks(), c.loads(),
                    c.config(), inputs, StormComponents.outputs(built, c.id()), c.origin()));
        }
        components.addAll(fromStorm);
        return new TopologyView(loaded.name(), loaded.config(), FlowOrder.sort(components), Optional.empty());
    }

    /**
     * The model alone (for {@code graph}, which runs no user code): no outputs, and for a {@code topologySource}
     * file no components, as only running its code can tell them.
     */
    public static TopologyView ofModel(String name, TopologyDef model) {
        return new TopologyView(name, model.config().toPlain(), FlowOrder.sort(fromModel(model)), source(model));
    }

    /**
     * This view with the name and every config value (topology and components) passed through {@code mask}:
     * {@code show} prints values substituted from the environment as their placeholders.
     */
    public TopologyView masked(java.util.function.UnaryOperator<Object> mask) {
        List<Component> shown = components.stream().map(c -> new Component(c.id(), c.type(), c.className(),
                c.parallelism(), c.numTasks(), c.loads(), maskedValues(c.config(), mask), c.inputs(), c.outputs(),
                c.origin())).toList();
        return new TopologyView(String.valueOf(mask.apply(name)), maskedValues(config, mask), shown, source);
    }

    private static Map<String, Object> maskedValues(Map<String, Object> values, java.util.function.UnaryOperator<Object> mask) {
        Map<String, Object> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, mask.apply(v)));
        return out;
    }

    public Optional<Component> component(String id) {
        return components.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** "topologySource CLASS.METHOD" for a file whose components come from that method. */
    private static Optional<String> source(TopologyDef model) {
        return model.topologySource().map(s -> "topologySource " + s.object().className().value() + "."
                + s.methodName().value());
    }

    private static List<Component> fromModel(TopologyDef model) {
        Map<String, List<Input>> inputs = new LinkedHashMap<>();
        for (StreamDef stream : model.streams()) {
            inputs.computeIfAbsent(stream.to().value(), to -> new ArrayList<>()).add(input(stream));
        }
        List<Component> components = new ArrayList<>();
        model.builtExecutors().forEach(e -> { // a bolt no stream goes to is left out of the topology
            Map<String, Double> loads = new LinkedHashMap<>();
            e.onHeapMemoryLoad().ifPresent(l -> loads.put("onHeapMemoryLoad", l.value()));
            e.offHeapMemoryLoad().ifPresent(l -> loads.put("offHeapMemoryLoad", l.value()));
            e.cpuLoad().ifPresent(l -> loads.put("cpuLoad", l.value()));
            // What the build puts in the component's config: its own keys, then its compression over the default.
            Map<String, Object> config = new LinkedHashMap<>(e.config().toPlain());
            config.putAll(e.compression().over(model.compression()).settings());
            components.add(new Component(e.id(), e.isSpout() ? Type.SPOUT : Type.BOLT,
                    Optional.of(e.object().className().value()), e.parallelism().value(),
                    e.numTasks().map(Located::value), loads, config, inputs.getOrDefault(e.id(), List.of()),
                    Optional.empty(), Origin.FILE));
        });
        return components;
    }

    private static Input input(StreamDef stream) {
        GroupingDef grouping = stream.grouping();
        return new Input(stream.from().value(), grouping.streamId().value(),
                grouping.type().value().name().toLowerCase(Locale.ROOT),
                grouping.fields().map(Located::value).orElse(List.of()),
                grouping.customClass().map(c -> c.className().value()));
    }

    private static Set<String> ids(TopologyDef model) {
        return model.executors().stream().map(ComponentDef::id).collect(Collectors.toSet());
    }

    private static <K, V> Map<K, V> unmodifiable(Map<K, V> map) {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }
}
