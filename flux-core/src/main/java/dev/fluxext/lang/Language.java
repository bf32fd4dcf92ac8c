package dev.fluxext.lang;

import dev.fluxext.transport.TransportOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The topology language, declared once: every element of a topology file (a kind of map), its keys with their
 * shape, whether required, default, range, meaning and example, and the rules between keys. {@link ElementCheck}
 * checks files against it (the loader's one validation pass), the JSON Schema generator ({@code SchemaGenerator},
 * a test) writes each definition's properties, types, required keys and rules from it, and the tables of
 * {@code docs/yaml-reference.md} are generated from it ({@code ReferenceDocsTest}). The keys inside settings blocks
 * (compression, transport compression) are declared as {@code ConfigOption}s in their own modules.
 */
public final class Language {

    /** What a value must look like. */
    public enum Kind {
        /** A non-empty string. */
        TEXT,
        /** A string that may be empty (an informational name). */
        LABEL,
        WHOLE_NUMBER,
        /** A finite number. */
        NUMBER,
        FLAG,
        /** One of {@link Shape#choices()}, in any case. */
        CHOICE,
        /** A list of {@link Shape#definition()} (or of strings when {@link #TEXT_LIST}). */
        LIST,
        TEXT_LIST,
        /** A map: another element or a settings block, named by {@link Shape#definition()}. */
        MAP,
        /** A value of the Storm config key {@link Shape#definition()}: checked by Storm's own validator for it. */
        STORM_VALUE,
        ANY
    }

    /** One allowed value of a {@link Kind#CHOICE}, with what it means. */
    public record Choice(String value, String meaning) {
    }

    /**
     * The shape of a key's value: its kind, the schema definition its items or map follow (e.g. {@code spout},
     * {@code stormConfig}), the allowed values of a choice, and how the reference docs name the type.
     */
    public record Shape(Kind kind, Optional<String> definition, List<Choice> choices, String docText) {
        public Shape {
            choices = List.copyOf(choices);
        }

        static Shape of(Kind kind, String docText) {
            return new Shape(kind, Optional.empty(), List.of(), docText);
        }

        static Shape listOf(String definition, String docText) {
            return new Shape(Kind.LIST, Optional.of(definition), List.of(), docText);
        }

        static Shape map(String definition, String docText) {
            return new Shape(Kind.MAP, Optional.of(definition), List.of(), docText);
        }

        public List<String> choiceValues() {
            return choices.stream().map(Choice::value).toList();
        }
    }

    static final Shape TEXT = Shape.of(Kind.TEXT, "string");
    static final Shape ID = Shape.of(Kind.TEXT, "id");
    static final Shape LABEL = Shape.of(Kind.LABEL, "string");
    static final Shape WHOLE_NUMBER = Shape.of(Kind.WHOLE_NUMBER, "int");
    static final Shape NUMBER = Shape.of(Kind.NUMBER, "number");
    static final Shape FLAG = Shape.of(Kind.FLAG, "boolean");
    static final Shape ANY = Shape.of(Kind.ANY, "any");
    static final Shape ARGUMENTS = Shape.listOf("argument", "list");
    static final Shape STORM_CONFIG = Shape.map("stormConfig", "map");
    static final Shape COMPRESSION_BLOCK = Shape.map("compression", "[compression block](#compression)");

