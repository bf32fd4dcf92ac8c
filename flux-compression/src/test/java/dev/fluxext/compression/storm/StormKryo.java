package dev.fluxext.compression.storm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.testing.TestWordSpout;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.apache.storm.serialization.KryoValuesDeserializer;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.apache.storm.utils.Utils;

/** Storm's own values (de)serializers, built as a worker builds them, with our serializer plugged in or not. */
final class StormKryo {

    private StormKryo() {
    }

    static Map<String, Object> conf(Map<String, Object> settings) {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        CompressionSetup.enable(conf, settings);
        return conf;
    }

    /**
     * The context of a topology with one spout, "words" (one field, "word"), as task {@code task}; its shape is also
     * registered in the {@link TaskDirectory} so frames can be attributed to "words".
     */
    static GeneralTopologyContext wordsSpoutContext(Map<String, Object> conf, String stormId, int task) {
        return registered(conf, stormId, Map.of(task, "words"));
    }

    /**
     * The context of a topology of word spouts (one field, "word"), a component per task as given, its shape
     * registered in the {@link TaskDirectory} as a worker of it registers it when it binds.
     */
    static GeneralTopologyContext registered(Map<String, Object> conf, String stormId, Map<Integer, String> tasks) {
        TopologyBuilder builder = new TopologyBuilder();
        Map<String, List<Integer>> componentTasks = new HashMap<>();
        Map<String, Map<String, Fields>> fields = new HashMap<>();
        tasks.forEach((task, component) -> {
            componentTasks.computeIfAbsent(component, c -> new ArrayList<>()).add(task);
            fields.put(component, Map.of(Utils.DEFAULT_STREAM_ID, new Fields("word")));
        });
        componentTasks.keySet().forEach(component -> builder.setSpout(component, new TestWordSpout()));
        StormTopology topology = builder.createTopology();
        GeneralTopologyContext context = new GeneralTopologyContext(topology, conf, tasks, componentTasks, fields,
                stormId);
        TaskDirectory.register(stormId, TopologyShape.of(context));
        return context;
    }

    static Map<String, Object> stormDefaultConf() {
        return new HashMap<>(Utils.readDefaultConfig());
    }

    static KryoValuesSerializer serializer(Map<String, Object> conf) {
        return new KryoValuesSerializer(conf);
    }

    static KryoValuesDeserializer deserializer(Map<String, Object> conf) {
        return new KryoValuesDeserializer(conf);
    }

    static Map<String, Object> settings(Object... keyValues) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        m.putIfAbsent(Config.TOPOLOGY_NAME, "test");
        return m;
    }
}
