package dev.fluxext.lang;

import dev.fluxext.model.GroupingDef;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The topology language, declared once: every element of a topology file and its keys, with type, default and
 * meaning. {@link ModelReader} checks files against it, the JSON Schema generator ({@code SchemaGenerator}, a test)
 * takes each key's set and description from it, and the tables of {@code docs/yaml-reference.md} are generated
 * from it ({@code ReferenceDocsTest}). The keys inside settings blocks (compression, transport) are declared as lists of
 * {@code ConfigOption}s in their own modules and read by {@link ModelReader}.
 */
public final class Language {

    /**
     * One key of an element: {@code type} and {@code defaultText} are for people (docs), {@code meaning} is the
     * description editors show, {@code example} the YAML they show with it. {@code min}, for numbers, is the
     * smallest allowed value: the check stage, the schema and the docs all take it from here.
     */
    public record Key(String name, String type, String defaultText, String meaning, String example,
                      OptionalDouble min) {

        public Key(String name, String type, String defaultText, String meaning, String example) {
            this(name, type, defaultText, meaning, example, OptionalDouble.empty());
        }

        /** This key with {@code min} as its smallest allowed value. */
        Key atLeast(double least) {
            return new Key(name, type, defaultText, meaning, example, OptionalDouble.of(least));
        }

        /** The type as the docs print it, e.g. {@code int ≥ 1}. */
        public String typeText() {
            return min.isPresent() ? type + " ≥ " + (long) min.getAsDouble() : type;
        }

        /** The smallest allowed value of a numeric key; fails for a key without one (a bug of the caller). */
        public double least() {
            return min.orElseThrow(() -> new IllegalStateException("'" + name + "' declares no minimum"));
        }
    }

    /** One kind of map in a topology file; {@code title} names its table in the reference. */
    public record Element(String title, List<Key> keys) {
        public List<String> keyNames() {
            return keys.stream().map(Key::name).toList();
        }

        public Optional<Key> key(String name) {
            return keys.stream().filter(k -> k.name().equals(name)).findFirst();
        }

        Element plus(String title, List<Key> more) {
            return new Element(title, concat(keys, more));
        }
    }

    public static final Element TOP = new Element("top level", List.of(
            new Key("name", "string", "—", "Topology name (the CLI may supply one instead).",
                    "name: word-count"),
            new Key("config", "map", "`{}`", "Topology config, as `Config` holds it. Keys Storm knows are checked "
                    + "with Storm's own validators; other keys pass through unchecked, but one that looks like Storm's "
                    + "(`topology.*`, `storm.*`, `nimbus.*`, `supervisor.*`, `worker.*`, ...) and is not a Storm 2.8 "
                    + "key is a warning naming the nearest known key (`topology.acker.executor` → "
                    + "`topology.acker.executors`): Storm would ignore it silently. Storm 3 compression keys are "
                    + "translated (see [compression](#compression)).",
                    "config:\n  topology.workers: 2\n  topology.max.spout.pending: 1000\n  my.app.setting: hello"),
            new Key("components", "list of [objects](#object-definitions)", "`[]`", "Shared objects, each with an "
                    + "`id`, that arguments and properties refer to with `ref`/`reflist`.",
                    "components:\n  - id: fields\n    className: org.apache.storm.tuple.Fields\n    constructorArgs:\n      - [word]"),
            new Key("spouts", "list of [spouts](#spouts-and-bolts)", "`[]`", "The spouts.",
                    "spouts:\n  - id: sentences\n    className: com.example.SentenceSpout\n    parallelism: 1"),
            new Key("bolts", "list of [bolts](#spouts-and-bolts)", "`[]`", "The bolts.",
                    "bolts:\n  - id: counter\n    className: com.example.CountBolt\n    parallelism: 4"),
            new Key("streams", "list of [streams](#streams)", "`[]`", "The streams between spouts and bolts.",
                    "streams:\n  - from: sentences\n    to: splitter\n    grouping:\n      type: SHUFFLE"),
            new Key("includes", "list of [includes](#includes)", "`[]`", "Other files merged into this one.",
                    "includes:\n  - file: common.yaml\n    override: false"),
            new Key("topologySource", "[object](#object-definitions) + `methodName`", "—", "An object whose method "
                    + "(`methodName`, default `getTopology`; it may take the topology config `Map`) returns the "
                    + "`StormTopology`. Mutually exclusive with `spouts`, `bolts` and `streams`.",
                    "topologySource:\n  className: com.example.MyTopology\n  methodName: getTopology"),
            new Key("workerHooks", "list of [objects](#object-definitions)", "`[]`",
                    "`org.apache.storm.hooks.IWorkerHook`s; `id` optional.",
                    "workerHooks:\n  - id: metricsHook\n    className: com.example.MetricsHook"),
            new Key("compression", "[compression block](#compression)", "none",
                    "Topology-wide default for tuple compression (extension).",
                    "compression:\n  codec: zstd\n  threshold: 1024\n  zstd:\n    level: 3"),
            new Key("transport", "[transport block](#transport)", "Netty",
                    "The messaging layer between workers (extension).",
                    "transport:\n  type: netty\n  bufferSize: 5242880")));

