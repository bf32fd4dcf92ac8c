package dev.fluxext.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxext.schema.TopologySchema.Problem;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Every corpus file and example gets exactly its expected error lines from the Java validator. */
class SchemaCorpusTest {

    @TestFactory
    Stream<DynamicTest> corpus() {
        return Stream.concat(Corpus.valid().stream(), Corpus.invalid().stream())
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    YamlLines yaml = YamlLines.read(c.text());
                    List<Problem> problems = TopologySchema.validate(yaml.document());
                    Set<Integer> lines = new TreeSet<>();
                    problems.forEach(p -> lines.add(yaml.lineOf(p.pointer())));
                    assertEquals(c.expectedLines(), lines, c.name() + ": " + problems);
                }));
    }
}
