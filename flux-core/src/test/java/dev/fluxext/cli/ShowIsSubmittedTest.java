package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fluxext.Fixtures;
import dev.fluxext.build.LoadedTopology;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadResult;
import dev.fluxext.run.process.ExitCodes;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code show --format json} against the {@link StormTopology} and config the builder hands to submit: every
 * component Storm holds and no other, each with Storm's parallelism, json_conf, groupings (by Storm's own union
 * field names) and declared streams, and the topology config as submitted. Read here straight from the Thrift
 * objects, independently of the code under test.
 */
class ShowIsSubmittedTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"build/groupings.yaml", "build/transport-batch.yaml", "build/compression.yaml",
        "build/stateful.yaml", "build/windowing.yaml", "build/source.yaml", "describe/flow.yaml"})
    void showIsWhatIsSubmitted(String file) throws Exception {
        // The very topology show's load built: what submit would hand to Storm.
        AtomicReference<LoadResult> loaded = new AtomicReference<>();
        CliRun show = CliRun.with(options -> {
            loaded.set(FluxLoader.load(options));
            return loaded.get();
        }, Map.of(), "show", "--format", "json", Fixtures.DIR + file);
        assertEquals(ExitCodes.OK, show.exitCode(), show.err());
        JsonNode shown = JSON.readTree(show.out());
        LoadedTopology submitted = loaded.get().topology().orElseThrow();
        StormTopology topology = submitted.topology();

        assertEquals(JSON.valueToTree(new TreeMap<>(submitted.config())), shown.get("config"));
        Map<String, ComponentCommon> commons = new HashMap<>();
        topology.get_spouts().forEach((id, s) -> commons.put(id, s.get_common()));
        topology.get_bolts().forEach((id, b) -> commons.put(id, b.get_common()));
        Set<String> shownIds = new HashSet<>();
        for (JsonNode component : shown.get("components")) {
            String id = component.get("id").asText();
            shownIds.add(id);
            ComponentCommon common = commons.get(id);
            assertTrue(common != null, id + " is shown but not submitted");
            assertEquals(topology.get_spouts().containsKey(id) ? "spout" : "bolt", component.get("type").asText(), id);
            assertEquals(common.is_set_parallelism_hint() ? common.get_parallelism_hint() : 1,
                component.get("parallelism").asInt(), id);
            JsonNode jsonConf = common.is_set_json_conf() ? JSON.readTree(common.get_json_conf())
                : JSON.createObjectNode();
            assertEquals(jsonConf, component.get("config"), id);
            assertEquals(jsonConf.has("topology.tasks") ? jsonConf.get("topology.tasks").asInt() : null,
                component.get("numTasks").isNull() ? null : component.get("numTasks").asInt(), id);
            assertEquals(inputs(common), shownInputs(component), id);
            ObjectNode outputs = JSON.createObjectNode();
            common.get_streams().forEach((stream, info) -> outputs.set(stream, JSON.valueToTree(info.get_output_fields())));
            assertEquals(outputs, component.get("outputs"), id);
        }
        assertEquals(commons.keySet(), shownIds);
    }

    @ParameterizedTest
    @ValueSource(strings = {"build/groupings.yaml"})
    void whatAComponentAndStormAddIsShown(String file) throws Exception {
        JsonNode shown = JSON.readTree(CliRun.with(FluxLoader::load, Map.of(), "show", "--format", "json",
            Fixtures.DIR + file).out());
        Map<String, JsonNode> byId = new HashMap<>();
        shown.get("components").forEach(c -> byId.put(c.get("id").asText(), c));
        // getComponentConfiguration()'s key, which the file does not give.
        assertTrue(byId.get("source").get("config").has("test.calls"), byId.get("source").toString());
        Set<String> groupings = new TreeSet<>();
        byId.values().forEach(c -> c.get("inputs").forEach(in -> groupings.add(in.get("grouping").asText()
            + (in.has("fields") ? in.get("fields").toString() : ""))));
        assertEquals(new TreeSet<>(Set.of("shuffle", "all", "fields[]", "local_or_shuffle", "none", "direct",
            "fields[\"global-count\"]", "custom_serialized")), groupings);
    }

    @ParameterizedTest
    @ValueSource(strings = {"build/transport-batch.yaml"})
    void whatFluxextAddsIsMarked(String file) throws Exception {
        JsonNode shown = JSON.readTree(CliRun.with(FluxLoader::load, Map.of(), "show", "--format", "json",
            Fixtures.DIR + file).out());
        Set<String> added = new TreeSet<>();
        shown.get("addedByFluxext").forEach(k -> added.add(k.asText()));
        // The file has no config: block, so every key of the topology config is the wiring's.
        assertEquals(new TreeSet<>(iterable(shown.get("config").fieldNames())), added);
        assertTrue(added.contains("storm.messaging.transport"), added.toString());
        for (JsonNode c : shown.get("components")) {
            Set<String> componentAdded = new TreeSet<>();
            c.get("addedByFluxext").forEach(k -> componentAdded.add(k.asText()));
            assertFalse(componentAdded.isEmpty(), c.toString());
            componentAdded.forEach(k -> assertTrue(c.get("config").has(k), k + " marked but not in " + c));
        }
        String text = CliRun.with(FluxLoader::load, Map.of(), "show", Fixtures.DIR + file).out();
        assertTrue(text.contains("    storm.messaging.transport (added by fluxext): "), text);
    }

    private static Set<String> iterable(java.util.Iterator<String> names) {
        Set<String> set = new HashSet<>();
        names.forEachRemaining(set::add);
        return set;
    }

    /** from/stream → grouping, as Storm holds it. */
    private static Map<String, JsonNode> inputs(ComponentCommon common) {
        Map<String, JsonNode> inputs = new TreeMap<>();
        for (Map.Entry<GlobalStreamId, Grouping> e : common.get_inputs().entrySet()) {
            ObjectNode node = JSON.createObjectNode();
            Grouping grouping = e.getValue();
            node.put("grouping", grouping.getSetField().getFieldName());
            if (grouping.is_set_fields()) {
                node.set("fields", JSON.valueToTree(grouping.get_fields()));
            }
            inputs.put(e.getKey().get_componentId() + "/" + e.getKey().get_streamId(), node);
        }
        return inputs;
    }

    private static Map<String, JsonNode> shownInputs(JsonNode component) {
        Map<String, JsonNode> inputs = new TreeMap<>();
        for (JsonNode in : (ArrayNode) component.get("inputs")) {
            ObjectNode node = JSON.createObjectNode();
            node.set("grouping", in.get("grouping"));
            if (in.has("fields")) {
                node.set("fields", in.get("fields"));
            }
            inputs.put(in.get("from").asText() + "/" + in.get("stream").asText(), node);
        }
        return inputs;
    }
}
