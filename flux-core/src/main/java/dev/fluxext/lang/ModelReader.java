package dev.fluxext.lang;

import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.config.ConfigOption;
import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.diag.Suggestion;
import dev.fluxext.diag.Suggestions;
import dev.fluxext.lang.ElementCheck.Checked;
import dev.fluxext.lang.Language.Element;
import dev.fluxext.model.ComponentDef;
import dev.fluxext.model.CompressionDef;
import dev.fluxext.model.ConfigMap;
import dev.fluxext.model.GroupingDef;
import dev.fluxext.model.Located;
import dev.fluxext.model.ObjectDef;
import dev.fluxext.model.Span;
import dev.fluxext.model.StreamDef;
import dev.fluxext.model.TopologyDef;
import dev.fluxext.model.TlsDef;
import dev.fluxext.model.TopologySourceDef;
import dev.fluxext.model.TransportDef;
import dev.fluxext.model.Value;
import dev.fluxext.read.Placeholders;
import dev.fluxext.read.YNode;
import dev.fluxext.transport.TransportOptions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Builds the {@link TopologyDef} from the resolved YAML tree. Every map is first checked against its declaration in
 * {@link Language} by {@link ElementCheck} (unknown keys, shapes, minimums, required keys, rules between keys, each
 * reported once at its place); this class only turns what passed into model records. It keeps going: an element
 * with errors stays in the model as far as it can be read (only one without an id, or a stream without its ends,
 * is left out), so that the structural checks still run without follow-on noise. A model read with errors is never
 * built.
 *
 * <p>Storm 3 compression keys ({@code topology.tuple.compression.*}, {@code storm.compression.zstd.level}) in a
 * {@code config:} map are moved out of it into that level's compression settings: Storm 2.8 does not know them, and
 * the {@code compression:} block (which wins when both set a value) is the one place compression is configured.
 */
public final class ModelReader {

    private final Diagnostics diagnostics;
    private final ElementCheck elements;

    public ModelReader(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
        this.elements = new ElementCheck(diagnostics);
    }

    /** The model of a resolved document; empty only when the document is not a map at all. */
    public Optional<TopologyDef> read(YNode document) {
        if (!(document instanceof YNode.Map map)) {
            diagnostics.error(Code.WRONG_TYPE, document.span(),
                    "a topology file must be a map of keys (name, spouts, bolts, ...), "
                    + "not " + document.kindName());
            return Optional.empty();
        }
        Checked top = elements.check(map, Language.TOP, "");
        Optional<Located<String>> name = top.text("name");
        ConfigMap written = top.map("config").map(ModelReader::configMap).orElse(ConfigMap.EMPTY);
        CompressionDef fromConfig = configCompression(written, "topology config");
        CompressionDef compression = blockOverConfig(top.map("compression").map(n -> compression(n, "topology"))
                .orElse(CompressionDef.NONE), fromConfig, written, "the topology");
        ConfigMap config = withoutCompressionKeys(written);
        List<ObjectDef> components = list(top, "components", n -> objectDef(n, "component", Language.SHARED_OBJECT));
        List<ComponentDef> spouts = list(top, "spouts", n -> component(n, ComponentDef.Kind.SPOUT));
        List<ComponentDef> bolts = list(top, "bolts", n -> component(n, ComponentDef.Kind.BOLT));
        List<StreamDef> streams = new ArrayList<>();
        List<YNode> streamNodes = top.list("streams");
        for (int i = 0; i < streamNodes.size(); i++) {
            stream(streamNodes.get(i), i + 1).ifPresent(streams::add);
        }
        List<ObjectDef> hooks = list(top, "workerHooks", n -> objectDef(n, "worker hook", Language.OBJECT));
        Optional<TopologySourceDef> source = top.map("topologySource").flatMap(this::topologySource);
        Optional<TransportDef> transport = top.map("transport").flatMap(this::transport);
        if (!top.written("topologySource") && !hasItems(map.get("spouts"))) {
            diagnostics.error(Code.EMPTY_TOPOLOGY, map.span(),
                    "the topology has no spouts: declare 'spouts' (and 'bolts' and "
                    + "'streams'), or a 'topologySource'");
        }
        return Optional.of(new TopologyDef(name, config, components, spouts, bolts, streams, hooks, source,
                compression, transport, map.span()));
    }

