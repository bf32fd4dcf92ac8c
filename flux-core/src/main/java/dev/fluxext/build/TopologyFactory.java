package dev.fluxext.build;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.model.ComponentDef;
import dev.fluxext.model.ConfigMap;
import dev.fluxext.model.GroupingDef;
import dev.fluxext.model.Located;
import dev.fluxext.model.ObjectDef;
import dev.fluxext.model.StreamDef;
import dev.fluxext.model.TopologyDef;
import dev.fluxext.model.TopologySourceDef;
import dev.fluxext.reflect.ClassFinder;
import dev.fluxext.reflect.Invoker;
import dev.fluxext.reflect.ReflectException;
import dev.fluxext.reflect.Unbuilt;
import dev.fluxext.read.Placeholders;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.storm.Config;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.ComponentObject;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.InvalidTopologyException;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.JavaObject;
import org.apache.storm.generated.NullStruct;
import org.apache.storm.generated.SpoutSpec;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.StreamInfo;
import org.apache.storm.grouping.CustomStreamGrouping;
import org.apache.storm.hooks.IWorkerHook;
import org.apache.storm.topology.BoltDeclarer;
import org.apache.storm.topology.ComponentConfigurationDeclarer;
import org.apache.storm.topology.IBasicBolt;
import org.apache.storm.topology.IRichBolt;
import org.apache.storm.topology.IRichSpout;
import org.apache.storm.topology.IStatefulBolt;
import org.apache.storm.topology.IStatefulWindowedBolt;
import org.apache.storm.topology.IWindowedBolt;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.apache.storm.utils.Utils;

/**
 * The build stage: turns a checked {@link TopologyDef} into the {@link StormTopology} and topology config Storm
 * receives, with Storm's own {@link TopologyBuilder}. Config values are checked with Storm's validators, classes and
 * constructors with {@link dev.fluxext.reflect}; every problem is reported at its position and building goes on, so
 * one run finds them all. Returns a topology only when nothing was wrong.
 */
public final class TopologyFactory {

    private static final List<Class<?>> BOLT_TYPES = List.of(IRichBolt.class, IBasicBolt.class,
            IStatefulWindowedBolt.class, IWindowedBolt.class, IStatefulBolt.class);

    private final TopologyDef def;
    private final Diagnostics diagnostics;
    private final ObjectFactory objects;
    /** Checking a model with errors ({@link #checkWithoutBuilding}) rather than building. */
    private final boolean afterErrors;

    private TopologyFactory(TopologyDef def, Diagnostics diagnostics, ClassFinder classes, boolean create,
                            boolean afterErrors) {
        this.def = def;
        this.diagnostics = diagnostics;
        this.objects = new ObjectFactory(classes, diagnostics, create);
        this.afterErrors = afterErrors;
    }

    /**
     * Builds with the context class loader's classes (the topology jar's when run by Storm or the CLI). Call only
     * when the earlier stages found no errors: the result is empty if this stage finds any.
     */
    public static Optional<LoadedTopology> build(TopologyDef def, String file, Diagnostics diagnostics) {
        return build(def, file, diagnostics, ClassFinder.forContext());
    }

    /** @param file the topology file as the user named it: its name (without extension) names an unnamed topology */
    public static Optional<LoadedTopology> build(TopologyDef def, String file, Diagnostics diagnostics,
                                                 ClassFinder classes) {
        return new TopologyFactory(def, diagnostics, classes, true, false).build(file);
    }

    /**
     * Checks the topology by signature, running none of its code ({@code validate --static}, {@code graph}): classes
     * are loaded without being initialized and nothing is created (see {@link ObjectFactory}). What only a created
     * object can tell is not checked: the streams and fields a component declares (its declareOutputFields), and what
     * a factory or topology source actually returns. The result's StormTopology is a skeleton for reading the graph
     * (components name their classes, nothing is serialized): never submit it.
     */
    public static Optional<LoadedTopology> checkStatically(TopologyDef def, String file,
                                                           Diagnostics diagnostics) {
        return new TopologyFactory(def, diagnostics, ClassFinder.forContext(), false, false).build(file);
    }