    /**
     * One key of an element. {@code defaultValue} is the value the loader assumes (also the schema's default);
     * {@code defaultNote} says in words what happens without the key when that is not a value ("Storm's");
     * {@code meaning} is the description editors show, {@code example} the YAML they show with it; {@code min}, for
     * numbers, the smallest allowed value.
     */
    public record Key(String name, String title, Shape shape, boolean required, Optional<Object> defaultValue,
                      String defaultNote, String meaning, String example, OptionalDouble min,
                      List<String> mistakenNames) {

        public Key {
            mistakenNames = List.copyOf(mistakenNames);
        }

        static Key of(String name, String title, Shape shape) {
            return new Key(name, title, shape, false, Optional.empty(), "—", "", "", OptionalDouble.empty(), List.of());
        }

        Key mustBeGiven() {
            return new Key(name, title, shape, true, defaultValue, defaultNote, meaning, example, min, mistakenNames);
        }

        Key defaultsTo(Object value) {
            return new Key(name, title, shape, required, Optional.of(value), defaultNote, meaning, example, min,
                    mistakenNames);
        }

        /** What happens without the key, in words (when that is not a single value). */
        Key withoutIt(String note) {
            return new Key(name, title, shape, required, defaultValue, note, meaning, example, min, mistakenNames);
        }

        Key means(String text, String yaml) {
            return new Key(name, title, shape, required, defaultValue, defaultNote, text, yaml, min, mistakenNames);
        }

        Key atLeast(double least) {
            return new Key(name, title, shape, required, defaultValue, defaultNote, meaning, example,
                    OptionalDouble.of(least), mistakenNames);
        }

        /**
         * Names people write for this key by habit or from other tools (a grouping's {@code fields} for
         * {@code args}): an unknown key by one of these names suggests this key.
         */
        Key mistakenlyCalled(String... names) {
            return new Key(name, title, shape, required, defaultValue, defaultNote, meaning, example, min,
                    List.of(names));
        }

        /** This key under another name (the docs list grouping keys as {@code grouping.type}, ...). */
        public Key renamed(String newName) {
            return new Key(newName, title, shape, required, defaultValue, defaultNote, meaning, example, min,
                    mistakenNames);
        }

        /** The type as the docs print it, e.g. {@code int ≥ 1}. */
        public String typeText() {
            return min.isPresent() ? shape.docText() + " ≥ " + (long) min.getAsDouble() : shape.docText();
        }

        /** The default as the docs print it: "required", the value, or the note. */
        public String defaultText() {
            if (required) {
                return "required";
            }
            return defaultValue.map(v -> "`" + v + "`").orElse(defaultNote);
        }

        /** The smallest allowed value of a numeric key; fails for a key without one (a bug of the caller). */
        public double least() {
            return min.orElseThrow(() -> new IllegalStateException("'" + name + "' declares no minimum"));
        }
    }

    /**
     * A rule between keys of one element. {@code fix} ends the message: what to do.
     * <ul>
     *   <li>{@link Kind#EXACTLY_ONE}: exactly one of {@code keys} is given;</li>
     *   <li>{@link Kind#REQUIRES}: {@code keys[0]} only together with {@code keys[1]};</li>
     *   <li>{@link Kind#EXCLUDES}: {@code keys[0]} never together with any of the others;</li>
     *   <li>{@link Kind#ONLY_FOR}: {@code keys[0]} is required when key {@code keys[1]} has value {@code value},
     *   and not allowed otherwise.</li>
     * </ul>
     */
    public record Rule(Kind kind, List<String> keys, Optional<String> value, String fix) {
        public enum Kind { EXACTLY_ONE, REQUIRES, EXCLUDES, ONLY_FOR }

        public Rule {
            keys = List.copyOf(keys);
        }

        static Rule exactlyOne(String a, String b, String fix) {
            return new Rule(Kind.EXACTLY_ONE, List.of(a, b), Optional.empty(), fix);
        }

        static Rule requires(String key, String other, String fix) {
            return new Rule(Kind.REQUIRES, List.of(key, other), Optional.empty(), fix);
        }

        static Rule excludes(String key, List<String> others, String fix) {
            List<String> all = new ArrayList<>(List.of(key));
            all.addAll(others);
            return new Rule(Kind.EXCLUDES, all, Optional.empty(), fix);
        }

        static Rule onlyFor(String key, String choiceKey, String choice, String fix) {
            return new Rule(Kind.ONLY_FOR, List.of(key, choiceKey), Optional.of(choice), fix);
        }
    }

    /**
     * One kind of map in a topology file: {@code name} is its JSON Schema definition, {@code title} names its table
     * in the reference.
     */
    public record Element(String name, String title, List<Key> keys, List<Rule> rules) {
        public Element {
            keys = List.copyOf(keys);
            rules = List.copyOf(rules);
        }

