package dev.fluxext.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** The repository root: surefire runs in flux-core. */
    static Path projectRoot() {
        return Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
    }
}