    /** Spouts written, even if none could be read (their errors say why, not "no spouts"). */
    private static boolean hasItems(Optional<YNode> node) {
        return node.isPresent() && !(node.get() instanceof YNode.Seq s && s.items().isEmpty());
    }

    // ---- elements

    private static <T> List<T> list(Checked owner, String key, Function<YNode, Optional<T>> element) {
        List<T> out = new ArrayList<>();
        owner.list(key).forEach(item -> element.apply(item).ifPresent(out::add));
        return out;
    }

    /** An object definition; {@code kind} names it in messages ("bolt", "component", ...). */
    private Optional<ObjectDef> objectDef(YNode node, String kind, Element element) {
        return map(node, kind).flatMap(map -> {
            String what = describe(kind, map);
            return objectDef(map, elements.check(map, element, what), element, what);
        });
    }

    /** "bolt 'counter'" when the id reads as one, else "bolt". */
    private static String describe(String kind, YNode.Map map) {
        return map.get("id").filter(id -> id instanceof YNode.Scalar s && s.value() != null && !s.text().isBlank())
                .map(id -> kind + " '" + ((YNode.Scalar) id).text() + "'").orElse(kind);
    }

    private Optional<ObjectDef> objectDef(YNode.Map map, Checked checked, Element element, String what) {
        Optional<Located<String>> id = checked.text("id");
        if (element.requiredKeys().contains("id") && id.isEmpty()) {
            return Optional.empty();
        }
        List<ObjectDef.PropertyDef> properties = new ArrayList<>();
        checked.list("properties").forEach(p -> property(p, what).ifPresent(properties::add));
        List<ObjectDef.ConfigMethodDef> methods = new ArrayList<>();
        checked.list("configMethods").forEach(c -> configMethod(c, what).ifPresent(methods::add));
        // Kept even with errors (the builder never sees a model with errors) so that streams and references to it
        // are still checked without "unknown id" noise.
        return Optional.of(new ObjectDef(id, checked.text("className").orElse(new Located<>("", map.span())),
                arguments(checked.list("constructorArgs")), properties, methods, checked.text("factory"),
                arguments(checked.list("factoryArgs")), map.span()));
    }

    private Optional<ObjectDef.PropertyDef> property(YNode node, String owner) {
        return map(node, "property").flatMap(map -> {
            Checked checked = elements.check(map, Language.PROPERTY, "property of " + owner);
            Optional<Value> value = checked.get("value").map(this::argument)
                    .or(() -> checked.text("ref").map(r -> new Value.Ref(r.value(), r.span())));
            return checked.text("name").flatMap(name -> value.map(v -> new ObjectDef.PropertyDef(name, v,
                    map.span())));
        });
    }

    private Optional<ObjectDef.ConfigMethodDef> configMethod(YNode node, String owner) {
        return map(node, "config method").flatMap(map -> {
            Checked checked = elements.check(map, Language.CONFIG_METHOD, "config method of " + owner);
            return checked.text("name").map(n -> new ObjectDef.ConfigMethodDef(n, arguments(checked.list("args")),
                    map.span()));
        });
    }

    private Optional<ComponentDef> component(YNode node, ComponentDef.Kind componentKind) {
        Optional<YNode.Map> m = map(node, componentKind.word());
        if (m.isEmpty()) {
            return Optional.empty();
        }
        YNode.Map map = m.get();
        String what = describe(componentKind.word(), map);
        Checked checked = elements.check(map, Language.COMPONENT, what);
        Optional<ObjectDef> object = objectDef(map, checked, Language.COMPONENT, what);
        Located<Integer> parallelism = checked.wholeNumber("parallelism")
                .orElse(new Located<>(1, map.span()));
        ConfigMap config = checked.map("config").map(ModelReader::configMap).orElse(ConfigMap.EMPTY);
        CompressionDef fromConfig = configCompression(config, "config of " + what);
        CompressionDef compression = blockOverConfig(checked.map("compression").map(n -> compression(n, what))
                .orElse(CompressionDef.NONE), fromConfig, config, what);
        return object.map(o -> new ComponentDef(componentKind, o, parallelism, checked.wholeNumber("numTasks"),
                checked.number("onHeapMemoryLoad"), checked.number("offHeapMemoryLoad"), checked.number("cpuLoad"),
                withoutCompressionKeys(config), compression));
    }