        public List<String> keyNames() {
            return keys.stream().map(Key::name).toList();
        }

        // key and requiredKeys run for every map of a file: plain loops, which cost a short command's cold JVM
        // far less than streams.
        public Optional<Key> key(String name) {
            for (Key key : keys) {
                if (key.name().equals(name)) {
                    return Optional.of(key);
                }
            }
            return Optional.empty();
        }

        public List<String> requiredKeys() {
            List<String> required = new ArrayList<>();
            for (Key key : keys) {
                if (key.required()) {
                    required.add(key.name());
                }
            }
            return required;
        }

        /** This element with more keys and rules, as another definition. */
        Element plus(String otherName, String otherTitle, List<Key> more, List<Rule> moreRules) {
            List<Key> allKeys = new ArrayList<>(keys);
            allKeys.addAll(more);
            List<Rule> allRules = new ArrayList<>(rules);
            allRules.addAll(moreRules);
            return new Element(otherName, otherTitle, allKeys, allRules);
        }

        /** This element, as another definition, with {@code key} required. */
        Element requiring(String otherName, String key) {
            return new Element(otherName, title, keys.stream().map(k -> k.name().equals(key) ? k.mustBeGiven() : k)
                    .toList(), rules);
        }
    }

    public static final Element TOP = new Element("topology", "top level", List.of(
            Key.of("name", "Topology name", TEXT)
                    .withoutIt("the file's base name: `word-count` for `topologies/word-count.yaml`")
                    .means("Topology name, as Storm shows and kills it (`storm list`, `storm kill NAME`); unique "
                            + "among the topologies running on a cluster. Without one (here or from an included "
                            + "file) the topology is named after the file given to flux, without "
                            + "its directory and extension.", "name: word-count"),
            Key.of("config", "Topology config", STORM_CONFIG).withoutIt("`{}`")
                    .means("Topology config, as `Config` holds it. Keys Storm knows are checked "
                    + "with Storm's own validators; other keys pass through unchecked, but one that looks like Storm's "
                    + "(`topology.*`, `storm.*`, `nimbus.*`, `supervisor.*`, `worker.*`, ...) and is not a Storm 2.8 "
                    + "key is a warning naming the nearest known key (`topology.acker.executor` → "
                    + "`topology.acker.executors`): Storm would ignore it silently. Storm 3 compression keys are "
                    + "translated (see [compression](#compression)).",
                    "config:\n  topology.workers: 2\n  topology.max.spout.pending: 1000\n  my.app.setting: hello"),
            Key.of("components", "Components", Shape.listOf("component", "list of [objects](#object-definitions)"))
                    .withoutIt("`[]`").means("Shared objects, each with an "
                    + "`id`, that arguments and properties refer to with `ref`/`reflist`.",
                    "components:\n  - id: fields\n    className: org.apache.storm.tuple.Fields\n    constructorArgs:\n      - [word]"),
            Key.of("spouts", "Spouts", Shape.listOf("spout", "list of [spouts](#spouts-and-bolts)"))
                    .withoutIt("`[]`").means("The spouts.",
                    "spouts:\n  - id: sentences\n    className: com.example.SentenceSpout\n    parallelism: 1"),
            Key.of("bolts", "Bolts", Shape.listOf("bolt", "list of [bolts](#spouts-and-bolts)"))
                    .withoutIt("`[]`").means("The bolts.",
                    "bolts:\n  - id: counter\n    className: com.example.CountBolt\n    parallelism: 4"),
            Key.of("streams", "Streams", Shape.listOf("stream", "list of [streams](#streams)"))
                    .withoutIt("`[]`").means("The streams between spouts and bolts.",
                    "streams:\n  - from: sentences\n    to: splitter\n    grouping:\n      type: SHUFFLE"),
            Key.of("includes", "Includes", Shape.listOf("include", "list of [includes](#includes)"))
                    .withoutIt("`[]`").means("Other files merged into this one.",
                    "includes:\n  - file: common.yaml\n    override: false"),
            Key.of("topologySource", "Topology source",
                    Shape.map("topologySource", "[object](#object-definitions) + `methodName`"))
                    .means("An object whose method "
                    + "(`methodName`, default `getTopology`; it may take the topology config `Map`) returns the "
                    + "`StormTopology`. Mutually exclusive with `spouts`, `bolts` and `streams`.",
                    "topologySource:\n  className: com.example.MyTopology\n  methodName: getTopology"),
            Key.of("workerHooks", "Worker hooks", Shape.listOf("workerHook", "list of [objects](#object-definitions)"))
                    .withoutIt("`[]`").means("`org.apache.storm.hooks.IWorkerHook`s; `id` optional.",
                    "workerHooks:\n  - id: metricsHook\n    className: com.example.MetricsHook"),
            Key.of("compression", "Topology compression", COMPRESSION_BLOCK).withoutIt("none")
                    .means("Topology-wide default for tuple compression (extension).",
                    "compression:\n  codec: zstd\n  threshold: 1024\n  zstd:\n    level: 3"),
            Key.of("transport", "Messaging transport", Shape.map("transport", "[transport block](#transport)"))
                    .withoutIt("Netty").means("The messaging layer between workers (extension).",
                    "transport:\n  type: netty\n  bufferSize: 5242880")),
            List.of(Rule.excludes("topologySource", List.of("spouts", "bolts", "streams"), "remove one of them")));