    /**
     * The checks of building that need no built object: config values (Storm's validators), the transport, and the
     * classes the file names (found, of the kind needed; loaded, not initialized). The
     * loader runs them when earlier errors leave the model unfit to build, so that one run still reports them. Such
     * a model may hold placeholders that substitution reported as having no value; values holding one are not
     * judged again (a model without errors has none: there, {@code ${...}} text is a property's value, inserted as
     * it is, and checked).
     */
    public static void checkWithoutBuilding(TopologyDef def, Diagnostics diagnostics) {
        TopologyFactory factory = new TopologyFactory(def, diagnostics, ClassFinder.forContext(), false, true);
        factory.checkedConfig(def.config(), false);
        def.executors().forEach(e -> factory.checkedConfig(e.config(), true));
        Transport.apply(def, new HashMap<>(), factory.objects, diagnostics, true);
        factory.checkClasses();
    }

    /**
     * Every class the file names exists and is of the kind needed (loaded, not initialized), so that one run reports
     * all missing classes even when other errors keep the topology from being built. Arguments, properties and
     * references are left to the build: an earlier error may be the cause of their problems.
     */
    private void checkClasses() {
        def.components().stream().filter(this::namesItsClass)
                .forEach(c -> objects.checkClass(c, "a component", List.of(Object.class)));
        def.spouts().stream().map(ComponentDef::object).filter(this::namesItsClass)
                .forEach(s -> objects.checkClass(s, "a spout", List.of(IRichSpout.class)));
        def.bolts().stream().map(ComponentDef::object).filter(this::namesItsClass)
                .forEach(b -> objects.checkClass(b, "a bolt", BOLT_TYPES));
        def.streams().stream().flatMap(s -> s.grouping().customClass().stream()).filter(this::namesItsClass)
                .forEach(g -> objects.checkClass(g, "a custom stream grouping", List.of(CustomStreamGrouping.class)));
        def.workerHooks().stream().filter(this::namesItsClass)
                .forEach(h -> objects.checkClass(h, "a worker hook", List.of(IWorkerHook.class)));
        def.topologySource().map(TopologySourceDef::object).filter(this::namesItsClass)
                .ifPresent(t -> objects.checkClass(t, "a topology source", List.of(Object.class)));
    }

    /** A missing class name, or one holding a placeholder without a value, was reported already: not judged again. */
    private boolean namesItsClass(ObjectDef object) {
        return !object.className().value().isEmpty() && !Placeholders.in(object.className().value());
    }

    private Optional<LoadedTopology> build(String file) {
        Config conf = new Config();
        conf.putAll(checkedConfig(def.config(), false));
        Map<String, Object> fromFile = new HashMap<>(conf);
        Transport.apply(def, conf, objects, diagnostics, false);
        Map<String, Map<String, Object>> compressionConfs = CompressionWiring.apply(def, conf, diagnostics);
        def.components().forEach(objects::addComponent);
        Optional<StormTopology> topology = def.topologySource().isPresent()
                ? fromSource(def.topologySource().get(), conf)
                : fromDefinitions(compressionConfs, conf);
        if (diagnostics.hasErrors() || topology.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new LoadedTopology(topologyName(def, file), def, topology.get(), conf,
                added(fromFile, conf, compressionConfs)));
    }

    /** The keys the transport and compression wiring set or changed, for {@code show} to mark. */
    private static LoadedTopology.Added added(Map<String, Object> fromFile, Map<String, Object> conf,
                                              Map<String, Map<String, Object>> compressionConfs) {
        Set<String> keys = new HashSet<>();
        conf.forEach((key, value) -> {
            if (!fromFile.containsKey(key) || !Objects.equals(fromFile.get(key), value)) {
                keys.add(key);
            }
        });
        Map<String, Set<String>> componentKeys = new HashMap<>();
        compressionConfs.forEach((id, entries) -> componentKeys.put(id, entries.keySet()));
        return new LoadedTopology.Added(keys, componentKeys);
    }

