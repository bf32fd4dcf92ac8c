package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.Fixtures;
import dev.fluxext.build.LoadedTopology;
import dev.fluxext.describe.TopologyView;
import dev.fluxext.describe.Witness;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.run.report.ComponentStats;
import dev.fluxext.run.report.CompressionFigures;
import dev.fluxext.run.process.ExitCodes;
import dev.fluxext.run.report.Progress;
import dev.fluxext.run.report.SummaryJson;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * show, graph, the progress line and the run summary list the same components, with the same streams, in the same
 * (flow) order; graph runs no user code, and none of them reads a user object back out of Storm's topology.
 */
class ViewsAgreeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern MERMAID_NODE = Pattern.compile("^  (n\\d+)[(\\[]+\"([^\"]+)\"[)\\]]+$");
    private static final Pattern MERMAID_EDGE = Pattern.compile("^  (n\\d+) -->\\|\"([^\"]+)\"\\| (n\\d+)$");

    private static CliRun run(String... args) {
        return CliRun.with(FluxLoader::load, Map.of(), args);
    }

    private static LoadedTopology built(String file) {
        return FluxLoader.load(LoadOptions.of(Fixtures.DIR + file)).topology().orElseThrow();
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "describe/flow.yaml; z-source a-source middle upper sink loop-2 loop-1",
        "build/diamond.yaml; spout-1 A B C D",
        "build/unreached-ok.yaml; words count",
        "build/groupings.yaml; "})
    void everyViewListsTheSameComponentsAndStreamsInFlowOrder(String file, String expectedOrder) throws Exception {
        CliRun show = run("show", "--format", "json", Fixtures.DIR + file);
        assertEquals(ExitCodes.OK, show.exitCode(), show.err());
        List<String> shown = new ArrayList<>();
        List<String> shownStreams = new ArrayList<>();
        for (JsonNode c : JSON.readTree(show.out()).get("components")) {
            shown.add(c.get("id").asText());
            c.get("inputs").forEach(in -> shownStreams.add(in.get("from").asText() + " -> " + c.get("id").asText()));
        }
        if (expectedOrder != null) {
            assertEquals(Arrays.asList(expectedOrder.split(" ")), shown);
        }

        CliRun graph = run("graph", "--format", "mermaid", Fixtures.DIR + file);
        assertEquals(ExitCodes.OK, graph.exitCode(), graph.err());
        Map<String, String> nodeIds = new java.util.HashMap<>();
        List<String> drawn = new ArrayList<>();
        List<String> drawnStreams = new ArrayList<>();
        for (String line : graph.out().split("\n")) {
            Matcher node = MERMAID_NODE.matcher(line);
            Matcher edge = MERMAID_EDGE.matcher(line);
            if (node.matches()) {
                String id = node.group(2).replaceAll(" ×\\d+$", "");
                nodeIds.put(node.group(1), id);
                drawn.add(id);
            } else if (edge.matches()) {
                drawnStreams.add(nodeIds.get(edge.group(1)) + " -> " + nodeIds.get(edge.group(3)));
            }
        }
        assertEquals(shown, drawn, graph.out());
        assertEquals(shownStreams, drawnStreams, graph.out());

        TopologyView view = TopologyView.of(built(file));
        Map<String, ComponentStats> stats = ComponentStats.none(view);
        assertEquals(shown, List.copyOf(stats.keySet()));
        Map<?, ?> summary = (Map<?, ?>) SummaryJson.document(view.name(), 0, stats,
            CompressionFigures.of(view, Map.of()), Map.of()).get("components");
        assertEquals(shown, summary.keySet().stream().map(Object::toString).toList());
        String progress = new Progress(view, 0).line(null, stats, 1_000_000_000L, "");
        assertEquals(shown, progress.lines().map(line -> line.substring("[   0s] ".length(), line.indexOf(':')))
            .toList(), progress);
    }

    @Test
    void showDescribesTheFileWithTheOutputsStormWasGiven() throws Exception {
        JsonNode doc = JSON.readTree(run("show", "--format", "json", Fixtures.DIR + "describe/flow.yaml").out());
        JsonNode middle = doc.get("components").get(2);
        assertEquals(JSON.readTree("""
            {"id": "middle", "type": "bolt", "origin": "file", "className": "dev.fluxext.describe.Witness$CountedBolt",
             "parallelism": 3, "numTasks": 6, "loads": {}, "config": {"my.key": "v", "topology.tasks": 6},
             "addedByFluxext": [], "inputs": [{"from": "z-source", "stream": "default", "grouping": "shuffle"},
                        {"from": "upper", "stream": "default", "grouping": "local_or_shuffle"}],
             "outputs": {"default": ["word", "count"], "errors": ["error"]}}"""), middle);
        JsonNode sink = doc.get("components").get(4);
        assertEquals(JSON.readTree("""
            [{"from": "middle", "stream": "default", "grouping": "fields", "fields": []},
             {"from": "middle", "stream": "errors", "grouping": "custom_serialized",
              "customClass": "org.apache.storm.testing.NGrouping"}]"""), sink.get("inputs"));
        String text = run("show", Fixtures.DIR + "describe/flow.yaml").out();
        for (String line : List.of("bolt middle: dev.fluxext.describe.Witness$CountedBolt, parallelism 3, 6 tasks",
                "  input  upper [default] local_or_shuffle", "  output errors [error]", "    my.key: v",
                "  input  middle [errors] custom_serialized org.apache.storm.testing.NGrouping",
                "  input  middle [default] fields []",
                "  input  a-source [default] fields [\"word\"]")) {
            assertTrue(text.contains(line + "\n"), () -> line + " missing from\n" + text);
        }
        String dot = run("graph", Fixtures.DIR + "describe/flow.yaml").out();
        assertTrue(dot.contains("\"middle\" -> \"sink\" [label=\"custom NGrouping [errors]\"];"), dot);
        assertTrue(dot.contains("\"middle\" [label=\"middle ×3\", shape=box];"), dot);
    }

    @Test
    void showAndTheSummaryDeserializeNoComponent() {
        LoadedTopology loaded = built("describe/flow.yaml");
        Witness.DESERIALIZED.set(0);
        TopologyView view = TopologyView.of(loaded);
        SummaryJson.document(view.name(), 0, ComponentStats.none(view), CompressionFigures.of(view, Map.of()),
            Map.of());
        new Progress(view, 0).line(null, ComponentStats.none(view), 1, "");
        CliRun show = run("show", Fixtures.DIR + "describe/flow.yaml");
        assertEquals(ExitCodes.OK, show.exitCode(), show.err());
        assertEquals(0, Witness.DESERIALIZED.get());
        // The witness works: reading the bolt back out of Storm's topology is what show no longer does.
        Utils.javaDeserialize(loaded.topology().get_bolts().get("middle").get_bolt_object().get_serialized_java(),
            Object.class);
        assertEquals(1, Witness.DESERIALIZED.get());
    }

    @Test
    void graphChecksBySignatureWithoutRunningTheFilesCode() {
        CliRun graph = run("graph", Fixtures.DIR + "describe/static-init.yaml");
        assertEquals(ExitCodes.OK, graph.exitCode(), graph.err());
        assertTrue(graph.out().contains("\"words\" -> \"count\" [label=\"shuffle\"];"), graph.out());
        assertEquals(0, Witness.STATIC_INITS.get(), "the spout's class was initialized");

        // A class of a package that is not on the classpath at all (the user's jar not given) is drawn as the file
        // names it, and the line says what was not checked; the throwing constructor never runs.
        String throwing = Fixtures.DIR + "describe/throwing.yaml";
        CliRun drawn = run("graph", "--format", "mermaid", throwing);
        assertEquals(ExitCodes.OK, drawn.exitCode(), drawn.err());
        assertTrue(drawn.out().contains("missing"), drawn.out());
        assertTrue(drawn.err().contains("not checked: 1 class of com.example"), drawn.err());
        assertFalse(drawn.err().contains(throwing + ":4:16: "), drawn.err());
        // A missing class of a package that is on the classpath (a typo) is reported as validate --static reports it.
        String typo = Fixtures.DIR + "describe/typo.yaml";
        CliRun typoDrawn = run("graph", "--format", "mermaid", typo);
        assertEquals(ExitCodes.INVALID_TOPOLOGY, typoDrawn.exitCode(), typoDrawn.err());
        assertEquals("", typoDrawn.out());
        assertTrue(typoDrawn.err().contains(typo + ":6:16: ") && typoDrawn.err().contains("NoSuchSpout"),
            typoDrawn.err());
        assertFalse(typoDrawn.err().contains(typo + ":4:16: "), typoDrawn.err());
        // show builds, as submit would: the same file is rejected with each problem at its position.
        CliRun shown = run("show", throwing);
        assertEquals(ExitCodes.INVALID_TOPOLOGY, shown.exitCode());
        assertEquals("", shown.out());
        assertTrue(shown.err().contains(throwing + ":4:16: ") && shown.err().contains("constructed"), shown.err());
        assertTrue(shown.err().contains(throwing + ":6:16: ") && shown.err().contains("NoSuchSpout"), shown.err());
    }

    @Test
    void aTopologySourceIsShownAsStormHoldsItAndNotDrawn() throws Exception {
        String file = Fixtures.DIR + "build/source.yaml";
        JsonNode doc = JSON.readTree(run("show", "--format", "json", file).out());
        assertEquals("topologySource dev.fluxext.build.testing.SimpleTopologySource.getTopology",
            doc.get("source").asText());
        assertEquals(JSON.readTree("""
            [{"id": "foo", "type": "spout", "origin": "source", "className": null, "parallelism": 1,
              "numTasks": null, "loads": {}, "config": {}, "addedByFluxext": [], "inputs": [],
              "outputs": {"default": ["word"]}},
             {"id": "bar", "type": "bolt", "origin": "source", "className": null, "parallelism": 1,
              "numTasks": null, "loads": {}, "config": {}, "addedByFluxext": [],
              "inputs": [{"from": "foo", "stream": "default", "grouping": "shuffle"}],
              "outputs": {"default": ["word", "count"]}}]"""), doc.get("components"));
        assertTrue(run("show", file).out().contains("spout foo: (class unknown), parallelism 1\n"));
        // A run's progress and summary list the same components, in the same order.
        TopologyView view = TopologyView.of(built("build/source.yaml"));
        assertEquals(List.of("foo", "bar"), List.copyOf(ComponentStats.none(view).keySet()));
        assertEquals("spout", ComponentStats.none(view).get("foo").type());

        CliRun graph = run("graph", file);
        assertEquals(ExitCodes.FAILURE, graph.exitCode());
        assertEquals("", graph.out());
        assertTrue(graph.err().contains("SimpleTopologySource.getTopology, which only running that code can tell"),
            graph.err());
    }
}