    /** An object definition with an optional id: worker hooks, {@code customClass}. */
    public static final Element OBJECT = new Element("workerHook", "object definitions", List.of(
            Key.of("id", "Id", TEXT).means("Required for components, spouts and bolts.", "id: counter"),
            Key.of("className", "Class name", TEXT).mustBeGiven()
                    .means("Fully qualified; `$` for nested classes (`a.b.Outer$Inner`). "
                    + "A class that does not exist is an error at this value, naming the nearest existing class if "
                    + "one is close.",
                    "className: org.apache.storm.testing.TestWordSpout"),
            Key.of("constructorArgs", "Constructor arguments", ARGUMENTS).withoutIt("`[]`")
                    .means("Constructor arguments.",
                    "constructorArgs:\n  - 100\n  - {ref: fields}\n  - {reflist: [a, b]}"),
            Key.of("properties", "Properties", Shape.listOf("property", "list of `{name, value}` or `{name, ref}`"))
                    .withoutIt("`[]`").means("After construction: "
                    + "`setName(value)` if such a method exists, else the public field `name`. Exactly one of `value` "
                    + "and `ref`.",
                    "properties:\n  - name: batchSize\n    value: 100\n  - name: scheme\n    ref: stringScheme"),
            Key.of("configMethods", "Config methods", Shape.listOf("configMethod", "list of `{name, args}`"))
                    .withoutIt("`[]`").means("After properties: calls method `name` with "
                    + "`args` (a list, may be omitted); the return value is ignored.",
                    "configMethods:\n  - name: withFields\n    args: [word, count]"),
            Key.of("factory", "Factory method", TEXT).means("A public static method of `className` that creates "
                    + "the object instead of a constructor.",
                    "factory: create"),
            Key.of("factoryArgs", "Factory arguments", ARGUMENTS).withoutIt("`[]`")
                    .means("The factory's arguments (only with `factory`; not together with `constructorArgs`).",
                    "factoryArgs:\n  - localhost\n  - 6379")),
            List.of(Rule.requires("factoryArgs", "factory", "name the static factory method"),
                    Rule.excludes("factory", List.of("constructorArgs"), "a factory takes 'factoryArgs' instead")));

    /** An entry of {@code components:}: an object definition with its id. */
    public static final Element SHARED_OBJECT = OBJECT.requiring("component", "id");

    /** The object definition of a {@code CUSTOM} grouping. */
    public static final Element CUSTOM_GROUPING = OBJECT.requiring("customGrouping", "className");

