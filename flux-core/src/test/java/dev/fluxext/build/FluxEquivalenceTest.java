package dev.fluxext.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.fluxext.Fixtures;
import dev.fluxext.build.testing.ConfigurableBolt;
import dev.fluxext.build.testing.ShellWordBolt;
import dev.fluxext.build.testing.SimpleTopologySource;
import dev.fluxext.build.testing.StatefulCounter;
import dev.fluxext.build.testing.WindowCounter;
import dev.fluxext.describe.TopologyView;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.hooks.BaseWorkerHook;
import org.apache.storm.testing.IdentityBolt;
import org.apache.storm.testing.NGrouping;
import org.apache.storm.testing.TestAggregatesCounter;
import org.apache.storm.testing.TestGlobalCount;
import org.apache.storm.testing.TestWordCounter;
import org.apache.storm.testing.TestWordSpout;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseWindowedBolt;
import org.apache.storm.tuple.Fields;
import org.junit.jupiter.api.Test;

/**
 * Files Storm's Flux 2.8 would build (the ground of its own test files, with classes that exist here) build to the
 * same StormTopology as the equivalent hand-written TopologyBuilder code: same components, classes, parallelism,
 * json_conf, inputs and groupings, output streams, worker hooks and topology config.
 */
class FluxEquivalenceTest {

    static LoadResult load(String file) {
        return FluxLoader.load(Fixtures.options("build/" + file, null, false, Map.of()));
    }

    static LoadedTopology loaded(String file) {
        LoadResult result = load(file);
        List<String> errors = result.diagnostics().stream().filter(Diagnostic::isError).map(Diagnostic::format)
                .toList();
        assertTrue(result.topology().isPresent() && errors.isEmpty(), () -> "errors: " + errors);
        return result.topology().get();
    }

    static void assertEquivalent(String name, TopologyBuilder expected, Map<String, Object> config, String file) {
        LoadedTopology actual = loaded(file);
        StormTopology topology = expected.createTopology();
        assertEquals(name, actual.name());
        assertEquals(config, actual.config());
        assertEquals(comparable(topology), comparable(actual.topology()));
    }

    /** A copy whose json_conf texts have their keys sorted: the same config may be written in another order. */
    private static StormTopology comparable(StormTopology topology) {
        StormTopology copy = topology.deepCopy();
        copy.get_spouts().values().forEach(s -> sortJsonConf(s.get_common()));
        copy.get_bolts().values().forEach(b -> sortJsonConf(b.get_common()));
        return copy;
    }

    private static void sortJsonConf(ComponentCommon common) {
        if (common.is_set_json_conf()) {
            try {
                ObjectMapper json = new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
                common.set_json_conf(json.writeValueAsString(json.readValue(common.get_json_conf(), Map.class)));
            } catch (JsonProcessingException e) {
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void tck() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout-1", new TestWordSpout(), 1).setMemoryLoad(100, 100).setCPULoad(100).setNumTasks(5);
        b.setBolt("bolt-1", new TestWordCounter(), 1).setMemoryLoad(100, 100).setCPULoad(100).setNumTasks(100)
                .fieldsGrouping("spout-1", new Fields("word"));
        b.setBolt("bolt-2", new TestGlobalCount(), 1).customGrouping("bolt-1", new NGrouping(1));
        assertEquivalent("yaml-topology", b, Map.of("topology.workers", 1), "tck.yaml");
    }

    @Test
    void diamond() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout-1", new TestWordSpout(), 1);
        b.setBolt("A", new TestWordCounter(), 2).fieldsGrouping("spout-1", new Fields("word"));
        b.setBolt("B", new TestGlobalCount(), 1).shuffleGrouping("A");
        b.setBolt("C", new TestGlobalCount(), 1).shuffleGrouping("A");
        b.setBolt("D", new TestAggregatesCounter(), 1).shuffleGrouping("C").shuffleGrouping("B");
        assertEquivalent("diamond-topology", b, Map.of("topology.workers", 1, "topology.message.timeout.secs", 45,
                "my.own.setting", List.of(1, 2)), "diamond.yaml");
    }

    @Test
    void everyGrouping() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", new TestWordSpout(), 1);
        b.setBolt("source", new ConfigurableBolt(), 1).shuffleGrouping("words");
        b.setBolt("all", new TestGlobalCount(), 1).allGrouping("words").globalGrouping("source", "errors")
                .customGrouping("many", new NGrouping(2));
        b.setBolt("many", new TestGlobalCount(), 1).localOrShuffleGrouping("words").noneGrouping("source")
                .directGrouping("source", "errors").fieldsGrouping("all", new Fields("global-count"));
        assertEquivalent("groupings", b, Map.of(), "groupings.yaml");
    }

