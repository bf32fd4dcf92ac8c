package dev.fluxext.lang;

import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.config.ConfigOption;
import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.diag.Suggestions;
import dev.fluxext.model.ComponentDef;
import dev.fluxext.model.CompressionDef;
import dev.fluxext.model.ConfigMap;
import dev.fluxext.model.GroupingDef;
import dev.fluxext.model.Located;
import dev.fluxext.model.ObjectDef;
import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import dev.fluxext.model.StreamDef;
import dev.fluxext.model.TopologyDef;
import dev.fluxext.model.TopologySourceDef;
import dev.fluxext.model.TransportDef;
import dev.fluxext.model.Value;
import dev.fluxext.read.YNode;
import dev.fluxext.resolve.Substitution;
import dev.fluxext.transport.TransportOptions;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Builds the {@link TopologyDef} from the resolved YAML tree. Reports unknown keys (with the nearest known key),
 * values of the wrong type (at the value) and missing required keys (at the element that lacks them), and keeps
 * going: an element with errors stays in the model as far as it can be read (only one without an id, or a stream
 * without its ends, is left out), so that the structural checks still run without follow-on noise. A model read
 * with errors is never built.
 *
 * <p>Storm 3 compression keys ({@code topology.tuple.compression.*}, {@code storm.compression.zstd.level}) in a
 * {@code config:} map are moved out of it into that level's compression settings: Storm 2.8 does not know them, and
 * the {@code compression:} block (which wins when both set a value) is the one place compression is configured.
 */
public final class ModelReader {

    private static final List<String> TOP_KEYS = Language.TOP.keyNames();
    private static final List<String> OBJECT_KEYS = Language.OBJECT.keyNames();
    private static final List<String> EXECUTOR_KEYS = Language.COMPONENT.keyNames();
    private static final List<String> SOURCE_KEYS = Language.TOPOLOGY_SOURCE.keyNames();
    private static final List<String> STREAM_KEYS = Language.STREAM.keyNames();
    private static final List<String> GROUPING_KEYS = Language.GROUPING.keyNames();

    private static final java.util.regex.Pattern QUALIFIED_CLASS =
            java.util.regex.Pattern.compile("([\\p{L}_$][\\p{L}\\p{N}_$]*\\.)+[\\p{L}_$][\\p{L}\\p{N}_$]*");

    private final Diagnostics diagnostics;

