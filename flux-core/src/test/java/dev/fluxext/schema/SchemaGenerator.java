package dev.fluxext.schema;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.config.ConfigOption;
import dev.fluxext.lang.Language;
import dev.fluxext.transport.TransportOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.Config;
import org.yaml.snakeyaml.Yaml;

/**
 * Writes {@code schema/flux-topology.schema.json}: the hand-written DSL template plus the parts whose facts live in
 * code — every element of the language and its keys from {@link Language}, every key of Storm's {@link Config} (type from its validator annotations, text from its javadoc in the
 * storm-client sources jar, default from Storm's {@code defaults.yaml}), the compression block from
 * {@link CompressionOptions#ALL} and the transport block from {@link TransportOptions}.
 *
 * <p>Template conventions it expands: {@code x-example} becomes a {@code markdownDescription} (description plus a
 * YAML example); every element declared in {@code Language} gets its keys, shapes, required keys and rules from
 * there (the template gives only its title, description, example and snippets); every integer, number, boolean or enum value also accepts a {@code ${...}} placeholder
 * string, re-checked by the loader after substitution.
 *
 * <p>Run: {@code mvn -pl flux-core -am test -Dtest=SchemaUpToDateTest -Dschema.update=true}.
 */
public final class SchemaGenerator {

    static final Path TEMPLATE = Path.of("schema", "src", "flux-topology.template.json");
    static final Path OUTPUT = Path.of("schema", "flux-topology.schema.json");

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The template's codec descriptions, for both compression blocks. */
    private JsonNode codecDescriptions;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String PLACEHOLDER_PATTERN = "\\$\\{[^}]+\\}";
    private static final String PLACEHOLDER_REF = "#/definitions/placeholder";
    /** The transport type's pattern; SchemaProblems words its failure as the loader does (TYPE_PROBLEM). */
    static final String TRANSPORT_TYPE_PATTERN = "^(" + TransportOptions.NETTY + "|"
            + TransportOptions.CLASS_NAME.pattern() + ")$|" + PLACEHOLDER_PATTERN;
    private static final String ANNOTATIONS = "org.apache.storm.validation.ConfigValidationAnnotations$";

    private final Map<String, String> javadocs;
    private final Map<String, Object> stormDefaults;

    private SchemaGenerator(Map<String, String> javadocs, Map<String, Object> stormDefaults) {
        this.javadocs = javadocs;
        this.stormDefaults = stormDefaults;
    }

    /**
     * Reads Storm's facts: {@code Config.java} as flux-core's build unpacks it from the storm-client sources jar (into
     * {@code target/storm-sources}) and {@code defaults.yaml} from the storm-client jar on the classpath.
     */
    public static SchemaGenerator fromBuild(Path fluxCoreDir) throws IOException {
        Path configSource = fluxCoreDir.resolve("target/storm-sources/org/apache/storm/Config.java");
        if (!Files.isRegularFile(configSource)) {
            throw new IllegalStateException(configSource + " is missing: run the generator through Maven "
                    + "(flux-core's build unpacks it from the storm-client sources jar)");
        }
        Map<String, Object> defaults = new Yaml().load(resource("defaults.yaml"));
        return new SchemaGenerator(javadocsByConstant(Files.readString(configSource)), defaults);
    }

    /** Generates the schema text (with a trailing newline) from the template under {@code projectRoot}. */
    public String generate(Path projectRoot) throws IOException {
        ObjectNode template = (ObjectNode) JSON.readTree(Files.readString(projectRoot.resolve(TEMPLATE)));
        ObjectNode schema = NODES.objectNode();
        schema.set("$schema", template.remove("$schema"));
        schema.set("$id", template.remove("$id"));
        schema.put("$comment", "GENERATED by dev.fluxext.schema.SchemaGenerator from " + TEMPLATE.toString()
                .replace('\\', '/') + ", Storm's Config, CompressionOptions and TransportOptions: edit the template "
                + "and regenerate (docs/editors.md).");
        schema.setAll(template);
        ObjectNode definitions = (ObjectNode) schema.get("definitions");
        definitions.set("stormConfig", stormConfig());
        fillCompression((ObjectNode) definitions.get("compression"));
        fillTransport((ObjectNode) definitions.get("transport"));
        declared(schema, Language.TOP);
        for (Language.Element element : Language.ALL) {
            if (element != Language.TOP && element != Language.TRANSPORT) { // the transport: fillTransport
                declared(definition(definitions, element.name()), element);
            }
        }
        declared(definition(definitions, "bolt"), Language.COMPONENT); // the spout's keys, its own description
        schema.set("definitions", schema.remove("definitions")); // after the top level's keys, for people reading it
        expand(schema);
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        return JSON.writer(printer).writeValueAsString(schema) + "\n";
    }