    /** What a spout or bolt adds to an object definition: one declaration for both. */
    public static final Element COMPONENT = SHARED_OBJECT.plus("spout", "spouts and bolts", List.of(
            Key.of("parallelism", "Parallelism", WHOLE_NUMBER).defaultsTo(1).atLeast(1)
                    .means("Number of executors (threads) running this component.", "parallelism: 4"),
            Key.of("numTasks", "Number of tasks", WHOLE_NUMBER).withoutIt("= parallelism").atLeast(1)
                    .means("Tasks; fewer than `parallelism` is a warning (only that many executors run).",
                    "numTasks: 8"),
            Key.of("onHeapMemoryLoad", "On-heap memory load", NUMBER).withoutIt("Storm's").atLeast(0)
                    .means("MB, fractions allowed.", "onHeapMemoryLoad: 256.5"),
            Key.of("offHeapMemoryLoad", "Off-heap memory load", NUMBER).withoutIt("Storm's").atLeast(0)
                    .means("MB; may be given without `onHeapMemoryLoad`.", "offHeapMemoryLoad: 64"),
            Key.of("cpuLoad", "CPU load", NUMBER).withoutIt("Storm's").atLeast(0)
                    .means("Percent of a core; fractions allowed (`12.5`).", "cpuLoad: 12.5"),
            Key.of("config", "Component config", STORM_CONFIG).withoutIt("`{}`")
                    .means("This component's configuration (what `declarer.addConfigurations` does). "
                    + "Values of Storm keys are checked with Storm's validators; Storm-looking keys Storm does not know "
                    + "are warnings, as at the top level. Keys that Storm 2.8 workers drop at "
                    + "component level are warnings. Compression keys (`fluxext.compression.*`, Storm 3 keys) are "
                    + "honoured as this component's compression settings, over the topology's block; one also set in "
                    + "this component's `compression:` block is an error.",
                    "config:\n  topology.tick.tuple.freq.secs: 10\n  my.bolt.setting: 42"),
            Key.of("compression", "Component compression", COMPRESSION_BLOCK)
                    .means("Overrides the topology's `compression:` key by key for tuples this component sends.",
                    "compression:\n  codec: lz4\n  threshold: 512")),
            List.of());

    public static final Element TOPOLOGY_SOURCE = OBJECT.plus("topologySource", "topology source", List.of(
            Key.of("methodName", "Method name", TEXT).defaultsTo("getTopology")
                    .means("The method returning the `StormTopology`.", "methodName: getTopology")),
            List.of());

    public static final Element GROUPING = new Element("grouping", "grouping", List.of(
            Key.of("type", "Grouping type", new Shape(Kind.CHOICE, Optional.empty(), List.of(
                    new Choice("SHUFFLE", "Random, evenly spread over the target tasks."),
                    new Choice("FIELDS", "Tuples with equal values of the args fields go to the same task."),
                    new Choice("ALL", "Every task receives every tuple."),
                    new Choice("GLOBAL", "All tuples go to the task with the lowest id."),
                    new Choice("LOCAL_OR_SHUFFLE", "Prefer target tasks in the same worker, else shuffle."),
                    new Choice("NONE", "No preference (currently the same as SHUFFLE)."),
                    new Choice("DIRECT", "The emitter chooses the task (emitDirect); the stream must be declared "
                            + "direct."),
                    new Choice("CUSTOM", "Your CustomStreamGrouping, given as customClass.")), "enum")).mustBeGiven()
                    .means("`SHUFFLE`, `FIELDS`, `ALL`, `GLOBAL`, `LOCAL_OR_SHUFFLE`, `NONE`, `DIRECT`, `CUSTOM`, "
                            + "in any case.", "type: SHUFFLE"),
            Key.of("streamId", "Stream id", TEXT).defaultsTo("default")
                    .means("The output stream of `from` to subscribe to.", "streamId: errors"),
            Key.of("args", "Grouping fields", Shape.of(Kind.TEXT_LIST, "list of field names"))
                    .means("`FIELDS` only, and required (non-empty) there.", "args: [word]")
                    .mistakenlyCalled("fields"),
            Key.of("customClass", "Custom grouping class", Shape.map("customGrouping",
                    "[object](#object-definitions)"))
                    .means("`CUSTOM` only, and required there: a `CustomStreamGrouping`.",
                    "customClass:\n  className: com.example.MyGrouping")),
            List.of(Rule.onlyFor("args", "type", "FIELDS", "the list of field names to group by"),
                    Rule.onlyFor("customClass", "type", "CUSTOM", "the CustomStreamGrouping to use")));

