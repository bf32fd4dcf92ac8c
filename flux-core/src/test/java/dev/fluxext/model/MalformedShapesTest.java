package dev.fluxext.model;

import dev.fluxext.lang.ModelReader;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.build.SystemTopology;
import dev.fluxext.check.StructureCheck;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.model.Position;
import dev.fluxext.read.YNode;
import dev.fluxext.read.YamlReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Every value of a complete topology replaced by every other kind of value: the model and check stages report
 * errors (or accept it) but never fail with an exception.
 */
class MalformedShapesTest {

    private static final Span P = Span.at(new Position("shape.yaml", 1, 1));
    private static final List<YNode> REPLACEMENTS = List.of(
            new YNode.Scalar(null, "", true, P),
            new YNode.Scalar("text", "text", true, P),
            new YNode.Scalar(-3, "-3", true, P),
            new YNode.Scalar(2.5, "2.5", true, P),
            new YNode.Seq(List.of(), P),
            new YNode.Seq(List.of(new YNode.Scalar(null, "", true, P)), P),
            new YNode.Map(List.of(), P),
            new YNode.Map(List.of(new YNode.Entry("ref", P, new YNode.Seq(List.of(), P))), P));

    @Test
    void noShapeMakesTheModelOrCheckStagesThrow() {
        Diagnostics read = new Diagnostics();
        YNode doc = new YamlReader().readFile(Path.of("src/test/resources/load/word-count.yaml"), "w.yaml", read)
                .orElseThrow();
        List<UnaryOperator<YNode>> mutations = new ArrayList<>();
        collect(doc, UnaryOperator.identity(), mutations);
        assertTrue(mutations.size() > 80, "mutations: " + mutations.size());
        for (UnaryOperator<YNode> mutation : mutations) {
            for (YNode replacement : REPLACEMENTS) {
                YNode mutated = mutation.apply(replacement);
                assertDoesNotThrow(() -> {
                    Diagnostics diagnostics = new Diagnostics();
                    new ModelReader(diagnostics).read(mutated).ifPresent(m -> new StructureCheck(diagnostics, SystemTopology.componentIds(Map.of())).check(m));
                }, () -> "replacing a value with " + replacement);
            }
        }
    }

    /** For every node, a function from a replacement to the whole document with that node replaced. */
    private static void collect(YNode node, UnaryOperator<YNode> rebuild, List<UnaryOperator<YNode>> out) {
        out.add(rebuild);
        if (node instanceof YNode.Seq seq) {
            for (int i = 0; i < seq.items().size(); i++) {
                int index = i;
                collect(seq.items().get(i), r -> {
                    List<YNode> items = new ArrayList<>(seq.items());
                    items.set(index, r);
                    return rebuild.apply(new YNode.Seq(items, seq.span()));
                }, out);
            }
        } else if (node instanceof YNode.Map map) {
            for (int i = 0; i < map.entries().size(); i++) {
                int index = i;
                YNode.Entry e = map.entries().get(i);
                collect(e.value(), r -> {
                    List<YNode.Entry> entries = new ArrayList<>(map.entries());
                    entries.set(index, new YNode.Entry(e.key(), e.keySpan(), r));
                    return rebuild.apply(new YNode.Map(entries, map.span()));
                }, out);
            }
        }
    }
}