    private Optional<StreamDef> stream(YNode node, int number) {
        Optional<YNode.Map> m = map(node, "stream");
        if (m.isEmpty()) {
            return Optional.empty();
        }
        YNode.Map map = m.get();
        // Storm's own examples write `name: ""`: the name is informational only, so an empty one is no name. Read
        // before the check, which names the stream by it.
        Optional<String> name = map.get("name").filter(n -> n instanceof YNode.Scalar s && s.value() != null
                && !s.text().isEmpty()).map(n -> ((YNode.Scalar) n).text());
        String what = "stream " + name.map(n -> "'" + n + "'").orElseGet(() -> byEnds(map, number));
        Checked checked = elements.check(map, Language.STREAM, what);
        Optional<Located<String>> from = checked.text("from");
        Optional<Located<String>> to = checked.text("to");
        Optional<GroupingDef> grouping = checked.map("grouping").flatMap(g -> grouping(g, what));
        if (from.isEmpty() || to.isEmpty() || grouping.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new StreamDef(name, from.get(), to.get(), grouping.get(), map.span()));
    }

    /**
     * A stream without a name, by its ends as written ("from -> to"), which the file shows; its number in the list
     * ("#2") only when an end is missing or not a plain id.
     */
    private static String byEnds(YNode.Map map, int number) {
        Optional<String> from = idText(map, "from");
        Optional<String> to = idText(map, "to");
        if (from.isPresent() && to.isPresent()) {
            return from.get() + " -> " + to.get();
        }
        return "#" + number + from.map(f -> " (from " + f + ")").orElse(to.map(t -> " (to " + t + ")").orElse(""));
    }

    private static Optional<String> idText(YNode.Map map, String key) {
        return map.get(key).filter(n -> n instanceof YNode.Scalar s && s.value() != null && !s.text().isBlank())
                .map(n -> ((YNode.Scalar) n).text());
    }

    private Optional<GroupingDef> grouping(YNode.Map map, String stream) {
        Checked checked = elements.check(map, Language.GROUPING, "grouping of " + stream);
        Located<String> streamId = checked.text("streamId")
                .orElse(new Located<>(GroupingDef.DEFAULT_STREAM, map.span()));
        Optional<Located<List<String>>> fields = checked.get("args").map(args -> new Located<>(((YNode.Seq) args)
                .items().stream().map(i -> ((YNode.Scalar) i).text()).toList(), args.span()));
        Optional<ObjectDef> custom = checked.map("customClass")
                .flatMap(n -> objectDef(n, "custom grouping", Language.CUSTOM_GROUPING));
        return checked.choice("type").map(type -> new GroupingDef(new Located<>(GroupingDef.Type.valueOf(
                type.value()), type.span()), streamId, fields, custom, map.span()));
    }

    private Optional<TopologySourceDef> topologySource(YNode.Map map) {
        Checked checked = elements.check(map, Language.TOPOLOGY_SOURCE, "topologySource");
        Located<String> method = checked.text("methodName")
                .orElse(new Located<>(TopologySourceDef.DEFAULT_METHOD, map.span()));
        return objectDef(map, checked, Language.TOPOLOGY_SOURCE, "topologySource")
                .map(o -> new TopologySourceDef(o, method));
    }