    public static final Element STREAM = new Element("stream", "streams", List.of(
            Key.of("name", "Stream name", LABEL).means("Informational only; may be empty (`name: \"\"`, as Storm's "
                    + "examples write it).", "name: sentences to splitter"),
            Key.of("from", "From", ID).mustBeGiven()
                    .means("A spout or bolt, or a component Storm adds (`__system`, whose `__tick` stream carries "
                            + "tick tuples; `__acker`; ...). An unknown id is an error suggesting the nearest one.",
                            "from: sentences"),
            Key.of("to", "To", ID).mustBeGiven().means("A bolt (a spout is an error). A bolt no stream goes to is "
                    + "left out of the topology, as Storm's Flux leaves it out.", "to: splitter"),
            Key.of("grouping", "Grouping", Shape.map("grouping", "[grouping](#streams)")).mustBeGiven()
                    .means("How tuples are distributed among the tasks of `to`.",
                    "grouping:\n  type: FIELDS\n  args: [word]")),
            List.of());

    public static final Element PROPERTY = new Element("property", "property", List.of(
            Key.of("name", "Property name", TEXT).mustBeGiven()
                    .means("The property (setter `setName` or public field `name`).", "name: batchSize"),
            Key.of("value", "Value", ANY).means("The value; exactly one of `value` and `ref`.", "value: 100"),
            Key.of("ref", "Reference", ID).means("A component; exactly one of `value` and `ref`.",
                    "ref: stringScheme")),
            List.of(Rule.exactlyOne("value", "ref", "give the value, or the id of a component")));

    public static final Element CONFIG_METHOD = new Element("configMethod", "config method", List.of(
            Key.of("name", "Method name", TEXT).mustBeGiven().means("The method to call.", "name: withFields"),
            Key.of("args", "Method arguments", ARGUMENTS).withoutIt("`[]`")
                    .means("Its arguments.", "args: [word, count]")),
            List.of());

    public static final Element INCLUDE = new Element("include", "includes", List.of(
            Key.of("file", "File", TEXT).mustBeGiven().means("Path (or classpath resource name) of the included "
                    + "topology file; a relative path is read from the working directory, as Storm's Flux reads it "
                    + "(else, with a warning, from the including file's directory).", "file: common.yaml"),
            Key.of("resource", "Classpath resource", FLAG).defaultsTo(false)
                    .means("`true`: `file` names a classpath resource; `false`: a file path.", "resource: true"),
            Key.of("override", "Override", FLAG).defaultsTo(true)
                    .means("`true`: the included file's components, spouts, bolts and config keys replace this "
                    + "file's entries with the same id or key; `false`: this file's entries win.", "override: false")),
            List.of());

    /**
     * The {@code transport:} block: its type, its batch compression (settings declared as
     * {@code BatchCompressionOptions}) and Netty's tuning keys (declared in {@link TransportOptions}, each a Storm
     * config key whose value Storm's own validator checks, as in {@code config:}).
     */
    public static final Element TRANSPORT = new Element("transport", "transport", transportKeys(), List.of());