    // ---- config: ----

    private ObjectNode stormConfig() {
        ObjectNode properties = NODES.objectNode();
        Map<String, ObjectNode> byKey = new TreeMap<>();
        for (Field field : Config.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                String key = (String) staticValue(field);
                byKey.put(key, stormKeySchema(field, key));
            }
        }
        for (ConfigOption option : CompressionOptions.ALL) {
            byKey.put(option.key(), optionSchema(option, option.key(),
                    "fluxext compression setting (prefer a compression: block). " + option.description(),
                    option.key() + ": " + option.example()));
        }
        for (Map.Entry<String, ConfigOption> storm3 : CompressionOptions.fallbackKeys().entrySet()) {
            String key = storm3.getKey();
            ObjectNode s;
            if (key.equals(CompressionOptions.STORM3_ENABLE)) {
                s = titled(key, "Storm 3 key, translated: true compresses with zstd, false turns compression off.",
                        key + ": true");
                s.set("type", types("boolean"));
            } else {
                ConfigOption option = storm3.getValue();
                s = optionSchema(option, key, "Storm 3 key, translated to compression " + option.yamlPath() + ". "
                        + option.description(), key + ": " + option.example());
            }
            byKey.put(key, s);
        }
        byKey.forEach(properties::set);
        ObjectNode config = NODES.objectNode();
        config.put("$comment", "Generated from org.apache.storm.Config (storm-client 2.8.3) and fluxext options.");
        config.set("type", types("object"));
        config.set("properties", properties);
        config.put("additionalProperties", true);
        return config;
    }

    private ObjectNode stormKeySchema(Field field, String key) {
        String doc = javadocs.getOrDefault(field.getName(), "Storm setting " + key + ".");
        Object defaultValue = stormDefaults.get(key);
        ObjectNode s = titled(humanize(field.getName()), doc, key + ": " + exampleValue(field, defaultValue));
        if (field.isAnnotationPresent(Deprecated.class)) {
            s.put("deprecated", true);
        }
        if (defaultValue != null) {
            s.set("default", JSON.valueToTree(defaultValue));
        }
        s.setAll(typeOf(field));
        return s;
    }

    /**
     * Maps Storm's validator annotations to the closest JSON Schema; anything without a faithful equivalent stays
     * unconstrained rather than risk rejecting what Storm accepts.
     */
    private static ObjectNode typeOf(Field field) {
        ObjectNode s = NODES.objectNode();
        boolean nullable = true;
        boolean positive = false;
        boolean includeZero = false;
        for (Annotation a : field.getAnnotations()) {
            String name = a.annotationType().getName();
            if (!name.startsWith(ANNOTATIONS)) {
                continue;
            }
            switch (name.substring(ANNOTATIONS.length())) {
                case "IsInteger" -> {
                    s.set("type", types("integer"));
                    s.put("minimum", Integer.MIN_VALUE);
                    s.put("maximum", Integer.MAX_VALUE);
                }
                case "IsLong" -> s.set("type", types("integer"));
                case "IsNumber" -> s.set("type", types("number"));
                case "IsBoolean" -> s.set("type", types("boolean"));
                case "IsString" -> {
                    s.set("type", types("string"));
                    List<String> accepted = Arrays.stream((String[]) attribute(a, "acceptedValues"))
                            .filter(v -> !v.isEmpty()).toList();
                    if (!accepted.isEmpty()) {
                        s.set("enum", JSON.valueToTree(accepted));
                    }
                }
                case "IsImplementationOfClass", "IsDerivedFrom" -> s.set("type", types("string"));
                case "IsStringList" -> {
                    s.set("type", types("array"));
                    s.set("items", javaType((Class<?>) attribute(a, "type")));
                }
                case "IsListEntryType" -> {
                    s.set("type", types("array"));
                    s.set("items", javaType((Class<?>) attribute(a, "type")));
                }
                case "IsStringOrStringList" -> {
                    s.set("type", types("string", "array"));
                    s.set("items", javaType(String.class));
                }
                case "IsListEntryCustom", "IsExactlyOneOf" -> s.set("type", types("array"));
                case "IsKryoReg" -> {
                    s.set("type", types("array"));
                    s.set("items", JSON.createObjectNode().set("type", types("string", "object")));
                }
                case "IsMapEntryType" -> {
                    s.set("type", types("object"));
                    s.set("additionalProperties", javaType((Class<?>) attribute(a, "valueType")));
                }
                case "IsMapEntryCustom" -> s.set("type", types("object"));
                case "IsType" -> s.setAll(javaType((Class<?>) attribute(a, "type")));
                case "IsPositiveNumber" -> {
                    positive = true;
                    includeZero = (Boolean) attribute(a, "includeZero");
                }
                case "IsNoDuplicateInList" -> s.put("uniqueItems", true);
                case "NotNull" -> nullable = false;
                case "CustomValidator" -> s.setAll(customValidator((Class<?>) attribute(a, "validatorClass")));
                default -> { // IsPowerOf2, Password, ...: no closer JSON Schema equivalent
                }
            }
        }
        if (positive) {
            if (!s.has("type")) {
                s.set("type", types("number"));
            }
            s.remove("minimum");
            s.put(includeZero ? "minimum" : "exclusiveMinimum", 0);
        }
        if (s.has("type") && nullable) {
            ((ArrayNode) s.get("type")).add("null");
        }
        return s;
    }

    private static ObjectNode customValidator(Class<?> validator) {
        ObjectNode s = NODES.objectNode();
        switch (validator.getSimpleName()) {
            case "MapOfStringToMapOfStringToObjectValidator" -> {
                s.set("type", types("object"));
                s.set("additionalProperties", JSON.createObjectNode().set("type", types("object")));
            }
            case "PacemakerAuthTypeValidator" -> s.set("enum", JSON.valueToTree(List.of("NONE", "DIGEST", "KERBEROS")));
            default -> { // unknown semantics: accept anything
            }
        }
        return s;
    }

    private static ObjectNode javaType(Class<?> type) {
        ObjectNode s = NODES.objectNode();
        if (type == String.class) {
            s.set("type", types("string"));
        } else if (type == Boolean.class) {
            s.set("type", types("boolean"));
        } else if (type == Integer.class || type == Long.class) {
            s.set("type", types("integer"));
        } else if (Number.class.isAssignableFrom(type)) {
            s.set("type", types("number"));
        } else if (Map.class.isAssignableFrom(type)) {
            s.set("type", types("object"));
        } else if (List.class.isAssignableFrom(type)) {
            s.set("type", types("array"));
        }
        return s;
    }

    private static Object exampleValue(Field field, Object defaultValue) {
        if (defaultValue != null) {
            try {
                return JSON.writeValueAsString(defaultValue);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        JsonNode type = typeOf(field).path("type").path(0);
        return switch (type.asText()) {
            case "integer", "number" -> "10";
            case "boolean" -> "true";
            case "array" -> "[a, b]";
            case "object" -> "{key: value}";
            default -> "value";
        };
    }

    // ---- compression: / transport: ----

    private void fillCompression(ObjectNode compression) {
        codecDescriptions = compression.remove("x-codec-descriptions");
        compressionBlock(compression, CompressionOptions.ALL, CompressionOptions.CODEC);
    }

    /** A compression block's schema from its options: a component's tuples, or the transport's bundles. */
    private void compressionBlock(ObjectNode compression, List<ConfigOption> options, ConfigOption codecOption) {
        compression.set("type", types("object"));
        compression.put("additionalProperties", false);
        ObjectNode properties = compression.putObject("properties");
        for (ConfigOption option : options) {
            String[] path = option.yamlPath().split("\\.");
            ObjectNode target = properties;
            if (path.length == 2) {
                target = codecBlock(properties, path[0]);
            }
            String leaf = path[path.length - 1];
            ObjectNode s = optionSchema(option, humanize(leaf), option.description(),
                    option.yamlPath().replace(".", ":\n  ") + ": " + option.example());
            if (option == codecOption) {
                ArrayNode descriptions = NODES.arrayNode();
                for (String codec : option.allowed()) {
                    JsonNode d = codecDescriptions.get(codec);
                    if (d == null) {
                        throw new IllegalStateException("template lacks x-codec-descriptions." + codec);
                    }
                    descriptions.add(d.asText());
                }
                ((ObjectNode) s.get("anyOf").get(0)).set("enumDescriptions", descriptions);
            }
            target.set(leaf, s);
        }
        for (String codec : codecOption.allowed()) {
            if (!codec.equals("none")) {
                codecBlock(properties, codec); // a codec without settings still has its (empty) block
            }
        }
    }

    private static ObjectNode codecBlock(ObjectNode properties, String codec) {
        if (!properties.has(codec)) {
            ObjectNode block = titled(codec + " settings", "Settings used when codec is " + codec + ".",
                    codec + ": {}");
            block.set("type", types("object"));
            block.put("additionalProperties", false);
            block.putObject("properties");
            properties.set(codec, block);
        }
        return (ObjectNode) properties.get(codec).get("properties");
    }

    private static ObjectNode optionSchema(ConfigOption option, String title, String description, String example) {
        ObjectNode s = titled(title, description, example);
        s.set("default", JSON.valueToTree(option.defaultValue()));
        switch (option.type()) {
            case INT -> {
                s.set("type", types("integer"));
                s.put("minimum", option.min());
                s.put("maximum", option.max());
                option.excluded().ifPresent(x -> {
                    // An enum, not a typed range: the placeholder expansion must not reach inside the "not".
                    ArrayNode gap = s.putObject("not").putArray("enum");
                    java.util.stream.LongStream.rangeClosed(x.from(), x.to()).forEach(gap::add);
                    s.put("description", s.get("description").asText() + " Allowed: " + option.rangeText() + ".");
                });
            }
            case STRING -> {
                if (option.allowed().isEmpty()) {
                    s.set("type", types("string"));
                } else {
                    ArrayNode anyOf = s.putArray("anyOf");
                    anyOf.addObject().set("enum", JSON.valueToTree(option.allowed()));
                    anyOf.addObject().put("$ref", PLACEHOLDER_REF);
                }
            }
            default -> throw new AssertionError(option.type());
        }
        return s;
    }

    /**
     * The transport block: its keys as {@link Language#TRANSPORT} declares them, then what only code knows: the
     * type's accepted names, the batch compression settings and each Netty key's type from Storm's annotations.
     */
    private void fillTransport(ObjectNode transport) {
        declared(transport, Language.TRANSPORT);
        ObjectNode properties = (ObjectNode) transport.get("properties");
        ObjectNode type = (ObjectNode) properties.get(TransportOptions.TYPE);
        type.put("pattern", TRANSPORT_TYPE_PATTERN);
        type.set("examples", JSON.valueToTree(List.of(TransportOptions.NETTY)));
        ObjectNode batch = (ObjectNode) properties.get(TransportOptions.COMPRESSION);
        batch.remove("allOf"); // the block is written out here, not a definition of its own
        compressionBlock(batch, BatchCompressionOptions.ALL, BatchCompressionOptions.CODEC);
        Map<String, Field> fieldsByKey = new HashMap<>();
        for (Field field : Config.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                fieldsByKey.put((String) staticValue(field), field);
            }
        }
        for (Language.Key key : Language.TRANSPORT.keys()) {
            if (key.shape().kind() != Language.Kind.STORM_VALUE) {
                continue;
            }
            String stormKey = key.shape().definition().orElseThrow();
            Field field = fieldsByKey.get(stormKey);
            if (field == null) {
                throw new IllegalStateException("Storm's Config has no key " + stormKey);
            }
            ObjectNode s = (ObjectNode) properties.get(key.name());
            Object defaultValue = stormDefaults.get(stormKey);
            if (defaultValue != null) {
                s.set("default", JSON.valueToTree(defaultValue));
            }
            s.setAll(typeOf(field));
        }
    }

    // ---- elements declared in Language ----

    private static ObjectNode definition(ObjectNode definitions, String name) {
        JsonNode definition = definitions.get(name);
        if (!(definition instanceof ObjectNode o)) {
            throw new IllegalStateException("the template lacks definitions." + name + " (its title, description "
                    + "and example; the keys come from Language)");
        }
        return o;
    }

    /**
     * An element's schema from its declaration: its keys with their shapes, required keys and rules. The template
     * gives only what people read about the element as a whole (title, description, example, snippets).
     */
    private static void declared(ObjectNode definition, Language.Element element) {
        for (String owned : List.of("type", "properties", "required", "additionalProperties", "allOf", "oneOf",
                "if", "dependencies")) {
            if (definition.has(owned)) {
                throw new IllegalStateException("the template gives '" + owned + "' of " + element.title()
                        + ": it is generated from Language");
            }
        }
        definition.set("type", types("object"));
        definition.put("additionalProperties", false);
        if (!element.requiredKeys().isEmpty()) {
            definition.set("required", JSON.valueToTree(element.requiredKeys()));
        }
        ObjectNode properties = definition.putObject("properties");
        element.keys().forEach(k -> properties.set(k.name(), keySchema(k)));
        ArrayNode rules = NODES.arrayNode();
        element.rules().forEach(r -> rules.add(ruleSchema(r, element)));
        if (!rules.isEmpty()) {
            definition.set("allOf", rules);
        }
    }

    private static ObjectNode keySchema(Language.Key key) {
        ObjectNode s = titled(key.title(), key.meaning(), key.example());
        key.defaultValue().ifPresent(v -> s.set("default", JSON.valueToTree(v)));
        Language.Shape shape = key.shape();
        switch (shape.kind()) {
            case TEXT -> {
                s.set("type", types("string"));
                s.put("minLength", 1);
            }
            case LABEL -> s.set("type", types("string"));
            case WHOLE_NUMBER -> s.set("type", types("integer"));
            case NUMBER -> s.set("type", types("number"));
            case FLAG -> s.set("type", types("boolean"));
            case CHOICE -> {
                ArrayNode anyOf = s.putArray("anyOf");
                ObjectNode exact = anyOf.addObject();
                exact.set("enum", JSON.valueToTree(shape.choiceValues()));
                exact.set("enumDescriptions", JSON.valueToTree(shape.choices().stream()
                        .map(Language.Choice::meaning).toList()));
                ObjectNode anyCase = anyOf.addObject();
                anyCase.put("type", "string");
                anyCase.put("pattern", "^(" + String.join("|", shape.choiceValues().stream()
                        .map(SchemaGenerator::anyCase).toList()) + ")$");
                anyOf.addObject().put("$ref", PLACEHOLDER_REF);
            }
            case LIST -> {
                s.set("type", types("array"));
                s.putObject("items").put("$ref", "#/definitions/" + shape.definition().orElseThrow());
            }
            case TEXT_LIST -> {
                s.set("type", types("array"));
                s.putObject("items").set("type", types("string"));
            }
            case MAP -> s.putArray("allOf").addObject().put("$ref", "#/definitions/" + shape.definition()
                    .orElseThrow());
            case STORM_VALUE, ANY -> { // a Storm key's type is added where Storm's annotations are read
            }
            default -> throw new AssertionError(shape.kind());
        }
        key.min().ifPresent(least -> s.put("minimum", (long) least));
        return s;
    }

    /**
     * A rule between keys as draft-07 says it. Its words are the {@code description} of the (untitled) rule subschema,
     * a standard annotation: SchemaProblems reports them, and strict Ajv needs no extra keyword for them.
     */
    private static ObjectNode ruleSchema(Language.Rule rule, Language.Element element) {
        List<String> keys = rule.keys();
        ObjectNode s = NODES.objectNode();
        switch (rule.kind()) {
            case EXACTLY_ONE -> {
                ArrayNode oneOf = s.putArray("oneOf");
                // Editors offer and document a oneOf branch's keys: each branch carries its key's whole schema.
                keys.forEach(k -> requiring(oneOf.addObject(), k).setAll(keySchema(element.key(k).orElseThrow())));
                s.put("description", "needs exactly one of '" + keys.get(0) + "' or '" + keys.get(1) + "': "
                        + rule.fix());
            }
            case REQUIRES -> s.putObject("dependencies").set(keys.get(0), JSON.valueToTree(List.of(keys.get(1))));
            case EXCLUDES -> {
                requiring(s.putObject("if"), keys.get(0));
                ObjectNode excluded = s.putObject("then").putObject("properties");
                keys.subList(1, keys.size()).forEach(other -> excluded.putObject(other).put("description", "'"
                        + other + "' cannot be combined with '" + keys.get(0) + "': " + rule.fix())
                        .putObject("not"));
            }
            case ONLY_FOR -> {
                ObjectNode choice = requiring(s.putObject("if"), keys.get(1));
                choice.put("type", "string");
                choice.put("pattern", "^" + anyCase(rule.value().orElseThrow()) + "$");
                ObjectNode needed = requiring(s.putObject("then"), keys.get(0));
                if (element.key(keys.get(0)).orElseThrow().shape().kind() == Language.Kind.TEXT_LIST) {
                    needed.put("type", "array"); // strict mode: a keyword's type is stated where it is used
                    needed.put("minItems", 1);
                }
                s.putObject("else").putObject("properties").putObject(keys.get(0)).put("description", "'"
                        + keys.get(0) + "' is only used by " + rule.value().get() + " " + element.title())
                        .putObject("not");
            }
            default -> throw new AssertionError(rule.kind());
        }
        return s;
    }

    /**
     * {@code required: [key]} in a rule's subschema, with the key also named under its {@code properties}: Ajv's
     * strict mode (what SchemaStore checks) refuses a required key its own subschema does not define. Returns the
     * key's (empty) subschema there, for a rule that constrains the value too.
     */
    private static ObjectNode requiring(ObjectNode subschema, String key) {
        subschema.set("required", JSON.valueToTree(List.of(key)));
        return subschema.putObject("properties").putObject(key);
    }

    /** SHUFFLE → [Ss][Hh]...: a pattern matching the word in any case (JSON Schema has no case-insensitive flag). */
    private static String anyCase(String word) {
        StringBuilder out = new StringBuilder();
        for (char c : word.toCharArray()) {
            out.append(Character.isLetter(c) ? "[" + Character.toUpperCase(c) + Character.toLowerCase(c) + "]"
                    : String.valueOf(c));
        }
        return out.toString();
    }

    // ---- template expansion ----

    /**
     * Placeholders for typed values and markdownDescription from x-example, everywhere; children first, so the
     * branches made here are not expanded again.
     */
    private static void expand(JsonNode node) {
        if (node instanceof ObjectNode o) {
            o.elements().forEachRemaining(SchemaGenerator::expand);
            JsonNode example = o.remove("x-example");
            if (example != null) {
                o.put("markdownDescription", o.get("description").asText() + "\n\nExample:\n\n```yaml\n"
                        + example.asText() + "\n```");
            }
            JsonNode type = o.get("type");
            if (o.has("enum") && o.has("title")) { // a property's own enum, not an anyOf branch
                wrapEnum(o);
            } else if (type != null && (type.isTextual() || type.isArray()) && !o.has("pattern")) {
                // (a textual or array type: a properties map may hold a key called "type")
                List<String> typeNames = new ArrayList<>();
                type.forEach(t -> typeNames.add(t.asText()));
                if (type.isTextual()) {
                    typeNames.add(type.asText());
                }
                boolean typed = typeNames.stream().anyMatch(t -> t.equals("integer") || t.equals("number")
                        || t.equals("boolean"));
                if (typed && !typeNames.contains("string")) {
                    oneBranchPerType(o, typeNames, true);
                } else if (typeNames.size() > 1) {
                    oneBranchPerType(o, typeNames, false);
                } else if (type.isArray()) {
                    o.put("type", typeNames.get(0));
                }
            }
        } else if (node instanceof ArrayNode a) {
            a.elements().forEachRemaining(SchemaGenerator::expand);
        }
    }

    /** The keywords that constrain only values of one JSON type: they go to that type's branch. */
    private static final Map<String, List<String>> KEYWORDS_OF_TYPE = Map.of(
            "integer", List.of("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"),
            "number", List.of("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"),
            "string", List.of("pattern", "minLength", "maxLength", "format"),
            "array", List.of("items", "additionalItems", "minItems", "maxItems", "uniqueItems", "contains"),
            "object", List.of("properties", "patternProperties", "additionalProperties", "required",
                    "propertyNames", "minProperties", "maxProperties", "dependencies"));

    /**
     * {@code type: [integer, null]} (and a typed value's placeholder) as an {@code anyOf} with one typed branch per
     * type, each holding its own type's keywords: Ajv's strict mode (what SchemaStore checks) refuses union types.
     * Annotations, {@code enum} and {@code not} stay on the value's schema.
     */
    private static void oneBranchPerType(ObjectNode o, List<String> typeNames, boolean placeholder) {
        ArrayNode branches = NODES.arrayNode();
        Set<String> moved = new HashSet<>();
        for (String t : typeNames) {
            ObjectNode branch = branches.addObject();
            branch.put("type", t);
            for (String keyword : KEYWORDS_OF_TYPE.getOrDefault(t, List.of())) {
                if (o.has(keyword)) {
                    branch.set(keyword, o.get(keyword).deepCopy());
                    moved.add(keyword);
                }
            }
        }
        if (placeholder) {
            branches.addObject().put("$ref", PLACEHOLDER_REF);
        }
        moved.forEach(o::remove);
        o.remove("type");
        if (o.has("anyOf")) { // both must hold
            o.withArray("allOf").addObject().set("anyOf", o.remove("anyOf"));
        }
        o.set("anyOf", branches);
    }

    /** A bare enum outside an anyOf (Storm enums) also accepts a placeholder. */
    private static void wrapEnum(ObjectNode o) {
        ObjectNode enumBranch = NODES.objectNode();
        enumBranch.set("enum", o.remove("enum"));
        ArrayNode anyOf = o.putArray("anyOf");
        anyOf.add(enumBranch);
        anyOf.addObject().put("$ref", PLACEHOLDER_REF);
        o.remove("type");
    }

    // ---- helpers ----

    private static ObjectNode titled(String title, String description, String example) {
        ObjectNode s = NODES.objectNode();
        s.put("title", title);
        s.put("description", description);
        s.put("x-example", example);
        return s;
    }

    private static ArrayNode types(String... names) {
        ArrayNode a = NODES.arrayNode();
        Arrays.stream(names).forEach(a::add);
        return a;
    }

    /** TOPOLOGY_MAX_SPOUT_PENDING or maxDecompressedBytes → "Topology max spout pending" / "Max decompressed bytes". */
    static String humanize(String name) {
        String words = name.contains("_") ? name.replace('_', ' ').toLowerCase(Locale.ROOT)
                : name.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
        return Character.toUpperCase(words.charAt(0)) + words.substring(1);
    }

    private static Object staticValue(Field field) {
        try {
            return field.get(null);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object attribute(Annotation a, String name) {
        try {
            return a.annotationType().getMethod(name).invoke(a);
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("annotation " + a + " has no " + name, e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = SchemaGenerator.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is not on the classpath: flux-core's test classpath "
                        + "must include storm-client");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final Pattern CONSTANT = Pattern.compile(
            "public static (?:final )?String (\\w+)\\s*=\\s*\"[^\"]*\"\\s*;");
    /** Javadoc, or a plain block comment: a few of Config's keys are documented with {@code /*} by mistake. */
    private static final Pattern JAVADOC = Pattern.compile("/\\*\\*?(.*?)\\*/", Pattern.DOTALL);

    /** Constant name → its javadoc as plain sentences: the last doc comment between a constant and the previous one. */
    static Map<String, String> javadocsByConstant(String source) {
        Map<String, String> docs = new HashMap<>();
        Matcher constant = CONSTANT.matcher(source);
        int previousEnd = 0;
        while (constant.find()) {
            Matcher doc = JAVADOC.matcher(source.substring(previousEnd, constant.start()));
            String last = null;
            while (doc.find()) {
                last = doc.group(1);
            }
            if (last != null) {
                docs.put(constant.group(1), plainText(last));
            }
            previousEnd = constant.end();
        }
        return docs;
    }

    private static String plainText(String javadoc) {
        String text = javadoc.replaceAll("(?m)^\\s*\\*\\s?", " ")
                .replaceAll("\\{@(?:link|code|linkplain)\\s+([^}]*)}", "$1")
                .replaceAll("</?(p|ul|li|code|pre|b|i|em|strong|br)\\s*/?>", " ")
                .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
                .replaceAll("@[Dd]eprecated\\b:?", "Deprecated:")
                .replaceAll("\\s+", " ").trim();
        int tags = text.indexOf(" @");
        return tags > 0 && text.substring(tags + 2).matches("(see|deprecated|since)\\b.*")
                ? text.substring(0, tags) : text;
    }
}