    private Optional<TransportDef> transport(YNode.Map map) {
        Checked checked = elements.check(map, Language.TRANSPORT, "transport");
        Located<String> type = checked.text(TransportOptions.TYPE)
                .orElse(new Located<>(TransportOptions.NETTY, map.span()));
        boolean netty = type.value().equalsIgnoreCase(TransportOptions.NETTY)
                || type.value().equals(TransportOptions.NETTY_CONTEXT);
        boolean placeholder = map.get(TransportOptions.TYPE).filter(Placeholders::unresolved).isPresent();
        boolean notAClass = !netty && !placeholder && !TransportOptions.CLASS_NAME.matcher(type.value()).matches();
        if (notAClass) {
            // Same words as the schema: a short name other than netty is not a class name at all.
            diagnostics.error(Code.OUT_OF_RANGE, type.span(), TransportOptions.TYPE_PROBLEM + ", not '"
                    + type.value() + "'");
        }
        // A type already rejected is checked no further (no "class not found" for it): the model is not built.
        boolean typeAccepted = !notAClass && !placeholder;
        Located<String> contextClass = netty || !typeAccepted ? new Located<>(TransportOptions.NETTY_CONTEXT,
                type.span()) : type;
        Map<String, ConfigMap.Entry> settings = new LinkedHashMap<>();
        for (YNode.Entry e : map.entries()) {
            TransportOptions.byYamlName(e.key()).ifPresent(k -> {
                if (!netty && typeAccepted) {
                    diagnostics.warning(Code.NO_EFFECT, e.keySpan(), "'" + e.key()
                            + "' is a Netty setting and has no effect "
                            + "with transport type '" + type.value() + "'");
                }
                settings.put(k.stormKey(), new ConfigMap.Entry(k.stormKey(), e.keySpan(), plain(e.value())));
            });
        }
        Optional<CompressionDef> compression = checked.map(TransportOptions.COMPRESSION).map(block -> optionBlock(
                block, BatchCompressionOptions.ALL, codecBlocks(BatchCompressionOptions.CODEC),
                "the compression of the transport"));
        Located<Boolean> guard = new Located<>(checked.flag(TransportOptions.GUARD).orElse(true),
                map.get(TransportOptions.GUARD).map(YNode::span).orElse(map.span()));
        Optional<TlsDef> tls = checked.map(TransportOptions.TLS).flatMap(this::tls);
        return Optional.of(new TransportDef(contextClass, new ConfigMap(settings), compression, guard, tls,
                map.span()));
    }

    private Optional<TlsDef> tls(YNode.Map map) {
        Checked checked = elements.check(map, Language.TLS, "transport tls");
        Optional<TlsDef.Password> password = checked.map("password").flatMap(p -> {
            Checked source = elements.check(p, Language.TLS_PASSWORD, "the TLS password");
            return source.text("env").map(env -> new TlsDef.Password(TlsDef.Password.Source.ENV, env, p.span()))
                    .or(() -> source.text("file").map(file -> new TlsDef.Password(TlsDef.Password.Source.FILE, file,
                            p.span())));
        });
        Optional<Located<String>> keystore = checked.text("keystore");
        Optional<Located<String>> truststore = checked.text("truststore");
        if (keystore.isEmpty() || truststore.isEmpty() || password.isEmpty()) {
            return Optional.empty(); // reported by the check
        }
        Optional<Located<List<String>>> ciphers = checked.get("ciphers").map(n -> new Located<>(((YNode.Seq) n)
                .items().stream().map(i -> ((YNode.Scalar) i).text()).toList(), n.span()));
        return Optional.of(new TlsDef(keystore.get(), truststore.get(), checked.text("clientKeystore"),
                checked.text("clientTruststore"), password.get(),
                checked.text("protocols").orElse(new Located<>("TLSv1.3", map.span())), ciphers,
                checked.choice("engine").orElse(new Located<>("auto", map.span())), map.span()));
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
                List<String> blocks = deeperBlocks(e, prefix, options);
                Optional<String> nearest = Suggestions.nearest(e.key(), known);
                List<Suggestion> fixes = new ArrayList<>();
                nearest.ifPresent(n -> fixes.add(Suggestion.of(n)));
                // "zstd: {level: 5}": the whole entry, moved one level down (a flow map keeps it on its line); the
                // block of the codec this map chooses first.
                String codec = map.get("codec").filter(YNode.Scalar.class::isInstance)
                        .map(c -> ((YNode.Scalar) c).text()).orElse("");
                blocks.stream().sorted(java.util.Comparator.comparing(b -> !b.equals(codec)))
                        .forEach(b -> fixes.add(Suggestion.replacing(entrySpan(e),
                        b + ": {" + e.key() + ": " + writtenValue(e) + "}")));
                diagnostics.addRecoverable(Diagnostic.error(Code.UNKNOWN_KEY, e.keySpan(), "unknown key '" + e.key()
                        + "' in " + owner + Suggestions.didYouMean(nearest) + " (known: "
                        + String.join(", ", known) + ")" + deeperOption(e, blocks)).withSuggestions(fixes));
            } else if (option.isPresent() && Placeholders.unresolved(e.value())) {
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
                    Optional<String> meant = Suggestions.nearest(configKey,
                            CompressionOptions.ALL.stream().map(ConfigOption::key).toList());
                    diagnostics.addRecoverable(Diagnostic.error(Code.UNKNOWN_KEY, entry.keySpan(),
                            "unknown compression key '" + configKey + "' in " + owner + Suggestions.didYouMean(meant))
                            .withSuggestion(meant));
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
                        .withRelated(block.spans().get(key), "also set here"));
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