    @Test
    void objectsArgumentsPropertiesAndConfigMethods() {
        Duration time1 = Duration.ofHours(10);
        Duration time2 = Duration.ofSeconds(5);
        ConfigurableBolt bolt1 = new ConfigurableBolt(ConfigurableBolt.Mode.FOO, 1.0, true,
                new Duration[] {time1, time2});
        bolt1.setTimeLen(time1);
        bolt1.publicText = "hello";
        bolt1.withFoo("foo");
        bolt1.withNone();
        bolt1.withFooBar("foo", "bar");
        bolt1.withDurations(time1, time1, time2);
        bolt1.withNumbers(new int[] {1, 2, 3});
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout-1", new TestWordSpout(), 1);
        b.setBolt("bolt-1", bolt1, 1).shuffleGrouping("spout-1");
        b.setBolt("bolt-2", ConfigurableBolt.newInstance(), 1).shuffleGrouping("spout-1");
        b.setBolt("bolt-3", ConfigurableBolt.newInstance(ConfigurableBolt.Mode.BAR), 1).shuffleGrouping("spout-1");
        b.setBolt("bolt-4", new ConfigurableBolt(10), 1).shuffleGrouping("spout-1");
        b.setBolt("identity", new IdentityBolt(new Fields("word", "count")), 1).shuffleGrouping("spout-1");
        assertEquivalent("objects", b, Map.of(), "objects.yaml");
    }

