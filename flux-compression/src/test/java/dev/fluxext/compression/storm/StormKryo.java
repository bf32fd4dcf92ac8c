package dev.fluxext.compression.storm;

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
     * The context of a topology with one spout, "words" (one field, "word"), as task {@code task}; the task is also
     * registered in the {@link TaskDirectory} so frames can be attributed to "words".
     */
    static GeneralTopologyContext wordsSpoutContext(Map<String, Object> conf, String stormId, int task) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new TestWordSpout());
        StormTopology topology = builder.createTopology();
        TaskDirectory.register(stormId, Map.of(task, "words"));
        return new GeneralTopologyContext(topology, conf, Map.of(task, "words"), Map.of("words", List.of(task)),
                Map.of("words", Map.of(Utils.DEFAULT_STREAM_ID, new Fields("word"))), stormId);
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
