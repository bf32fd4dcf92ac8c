package dev.fluxext.schema;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.config.ConfigOption;
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
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.Config;
import org.yaml.snakeyaml.Yaml;

/**
 * Writes {@code schema/flux-topology.schema.json}: the hand-written DSL template plus the parts whose facts live in
 * code — every key of Storm's {@link Config} (type from its validator annotations, text from its javadoc in the
 * storm-client sources jar, default from Storm's {@code defaults.yaml}), the compression block from
 * {@link CompressionOptions#ALL} and the transport block from {@link TransportOptions}.
 *
 * <p>Template conventions it expands: {@code x-example} becomes a {@code markdownDescription} (description plus a
 * YAML example); {@code x-include-properties} copies shared property sets into a definition (draft-07 cannot
 * extend a closed object); every integer, number, boolean or enum value also accepts a {@code ${...}} placeholder
 * string, re-checked by the loader after substitution.
 *
 * <p>Run: {@code mvn -pl flux-core -am test -Dtest=SchemaUpToDateTest -Dschema.update=true}.
 */
public final class SchemaGenerator {

    static final Path TEMPLATE = Path.of("schema", "src", "flux-topology.template.json");
    static final Path OUTPUT = Path.of("schema", "flux-topology.schema.json");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String PLACEHOLDER_PATTERN = "\\$\\{[^}]+\\}";
    private static final String PLACEHOLDER_REF = "#/definitions/placeholder";
    private static final String ANNOTATIONS = "org.apache.storm.validation.ConfigValidationAnnotations$";

    private final Map<String, String> javadocs;
    private final Map<String, Object> stormDefaults;

    private SchemaGenerator(Map<String, String> javadocs, Map<String, Object> stormDefaults) {
        this.javadocs = javadocs;
        this.stormDefaults = stormDefaults;
    }

    /** Reads Storm's facts from the test classpath (storm-client jar and its sources jar). */
    public static SchemaGenerator fromClasspath() {
        String configSource = resource("org/apache/storm/Config.java");
        Map<String, Object> defaults = new Yaml().load(resource("defaults.yaml"));
        return new SchemaGenerator(javadocsByConstant(configSource), defaults);
    }

