package dev.fluxext.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.config.ConfigOption;
import dev.fluxext.transport.TransportOptions;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.Config;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What the committed schema promises editors: documentation everywhere, snippets, and the code's facts. */
class SchemaContentTest {

    private static JsonNode schema;

    @BeforeAll
    static void read() throws IOException {
        schema = new ObjectMapper().readTree(SchemaUpToDateTest.projectRoot().resolve(SchemaGenerator.OUTPUT).toFile());
    }

    @Test
    void everyPropertyHasTitleDescriptionAndMarkdownWithAYamlExample() {
        List<String> undocumented = new ArrayList<>();
        visit(schema, "#", undocumented);
        assertEquals(List.of(), undocumented);
    }

    /** Walks schemas (not arbitrary JSON: a DSL key may be called "properties"), skipping if/then/else conditions. */
    private static void visit(JsonNode schemaNode, String path, List<String> undocumented) {
        schemaNode.path("properties").fields().forEachRemaining(p -> {
            JsonNode property = resolve(p.getValue());
            if (!property.has("title") || !property.has("description")
                    || !property.path("markdownDescription").asText().contains("```yaml")) {
                undocumented.add(path + "/properties/" + p.getKey());
            }
            visit(p.getValue(), path + "/properties/" + p.getKey(), undocumented);
        });
        schemaNode.path("definitions").fields().forEachRemaining(
                d -> visit(d.getValue(), path + "/definitions/" + d.getKey(), undocumented));
        for (String child : List.of("items", "additionalProperties")) {
            if (schemaNode.path(child).isObject()) {
                visit(schemaNode.get(child), path + "/" + child, undocumented);
            }
        }
        for (String combinator : List.of("allOf", "anyOf", "oneOf")) {
            for (int i = 0; i < schemaNode.path(combinator).size(); i++) {
                visit(schemaNode.get(combinator).get(i), path + "/" + combinator + "/" + i, undocumented);
            }
        }
    }

    private static JsonNode resolve(JsonNode property) {
        return property.has("$ref") ? schema.at(property.get("$ref").asText().substring(1)) : property;
    }

    @Test
    void snippetsForSpoutBoltStreamAndCompression() {
        for (String definition : List.of("spout", "bolt", "stream", "compression")) {
            assertTrue(schema.path("definitions").path(definition).path("defaultSnippets").size() > 0, definition);
        }
    }

    @Test
    void configKnowsEveryStormConfigKey() throws IllegalAccessException {
        JsonNode keys = schema.at("/definitions/stormConfig/properties");
        for (Field f : Config.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                String key = (String) f.get(null);
                assertTrue(keys.has(key), key);
                assertTrue(keys.get(key).path("description").asText().length() > 10, key);
            }
        }
        assertEquals(true, schema.at("/definitions/stormConfig/additionalProperties").asBoolean());
        JsonNode workers = keys.get(Config.TOPOLOGY_WORKERS);
        assertEquals(0, typedBranch(workers).get("exclusiveMinimum").asInt());
        assertEquals(1, workers.get("default").asInt()); // from Storm's defaults.yaml
    }

    @Test
    void compressionBlockMirrorsCompressionOptions() {
        mirrors(schema.at("/definitions/compression/properties"), CompressionOptions.ALL, CompressionOptions.CODEC);
    }

    @Test
    void transportCompressionBlockMirrorsBatchCompressionOptions() {
        mirrors(schema.at("/definitions/transport/properties/compression/properties"), BatchCompressionOptions.ALL,
                BatchCompressionOptions.CODEC);
    }

    /** A typed value is anyOf [its type with the type's limits, (null,) a placeholder]: the first branch. */
    private static JsonNode typedBranch(JsonNode value) {
        JsonNode branch = value.path("anyOf").path(0);
        assertTrue(branch.has("type"), "no typed branch first in " + value);
        return branch;
    }

    private static void mirrors(JsonNode block, List<ConfigOption> options, ConfigOption codec) {
        for (ConfigOption option : options) {
            JsonNode s = block.at("/" + option.yamlPath().replace(".", "/properties/"));
            assertEquals(option.defaultValue().toString(), s.get("default").asText(), option.yamlPath());
            if (option.type() == ConfigOption.Type.INT) {
                assertEquals(option.min(), typedBranch(s).get("minimum").asLong(), option.yamlPath());
                assertEquals(option.max(), typedBranch(s).get("maximum").asLong(), option.yamlPath());
            }
        }
        List<String> codecs = new ArrayList<>();
        block.at("/codec/anyOf/0/enum").forEach(c -> codecs.add(c.asText()));
        assertEquals(codec.allowed(), codecs);
        assertEquals(codecs.size(), block.at("/codec/anyOf/0/enumDescriptions").size());
    }

    @Test
    void transportBlockHasEveryNettyKey() {
        JsonNode block = schema.at("/definitions/transport/properties");
        assertTrue(block.has(TransportOptions.TYPE));
        assertTrue(block.has(TransportOptions.COMPRESSION));
        assertTrue(block.has(TransportOptions.GUARD));
        assertEquals("#/definitions/transportTls", block.at("/" + TransportOptions.TLS + "/allOf/0/$ref").asText(),
                block.get(TransportOptions.TLS).toString());
        TransportOptions.NETTY_KEYS.forEach(k -> assertTrue(block.has(k.yamlName()), k.yamlName()));
        assertEquals(TransportOptions.NETTY_KEYS.size() + 4, block.size());
    }
}
