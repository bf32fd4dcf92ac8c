package dev.fluxext.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.TopologyFiles;
import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Related;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The loader with hostile input files and substituted values: what it refuses and what its messages show. */
@Timeout(value = 60, unit = TimeUnit.SECONDS) // a FIFO that was opened would block forever
class SubstitutedInputTest {

    private static final String TOPOLOGY = TopologyFiles.WORDS_TO_COUNT;

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return TopologyFiles.write(dir, name, text);
    }

    private Path fifo(String name) throws Exception {
        return TopologyFiles.fifo(dir, name);
    }

    private static LoadResult load(Path file, Path filter, Map<String, String> env) {
        return FluxLoader.load(new LoadOptions(file.toString(), false, Optional.ofNullable(filter), !env.isEmpty(), env,
                Map.of(), true).inDirectory(file.getParent()));
    }

    private static List<String> messages(LoadResult result) {
        return result.diagnostics().stream().map(Diagnostic::format).toList();
    }

    @Test
    void aFifoOrDeviceAsFilterIsRefusedByTheLoaderToo() throws Exception {
        Path topology = write("t.yaml", "name: ${n}\n" + TOPOLOGY);
        Path fifo = fifo("p.properties");
        assertEquals(List.of(fifo + ":1:1: --filter properties file '" + fifo + "' is not a regular file (a FIFO, "
                + "device or socket, which may never end); give a regular file"), messages(load(topology, fifo, Map.of())));
        assertEquals(List.of("/dev/zero:1:1: --filter properties file '/dev/zero' is not a regular file (a FIFO, "
                + "device or socket, which may never end); give a regular file"),
                messages(load(topology, Path.of("/dev/zero"), Map.of())));
    }

    @Test
    void anIncludedFifoIsRefusedAtTheInclude() throws Exception {
        Path fifo = fifo("more.yaml");
        Path topology = write("t.yaml", "name: t\nincludes:\n  - file: more.yaml\n" + TOPOLOGY);
        assertEquals(List.of(topology + ":3:11: file '" + fifo + "' is not a regular file (a FIFO, device or socket, "
                + "which may never end); give a regular file"), messages(load(topology, null, Map.of())));
    }

    @Test
    void anEnvironmentValueSubstitutedInAFlowMapStaysMaskedInMessages() throws IOException {
        Path topology = write("t.yaml", """
                name: t
                spouts:
                  - {id: words, className: "${ENV-SPOUT_CLASS}", parallelism: 1}
                """);
        List<String> found = messages(load(topology, null, Map.of("SPOUT_CLASS", "com.example.Hunter2Spout")));
        assertTrue(found.stream().anyMatch(m -> m.startsWith(topology + ":3:28: ")
                && m.contains("class ${ENV-SPOUT_CLASS} not found")), found.toString());
        assertTrue(found.stream().noneMatch(m -> m.contains("Hunter2")), found.toString());
    }

    @Test
    void keysEqualOnceSubstitutedAreReportedAtBothPlaces() throws IOException {
        Path props = write("p.properties", "a=my.key\nb=my.key\n");
        Path topology = write("t.yaml", "name: t\n" + TOPOLOGY + """
                config:
                  ${a}: 1
                  other: 2
                  ${b}: 3
                """);
        LoadResult result = load(topology, props, Map.of());
        List<Diagnostic> duplicates = result.diagnostics().stream().filter(d -> d.code() == Code.DUPLICATE_KEY).toList();
        assertEquals(1, duplicates.size(), messages(result).toString());
        Diagnostic duplicate = duplicates.get(0);
        assertEquals(topology + ":13:3: key '${b}' equals the key at line 11 once placeholders are substituted; "
                + "keys of a map must differ (this one is ignored)", duplicate.format());
        Related first = duplicate.related().get(0);
        assertEquals(11, first.position().line());
        assertEquals(3, first.position().column());
        assertFalse(result.topology().isPresent(), "a duplicate is an error, not a silent merge");
    }

    @Test
    void aWrittenKeyAndASubstitutedOneAreDuplicatesToo() throws IOException {
        Path props = write("p.properties", "a=my.key\n");
        Path topology = write("t.yaml", "name: t\n" + TOPOLOGY + "config:\n  my.key: 1\n  ${a}: 2\n");
        List<String> found = messages(load(topology, props, Map.of()));
        assertTrue(found.contains(topology + ":12:3: key '${a}' equals the key at line 11 once placeholders are "
                + "substituted; keys of a map must differ (this one is ignored)"), found.toString());
    }

    @Test
    void aLongValueIsClippedWithItsLength() throws IOException {
        String digits = "7".repeat(60_000);
        Path topology = write("t.yaml", "name: t\n" + TOPOLOGY.replace("className: org.apache.storm.testing.TestWordSpout",
                "className: org.apache.storm.testing.TestWordSpout\n    parallelism: \"" + digits + "\""));
        List<String> found = messages(load(topology, null, Map.of()));
        assertEquals(List.of(topology + ":5:18: 'parallelism' of spout 'words' must be a whole number, not '"
                + "7".repeat(80) + "\u2026' (60000 characters)"), found);
    }

    @Test
    void aLongPlaceholderIsClippedInBothItsQuotes() throws IOException {
        String key = "a${a".repeat(1000);
        Path topology = write("t.yaml", "name: ${" + key + "}\n" + TOPOLOGY);
        String message = messages(load(topology, null, Map.of())).get(0);
        assertEquals(topology + ":1:7: '" + ("${" + key).substring(0, 80) + "\u2026' (" + (key.length() + 3)
                + " characters) has no value: give a properties file with --filter that defines '" + key.substring(0, 80)
                + "\u2026' (" + key.length() + " characters)", message);
    }
}