    /** Generates the schema text (with a trailing newline) from the template under {@code projectRoot}. */
    public String generate(Path projectRoot) throws IOException {
        ObjectNode schema = (ObjectNode) JSON.readTree(Files.readString(projectRoot.resolve(TEMPLATE)));
        ObjectNode definitions = (ObjectNode) schema.get("definitions");
        definitions.set("stormConfig", stormConfig());
        fillCompression((ObjectNode) definitions.get("compression"));
        fillTransport((ObjectNode) definitions.get("transport"));
        includeProperties(definitions);
        expand(schema);
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        return JSON.writer(printer).writeValueAsString(schema) + "\n";
    }

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        Files.writeString(root.resolve(OUTPUT), fromClasspath().generate(root));
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
        for (Map.Entry<String, ConfigOption> storm3 : CompressionOptions.STORM3_KEYS.entrySet()) {
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
        JsonNode codecDescriptions = compression.remove("x-codec-descriptions");
        compression.set("type", types("object"));
        compression.put("additionalProperties", false);
        ObjectNode properties = compression.putObject("properties");
        for (ConfigOption option : CompressionOptions.ALL) {
            String[] path = option.yamlPath().split("\\.");
            ObjectNode target = properties;
            if (path.length == 2) {
                target = codecBlock(properties, path[0]);
            }
            String leaf = path[path.length - 1];
            ObjectNode s = optionSchema(option, humanize(leaf), option.description(),
                    option.yamlPath().replace(".", ":\n  ") + ": " + option.example());
            if (option == CompressionOptions.CODEC) {
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
        for (String codec : CompressionOptions.CODEC.allowed()) {
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

    private void fillTransport(ObjectNode transport) {
        transport.set("type", types("object"));
        transport.put("additionalProperties", false);
        ObjectNode properties = transport.putObject("properties");
        ObjectNode type = titled("Transport type", "netty for Storm's Netty transport (" + TransportOptions.NETTY_CONTEXT
                + "), or the fully qualified name of a class implementing org.apache.storm.messaging.IContext. "
                + "Sets " + TransportOptions.TRANSPORT_KEY + ".", "type: netty");
        type.set("type", types("string"));
        type.put("pattern", "^(" + TransportOptions.NETTY + "|[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)+)$|"
                + PLACEHOLDER_PATTERN);
        type.put("errorMessage", "must be netty or a fully qualified class name implementing "
                + "org.apache.storm.messaging.IContext");
        type.set("examples", JSON.valueToTree(List.of(TransportOptions.NETTY)));
        type.put("default", TransportOptions.NETTY);
        properties.set(TransportOptions.TYPE, type);
        Map<String, Field> fieldsByKey = new HashMap<>();
        for (Field field : Config.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                fieldsByKey.put((String) staticValue(field), field);
            }
        }
        for (TransportOptions.NettyKey key : TransportOptions.NETTY_KEYS) {
            Field field = fieldsByKey.get(key.stormKey());
            if (field == null) {
                throw new IllegalStateException("Storm's Config has no key " + key.stormKey());
            }
            Object defaultValue = stormDefaults.get(key.stormKey());
            ObjectNode s = titled(humanize(key.yamlName()), key.description() + " Sets " + key.stormKey() + ".",
                    key.yamlName() + ": " + exampleValue(field, defaultValue));
            if (defaultValue != null) {
                s.set("default", JSON.valueToTree(defaultValue));
            }
            s.setAll(typeOf(field));
            properties.set(key.yamlName(), s);
        }
    }

    // ---- template expansion ----

    private static void includeProperties(ObjectNode definitions) {
        for (Iterator<JsonNode> it = definitions.elements(); it.hasNext(); ) {
            JsonNode definition = it.next();
            JsonNode include = definition instanceof ObjectNode o ? o.remove("x-include-properties") : null;
            if (include == null) {
                continue;
            }
            ObjectNode merged = NODES.objectNode();
            for (String ref : include.asText().split(" ")) {
                String name = ref.substring("#/definitions/".length());
                merged.setAll((ObjectNode) definitions.get(name).get("properties").deepCopy());
            }
            merged.setAll((ObjectNode) definition.get("properties"));
            ((ObjectNode) definition).set("properties", merged);
        }
    }

    /** Placeholders for typed values and markdownDescription from x-example, everywhere. */
    private static void expand(JsonNode node) {
        if (node instanceof ObjectNode o) {
            JsonNode example = o.remove("x-example");
            if (example != null) {
                o.put("markdownDescription", o.get("description").asText() + "\n\nExample:\n\n```yaml\n"
                        + example.asText() + "\n```");
            }
            JsonNode type = o.get("type");
            if (type != null && !o.has("pattern")) {
                List<String> typeNames = new ArrayList<>();
                type.forEach(t -> typeNames.add(t.asText()));
                if (type.isTextual()) {
                    typeNames.add(type.asText());
                }
                boolean typed = typeNames.stream().anyMatch(t -> t.equals("integer") || t.equals("number")
                        || t.equals("boolean"));
                if (typed && !typeNames.contains("string")) {
                    ArrayNode withString = NODES.arrayNode();
                    typeNames.forEach(withString::add);
                    withString.add("string");
                    o.set("type", withString);
                    o.put("pattern", PLACEHOLDER_PATTERN);
                } else if (type.isArray() && typeNames.size() == 1) {
                    o.put("type", typeNames.get(0));
                }
            }
            if (o.has("enum") && o.has("title")) { // a property's own enum, not an anyOf branch
                wrapEnum(o);
            }
            o.elements().forEachRemaining(SchemaGenerator::expand);
        } else if (node instanceof ArrayNode a) {
            a.elements().forEachRemaining(SchemaGenerator::expand);
        }
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
                throw new IllegalStateException(name + " is not on the classpath: flux-core's test dependencies "
                        + "must include storm-client and its sources jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final Pattern CONSTANT = Pattern.compile(
            "public static final String (\\w+)\\s*=\\s*\"[^\"]*\"\\s*;");
    private static final Pattern JAVADOC = Pattern.compile("/\\*\\*(.*?)\\*/", Pattern.DOTALL);

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
                .replaceAll("\\s+", " ").trim();
        int tags = text.indexOf(" @");
        return tags > 0 && text.substring(tags + 2).matches("(see|deprecated|since)\\b.*")
                ? text.substring(0, tags) : text;
    }
}
