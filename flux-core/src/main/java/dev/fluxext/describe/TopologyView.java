package dev.fluxext.describe;

import dev.fluxext.build.LoadedTopology;
import dev.fluxext.model.GroupingDef;
import dev.fluxext.model.Located;
import dev.fluxext.model.StreamDef;
import dev.fluxext.model.TopologyDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.storm.generated.StormTopology;

/**
 * What {@code show}, {@code graph} and a local run's progress and summary say about a topology: its components in
 * {@link FlowOrder} (the one component order), each with its class, parallelism, config and inputs. A built
 * topology's view ({@code show}, runs) is read from Storm's topology object, through its public Thrift getters
 * ({@link StormComponents}): what is submitted, with the file naming the classes Storm holds serialized and the keys
 * fluxext's wiring added marked. The model's view ({@code graph}, which runs no user code) is the file as written.
 *
 * @param source      how the components are known when not from the file, e.g. {@code "topologySource
 *                    com.example.Topologies.wordCount"}; empty for a file with spouts and bolts
 * @param addedConfig the keys of {@code config} that fluxext's compression and transport wiring set
 */
public record TopologyView(String name, Map<String, Object> config, List<Component> components,
                           Optional<String> source, Set<String> addedConfig) {

    public enum Type { SPOUT, BOLT }

    /** Where a component's facts come from. */
    public enum Origin {
        /** Declared in the file. */
        FILE,
        /** Added by Storm's TopologyBuilder (for stateful bolts, {@code $checkpointspout}). */
        STORM,
        /** Made by a {@code topologySource}. */
        SOURCE
    }

    /**
     * One spout or bolt.
     *
     * @param className   its class; empty when only Storm's topology object knows the component and holds it as a
     *                    serialized Java object (flux does not deserialize user objects) or a shell command
     * @param numTasks    its {@code numTasks}, when set
     * @param loads       the resource loads it sets ({@code onHeapMemoryLoad}, {@code offHeapMemoryLoad},
     *                    {@code cpuLoad}), in that order
     * @param config      built: its json_conf as Storm holds it (its {@code config:}, what its
     *                    getComponentConfiguration() returns, TopologyBuilder's keys, fluxext's wiring); from the
     *                    model: its {@code config:} and its effective compression settings
     * @param outputs     stream id → fields, as its {@code declareOutputFields} declared them; empty when the
     *                    topology was not built (nothing of the user's ran)
     * @param addedConfig the keys of {@code config} that fluxext's wiring set
     */
    public record Component(String id, Type type, Optional<String> className, int parallelism,
                            Optional<Integer> numTasks, Map<String, Double> loads, Map<String, Object> config,
                            List<Input> inputs, Optional<Map<String, List<String>>> outputs, Origin origin,
                            Set<String> addedConfig) {

        public Component {
            loads = unmodifiable(loads);
            config = unmodifiable(config);
            inputs = List.copyOf(inputs);
            outputs = outputs.map(TopologyView::unmodifiable);
            addedConfig = Set.copyOf(addedConfig);
        }

        public boolean isSpout() {
            return type == Type.SPOUT;
        }
    }

    /**
     * A stream into a bolt.
     *
     * @param grouping    built: as Storm's Thrift {@code Grouping} names it ({@code shuffle}, {@code fields} (a
     *                    GLOBAL grouping is {@code fields} without fields), {@code all}, {@code none},
     *                    {@code direct}, {@code local_or_shuffle}, {@code custom_serialized},
     *                    {@code custom_object}); from the model: as the YAML names it, in lower case
     * @param fields      the fields of a {@code fields} grouping, else empty
     * @param customClass the class of a custom grouping, when known
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
        addedConfig = Set.copyOf(addedConfig);
    }

    /** A built topology (for {@code show} and dry runs): what Storm's topology object holds, as it is submitted. */
    public static TopologyView of(LoadedTopology loaded) {
        TopologyDef model = loaded.model();
        Map<String, Map<List<String>, Optional<String>>> streams = new HashMap<>();
        model.streams().forEach(s -> streams.computeIfAbsent(s.to().value(), to -> new LinkedHashMap<>())
                .put(List.of(s.from().value(), s.grouping().streamId().value()),
                        s.grouping().customClass().map(c -> c.className().value())));
        return built(loaded.name(), loaded.config(), loaded.topology(), declared(model), source(model),
                loaded.added(), streams);
    }

    /**
     * A topology handed over without its model (a run in another class loader): as {@link #of}, with the class names
     * the file gives ({@link #declared}) and no marks.
     */
    public static TopologyView ofSubmitted(String name, Map<String, Object> config, StormTopology topology,
                                           Map<String, String> declared, Optional<String> source) {
        return built(name, config, topology, declared, source, LoadedTopology.Added.NONE, Map.of());
    }

    /** Component id → class, as the file declares them, in the file's order (spouts, then bolts). */
    public static Map<String, String> declared(TopologyDef model) {
        Map<String, String> declared = new LinkedHashMap<>();
        model.executors().forEach(e -> declared.put(e.id(), e.object().className().value()));
        return declared;
    }

    /**
     * @param streams bolt id → (source id, stream id) → the class of its custom grouping, as the file declares them
     */
    private static TopologyView built(String name, Map<String, Object> config, StormTopology topology,
                                      Map<String, String> declared, Optional<String> source,
                                      LoadedTopology.Added added,
                                      Map<String, Map<List<String>, Optional<String>>> streams) {
        List<Component> components = new ArrayList<>();
        // The file's order first (a component the build left out is not submitted, so not shown), then Storm's own.
        List<String> ids = new ArrayList<>(declared.keySet());
        StormComponents.ids(topology).stream().filter(id -> !declared.containsKey(id)).forEach(ids::add);
        Set<String> present = new HashSet<>(StormComponents.ids(topology));
        for (String id : ids) {
            if (!present.contains(id)) {
                continue;
            }
            boolean fromFile = declared.containsKey(id);
            components.add(StormComponents.component(topology, id, Optional.ofNullable(declared.get(id)),
                    fromFile ? Origin.FILE : source.isPresent() ? Origin.SOURCE : Origin.STORM,
                    added.componentConfig().getOrDefault(id, Set.of()), streams.getOrDefault(id, Map.of())));
        }
        return new TopologyView(name, config, FlowOrder.sort(components), source, added.config());
    }

    /**
     * The model alone (for {@code graph}, which runs no user code): no outputs, and for a {@code topologySource}
     * file no components, as only running its code can tell them.
     */
    public static TopologyView ofModel(String name, TopologyDef model) {
        return new TopologyView(name, model.config().toPlain(), FlowOrder.sort(fromModel(model)), source(model),
                Set.of());
    }

    /**
     * This view with the name and every config value (topology and components) passed through {@code mask}:
     * {@code show} prints values substituted from the environment as their placeholders.
     */
    public TopologyView masked(java.util.function.UnaryOperator<Object> mask) {
        List<Component> shown = components.stream().map(c -> new Component(c.id(), c.type(), c.className(),
                c.parallelism(), c.numTasks(), c.loads(), maskedValues(c.config(), mask), c.inputs(), c.outputs(),
                c.origin(), c.addedConfig())).toList();
        return new TopologyView(String.valueOf(mask.apply(name)), maskedValues(config, mask), shown, source,
                addedConfig);
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
                    Optional.empty(), Origin.FILE, Set.of()));
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

    private static <K, V> Map<K, V> unmodifiable(Map<K, V> map) {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }
}