    public static final Element OBJECT = new Element("object definitions", List.of(
            new Key("id", "string", "—", "Required for components, spouts and bolts.",
                    "id: counter"),
            new Key("className", "string", "required", "Fully qualified; `$` for nested classes (`a.b.Outer$Inner`). "
                    + "A class that does not exist is an error at this value, naming the nearest existing class if "
                    + "one is close.",
                    "className: org.apache.storm.testing.TestWordSpout"),
            new Key("constructorArgs", "list", "`[]`", "Constructor arguments.",
                    "constructorArgs:\n  - 100\n  - {ref: fields}\n  - {reflist: [a, b]}"),
            new Key("properties", "list of `{name, value}` or `{name, ref}`", "`[]`", "After construction: "
                    + "`setName(value)` if such a method exists, else the public field `name`. Exactly one of `value` "
                    + "and `ref`.",
                    "properties:\n  - name: batchSize\n    value: 100\n  - name: scheme\n    ref: stringScheme"),
            new Key("configMethods", "list of `{name, args}`", "`[]`", "After properties: calls method `name` with "
                    + "`args` (a list, may be omitted); the return value is ignored.",
                    "configMethods:\n  - name: withFields\n    args: [word, count]"),
            new Key("factory", "string", "—", "A public static method of `className` that creates the object instead "
                    + "of a constructor.",
                    "factory: create"),
            new Key("factoryArgs", "list", "`[]`", "The factory's arguments (only with `factory`; not together with "
                    + "`constructorArgs`).",
                    "factoryArgs:\n  - localhost\n  - 6379")));

    /** What a spout or bolt adds to an object definition: one declaration for both. */
    public static final Element COMPONENT = OBJECT.plus("spouts and bolts", List.of(
            new Key("parallelism", "int", "1", "Number of executors (threads) running this component.",
                    "parallelism: 4").atLeast(1),
            new Key("numTasks", "int", "= parallelism", "Tasks; fewer than `parallelism` is a warning (only that "
                    + "many executors run).",
                    "numTasks: 8").atLeast(1),
            new Key("onHeapMemoryLoad", "number", "Storm's", "MB, fractions allowed.",
                    "onHeapMemoryLoad: 256.5").atLeast(0),
            new Key("offHeapMemoryLoad", "number", "Storm's", "MB; may be given without `onHeapMemoryLoad`.",
                    "offHeapMemoryLoad: 64").atLeast(0),
            new Key("cpuLoad", "number", "Storm's", "Percent of a core; fractions allowed (`12.5`).",
                    "cpuLoad: 12.5").atLeast(0),
            new Key("config", "map", "`{}`", "This component's configuration (what `declarer.addConfigurations` does). "
                    + "Values of Storm keys are checked with Storm's validators; Storm-looking keys Storm does not know "
                    + "are warnings, as at the top level. Keys that Storm 2.8 workers drop at "
                    + "component level are warnings. Compression keys (`fluxext.compression.*`, Storm 3 keys) are "
                    + "honoured as this component's compression settings, over the topology's block; one also set in "
                    + "this component's `compression:` block is an error.",
                    "config:\n  topology.tick.tuple.freq.secs: 10\n  my.bolt.setting: 42"),
            new Key("compression", "[compression block](#compression)", "—", "Overrides the topology's "
                    + "`compression:` key by key for tuples this component sends.",
                    "compression:\n  codec: lz4\n  threshold: 512")));

    public static final Element TOPOLOGY_SOURCE = OBJECT.plus("topology source",
            List.of(new Key("methodName", "string", "`getTopology`", "The method returning the `StormTopology`.",
                    "methodName: getTopology")));

    public static final Element STREAM = new Element("streams", List.of(
            new Key("name", "string", "—", "Informational only; may be empty (`name: \"\"`, as Storm's examples "
                    + "write it).",
                    "name: sentences to splitter"),
            new Key("from", "id", "required", "A spout or bolt. An unknown id is an error suggesting the nearest one.",
                    "from: sentences"),
            new Key("to", "id", "required", "A bolt (a spout is an error).",
                    "to: splitter"),
            new Key("grouping", "[grouping](#streams)", "required", "How tuples are distributed among the tasks of "
                    + "`to`.",
                    "grouping:\n  type: FIELDS\n  args: [word]")));

    public static final Element GROUPING = new Element("grouping", List.of(
            new Key("type", "enum", "required", java.util.Arrays.stream(GroupingDef.Type.values())
                    .map(t -> "`" + t + "`").collect(java.util.stream.Collectors.joining(", ")) + ", in any case.",
                    "type: SHUFFLE"),
            new Key("streamId", "string", "`default`", "The output stream of `from` to subscribe to.",
                    "streamId: errors"),
            new Key("args", "list of field names", "—", "`FIELDS` only, and required (non-empty) there.",
                    "args: [word]"),
            new Key("customClass", "[object](#object-definitions)", "—", "`CUSTOM` only, and required there: a "
                    + "`CustomStreamGrouping`.",
                    "customClass:\n  className: com.example.MyGrouping")));

    public static final Element PROPERTY = new Element("property", List.of(
            new Key("name", "string", "required", "The property (setter `setName` or public field `name`).",
                    "name: batchSize"),
            new Key("value", "any", "—", "The value; exactly one of `value` and `ref`.",
                    "value: 100"),
            new Key("ref", "id", "—", "A component; exactly one of `value` and `ref`.",
                    "ref: stringScheme")));

    public static final Element CONFIG_METHOD = new Element("config method", List.of(
            new Key("name", "string", "required", "The method to call.",
                    "name: withFields"),
            new Key("args", "list", "`[]`", "Its arguments.",
                    "args: [word, count]")));

    /** Every element, in the order the reference documents them. */
    public static final List<Element> ALL = List.of(TOP, OBJECT, COMPONENT, TOPOLOGY_SOURCE, STREAM, GROUPING,
            PROPERTY, CONFIG_METHOD);

    private Language() {
    }

    private static List<Key> concat(List<Key> a, List<Key> b) {
        List<Key> out = new java.util.ArrayList<>(a);
        out.addAll(b);
        return List.copyOf(out);
    }
}
