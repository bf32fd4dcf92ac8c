package dev.fluxext.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxext.diag.Diagnostics;
import dev.fluxext.read.JsonView;
import dev.fluxext.read.YamlReader;
import dev.fluxext.schema.TopologySchema.Problem;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every corpus file and example gets exactly its expected error lines from the Java validator, read and located
 * by the loader's own YAML reader (so lines are what {@code flux validate} prints).
 */
class SchemaCorpusTest {

    @TestFactory
    Stream<DynamicTest> corpus() {
        return Stream.concat(Corpus.valid().stream(), Corpus.invalid().stream())
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    Diagnostics diagnostics = new Diagnostics();
                    JsonView json = JsonView.of(new YamlReader().readString(c.text(), c.name(), diagnostics)
                            .orElseThrow(() -> new AssertionError(c.name() + " is not YAML: " + diagnostics)));
                    List<Problem> problems = TopologySchema.validate(json.root());
                    Set<Integer> lines = new TreeSet<>();
                    problems.forEach(p -> lines.add(json.positionOf(p.pointer()).line()));
                    assertEquals(c.expectedLines(), lines, c.name() + ": " + problems);
                }));
    }
}