    public ModelReader(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** The model of a resolved document; empty only when the document is not a map at all. */
    public Optional<TopologyDef> read(YNode document) {
        if (!(document instanceof YNode.Map top)) {
            diagnostics.error(Code.WRONG_TYPE, document.span(),
                    "a topology file must be a map of keys (name, spouts, bolts, ...), "
                    + "not " + document.kindName());
            return Optional.empty();
        }
        unknownKeys(top, TOP_KEYS, "at the top level");
        Optional<Located<String>> name = top.get("name").flatMap(n -> string(n, "'name'"));
        ConfigMap written = top.get("config").map(n -> configMap(n, "topology 'config'")).orElse(ConfigMap.EMPTY);
        CompressionDef fromConfig = configCompression(written, "topology config");
        CompressionDef compression = blockOverConfig(top.get("compression").map(n -> compression(n, "topology"))
                .orElse(CompressionDef.NONE), fromConfig, written, "the topology");
        ConfigMap config = withoutCompressionKeys(written);
        List<ObjectDef> components = list(top, "components", n -> objectDef(n, "component", OBJECT_KEYS, true));
        List<ComponentDef> spouts = list(top, "spouts", n -> component(n, ComponentDef.Kind.SPOUT));
        List<ComponentDef> bolts = list(top, "bolts", n -> component(n, ComponentDef.Kind.BOLT));
        List<StreamDef> streams = new ArrayList<>();
        top.get("streams").flatMap(n -> seq(n, "'streams'")).ifPresent(seq -> {
            for (int i = 0; i < seq.items().size(); i++) {
                stream(seq.items().get(i), i + 1).ifPresent(streams::add);
            }
        });
        List<ObjectDef> hooks = list(top, "workerHooks", n -> objectDef(n, "worker hook", OBJECT_KEYS, false));
        Optional<TopologySourceDef> source = top.get("topologySource").flatMap(this::topologySource);
        Optional<TransportDef> transport = top.get("transport").flatMap(this::transport);
        if (top.get("topologySource").isPresent()) {
            for (String graphKey : List.of("spouts", "bolts", "streams")) {
                top.get(graphKey).ifPresent(v -> diagnostics.error(Code.CONFLICTING_KEYS, v.span(), "'" + graphKey
                        + "' cannot be combined with 'topologySource': remove one of them"));
            }
        }
        if (top.get("topologySource").isEmpty() && isEmptyList(top.get("spouts"))) {
            diagnostics.error(Code.EMPTY_TOPOLOGY, top.span(),
                    "the topology has no spouts: declare 'spouts' (and 'bolts' and "
                    + "'streams'), or a 'topologySource'");
        }
        return Optional.of(new TopologyDef(name, config, components, spouts, bolts, streams, hooks, source,
                compression, transport, top.span()));
    }

    private static boolean isEmptyString(YNode node) {
        return node instanceof YNode.Scalar s && s.value() instanceof String text && text.isEmpty();
    }

    private static boolean isEmptyList(Optional<YNode> node) {
        return node.isEmpty() || node.get() instanceof YNode.Seq s && s.items().isEmpty();
    }

    // ---- elements

    private <T> List<T> list(YNode.Map owner, String key, Function<YNode, Optional<T>> element) {
        List<T> out = new ArrayList<>();
        owner.get(key).flatMap(n -> seq(n, "'" + key + "'"))
                .ifPresent(seq -> seq.items().forEach(item -> element.apply(item).ifPresent(out::add)));
        return out;
    }

    /** An object definition; {@code kind} names it in messages ("bolt", "component", ...). */
    private Optional<ObjectDef> objectDef(YNode node, String kind, List<String> allowedKeys, boolean idRequired) {
        Optional<YNode.Map> m = map(node, kind);
        if (m.isEmpty()) {
            return Optional.empty();
        }
        YNode.Map map = m.get();
        Optional<Located<String>> id = map.get("id").flatMap(n -> string(n, "'id'"));
        String what = id.map(i -> kind + " '" + i.value() + "'").orElse(kind);
        unknownKeys(map, allowedKeys, "in " + what);
        if (idRequired && map.get("id").isEmpty()) {
            diagnostics.error(Code.MISSING_KEY, map.span(), "missing 'id' in " + kind);
        }
        Optional<Located<String>> className = required(map, "className", what).flatMap(n -> string(n, "'className'"));
        List<Value> args = map.get("constructorArgs").map(n -> arguments(n, "'constructorArgs'")).orElse(List.of());
        List<ObjectDef.PropertyDef> properties = new ArrayList<>();
        map.get("properties").flatMap(n -> seq(n, "'properties'")).ifPresent(s -> s.items()
                .forEach(p -> property(p, what).ifPresent(properties::add)));
        List<ObjectDef.ConfigMethodDef> methods = new ArrayList<>();
        map.get("configMethods").flatMap(n -> seq(n, "'configMethods'")).ifPresent(s -> s.items()
                .forEach(c -> configMethod(c, what).ifPresent(methods::add)));
        Optional<Located<String>> factory = map.get("factory").flatMap(n -> string(n, "'factory'"));
        List<Value> factoryArgs = map.get("factoryArgs").map(n -> arguments(n, "'factoryArgs'")).orElse(List.of());
        if (factory.isEmpty() && map.get("factoryArgs").isPresent()) {
            diagnostics.error(Code.CONFLICTING_KEYS, map.entry("factoryArgs").orElseThrow().keySpan(),
                    "'factoryArgs' without 'factory' in " + what + ": name the static factory method");
        }
        if (factory.isPresent() && map.get("constructorArgs").isPresent()) {
            diagnostics.error(Code.CONFLICTING_KEYS, map.entry("constructorArgs").orElseThrow().keySpan(),
                    "'constructorArgs' and "
                    + "'factory' in " + what + ": a factory takes 'factoryArgs' instead");
        }
        if (idRequired && id.isEmpty()) {
            return Optional.empty();
        }
        // Kept even with errors (the builder never sees a model with errors) so that streams and references to it
        // are still checked without "unknown id" noise.
        return Optional.of(new ObjectDef(id, className.orElse(new Located<>("", map.span())), args, properties,
                methods, factory, factoryArgs, map.span()));
    }

    private Optional<ObjectDef.PropertyDef> property(YNode node, String owner) {
        Optional<YNode.Map> m = map(node, "property");
        if (m.isEmpty()) {
            return Optional.empty();
        }
        YNode.Map map = m.get();
        unknownKeys(map, Language.PROPERTY.keyNames(), "in a property of " + owner);
        Optional<Located<String>> name = required(map, "name", "property of " + owner).flatMap(n -> string(n,
                "'name'"));
        Optional<YNode> value = map.get("value");
        Optional<YNode> ref = map.get("ref");
        if (value.isPresent() == ref.isPresent()) {
            diagnostics.error(Code.CONFLICTING_KEYS, map.span(), "a property of " + owner
                    + " needs exactly one of 'value' and 'ref'");
            return Optional.empty();
        }
        Optional<Value> v = value.isPresent() ? Optional.of(argument(value.get()))
                : string(ref.get(), "'ref'").map(r -> new Value.Ref(r.value(), r.span()));
        return name.isPresent() && v.isPresent()
                ? Optional.of(new ObjectDef.PropertyDef(name.get(), v.get(), map.span())) : Optional.empty();
    }

    private Optional<ObjectDef.ConfigMethodDef> configMethod(YNode node, String owner) {
        Optional<YNode.Map> m = map(node, "config method");
        if (m.isEmpty()) {
            return Optional.empty();
        }
        YNode.Map map = m.get();
        unknownKeys(map, Language.CONFIG_METHOD.keyNames(), "in a config method of " + owner);
        Optional<Located<String>> name = required(map, "name", "config method of " + owner)
                .flatMap(n -> string(n, "'name'"));
        List<Value> args = map.get("args").map(n -> arguments(n, "'args'")).orElse(List.of());
        return name.map(n -> new ObjectDef.ConfigMethodDef(n, args, map.span()));
    }

    private Optional<ComponentDef> component(YNode node, ComponentDef.Kind componentKind) {
        String kind = componentKind.word();
        Optional<ObjectDef> object = objectDef(node, kind, EXECUTOR_KEYS, true);
        if (!(node instanceof YNode.Map map)) {
            return Optional.empty();
        }
        String what = object.map(o -> kind + " '" + o.idOrEmpty() + "'").orElse(kind);
        Located<Integer> parallelism = map.get("parallelism").flatMap(n -> integer(n, "'parallelism'"))
                .orElse(new Located<>(1, map.span()));
        Optional<Located<Integer>> numTasks = map.get("numTasks").flatMap(n -> integer(n, "'numTasks'"));
        Optional<Located<Double>> onHeap = map.get("onHeapMemoryLoad").flatMap(n -> number(n, "'onHeapMemoryLoad'"));
        Optional<Located<Double>> offHeap = map.get("offHeapMemoryLoad").flatMap(n -> number(n, "'offHeapMemoryLoad'"));
        Optional<Located<Double>> cpu = map.get("cpuLoad").flatMap(n -> number(n, "'cpuLoad'"));
        ConfigMap config = map.get("config").map(n -> configMap(n, "'config' of " + what)).orElse(ConfigMap.EMPTY);
        CompressionDef fromConfig = configCompression(config, "config of " + what);
        CompressionDef compression = blockOverConfig(map.get("compression").map(n -> compression(n, what))
                .orElse(CompressionDef.NONE), fromConfig, config, what);
        if (object.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ComponentDef(componentKind, object.get(), parallelism, numTasks, onHeap, offHeap, cpu,
                withoutCompressionKeys(config), compression));
    }

    private Optional<StreamDef> stream(YNode node, int number) {
        Optional<YNode.Map> m = map(node, "stream");
        if (m.isEmpty()) {
            return Optional.empty();
        }
        YNode.Map map = m.get();
        // Storm's own examples write `name: ""`: the name is informational only, so an empty one is no name.
        Optional<String> name = map.get("name").filter(n -> !isEmptyString(n))
                .flatMap(n -> string(n, "'name'")).map(Located::value);
        String what = "stream " + name.map(n -> "'" + n + "'").orElse("#" + number);
        unknownKeys(map, STREAM_KEYS, "in " + what);
        Optional<Located<String>> from = required(map, "from", what).flatMap(n -> string(n, "'from'"));
        Optional<Located<String>> to = required(map, "to", what).flatMap(n -> string(n, "'to'"));
        Optional<GroupingDef> grouping = required(map, "grouping", what).flatMap(n -> grouping(n, what));
        if (from.isEmpty() || to.isEmpty() || grouping.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new StreamDef(name, from.get(), to.get(), grouping.get(), map.span()));
    }

    private Optional<GroupingDef> grouping(YNode node, String stream) {
        Optional<YNode.Map> m = map(node, "'grouping'");
        if (m.isEmpty()) {
            return Optional.empty();
        }
        YNode.Map map = m.get();
        unknownKeys(map, GROUPING_KEYS, "in the grouping of " + stream);
        Optional<Located<GroupingDef.Type>> type = required(map, "type", "grouping of " + stream)
                .flatMap(n -> string(n, "'type'")).flatMap(this::groupingType);
        Located<String> streamId = map.get("streamId").flatMap(n -> string(n, "'streamId'"))
                .orElse(new Located<>(GroupingDef.DEFAULT_STREAM, map.span()));
        Optional<Located<List<String>>> fields = map.get("args").flatMap(this::fieldNames);
        Optional<ObjectDef> custom = map.get("customClass")
                .flatMap(n -> objectDef(n, "custom grouping", OBJECT_KEYS, false));
        if (type.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new GroupingDef(type.get(), streamId, fields, custom, map.span()));
    }

    private Optional<Located<GroupingDef.Type>> groupingType(Located<String> text) {
        if (text.value().contains("${")) {
            return Optional.empty(); // an unresolved placeholder, reported by substitution
        }
        String upper = text.value().toUpperCase(Locale.ROOT);
        for (GroupingDef.Type t : GroupingDef.Type.values()) {
            if (t.name().equals(upper)) {
                return Optional.of(new Located<>(t, text.span()));
            }
        }
        List<String> names = java.util.Arrays.stream(GroupingDef.Type.values()).map(Enum::name).toList();
        Optional<String> nearest = Suggestions.nearest(upper, names);
        diagnostics.error(Code.OUT_OF_RANGE, text.span(), "unknown grouping type '" + text.value() + "'"
                + nearest.map(n -> "; did you mean '" + n + "'?").orElse("") + " (one of " + String.join(", ", names)
                + ")");
        // Checked further as the type it most likely means, so the stream still counts (the model is not built).
        return nearest.map(n -> new Located<>(GroupingDef.Type.valueOf(n), text.span()));
    }

    private Optional<Located<List<String>>> fieldNames(YNode node) {
        Optional<YNode.Seq> s = seq(node, "'args' (the field names)");
        if (s.isEmpty()) {
            return Optional.empty();
        }
        List<String> names = new ArrayList<>();
        for (YNode item : s.get().items()) {
            if (item instanceof YNode.Scalar sc && sc.value() != null) {
                names.add(sc.text());
            } else {
                diagnostics.error(Code.WRONG_TYPE, item.span(), "a field name must be a string, not "
                        + item.kindName());
            }
        }
        return Optional.of(new Located<>(List.copyOf(names), node.span()));
    }

    private Optional<TopologySourceDef> topologySource(YNode node) {
        Optional<ObjectDef> object = objectDef(node, "topologySource", SOURCE_KEYS, false);
        if (!(node instanceof YNode.Map map) || object.isEmpty()) {
            return Optional.empty();
        }
        Located<String> method = map.get("methodName").flatMap(n -> string(n, "'methodName'"))
                .orElse(new Located<>(TopologySourceDef.DEFAULT_METHOD, map.span()));
        return Optional.of(new TopologySourceDef(object.get(), method));
    }

    private Optional<TransportDef> transport(YNode node) {
        Optional<YNode.Map> m = map(node, "'transport'");
        if (m.isEmpty()) {
            return Optional.empty();
        }
        YNode.Map map = m.get();
        List<String> known = new ArrayList<>(List.of(TransportOptions.TYPE, TransportOptions.COMPRESSION));
        TransportOptions.NETTY_KEYS.forEach(k -> known.add(k.yamlName()));
        unknownKeys(map, known, "in 'transport'");
        Located<String> type = map.get(TransportOptions.TYPE).flatMap(n -> string(n, "'type'"))
                .orElse(new Located<>(TransportOptions.NETTY, map.span()));
        boolean netty = type.value().equalsIgnoreCase(TransportOptions.NETTY)
                || type.value().equals(TransportOptions.NETTY_CONTEXT);
        if (!netty && !QUALIFIED_CLASS.matcher(type.value()).matches() && !type.value().contains("${")) {
            // Same words as the schema: a short name other than netty is not a class name at all.
            diagnostics.error(Code.OUT_OF_RANGE, type.span(),
                    "must be netty or a fully qualified class name implementing "
                    + "org.apache.storm.messaging.IContext, not '" + type.value() + "'");
        }
        Located<String> contextClass = netty ? new Located<>(TransportOptions.NETTY_CONTEXT, type.span()) : type;
        Map<String, ConfigMap.Entry> settings = new LinkedHashMap<>();
        for (YNode.Entry e : map.entries()) {
            TransportOptions.byYamlName(e.key()).ifPresent(k -> {
                if (!netty) {
                    diagnostics.warning(Code.NO_EFFECT, e.keySpan(), "'" + e.key()
                            + "' is a Netty setting and has no effect "
                            + "with transport type '" + type.value() + "'");
                }
                settings.put(k.stormKey(), new ConfigMap.Entry(k.stormKey(), e.keySpan(), plain(e.value())));
            });
        }
        Optional<CompressionDef> compression = map.get(TransportOptions.COMPRESSION).map(n -> map(n, "'compression'")
                .map(block -> optionBlock(block, BatchCompressionOptions.ALL,
                        codecBlocks(BatchCompressionOptions.CODEC),
                        "the compression of the transport")).orElse(CompressionDef.NONE));
        return Optional.of(new TransportDef(contextClass, new ConfigMap(settings), compression, map.span()));
    }

    // ---- compression

    private CompressionDef compression(YNode node, String owner) {
        return map(node, "'compression'").map(m -> optionBlock(m, CompressionOptions.ALL,
                codecBlocks(CompressionOptions.CODEC), "the compression of " + owner)).orElse(CompressionDef.NONE);
    }

    /** Per-codec blocks are known keys even for codecs with no settings of their own ({@code snappy: {}}). */
    private static Set<String> codecBlocks(ConfigOption codec) {
        Set<String> blocks = new LinkedHashSet<>(codec.allowed());
        blocks.remove("none");
        return blocks;
    }

    /**
     * A YAML block of settings declared as {@code ConfigOption}s (by their {@code yamlPath}s, dots meaning nested
     * maps): every value checked by its option at its own position and named by its YAML path, unknown keys
     * suggesting the nearest. {@code emptyBlocks} are sub-block names known even when no option lives in them.
     *
     * @return the settings by the options' config keys, with the positions of their values
     */
    private CompressionDef optionBlock(YNode.Map map, List<ConfigOption> options, Set<String> emptyBlocks,
            String owner) {
        Map<String, Object> settings = new LinkedHashMap<>();
        Map<String, Span> positions = new LinkedHashMap<>();
        optionLevel(map, "", options, emptyBlocks, owner, settings, positions);
        return new CompressionDef(settings, positions);
    }

    private void optionLevel(YNode.Map map, String prefix, List<ConfigOption> options, Set<String> emptyBlocks,
                             String owner, Map<String, Object> settings, Map<String, Span> positions) {
        Set<String> known = new LinkedHashSet<>();
        for (ConfigOption o : options) {
            if (o.yamlPath().startsWith(prefix)) {
                String rest = o.yamlPath().substring(prefix.length());
                known.add(rest.contains(".") ? rest.substring(0, rest.indexOf('.')) : rest);
            }
        }
        if (prefix.isEmpty()) {
            known.addAll(emptyBlocks);
        }
        for (YNode.Entry e : map.entries()) {
            String path = prefix + e.key();
            Optional<ConfigOption> option = options.stream().filter(o -> o.yamlPath().equals(path)).findFirst();
            if (!known.contains(e.key())) {
                diagnostics.recoverableError(Code.UNKNOWN_KEY, e.keySpan(), "unknown key '" + e.key() + "' in "
                        + owner + Suggestions.didYouMean(e.key(), known) + " (known: " + String.join(", ", known)
                                + ")");
            } else if (option.isPresent() && Substitution.hasPlaceholder(e.value())) {
                continue; // reported by substitution
            } else if (option.isPresent()) {
                Object raw = e.value() instanceof YNode.Scalar s ? s.value() : e.value();
                Optional<String> problem = e.value() instanceof YNode.Scalar
                        ? option.get().problemWith(raw) : Optional.of("'" + path + "' must be a single value, not "
                        + e.value().kindName());
                if (problem.isPresent()) {
                    diagnostics.recoverableError(e.value() instanceof YNode.Scalar ? Code.OUT_OF_RANGE
                            : Code.WRONG_TYPE, e.value().span(), problem.get());
                } else {
                    settings.put(option.get().key(), option.get().convert(raw));
                    positions.put(option.get().key(), e.value().span());
                }
            } else if (e.value() instanceof YNode.Map sub) {
                optionLevel(sub, path + ".", options, emptyBlocks, owner, settings, positions);
            } else {
                diagnostics.recoverableError(Code.WRONG_TYPE, e.value().span(), "'" + path + "' must be a map of "
                        + "settings, not " + (e.value() instanceof YNode.Scalar s && s.value() == null
                        ? "empty (write {})" : e.value().kindName()));
            }
        }
    }

    /**
     * Compression settings given as config keys: our own {@code fluxext.compression.*} or a fallback (Storm 3) key of
     * one of them. Both are honoured as that level's settings, checked and translated by their {@code ConfigOption}
     * (one path for the block, the config map and the serializer), and moved out of the config map so that one
     * place (the compression settings) decides.
     */
    private CompressionDef configCompression(ConfigMap config, String owner) {
        Map<String, Object> settings = new LinkedHashMap<>();
        Map<String, Span> positions = new LinkedHashMap<>();
        Set<String> setByOwnKey = new HashSet<>();
        config.entries().values().forEach(entry -> {
            String configKey = entry.key();
            Optional<ConfigOption> option = CompressionOptions.setBy(configKey);
            if (option.isEmpty()) {
                if (configKey.startsWith(CompressionOptions.PREFIX)) {
                    diagnostics.recoverableError(Code.UNKNOWN_KEY, entry.keySpan(),
                            "unknown compression key '" + configKey + "' in " + owner + Suggestions.didYouMean(
                                    configKey, CompressionOptions.ALL.stream().map(ConfigOption::key).toList()));
                }
                return;
            }
            Object raw = entry.value() instanceof Value.Scalar s ? s.value() : entry.value().toPlain();
            if (raw instanceof String text && text.contains("${")) {
                return; // an unresolved placeholder, reported by substitution
            }
            ConfigOption o = option.get();
            Optional<String> problem = o.problemWith(configKey, raw);
            if (problem.isPresent()) {
                diagnostics.recoverableError(Code.OUT_OF_RANGE, entry.value().span(), problem.get()
                        + " (in " + owner + ")");
            } else if (configKey.equals(o.key()) || !setByOwnKey.contains(o.key())) {
                // the option's own key wins over its fallback keys, whatever their order
                settings.put(o.key(), o.convert(o.translate(configKey, raw)));
                positions.put(o.key(), entry.keySpan());
                if (configKey.equals(o.key())) {
                    setByOwnKey.add(o.key());
                }
            }
        });
        return new CompressionDef(settings, positions);
    }

    /**
     * A level's compression: its block over the compression keys of its {@code config:}. A fallback (Storm 3) key
     * gives way to the block, as it gives way to the option's own key; an own {@code fluxext.compression.*} key set
     * in both places is an error, so that neither silently replaces the other.
     */
    private CompressionDef blockOverConfig(CompressionDef block, CompressionDef fromConfig, ConfigMap config,
                                           String owner) {
        for (String key : block.settings().keySet()) {
            Optional<ConfigMap.Entry> own = config.get(key);
            if (own.isPresent()) {
                diagnostics.addRecoverable(Diagnostic.error(Code.CONFLICTING_KEYS,
                        own.get().keySpan(), "'" + key + "' is set both here and in the "
                                + "'compression:' block of " + owner + ": keep one of them")
                        .withRelated(block.spans().get(key).start(), "also set here"));
            }
        }
        return block.over(fromConfig);
    }

    private static ConfigMap withoutCompressionKeys(ConfigMap config) {
        Map<String, ConfigMap.Entry> entries = new LinkedHashMap<>(config.entries());
        entries.keySet().removeIf(key -> key.startsWith(CompressionOptions.PREFIX)
                || CompressionOptions.setBy(key).isPresent());
        return new ConfigMap(entries);
    }

    // ---- values

    private ConfigMap configMap(YNode node, String what) {
        Optional<YNode.Map> m = map(node, what);
        Map<String, ConfigMap.Entry> entries = new LinkedHashMap<>();
        m.ifPresent(map -> map.entries().forEach(e ->
                entries.put(e.key(), new ConfigMap.Entry(e.key(), e.keySpan(), plain(e.value())))));
        return new ConfigMap(entries);
    }

    /** A value where maps are just maps (config values). */
    private static Value plain(YNode node) {
        if (node instanceof YNode.Scalar s) {
            return new Value.Scalar(s.value(), s.span());
        }
        if (node instanceof YNode.Seq seq) {
            return new Value.ListValue(seq.items().stream().map(ModelReader::plain).toList(), seq.span());
        }
        YNode.Map map = (YNode.Map) node;
        Map<String, Value> entries = new LinkedHashMap<>();
        Map<String, Position> keys = new LinkedHashMap<>();
        map.entries().forEach(e -> {
            entries.put(e.key(), plain(e.value()));
            keys.put(e.key(), e.keyPosition());
        });
        return new Value.MapValue(entries, keys, map.span());
    }

    private List<Value> arguments(YNode node, String what) {
        return seq(node, what).map(s -> s.items().stream().map(this::argument).toList()).orElse(List.of());
    }

    /** A value where {@code {ref: id}} and {@code {reflist: [...]}} are references. */
    private Value argument(YNode node) {
        if (node instanceof YNode.Map map && map.entries().size() == 1) {
            YNode.Entry only = map.entries().get(0);
            if (only.key().equals("ref")) {
                return string(only.value(), "'ref'").<Value>map(r -> new Value.Ref(r.value(), r.span()))
                        .orElse(new Value.Scalar(null, map.span()));
            }
            if (only.key().equals("reflist")) {
                List<Value.Ref> refs = new ArrayList<>();
                seq(only.value(), "'reflist'").ifPresent(s -> s.items().forEach(i -> string(i, "a 'reflist' id")
                        .ifPresent(r -> refs.add(new Value.Ref(r.value(), r.span())))));
                return new Value.RefList(refs, map.span());
            }
        }
        if (node instanceof YNode.Seq seq) {
            return new Value.ListValue(seq.items().stream().map(this::argument).toList(), seq.span());
        }
        if (node instanceof YNode.Map map) {
            Map<String, Value> entries = new LinkedHashMap<>();
            Map<String, Position> keys = new LinkedHashMap<>();
            map.entries().forEach(e -> {
                entries.put(e.key(), argument(e.value()));
                keys.put(e.key(), e.keyPosition());
            });
            return new Value.MapValue(entries, keys, map.span());
        }
        YNode.Scalar s = (YNode.Scalar) node;
        return new Value.Scalar(s.value(), s.span());
    }

    // ---- typed access with errors

    private void unknownKeys(YNode.Map map, List<String> known, String where) {
        for (YNode.Entry e : map.entries()) {
            if (!known.contains(e.key())) {
                diagnostics.recoverableError(Code.UNKNOWN_KEY, e.keySpan(), "unknown key '" + e.key() + "' " + where
                        + Suggestions.didYouMean(e.key(), known));
            }
        }
    }

    private Optional<YNode> required(YNode.Map map, String key, String owner) {
        Optional<YNode> value = map.get(key);
        if (value.isEmpty()) {
            // The whole element lacks it, so the span is the element (an editor marks it all); the one-line form
            // and --show-source still point at its first line.
            diagnostics.error(Code.MISSING_KEY, map.span(), "missing '" + key + "' in " + owner);
        }
        return value;
    }

    private Optional<YNode.Map> map(YNode node, String what) {
        if (node instanceof YNode.Map m) {
            return Optional.of(m);
        }
        diagnostics.error(Code.WRONG_TYPE, node.span(), what + " must be a map, not " + node.kindName());
        return Optional.empty();
    }

    private Optional<YNode.Seq> seq(YNode node, String what) {
        if (node instanceof YNode.Seq s) {
            return Optional.of(s);
        }
        diagnostics.error(Code.WRONG_TYPE, node.span(), what + " must be a list, not " + node.kindName());
        return Optional.empty();
    }

    /** A non-empty text value; numbers and booleans are taken as written ({@code id: 1} is "1"). */
    private Optional<Located<String>> string(YNode node, String what) {
        if (node instanceof YNode.Scalar s && s.value() != null && !s.text().isBlank()) {
            return Optional.of(new Located<>(s.text(), s.span()));
        }
        diagnostics.error(Code.WRONG_TYPE, node.span(), what + " must be a non-empty string, not "
                + (node instanceof YNode.Scalar s && s.value() instanceof String ? "empty" : node.kindName()));
        return Optional.empty();
    }

    private Optional<Located<Integer>> integer(YNode node, String what) {
        if (node instanceof YNode.Scalar s && s.value() instanceof Integer i) {
            return Optional.of(new Located<>(i, s.span()));
        }
        if (Substitution.hasPlaceholder(node)) {
            return Optional.empty(); // reported by substitution
        }
        // Only optional settings are numbers: left at their default, the element still builds.
        boolean tooBig = node instanceof YNode.Scalar s && (s.value() instanceof Long || s.value() instanceof BigInteger);
        diagnostics.recoverableError(Code.WRONG_TYPE, node.span(), what + " must be a whole number"
                + (tooBig ? " up to " + Integer.MAX_VALUE : "") + ", not " + describe(node));
        return Optional.empty();
    }

    private Optional<Located<Double>> number(YNode node, String what) {
        if (node instanceof YNode.Scalar s && s.value() instanceof Number n) {
            return Optional.of(new Located<>(n.doubleValue(), s.span()));
        }
        if (Substitution.hasPlaceholder(node)) {
            return Optional.empty(); // reported by substitution
        }
        diagnostics.recoverableError(Code.WRONG_TYPE, node.span(), what + " must be a number, not " + describe(node));
        return Optional.empty();
    }

    private static String describe(YNode node) {
        if (node instanceof YNode.Scalar s && s.value() != null) {
            return s.value() instanceof String ? "'" + s.text() + "'" : s.text();
        }
        return node.kindName();
    }
}