    private static List<Key> transportKeys() {
        List<Key> keys = new ArrayList<>(List.of(
                Key.of(TransportOptions.TYPE, "Transport type", TEXT).defaultsTo(TransportOptions.NETTY)
                        .means("`netty` for Storm's Netty transport (`" + TransportOptions.NETTY_CONTEXT + "`), or "
                        + "the fully qualified name of a class implementing `org.apache.storm.messaging.IContext` "
                        + "(a missing class, or one that is not an `IContext`, is an error at the value). Sets `"
                        + TransportOptions.TRANSPORT_KEY + "`.", "type: netty"),
                Key.of(TransportOptions.COMPRESSION, "Batch compression",
                        Shape.map("transportCompression", "[batch compression block](compression.md#batch-compression-the-transport)"))
                        .withoutIt("none").means("Compress each bundle of messages a worker sends to another "
                        + "worker as one frame (the transport above is wrapped). Component tuples are then not compressed again unless their "
                        + "own `compression:` block names a codec.",
                        "compression:\n  codec: zstd\n  zstd:\n    level: 3"),
                Key.of(TransportOptions.GUARD, "Receive guard", FLAG).defaultsTo(true)
                        .means("Each worker checks every message it receives before Storm reads it (destination "
                        + "and source task, stream, anchors, bounded values; see security.md): a bad message is "
                        + "dropped, counted and logged instead of ending the worker. Costs a byte per tuple and a "
                        + "check per message (figures in security.md). `false`: Storm reads what arrives as stock "
                        + "Storm does (batch frames are still checked); a topology with a per-tuple `compression:` "
                        + "block is guarded either way.", "guard: false"),
                Key.of(TransportOptions.TLS, "Worker TLS", Shape.map("transportTls", "[TLS block](#transport-tls)"))
                        .withoutIt("none").means("Mutual TLS between workers with Storm's Netty TLS (Storm 2.6.4 or "
                        + "later; `type: netty` only), the password read by each worker, not written in the topology "
                        + "config.", "tls:\n  keystore: /etc/fluxext/tls/worker.p12\n  truststore: "
                        + "/etc/fluxext/tls/ca.p12\n  password: {env: FLUX_TLS_PASSWORD}")));
        for (TransportOptions.NettyKey netty : TransportOptions.NETTY_KEYS) {
            keys.add(Key.of(netty.yamlName(), words(netty.yamlName()), new Shape(Kind.STORM_VALUE,
                    Optional.of(netty.stormKey()), List.of(), "as Storm's key")).withoutIt("Storm's")
                    .means(netty.description() + " Sets `" + netty.stormKey() + "` (checked by Storm's validator; a "
                    + "warning with a `type` other than netty).", netty.yamlName() + ": " + netty.example()));
        }
        return keys;
    }

