package dev.fluxext.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonMetaSchema;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.NonValidationKeyword;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The committed JSON Schema ({@code schema/flux-topology.schema.json}, generated from the language declaration) as a
 * checker, for tests that hold the schema editors use to what the loader accepts and rejects. The loader itself does
 * not use it: it checks files against the declaration once ({@code dev.fluxext.lang}).
 */
public final class TopologySchema {

    /** Where flux-core's build puts {@code schema/flux-topology.schema.json} on the classpath. */
    static final String RESOURCE = "dev/fluxext/schema/flux-topology.schema.json";

    /** Editor keywords (yaml-language-server, VS Code) the validator must know, so it neither warns nor checks. */
    private static final List<String> EDITOR_KEYWORDS = List.of(
            "markdownDescription", "enumDescriptions", "defaultSnippets", "deprecated");

    /** A schema violation at a JSON Pointer into the checked document, in words a person understands. */
    public record Problem(String pointer, String message) {
    }

    private TopologySchema() {
    }

    /** Validates one topology document (the YAML file as read, before includes and substitution are applied). */
    public static List<Problem> validate(JsonNode document) {
        Loaded loaded = Loaded.INSTANCE;
        return new SchemaProblems(loaded.document).explain(loaded.schema.validate(document), document);
    }

    /** The schema parsed and compiled once, on first use (thread-safe lazy holder). */
    private static final class Loaded {
        static final Loaded INSTANCE = new Loaded();

        final JsonNode document;
        final JsonSchema schema;

        private Loaded() {
            try (InputStream in = TopologySchema.class.getClassLoader().getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(RESOURCE + " is missing from the classpath (broken build)");
                }
                document = new ObjectMapper().readTree(in);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the bundled " + RESOURCE, e);
            }
            JsonMetaSchema draft7 = JsonMetaSchema.builder(JsonMetaSchema.getV7())
                    .keywords(EDITOR_KEYWORDS.stream().map(NonValidationKeyword::new).toList())
                    .build();
            JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7,
                    builder -> builder.metaSchema(draft7));
            SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().pathType(PathType.JSON_POINTER).build();
            schema = factory.getSchema(document, config);
            schema.initializeValidators(); // resolve every $ref now, not during the first check
        }
    }
}
