package dev.fluxext.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.differential.Comparison.Diff;
import dev.fluxext.differential.Comparison.Part;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.testing.IdentityBolt;
import org.apache.storm.testing.NGrouping;
import org.apache.storm.testing.TestGlobalCount;
import org.apache.storm.testing.TestWordSpout;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.junit.jupiter.api.Test;

/** The differential suite's own parts: the comparison finds what differs (and only that), Flux stays isolated. */
class ComparisonTest {

    private static final ClassLoader LOADER = ComparisonTest.class.getClassLoader();

    private static StormTopology topology(int parallelism, int grouped, String field) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", new TestWordSpout(), 1);
        b.setBolt("count", new TestGlobalCount(), parallelism).customGrouping("words", new NGrouping(grouped));
        b.setBolt("echo", new IdentityBolt(new Fields(field)), 1).shuffleGrouping("words");
        return b.createTopology();
    }

    @Test
    void equalTopologiesHaveNoDifference() {
        assertEquals(List.of(), Comparison.of(topology(2, 1, "word"), Map.of("topology.workers", 1),
                topology(2, 1, "word"), Map.of("topology.workers", 1), LOADER));
    }

    @Test
    void eachDifferingPartIsNamedWithBothSides() {
        List<Diff> diffs = Comparison.of(topology(2, 1, "word"), Map.of("topology.workers", 1),
                topology(3, 2, "text"), Map.of("topology.workers", 2), LOADER);
        assertEquals(List.of(
                new Diff(Part.PARALLELISM, "bolt 'count' parallelism", "2", "3"),
                new Diff(Part.INPUT, "bolt 'count' inputs {words:default}{custom_serialized}.number", "Integer 1",
                        "Integer 2"),
                new Diff(Part.STREAM, "bolt 'echo' streams {default}{fields}[0]", "String word", "String text"),
                // The bolt as Storm holds it: IdentityBolt is a basic bolt, wrapped in its executor.
                new Diff(Part.OBJECT, "bolt 'echo' object .bolt.fields.fields[0]", "String word", "String text"),
                new Diff(Part.OBJECT, "bolt 'echo' object .bolt.fields.index{text}", "(absent)", "Integer 0"),
                new Diff(Part.OBJECT, "bolt 'echo' object .bolt.fields.index{word}", "Integer 0", "(absent)"),
                new Diff(Part.TOPOLOGY_CONFIG, "config {topology.workers}", "Integer 1", "Integer 2")), diffs);
    }

    @Test
    void aComponentOnOneSideOnly() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", new TestWordSpout(), 1);
        b.setBolt("count", new TestGlobalCount(), 2).customGrouping("words", new NGrouping(1));
        b.setBolt("echo", new IdentityBolt(new Fields("word")), 1).shuffleGrouping("words");
        b.setBolt("lonely", new TestGlobalCount(), 1);
        List<Diff> diffs = Comparison.of(topology(2, 1, "word"), Map.of(), b.createTopology(), Map.of(), LOADER);
        assertEquals(List.of(new Diff(Part.COMPONENT_ONLY_IN_FLUXEXT, "bolt 'lonely'", "has not",
                "has it, inputs []")), diffs);
    }

    @Test
    void randomIdsAndIdentityHashesAreMaskedNothingElse() {
        assertEquals(Flattened.of(Map.of("id", UUID.randomUUID().toString(), "lock", new Object[] {new Object()})),
                Flattened.of(Map.of("id", UUID.randomUUID().toString(), "lock", new Object[] {new Object()})));
        assertNotEquals(Flattened.of(Map.of("id", "a")), Flattened.of(Map.of("id", "b")));
    }

    @Test
    void fluxHasItsOwnSnakeYamlAndSharesStorm() throws ClassNotFoundException {
        ClassLoader flux = StormFlux.loader(LOADER);
        assertNotEquals(org.yaml.snakeyaml.Yaml.class, flux.loadClass("org.yaml.snakeyaml.Yaml"));
        assertSame(StormTopology.class, flux.loadClass(StormTopology.class.getName()));
        assertTrue(flux.loadClass("org.apache.storm.flux.FluxBuilder").getClassLoader() != LOADER);
    }
}