    /** The topology's name: its {@code name:}, else the name of {@code path} (the file) without its extension. */
    public static String topologyName(TopologyDef def, String path) {
        if (def.name().isPresent()) {
            return def.name().get().value();
        }
        String file = Path.of(path).getFileName().toString();
        int dot = file.lastIndexOf('.');
        return dot > 0 ? file.substring(0, dot) : file; // topology.yaml runs as "topology"
    }

    /**
     * A {@code config:} map's values, each Storm key checked with Storm's validators. Per component, also warns
     * about Storm keys that Storm 2.8's worker removes from a component's config.
     */
    private Map<String, Object> checkedConfig(ConfigMap config, boolean perComponent) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (ConfigMap.Entry entry : config.entries().values()) {
            String key = entry.key();
            if (afterErrors && Placeholders.in(entry.value())) {
                continue; // reported by substitution
            }
            Object value = entry.value().toPlain();
            Optional<String> problem = StormConfigCheck.problem(key, value);
            if (problem.isPresent()) {
                diagnostics.error(Code.STORM_CONFIG, entry.value().span(), problem.get());
                continue;
            }
            if (value == null && StormConfigCheck.isStormKey(key)) {
                // Passed on as Storm's Flux does; in the topology config it replaces the cluster's value.
                diagnostics.warning(Code.STORM_CONFIG_NULL, entry.keySpan(), "'" + key + "' has no value: Storm gets "
                        + "null for it, in place of its default");
            }
            StormConfigCheck.unknownKey(key).ifPresent(u -> diagnostics.add(Diagnostic.warning(
                    Code.UNKNOWN_KEY, entry.keySpan(), u.warning()).withSuggestion(u.meant())));
            if (StormConfigCheck.isDeprecated(key)) {
                diagnostics.warning(Code.STORM_CONFIG_IGNORED, entry.keySpan(), "'" + key + "' is deprecated in Storm 2.8");
            }
            if (perComponent && StormConfigCheck.ignoredPerComponent(key)) {
                diagnostics.warning(Code.STORM_CONFIG_IGNORED, entry.keySpan(), "'" + key + "' is ignored per component by Storm 2.8 "
                        + "workers; set it in the topology config");
            }
            out.put(key, value);
        }
        return out;
    }

    private Optional<StormTopology> fromSource(TopologySourceDef source, Config conf) {
        Optional<Object> made = objects.create(source.object(), "a topology source", List.of(Object.class));
        if (made.isEmpty()) {
            return Optional.empty();
        }
        Object target = made.get();
        Located<String> methodName = source.methodName();
        // Like Flux: a method taking the topology config gets it (and may change it), else the no-argument one.
        boolean takesConfig = Arrays.stream(ObjectFactory.classOf(target).getMethods())
                .anyMatch(m -> m.getName().equals(methodName.value()) && m.getParameterCount() == 1
                        && m.getParameterTypes()[0].isAssignableFrom(Config.class));
        try {
            if (target instanceof Unbuilt unbuilt) {
                Class<?> returns = Invoker.checkCall(unbuilt.type(), methodName.value(),
                        takesConfig ? List.of(conf) : List.of());
                if (!returns.isAssignableFrom(StormTopology.class)) {
                    diagnostics.error(Code.MEMBER, methodName.span(), unbuilt.type().getSimpleName() + "." + methodName.value()
                            + " returns " + returns.getName() + ", not an org.apache.storm.generated.StormTopology");
                    return Optional.empty();
                }
                addWorkerHooks(hook -> { });
                return Optional.of(new StormTopology(Map.of(), Map.of(), Map.of()));
            }
            Object result = Invoker.call(target, methodName.value(), takesConfig ? List.of(conf) : List.of());
            if (result instanceof StormTopology topology) {
                addWorkerHooks(hook -> topology.add_to_worker_hooks(ByteBuffer.wrap(Utils.javaSerialize(hook))));
                return Optional.of(topology);
            }
            diagnostics.error(Code.MEMBER, methodName.span(), target.getClass().getSimpleName() + "." + methodName.value()
                    + " returned " + (result == null ? "null" : "a " + result.getClass().getName())
                    + ", not an org.apache.storm.generated.StormTopology");
        } catch (ReflectException e) {
            diagnostics.add(Diagnostic.error(Code.MEMBER, methodName.span(), e.getMessage())
                    .withSuggestion(e.argument().isPresent() ? Optional.empty() : e.suggestion()));
        }
        return Optional.empty();
    }

    private Optional<StormTopology> fromDefinitions(Map<String, Map<String, Object>> compressionConfs, Config conf) {
        if (!objects.creates()) {
            return Optional.of(skeleton(compressionConfs));
        }
        TopologyBuilder builder = new TopologyBuilder();
        for (ComponentDef spout : def.spouts()) {
            Map<String, Object> own = componentConfig(spout, compressionConfs);
            objects.create(spout.object(), "a spout", List.of(IRichSpout.class)).ifPresent(made -> declare(spout,
                    () -> builder.setSpout(spout.id(), (IRichSpout) made, spout.parallelism().value()), own));
        }
        Map<String, BoltDeclarer> bolts = new HashMap<>();
        List<ComponentDef> unreached = def.unreachedBolts();
        for (ComponentDef bolt : def.bolts()) {
            Map<String, Object> own = componentConfig(bolt, compressionConfs);
            Optional<Object> made = objects.create(bolt.object(), "a bolt", BOLT_TYPES);
            if (unreached.contains(bolt)) {
                continue; // created, as Storm's Flux creates every bolt, but left out as it leaves it out (warned)
            }
            made.ifPresent(m -> declare(bolt, () -> {
                BoltDeclarer declarer = setBolt(builder, bolt.id(), m, bolt.parallelism().value());
                bolts.put(bolt.id(), declarer);
                return declarer;
            }, own));
        }
        for (StreamDef stream : def.streams()) {
            BoltDeclarer to = bolts.get(stream.to().value());
            if (to != null) { // a bolt that failed was reported already
                group(to, stream);
            }
        }
        addWorkerHooks(builder::addWorkerHook);
        // Built even after errors, from what could be made, so that stream problems are found in the same run.
        StormTopology topology;
        try {
            topology = builder.createTopology();
        } catch (RuntimeException e) {
            diagnostics.error(Code.STORM_REJECTED, def.span(), "Storm could not create the topology: " + e.getMessage());
            return Optional.empty();
        }
        checkStreams(topology, asNimbusRunsIt(topology, conf));
        return Optional.of(topology);
    }

    /**
     * The static check's topology: each component checked by signature (nothing created) and named by its class, the
     * streams as inputs with their groupings. No stream a component declares is known, so none is checked.
     */
    private StormTopology skeleton(Map<String, Map<String, Object>> compressionConfs) {
        Map<String, SpoutSpec> spouts = new LinkedHashMap<>();
        for (ComponentDef spout : def.spouts()) {
            componentConfig(spout, compressionConfs);
            objects.create(spout.object(), "a spout", List.of(IRichSpout.class)).ifPresent(made ->
                    spouts.put(spout.id(), new SpoutSpec(named(spout), common(spout, Map.of()))));
        }
        Map<String, Map<GlobalStreamId, Grouping>> inputs = new HashMap<>();
        for (StreamDef stream : def.streams()) {
            GroupingDef grouping = stream.grouping();
            inputs.computeIfAbsent(stream.to().value(), id -> new LinkedHashMap<>()).put(
                    new GlobalStreamId(stream.from().value(), grouping.streamId().value()), skeletonGrouping(grouping));
        }
        Map<String, Bolt> bolts = new LinkedHashMap<>();
        List<ComponentDef> unreached = def.unreachedBolts();
        for (ComponentDef bolt : def.bolts()) {
            componentConfig(bolt, compressionConfs);
            objects.create(bolt.object(), "a bolt", BOLT_TYPES).filter(made -> !unreached.contains(bolt))
                    .ifPresent(made -> bolts.put(bolt.id(),
                            new Bolt(named(bolt), common(bolt, inputs.getOrDefault(bolt.id(), Map.of())))));
        }
        addWorkerHooks(hook -> { });
        return new StormTopology(spouts, bolts, Map.of());
    }

    private static ComponentObject named(ComponentDef executor) {
        return ComponentObject.java_object(new JavaObject(executor.object().className().value(), List.of()));
    }

    private static ComponentCommon common(ComponentDef executor, Map<GlobalStreamId, Grouping> inputs) {
        ComponentCommon common = new ComponentCommon(inputs, Map.of());
        common.set_parallelism_hint(executor.parallelism().value());
        return common;
    }

    private Grouping skeletonGrouping(GroupingDef grouping) {
        return switch (grouping.type().value()) {
            case ALL -> Grouping.all(new NullStruct());
            case DIRECT -> Grouping.direct(new NullStruct());
            case SHUFFLE -> Grouping.shuffle(new NullStruct());
            case LOCAL_OR_SHUFFLE -> Grouping.local_or_shuffle(new NullStruct());
            case GLOBAL -> Grouping.fields(List.of());
            case NONE -> Grouping.none(new NullStruct());
            case FIELDS -> Grouping.fields(grouping.fields().map(Located::value).orElse(List.of()));
            case CUSTOM -> Grouping.custom_object(new JavaObject(grouping.customClass().map(c -> {
                objects.create(c, "a custom stream grouping", List.of(CustomStreamGrouping.class));
                return c.className().value();
            }).orElse(""), List.of()));
            default -> throw new AssertionError(grouping.type().value());
        };
    }

    private static BoltDeclarer setBolt(TopologyBuilder builder, String id, Object bolt, int parallelism) {
        // Most specific first: a stateful windowed bolt is also a windowed bolt.
        if (bolt instanceof IRichBolt b) {
            return builder.setBolt(id, b, parallelism);
        }
        if (bolt instanceof IBasicBolt b) {
            return builder.setBolt(id, b, parallelism);
        }
        if (bolt instanceof IStatefulWindowedBolt<?> b) {
            return builder.setBolt(id, b, parallelism);
        }
        if (bolt instanceof IWindowedBolt b) {
            return builder.setBolt(id, b, parallelism);
        }
        return builder.setBolt(id, (IStatefulBolt<?>) bolt, parallelism);
    }

    /** Adds a spout or bolt (which runs its declareOutputFields) and applies its executor settings and config. */
    /** The component's checked {@code config:} plus its compression settings (checked even if the object fails). */
    private Map<String, Object> componentConfig(ComponentDef executor,
                                                Map<String, Map<String, Object>> compressionConfs) {
        Map<String, Object> conf = checkedConfig(executor.config(), true);
        conf.putAll(compressionConfs.getOrDefault(executor.id(), Map.of()));
        return conf;
    }

    private void declare(ComponentDef executor, Supplier<ComponentConfigurationDeclarer<?>> add,
                         Map<String, Object> conf) {
        ComponentConfigurationDeclarer<?> declarer;
        try {
            declarer = add.get();
        } catch (RuntimeException e) { // the user's declareOutputFields or getComponentConfiguration threw
            diagnostics.error(Code.STORM_REJECTED, executor.object().className().span(), "declaring '" + executor.id() + "' failed: "
                    + e.getClass().getName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
            return;
        }
        // The same calls, in the same order, as Storm's Flux makes: the json_conf must come out the same.
        Double onHeap = executor.onHeapMemoryLoad().map(Located::value).orElse(null);
        Double offHeap = executor.offHeapMemoryLoad().map(Located::value).orElse(null);
        if (onHeap != null || offHeap != null) {
            declarer.setMemoryLoad(onHeap, offHeap);
        }
        executor.cpuLoad().ifPresent(cpu -> declarer.setCPULoad(wholeAsInt(cpu.value())));
        executor.numTasks().ifPresent(n -> declarer.setNumTasks(n.value()));
        if (!conf.isEmpty()) {
            declarer.addConfigurations(conf);
        }
    }

    /** 50.0 as 50: Storm's Flux passes whole cpu loads as ints, and json_conf should read the same. */
    private static Number wholeAsInt(double value) {
        return value == Math.rint(value) && Math.abs(value) < Integer.MAX_VALUE ? (Number) (int) value : value;
    }

    private void group(BoltDeclarer to, StreamDef stream) {
        GroupingDef grouping = stream.grouping();
        String from = stream.from().value();
        String streamId = grouping.streamId().value();
        switch (grouping.type().value()) {
            case ALL -> to.allGrouping(from, streamId);
            case DIRECT -> to.directGrouping(from, streamId);
            case SHUFFLE -> to.shuffleGrouping(from, streamId);
            case LOCAL_OR_SHUFFLE -> to.localOrShuffleGrouping(from, streamId);
            case GLOBAL -> to.globalGrouping(from, streamId);
            case NONE -> to.noneGrouping(from, streamId);
            case FIELDS -> to.fieldsGrouping(from, streamId,
                    new Fields(grouping.fields().map(Located::value).orElse(List.of())));
            case CUSTOM -> grouping.customClass()
                    .flatMap(c -> objects.create(c, "a custom stream grouping", List.of(CustomStreamGrouping.class)))
                    .ifPresent(g -> to.customGrouping(from, streamId, (CustomStreamGrouping) g));
            default -> throw new AssertionError(grouping.type().value());
        }
    }

    private void addWorkerHooks(Consumer<IWorkerHook> add) {
        for (var hook : def.workerHooks()) {
            objects.create(hook, "a worker hook", List.of(IWorkerHook.class)).ifPresent(h -> add.accept((IWorkerHook) h));
        }
    }

    /**
     * The topology with the components and streams Storm adds (which streams may come from, e.g. {@code __system}'s
     * {@code __tick}), or as built when Storm cannot add them; what Storm's basic validation refuses is reported.
     */
    private StormTopology asNimbusRunsIt(StormTopology topology, Map<String, Object> conf) {
        try {
            return SystemTopology.withSystemComponents(conf, topology).orElse(topology);
        } catch (InvalidTopologyException e) {
            diagnostics.error(Code.STORM_REJECTED, def.span(), "Storm would reject the topology: " + e.get_msg());
            return topology;
        }
    }

    /**
     * What Nimbus would reject at submission: a stream the source does not declare; or at run time: a FIELDS
     * grouping on fields the stream does not have (Nimbus checks them against all the source's streams; the grouping
     * fails at the stream's first tuple). Checked here so that {@code validate} finds it, at the grouping's position.
     */
    private void checkStreams(StormTopology built, StormTopology asRun) {
        for (StreamDef stream : def.streams()) {
            String from = stream.from().value();
            ComponentCommon source = commonOf(asRun, from);
            if (source == null) {
                continue;
            }
            Located<String> streamId = stream.grouping().streamId();
            StreamInfo info = source.get_streams().get(streamId.value());
            if (info == null) {
                // Of the user's component, the streams it declared: those Storm adds to every one would crowd the list.
                ComponentCommon declared = commonOf(built, from);
                diagnostics.error(Code.STREAM_FIELDS, streamId.span(), "'" + from + "' declares no stream '"
                        + streamId.value() + "' (it declares: " + String.join(", ", (declared != null ? declared
                        : source).get_streams().keySet().stream().sorted().toList()) + ")");
                continue;
            }
            stream.grouping().fields().ifPresent(fields -> {
                List<String> missing = fields.value().stream().filter(f -> !info.get_output_fields().contains(f))
                        .toList();
                if (!missing.isEmpty()) {
                    diagnostics.error(Code.STREAM_FIELDS, fields.span(), "stream '" + streamId.value() + "' of '" + from
                            + "' has no field" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing)
                            + " (its fields: " + String.join(", ", info.get_output_fields()) + ")");
                }
            });
        }
    }

    private static ComponentCommon commonOf(StormTopology topology, String id) {
        return topology.get_spouts().containsKey(id) ? topology.get_spouts().get(id).get_common()
                : topology.get_bolts().containsKey(id) ? topology.get_bolts().get(id).get_common() : null;
    }
}
