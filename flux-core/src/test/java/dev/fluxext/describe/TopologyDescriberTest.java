package dev.fluxext.describe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.build.LoadedTopology;
import java.util.List;
import java.util.Map;
import org.apache.storm.generated.ComponentObject;
import org.apache.storm.generated.ShellComponent;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.testing.NGrouping;
import org.apache.storm.testing.TestWordCounter;
import org.apache.storm.testing.TestWordSpout;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.Test;

class TopologyDescriberTest {

    /** An IBasicBolt: TopologyBuilder wraps it in BasicBoltExecutor, which the document must see through. */
    public static class Upper extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("upper"));
            declarer.declareStream("errors", new Fields("error", "cause"));
        }
    }

    private static LoadedTopology sample() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new TestWordSpout(), 2);
        builder.setBolt("upper", new Upper(), 3).fieldsGrouping("words", new Fields("word"))
                .addConfiguration("my.key", "v").setNumTasks(6);
        builder.setBolt("count", new TestWordCounter()).globalGrouping("upper")
                .customGrouping("upper", "errors", new NGrouping(1)).allGrouping("words")
                .noneGrouping("words").directGrouping("upper", "errors").shuffleGrouping("words")
                .localOrShuffleGrouping("upper");
        return new LoadedTopology("demo", builder.createTopology(), Map.of("topology.workers", 2));
    }

    @Test
    void documentReadsTheBuiltTopology() throws Exception {
        JsonNode doc = TopologyDescriber.toJson(sample());
        JsonNode expected = new ObjectMapper().readTree("""
                {"name": "demo", "config": {"topology.workers": 2}, "components": [
                  {"id": "words", "type": "spout", "className": "org.apache.storm.testing.TestWordSpout",
                   "parallelism": 2, "config": {}, "inputs": [], "outputs": {"default": ["word"]}},
                  {"id": "upper", "type": "bolt",
                   "className": "dev.fluxext.describe.TopologyDescriberTest$Upper",
                   "parallelism": 3, "config": {"my.key": "v", "topology.tasks": 6},
                   "inputs": [{"from": "words", "stream": "default", "grouping": "fields", "fields": ["word"]}],
                   "outputs": {"default": ["upper"], "errors": ["error", "cause"]}},
                  {"id": "count", "type": "bolt", "className": "org.apache.storm.testing.TestWordCounter",
                   "parallelism": 1, "config": {},
                   "inputs": [
                     {"from": "upper", "stream": "default", "grouping": "local_or_shuffle"},
                     {"from": "upper", "stream": "errors", "grouping": "direct"},
                     {"from": "words", "stream": "default", "grouping": "shuffle"}],
                   "outputs": {"default": ["word", "count"]}}
                ]}""");
        assertEquals(expected, doc);
    }

    @Test
    void boltsComeInFlowOrder() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("s", new TestWordSpout());
        builder.setBolt("a-last", new TestWordCounter()).shuffleGrouping("m-middle");
        builder.setBolt("m-middle", new TestWordCounter()).shuffleGrouping("z-first").shuffleGrouping("m-middle");
        builder.setBolt("z-first", new TestWordCounter()).shuffleGrouping("s");
        builder.setBolt("loop-1", new TestWordCounter()).shuffleGrouping("loop-2");
        builder.setBolt("loop-2", new TestWordCounter()).shuffleGrouping("loop-1");
        List<String> ids = new java.util.ArrayList<>();
        TopologyDescriber.toJson(new LoadedTopology("f", builder.createTopology(), Map.of())).get("components")
                .forEach(c -> ids.add(c.get("id").asText()));
        assertEquals(List.of("s", "z-first", "m-middle", "a-last", "loop-1", "loop-2"), ids);
        assertTrue(TopologyDescriber.summary(new LoadedTopology("f", builder.createTopology(), Map.of()))
                .contains("  input  s [default] shuffle\n"));
    }

    @Test
    void groupingsUseThriftNamesAndCustomClassesAreNamed() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new TestWordSpout());
        builder.setBolt("a", new TestWordCounter()).globalGrouping("words");
        builder.setBolt("b", new TestWordCounter()).customGrouping("words", new NGrouping(1));
        builder.setBolt("c", new TestWordCounter()).allGrouping("words");
        builder.setBolt("d", new TestWordCounter()).noneGrouping("words");
        JsonNode components = TopologyDescriber.toJson(new LoadedTopology("g", builder.createTopology(), Map.of()))
                .get("components");
        assertEquals("{\"from\":\"words\",\"stream\":\"default\",\"grouping\":\"fields\",\"fields\":[]}",
                components.get(1).get("inputs").get(0).toString());
        assertEquals("{\"from\":\"words\",\"stream\":\"default\",\"grouping\":\"custom_serialized\","
                + "\"customClass\":\"org.apache.storm.testing.NGrouping\"}",
                components.get(2).get("inputs").get(0).toString());
        assertEquals("all", components.get(3).get("inputs").get(0).get("grouping").asText());
        assertEquals("none", components.get(4).get("inputs").get(0).get("grouping").asText());
    }

    @Test
    void shellComponentsHaveNoClassName() {
        StormTopology topology = sample().topology();
        topology.get_bolts().get("count").set_bolt_object(
                ComponentObject.shell(new ShellComponent("python3", "count.py")));
        JsonNode count = TopologyDescriber.toJson(new LoadedTopology("s", topology, Map.of()))
                .get("components").get(2);
        assertEquals("count", count.get("id").asText());
        assertTrue(count.get("className").isNull());
        assertTrue(TopologyDescriber.summary(new LoadedTopology("s", topology, Map.of()))
                .contains("bolt count: (shell component), parallelism 1"));
    }

    @Test
    void summaryListsComponentsInputsOutputsAndConfig() {
        String summary = TopologyDescriber.summary(sample());
        for (String line : List.of("topology demo", "  config", "    topology.workers: 2",
                "spout words: org.apache.storm.testing.TestWordSpout, parallelism 2", "  output default [word]",
                "bolt upper: dev.fluxext.describe.TopologyDescriberTest$Upper, parallelism 3",
                "  input  words [default] fields [\"word\"]", "    my.key: v", "    topology.tasks: 6",
                "  output errors [error, cause]")) {
            assertTrue(summary.contains(line + "\n"), () -> line + " missing from\n" + summary);
        }
    }
}