    private static ConfigMap configMap(YNode.Map map) {
        Map<String, ConfigMap.Entry> entries = new LinkedHashMap<>();
        map.entries().forEach(e -> entries.put(e.key(), new ConfigMap.Entry(e.key(), e.keySpan(),
                plain(e.value()))));
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
        map.entries().forEach(e -> entries.put(e.key(), plain(e.value())));
        return new Value.MapValue(entries, map.span());
    }

    private List<Value> arguments(List<YNode> items) {
        return items.stream().map(this::argument).toList();
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
            map.entries().forEach(e -> entries.put(e.key(), argument(e.value())));
            return new Value.MapValue(entries, map.span());
        }
        YNode.Scalar s = (YNode.Scalar) node;
        return new Value.Scalar(s.value(), s.span());
    }

    /**
     * Where a key unknown at this level is an option one level down ({@code level} directly under
     * {@code compression:}, where it belongs to a codec): "'level' goes one level down ...: zstd: {level: 5}".
     */
    private static String deeperOption(YNode.Entry e, List<String> blocks) {
        if (blocks.isEmpty()) {
            return "";
        }
        String value = writtenValue(e);
        return "; '" + e.key() + "' goes one level down, under " + (blocks.size() == 1 ? "'" + blocks.get(0) + "'"
                : "the block it is for") + ": " + String.join(" or ", blocks.stream().map(b -> b + ": {" + e.key() + ": " + value + "}").toList());
    }

    private static String writtenValue(YNode.Entry e) {
        return e.value() instanceof YNode.Scalar s && s.value() != null ? s.text() : "...";
    }

    /** From the entry's key to the end of its value. */
    private static Span entrySpan(YNode.Entry e) {
        Span value = e.value().span();
        boolean valueAfterKey = value.endLine() > e.keySpan().endLine() || value.endLine() == e.keySpan().endLine()
                && value.endColumn() >= e.keySpan().endColumn();
        return valueAfterKey ? new Span(e.keySpan().start(), value.endLine(), value.endColumn()) : e.keySpan();
    }

    /** The blocks one level down that have an option named as {@code e}'s key. */
    private static List<String> deeperBlocks(YNode.Entry e, String prefix, List<ConfigOption> options) {
        List<String> blocks = new ArrayList<>();
        for (ConfigOption o : options) {
            String path = o.yamlPath();
            if (path.startsWith(prefix) && path.endsWith("." + e.key())) {
                String block = path.substring(prefix.length(), path.length() - e.key().length() - 1);
                if (!block.contains(".")) {
                    blocks.add(block);
                }
            }
        }
        return blocks;
    }

    // ---- typed access with errors

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

}
