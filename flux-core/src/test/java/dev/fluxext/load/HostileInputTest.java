package dev.fluxext.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.diag.Diagnostic;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files an adversary would write: each is rejected with an error at a line and column of the file, without an
 * OutOfMemoryError or a stack trace. Surefire runs this class alone in a JVM with -Xmx256m (see the pom), so memory is
 * bounded by the heap itself; the timeout is only a safety net against hangs, not a speed claim.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostileInputTest {

    @TempDir
    Path dir;

    private static final String VALID_TAIL = """
            spouts:
              - id: s
                className: org.apache.storm.testing.TestWordSpout
            bolts:
              - id: b
                className: org.apache.storm.testing.TestWordCounter
            streams:
              - from: s
                to: b
                grouping: {type: SHUFFLE}
            """;

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    private static LoadResult load(Path file, Optional<Path> properties) {
        return FluxLoader.load(new LoadOptions(file.toString(), false, properties, false, Map.of(), Map.of())
                .inDirectory(file.getParent()));
    }

    /** Rejected, with an error positioned in {@code file} (a real line and column, not the file as a whole). */
    private static Diagnostic rejectedAt(LoadResult result, Path file, String fragment) {
        List<Diagnostic> errors = result.diagnostics().stream().filter(Diagnostic::isError).toList();
        assertFalse(result.topology().isPresent(), "accepted: " + errors);
        assertFalse(result.internalError().isPresent(), () -> "internal error: " + result.internalError().get());
        Diagnostic first = errors.stream().filter(d -> d.message().contains(fragment)).findFirst()
                .orElseThrow(() -> new AssertionError("no error containing '" + fragment + "' in " + errors));
        assertTrue(file == null || first.position().file().equals(file.toString()), first.format());
        assertTrue(first.position().line() > 0 && first.position().column() > 0, first.format());
        return first;
    }

    @Test
    void scalarAliasFanOut() throws IOException {
        // Aliases to a scalar are not counted by SnakeYAML: many of them, each to a long text, one per line.
        Path file = write("scalar-aliases.yaml", "name: x\nconfig:\n  a: &a \"" + "x".repeat(60_000) + "\"\n  b:\n"
                + "    - *a\n".repeat(300_000) + VALID_TAIL);
        rejectedAt(load(file, Optional.empty()), file, "once aliases are expanded");
    }

    @Test
    void scalarAliasFanOutOnOneLine() throws IOException {
        Path file = write("scalar-aliases-line.yaml", "name: x\nconfig:\n  a: &a x\n  b: [" + "*a, ".repeat(600_000)
                + "*a]\n" + VALID_TAIL);
        rejectedAt(load(file, Optional.empty()), file, "line longer than");
    }

    @Test
    void includeDiamondFanOut() throws IOException {
        // Each level's two files include both files of the next level: 2^22 inclusions, no cycle.
        int levels = 22;
        for (int i = 0; i < levels; i++) {
            String next = "includes:\n  - file: l" + (i + 1) + "a.yaml\n  - file: l" + (i + 1) + "b.yaml\n";
            write("l" + i + "a.yaml", next + "config:\n  k" + i + ": a\n");
            write("l" + i + "b.yaml", next + "config:\n  k" + i + ": b\n");
        }
        write("l" + levels + "a.yaml", "config: {end: 1}\n");
        write("l" + levels + "b.yaml", "config: {end: 2}\n");
        Path main = write("main.yaml", "name: x\nincludes:\n  - file: l0a.yaml\n" + VALID_TAIL);
        LoadResult result = load(main, Optional.empty());
        Diagnostic error = rejectedAt(result, null, "included files");
        assertTrue(error.position().file().startsWith(dir.toString()), error.format());
        assertEquals(1, result.diagnostics().size(), result.diagnostics().toString());
    }

    @Test
    void hugeSingleLineScalar() throws IOException {
        Path file = write("huge-scalar.yaml", "name: x\nconfig:\n  k: " + "y".repeat(2_900_000) + "\n" + VALID_TAIL);
        Diagnostic error = rejectedAt(load(file, Optional.empty()), file, "line longer than 65536");
        assertEquals(3, error.position().line());
    }

    @Test
    void hugeMultiLineScalar() throws IOException {
        Path file = write("huge-block.yaml", "name: x\nconfig:\n  k: |\n" + ("    " + "y".repeat(76) + "\n")
                .repeat(36_000) + VALID_TAIL);
        rejectedAt(load(file, Optional.empty()), file, "values are limited to 65536");
    }

    @Test
    void numberWithAMillionDigits() throws IOException {
        Path file = write("huge-number.yaml", "name: x\nconfig:\n  k: 1" + "7".repeat(1_000_000) + "\n"
                + VALID_TAIL);
        rejectedAt(load(file, Optional.empty()), file, "line longer than");
    }

    @Test
    void numberLongerThanAnyNeeds() throws IOException {
        // SnakeYAML types long digit strings as text; an explicit tag still asks for a number (parsed in quadratic time).
        Path file = write("long-number.yaml", "name: x\nconfig:\n  k: !!int 1" + "7".repeat(60_000) + "\n"
                + VALID_TAIL);
        Diagnostic error = rejectedAt(load(file, Optional.empty()), file, "numbers are limited to 100");
        assertEquals("3:6", error.position().line() + ":" + error.position().column());
    }

    @Test
    void propertyRepeatedInAValue() throws IOException {
        Path props = write("bomb.properties", "big=" + "z".repeat(1_000_000) + "\nsmall=${big}${big}\n");
        StringBuilder yaml = new StringBuilder("name: x\nconfig:\n");
        for (int i = 0; i < 2000; i++) {
            yaml.append("  k").append(i).append(": ${big}${big}${big}${big}\n");
        }
        Path file = write("subst-bomb.yaml", yaml + VALID_TAIL);
        LoadResult result = load(file, Optional.of(props));
        rejectedAt(result, file, "once its placeholders are substituted");
        assertEquals(1, result.diagnostics().stream().filter(Diagnostic::isError).count(), "reported once");
    }

    @Test
    void propertyRepeatingOtherPlaceholdersIsNotExpandedAgain() throws IOException {
        // As in Flux, a property's value is inserted as it is: placeholders in it are not substituted in turn.
        Path props = write("chain.properties", "a=${b}${b}${b}${b}\nb=${c}${c}${c}${c}\nc=" + "z".repeat(1000) + "\n");
        Path file = write("chain.yaml", "name: x\nconfig:\n  k: \"${a}\"\n" + VALID_TAIL);
        LoadResult result = load(file, Optional.of(props));
        assertEquals("${b}${b}${b}${b}", result.topology().orElseThrow().config().get("k"));
    }

    @Test
    void placeholdersInsideAliasedValues() throws IOException {
        Path props = write("p.properties", "big=" + "q".repeat(30_000) + "\n");
        Path file = write("alias-subst.yaml", "name: x\nconfig:\n  a: &a \"${big}${big}\"\n  b:\n"
                + "    - *a\n".repeat(20_000) + VALID_TAIL);
        LoadResult result = load(file, Optional.of(props));
        rejectedAt(result, file, "placeholders substituted");
        assertEquals(1, result.diagnostics().stream().filter(Diagnostic::isError).count(), "reported once");
    }

    @Test
    void manyPlaceholdersOnLongLines() throws IOException {
        // 12 lines of 15 000 placeholders each (under the line limit): substituting and placing each costs about the
        // same however long its line is. The last of the first line has no value: reported where it is written.
        // 10 s only keeps a loaded machine from failing it.
        Path props = write("few.properties", "a=x\n");
        StringBuilder yaml = new StringBuilder("name: x\nconfig:\n");
        for (int i = 0; i < 12; i++) {
            yaml.append("  k").append(i).append(": \"").append("${a}".repeat(14_999)).append(i == 0 ? "${b}" : "${a}")
                    .append("\"\n");
        }
        Path file = write("many.yaml", yaml + VALID_TAIL);
        long start = System.nanoTime();
        LoadResult result = FluxLoader.load(new LoadOptions(file.toString(), false, Optional.of(props), false, Map.of(),
                Map.of(), true));
        long millis = (System.nanoTime() - start) / 1_000_000;
        List<Diagnostic> errors = result.diagnostics().stream().filter(Diagnostic::isError).toList();
        assertEquals(1, errors.size(), errors.toString());
        assertEquals(new dev.fluxext.model.Position(file.toString(), 3, 8 + 4 * 14_999), errors.get(0).position(),
                "the last placeholder of the first line, where it is written");
        assertTrue(millis < 10_000, millis + " ms");
    }

    @Test
    void unclosedPlaceholdersInAlmostThreeMebibytes() throws IOException {
        // 50 values of 20 000 unclosed "${a" each, under the static check the docs recommend for CI. A backtracking
        // regular expression took 23.6 s for one such 60 KB value, about 20 minutes for the file; the scan is linear.
        // 10 s only keeps a loaded machine from failing it.
        StringBuilder yaml = new StringBuilder("name: x\nconfig:\n");
        for (int i = 0; i < 50; i++) {
            yaml.append("  fluxext.test.k").append(i).append(": \"").append("${a".repeat(20_000)).append("\"\n");
        }
        Path file = write("unclosed.yaml", yaml + VALID_TAIL);
        assertTrue(Files.size(file) > 3_000_000 && Files.size(file) <= 3 * 1024 * 1024, "size " + Files.size(file));
        long start = System.nanoTime();
        LoadResult result = FluxLoader.load(new LoadOptions(file.toString(), false, Optional.empty(), false, Map.of(),
                Map.of(), true));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(List.of(), result.diagnostics().stream().filter(Diagnostic::isError).toList(),
                "no placeholder in it: nothing to report");
        assertTrue(millis < 10_000, millis + " ms");
    }
}