    @Test
    void workerHooks() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout-1", new TestWordSpout(), 1);
        b.setBolt("bolt-1", new TestWordCounter(), 1).shuffleGrouping("spout-1");
        b.addWorkerHook(new BaseWorkerHook());
        assertEquivalent("worker-hook-topology", b, Map.of("topology.workers", 1), "worker-hook.yaml");
    }

    @Test
    void topologySourceWithDefaultMethod() {
        LoadedTopology loaded = loaded("source.yaml");
        assertEquals(SimpleTopologySource.build("foo", "bar", 1), loaded.topology());
        assertEquals(Map.of("topology.workers", 3), loaded.config());
    }

    @Test
    void topologySourceWithMethodNameAndWorkerHooks() {
        LoadedTopology loaded = loaded("source-method.yaml");
        StormTopology expected = SimpleTopologySource.build("foo", "bar", 2);
        assertEquals(expected.get_bolts(), loaded.topology().get_bolts());
        assertEquals(1, loaded.topology().get_worker_hooks_size());
    }

    @Test
    void topologySourceReceivesTheConfig() {
        LoadedTopology loaded = loaded("source-config.yaml");
        assertEquals(SimpleTopologySource.build("foo", "bar", 3), loaded.topology());
        assertEquals(Map.of("topology.workers", 3, "source.saw.workers", 3), loaded.config());
    }

    @Test
    void extensionsFluxCannotBuild() {
        ConfigurableBolt count = new ConfigurableBolt();
        count.withDurations();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", new TestWordSpout(), 1).setMemoryLoad(null, 64).setCPULoad(12.5)
                .addConfigurations(Map.of("topology.max.spout.pending", 500, "my.setting", "x"));
        b.setBolt("count", count, 2).setMemoryLoad(128.5).addConfiguration("topology.tick.tuple.freq.secs", 10)
                .fieldsGrouping("words", new Fields("word"));
        assertEquivalent("extensions", b, Map.of("topology.workers", 2,
                "storm.messaging.transport", "org.apache.storm.messaging.netty.Context",
                "storm.messaging.netty.buffer_size", 1048576, "storm.messaging.netty.max_wait_ms", 2000),
                "extensions.yaml");
        assertTrue(load("extensions.yaml").diagnostics().isEmpty(), () -> load("extensions.yaml").diagnostics()
                .toString());
    }

    @Test
    void boltNoStreamReachesIsLeftOutAsFluxLeavesItOut() {
        // Storm's Flux adds a bolt to the topology when a stream goes to it; here too, with a warning naming it.
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", new TestWordSpout(), 1);
        b.setBolt("count", new TestWordCounter(), 1).shuffleGrouping("words");
        assertEquivalent("unreached-ok", b, Map.of(), "unreached-ok.yaml");
        assertEquals(List.of("unreached-ok.yaml:8:5: warning: no stream goes to bolt 'lonely': it is left out of the "
                + "topology, as Storm's Flux leaves it out"), load("unreached-ok.yaml").diagnostics().stream()
                .map(d -> d.format().replace(Fixtures.DIR + "build/", "")).toList());
        assertEquals(List.of("words", "count"), TopologyView.of(loaded("unreached-ok.yaml")).components().stream()
                .map(TopologyView.Component::id).toList());
    }

    @Test
    void windowedBoltConfiguredWithReferences() {
        WindowCounter counter = new WindowCounter();
        counter.withWindow(new BaseWindowedBolt.Count(5), new BaseWindowedBolt.Count(3));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout-1", new TestWordSpout(), 1);
        b.setBolt("bolt-1", counter, 1).fieldsGrouping("spout-1", new Fields("word"));
        b.setBolt("bolt-2", new TestGlobalCount(), 1).shuffleGrouping("bolt-1");
        assertEquivalent("sliding-window-topology", b, Map.of("topology.workers", 1), "windowing.yaml");
        // show names the user's class, not Storm's WindowedBoltExecutor.
        assertEquals(WindowCounter.class.getName(), TopologyView.of(loaded("windowing.yaml")).component("bolt-1")
                .orElseThrow().className().orElseThrow());
    }

    @Test
    void statefulBoltWithStormsCheckpointing() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout-1", new TestWordSpout(), 1);
        b.setBolt("bolt-1", new StatefulCounter(), 1).fieldsGrouping("spout-1", new Fields("word"));
        b.setBolt("bolt-2", new TestGlobalCount(), 1).shuffleGrouping("bolt-1");
        assertEquivalent("stateful-wordcount-topology", b, Map.of("topology.workers", 1), "stateful.yaml");
        List<String> classes = new java.util.ArrayList<>();
        TopologyView.of(loaded("stateful.yaml")).components().forEach(c -> classes.add(c.id() + "="
                + c.className().orElse(c.origin().toString()) + inputs(c)));
        // The spout Storm adds for checkpoints is listed (its class is Storm's, held serialized: not read back),
        // and so are the checkpoint streams Storm adds after the file's.
        assertEquals(List.of("spout-1=org.apache.storm.testing.TestWordSpout[]",
                "$checkpointspout=STORM[]",
                "bolt-1=" + StatefulCounter.class.getName() + "[spout-1/default, $checkpointspout/$checkpoint]",
                "bolt-2=org.apache.storm.testing.TestGlobalCount[bolt-1/default, bolt-1/$checkpoint]"), classes);
    }

    private static List<String> inputs(TopologyView.Component c) {
        return c.inputs().stream().map(i -> i.from() + "/" + i.stream()).toList();
    }

    @Test
    void shellBoltWithListArgumentsAndOverloadedConfigMethods() {
        ShellWordBolt split = new ShellWordBolt(new String[] {"python3", "splitsentence.py"}, new String[] {"word"});
        split.addComponentConfig("rabbitmq.configfile", "etc/rabbit.yml");
        split.addComponentConfig("publisher.data_paths", List.<Object>of("actions")); // the List overload wins
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("sentence-spout", new TestWordSpout(), 1);
        b.setBolt("splitsentence", split, 1).shuffleGrouping("sentence-spout");
        b.setBolt("count", new TestWordCounter(), 1).fieldsGrouping("splitsentence", new Fields("word"));
        assertEquivalent("shell-topology", b, Map.of("topology.workers", 1), "shell.yaml");
    }
}
