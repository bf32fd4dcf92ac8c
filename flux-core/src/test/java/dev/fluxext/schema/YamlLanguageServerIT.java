package dev.fluxext.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The committed schema as editors see it: the real yaml-language-server (npm {@code yaml-language-server}) driven over
 * LSP. Skipped when the server is not installed, unless {@code CI=true}, where a missing server fails the build.
 */
class YamlLanguageServerIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static LanguageServer server;
    private static Path root;
    private static int scratch;

    @BeforeAll
    static void startServer() throws Exception {
        var executable = LanguageServer.find();
        if (executable.isEmpty()) {
            if ("true".equals(System.getenv("CI"))) {
                fail("yaml-language-server is not on PATH: install it with npm install -g yaml-language-server");
            }
            return; // each test is skipped (needsServer)
        }
        root = SchemaUpToDateTest.projectRoot();
        ObjectNode yaml = JSON.createObjectNode();
        yaml.putObject("schemas").put(root.resolve(SchemaGenerator.OUTPUT).toUri().toString(), "*.yaml");
        yaml.put("yamlVersion", "1.1"); // what SnakeYAML, and so the loader, reads
        yaml.put("validate", true).put("completion", true).put("hover", true);
        yaml.putObject("schemaStore").put("enable", false);
        server = LanguageServer.start(executable.get(), root, yaml);
    }

    /** Per test, not per class: Maven counts each test as skipped (a class-level abort shows as 0 tests run). */
    @BeforeEach
    void needsServer() {
        Assumptions.assumeTrue(server != null,
                "yaml-language-server is not installed (npm install -g yaml-language-server)");
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @TestFactory
    Stream<DynamicTest> corpusDiagnosticsAreOnTheExpectedLines() {
        return Stream.concat(Corpus.valid().stream(), Corpus.invalid().stream())
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    String uri = c.file().toUri().toString();
                    server.open(uri, c.text());
                    JsonNode diagnostics = server.nextDiagnostics(uri);
                    server.close(uri);
                    Set<Integer> lines = new TreeSet<>();
                    diagnostics.forEach(d -> lines.add(d.path("range").path("start").path("line").asInt() + 1));
                    assertEquals(c.expectedLines(), lines, c.name() + ": " + diagnostics);
                }));
    }

    @Test
    void completionInsideABoltOffersCompression() throws Exception {
        String text = """
                bolts:
                  - id: counter
                    className: com.example.CountBolt
                    \n""";
        assertTrue(labels(complete(text, 3, 4)).contains("compression"), () -> "labels: " + labels(lastCompletion));
    }

    @Test
    void completionOfACodecOffersTheCodecNames() throws Exception {
        String text = """
                bolts:
                  - id: counter
                    className: com.example.CountBolt
                    compression:
                      codec:\s
                """;
        List<String> labels = labels(complete(text, 4, 13));
        assertTrue(labels.containsAll(List.of("none", "zstd", "lz4", "snappy", "gzip")), () -> "labels: " + labels);
    }

    @Test
    void hoverOnAKeyShowsItsDescription() throws Exception {
        String text = """
                spouts:
                  - id: sentences
                    className: com.example.SentenceSpout
                    parallelism: 2
                """;
        String uri = scratchUri();
        server.open(uri, text);
        server.nextDiagnostics(uri);
        JsonNode hover = server.hover(uri, 3, 6);
        server.close(uri);
        String contents = hover.path("contents").path("value").asText(hover.path("contents").toString());
        assertTrue(contents.contains("Number of executors (threads) running this component."), contents);
    }

    private static JsonNode lastCompletion;

    private static JsonNode complete(String text, int line, int character) throws Exception {
        String uri = scratchUri();
        server.open(uri, text);
        server.nextDiagnostics(uri);
        lastCompletion = server.completion(uri, line, character);
        server.close(uri);
        return lastCompletion;
    }

    private static List<String> labels(JsonNode completion) {
        JsonNode items = completion.isArray() ? completion : completion.path("items");
        List<String> labels = new ArrayList<>();
        items.forEach(i -> labels.add(i.path("label").asText()));
        return labels;
    }

    private static synchronized String scratchUri() {
        return root.resolve("flux-core/target/lsp-scratch-" + (++scratch) + ".yaml").toUri().toString();
    }
}
