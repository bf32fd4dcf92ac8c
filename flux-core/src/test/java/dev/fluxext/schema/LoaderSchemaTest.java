package dev.fluxext.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxext.diag.Diagnostic;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Values the schema also judges are reported by the loader (one pass, no schema at run time) at their own position. */
class LoaderSchemaTest {

    @Test
    void schemaProblemsArePositionedDiagnostics(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("topology.yaml");
        Files.writeString(file, """
                name: t
                spouts:
                  - id: s
                    className: org.apache.storm.testing.TestWordSpout
                bolts:
                  - id: b
                    className: org.apache.storm.testing.TestWordCounter
                streams:
                  - {from: s, to: b, name: 5, grouping: {type: SHUFFLE}}
                """);
        LoadResult result = FluxLoader.load(LoadOptions.of(file.toString()));
        List<String> lines = result.diagnostics().stream().map(Diagnostic::format).toList();
        // A stream's name is informational and, like an id, taken as written.
        assertEquals(List.of(), lines);
    }

    @Test
    void aSchemaMessageAboutAValueNamesItsKey(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("topology.yaml");
        Files.writeString(file, """
                name: t
                spouts:
                  - id: s
                    className: org.apache.storm.testing.TestWordSpout
                    config:
                      fluxext.compression.threshold: 0
                """);
        List<String> lines = FluxLoader.load(LoadOptions.of(file.toString())).diagnostics().stream()
                .map(Diagnostic::format).toList();
        assertEquals(List.of(file + ":6:38: 'fluxext.compression.threshold' must be at least 1 byte, not 0 "
                + "(in config of spout 's')"), lines);
    }
}