    /**
     * The {@code transport: {tls: ...}} block: Storm's worker-to-worker mutual TLS ({@code storm.messaging.netty.tls.*},
     * Storm 2.6.4 and later), with the password read by each worker rather than written in the topology config.
     */
    public static final Element TLS = new Element("transportTls", "transport TLS", List.of(
            Key.of("keystore", "Keystore", TEXT).mustBeGiven().means("The worker's key and certificate chain: a "
                    + "PKCS12 (`.p12`, `.pfx`) or JKS file; a relative path is resolved against the directory of the "
                    + "file it is written in, and the config gets the absolute path. Each worker opens it on its own "
                    + "host (with `--local`: this host); `validate` and `submit` open it here when they can read the "
                    + "password.", "keystore: /etc/fluxext/tls/worker.p12"),
            Key.of("truststore", "Truststore", TEXT).mustBeGiven().means("The CAs a peer's certificate must chain to "
                    + "(paths as for `keystore`). There is no host name check: every holder of a certificate from these CAs "
                    + "can exchange tuples with the workers, so use a CA that issues certificates for this "
                    + "topology's workers only (`flux tls init`).", "truststore: /etc/fluxext/tls/ca.p12"),
            Key.of("password", "Store password", Shape.map("tlsPassword", "`{env: NAME}` or `{file: PATH}`"))
                    .mustBeGiven().means("Where each worker reads the stores' password: its environment variable "
                    + "(`env`) or a file on its host (`file`, absolute; one line). Never the password itself: the "
                    + "topology config, which Storm logs and its UI shows, holds only the variable's name or the "
                    + "file's path.", "password: {env: FLUX_TLS_PASSWORD}"),
            Key.of("clientKeystore", "Client keystore", TEXT).withoutIt("the keystore").means("The key a worker shows "
                    + "when it connects to another worker, if not the keystore's (same password).",
                    "clientKeystore: /etc/fluxext/tls/client.p12"),
            Key.of("clientTruststore", "Client truststore", TEXT).withoutIt("the truststore").means("The CAs a "
                    + "worker accepts from the workers it connects to, if not the truststore's (same password).",
                    "clientTruststore: /etc/fluxext/tls/ca.p12"),
            Key.of("protocols", "TLS protocol", TEXT).defaultsTo("TLSv1.3").means("The protocol workers speak, one "
                    + "name (Storm passes one): `TLSv1.3` or `TLSv1.2`; older ones (`TLSv1.1`, `TLSv1`, `SSLv3`) are "
                    + "an error. Sets `storm.messaging.netty.tls.ssl.protocols`.",
                    "protocols: TLSv1.3"),
            Key.of("ciphers", "Cipher suites", Shape.of(Kind.TEXT_LIST, "list of cipher suite names"))
                    .withoutIt("Storm's: TLS_AES_256_GCM_SHA384, TLS_CHACHA20_POLY1305_SHA256, TLS_AES_128_GCM_SHA256")
                    .means("The cipher suites workers may agree on: each one the engine offers for `protocols` "
                    + "(checked at `validate`, which lists them; with `TLSv1.2`, required: Storm's default suites are "
                    + "TLS 1.3's). Sets `storm.messaging.netty.tls.ciphers`.",
                    "ciphers: [TLS_AES_128_GCM_SHA256]"),
            Key.of("engine", "TLS engine", new Shape(Kind.CHOICE, Optional.empty(), List.of(
                    new Choice("auto", "OpenSSL (BoringSSL, bundled with Storm) where it loads, else the JDK's."),
                    new Choice("openssl", "OpenSSL or the worker does not start."),
                    new Choice("jdk", "The JDK's engine (slower; for a JVM where OpenSSL misbehaves).")), "enum"))
                    .defaultsTo("auto").means("`auto`, `openssl` or `jdk`; each worker logs the engine it uses.",
                    "engine: openssl")),
            List.of());

    /** Where a worker reads the TLS password. */
    public static final Element TLS_PASSWORD = new Element("tlsPassword", "TLS password", List.of(
            Key.of("env", "Environment variable", TEXT).means("The name of the variable in each worker's environment "
                    + "(a cluster's supervisors pass theirs on; with `--local`, the CLI's).",
                    "env: FLUX_TLS_PASSWORD"),
            Key.of("file", "Password file", TEXT).means("The absolute path of a file on each worker's host holding "
                    + "the password (a trailing newline is not part of it).", "file: /etc/fluxext/tls.pass")),
            List.of(Rule.exactlyOne("env", "file", "the worker's environment variable or a file on its host")));

    /**
     * Said after "must be a map" when a map-shaped key gets a scalar, where that has a likely cause: a password
     * written in the file.
     */
    static String notAMapFix(Key key) {
        return key.shape().definition().filter("tlsPassword"::equals).isPresent()
                ? ": never the password itself (it would go into the topology config, which Storm logs and its UI "
                + "shows); write password: {env: VARIABLE} or password: {file: /absolute/path}" : "";
    }

    /** bufferSize → "Buffer size". */
    private static String words(String camelCase) {
        String words = camelCase.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
        return Character.toUpperCase(words.charAt(0)) + words.substring(1);
    }

    /** Every element, in the order the reference documents them. */
    public static final List<Element> ALL = List.of(TOP, OBJECT, SHARED_OBJECT, COMPONENT, TOPOLOGY_SOURCE,
            CUSTOM_GROUPING, STREAM, GROUPING, PROPERTY, CONFIG_METHOD, INCLUDE, TRANSPORT, TLS, TLS_PASSWORD);

    private Language() {
    }
}
