package dev.fluxext.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The committed schema is exactly what {@link SchemaGenerator} makes from the template and the code's facts. */
class SchemaUpToDateTest {

    static final String REGENERATE =
            "mvn -pl flux-core -am test -Dtest=SchemaUpToDateTest -Dsurefire.failIfNoSpecifiedTests=false -Dschema.update=true";

    @Test
    void committedSchemaIsCurrent() throws IOException {
        Path root = projectRoot();
        String generated = SchemaGenerator.fromBuild(root.resolve("flux-core")).generate(root);
        Path committed = root.resolve(SchemaGenerator.OUTPUT);
        if (Boolean.getBoolean("schema.update")) {
            Files.writeString(committed, generated);
        }
        assertEquals(generated, Files.readString(committed),
                committed + " is stale (template, Storm Config, CompressionOptions or TransportOptions changed). "
                        + "Regenerate it with:\n  " + REGENERATE + "\nand commit the result.");
    }

    /**
     * The starter's copy (what a project copied from it points its editors at, docs/editors.md) is the committed
     * schema: updated with it, stale together.
     */
    @Test
    void theStarterCarriesTheCommittedSchema() throws IOException {
        Path root = projectRoot();
        Path copy = root.resolve(STARTER_COPY);
        if (Boolean.getBoolean("schema.update")) {
            Files.copy(root.resolve(SchemaGenerator.OUTPUT), copy, StandardCopyOption.REPLACE_EXISTING);
        }
        assertEquals(Files.readString(root.resolve(SchemaGenerator.OUTPUT)), Files.readString(copy),
                copy + " is stale. Update it with:\n  " + REGENERATE + "\nand commit the result.");
    }

    /** A copied starter keeps its editor support: each topology file's modeline and VS Code name that copy. */
    @Test
    void theStartersTopologiesPointEditorsAtItsCopy() throws IOException {
        Path root = projectRoot();
        Path copy = root.resolve(STARTER_COPY).normalize();
        Pattern modeline = Pattern.compile("\\A# yaml-language-server: \\$schema=(\\S+)\n");
        try (Stream<Path> files = Files.walk(copy.resolveSibling("src/main/topologies"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).toList()) {
                Matcher m = modeline.matcher(Files.readString(file));
                assertTrue(m.find(), file + " lacks the modeline on its first line");
                assertEquals(copy, file.resolveSibling(m.group(1)).normalize(), file.toString());
            }
        }
        JsonNode settings = new ObjectMapper().readTree(copy.resolveSibling(".vscode/settings.json").toFile());
        assertTrue(settings.path("yaml.schemas").has("./" + copy.getFileName()),
                settings.toString());
        assertEquals("1.1", settings.path("yaml.yamlVersion").asText(), "the loader reads YAML 1.1");
    }

    static final Path STARTER_COPY = Path.of("examples", "starter", "flux-topology.schema.json");

    /** The repository root: surefire runs in flux-core. */
    static Path projectRoot() {
        return Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
    }
}
